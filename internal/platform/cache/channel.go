package cache

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// A Channel is a Redis publish/subscribe channel of the deployment: the change signals
// (internal/platform/changes) and the ended sessions (authn's revocations) travel on one each,
// and every follower receives them in the one loop Follow holds.

// Channel is a deployment's change channel on Redis.
type Channel struct {
	rdb  *redis.Client
	name string
}

// ChannelNamed returns the Redis channel name, for a package that carries its own messages on
// it (internal/platform/changes).
func ChannelNamed(rdb *redis.Client, name string) *Channel {
	return &Channel{rdb: rdb, name: name}
}

// NewRevocationChannel returns the deployment's channel of ended sessions (authn.Revocation
// strings): auth-svc publishes on it, every process's session caches follow it.
func NewRevocationChannel(rdb *redis.Client, namespace string) *Channel {
	return &Channel{rdb: rdb, name: "podium:" + namespace + ":revocations"}
}

// Name is the Redis channel's name.
func (c *Channel) Name() string { return c.name }

// Publish sends one message.
func (c *Channel) Publish(ctx context.Context, message string) error {
	return c.rdb.Publish(ctx, c.name, message).Err()
}

// ackPrefix marks a Broadcast's message: "ack <key> <message>". Followers push to <key> once
// onMessage has returned. No other message on a channel starts with it.
const ackPrefix = "ack "

// ackKeyTTL bounds how long a late acknowledgement stays in Redis.
const ackKeyTTL = 30 * time.Second

// Broadcast publishes message and waits until every follower subscribed at that moment has
// handled it (Follow acknowledges once onMessage returns), or until ctx ends. missing counts
// the followers that had not answered by then; for them the caller's fallback applies.
func (c *Channel) Broadcast(ctx context.Context, message string) (missing int64, err error) {
	var nonce [12]byte
	rand.Read(nonce[:]) // crypto/rand.Read never fails (Go 1.24+); errcheck knows it
	key := c.name + ":ack:" + hex.EncodeToString(nonce[:])
	n, err := c.rdb.Publish(ctx, c.name, ackPrefix+key+" "+message).Result()
	if err != nil {
		return 0, err
	}
	defer c.rdb.Del(context.WithoutCancel(ctx), key)
	for got := int64(0); got < n; got++ {
		wait := time.Second
		if deadline, ok := ctx.Deadline(); ok {
			left := time.Until(deadline)
			if left <= 0 {
				return n - got, context.DeadlineExceeded
			}
			// BLPOP waits whole seconds: round up, and let the context's deadline, which
			// go-redis also sets on the read, end it on time.
			wait = left.Truncate(time.Second)
			if wait < left {
				wait += time.Second
			}
		}
		if err := c.rdb.BLPop(ctx, wait, key).Err(); err != nil {
			if errors.Is(err, redis.Nil) {
				err = context.DeadlineExceeded
			}
			return n - got, err
		}
	}
	return 0, nil
}

// Follow calls onMessage with every message until ctx ends: the one Redis receive loop. go-redis
// reconnects and resubscribes by itself; onState(true) is called on every (re)subscription and
// onState(false) on every receive error: messages may have been missed in between, and none
// arrive until the next onState(true).
func (c *Channel) Follow(ctx context.Context, onMessage func(payload string), onState func(live bool)) {
	ps := c.rdb.Subscribe(ctx, c.name)
	defer ps.Close()
	// A receive blocks for its whole timeout whatever ctx says; closing the subscription when
	// ctx ends is what lets a stopping process leave at once.
	defer context.AfterFunc(ctx, func() { ps.Close() })()
	backoff := 50 * time.Millisecond
	for {
		msg, err := ps.ReceiveTimeout(ctx, 15*time.Second)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			if isTimeout(err) {
				ps.Ping(ctx) //nolint:errcheck // a dead connection shows up on the next receive
				continue
			}
			onState(false)
			select {
			case <-ctx.Done():
				return
			case <-time.After(backoff):
			}
			backoff = min(backoff*2, 2*time.Second)
			continue
		}
		backoff = 50 * time.Millisecond
		switch m := msg.(type) {
		case *redis.Message:
			c.handle(ctx, m.Payload, onMessage)
		case *redis.Subscription:
			onState(true)
		}
	}
}

// handle passes one message on, acknowledging a Broadcast's once it is handled.
func (c *Channel) handle(ctx context.Context, payload string, onMessage func(string)) {
	rest, acked := strings.CutPrefix(payload, ackPrefix)
	if !acked {
		onMessage(payload)
		return
	}
	key, message, _ := strings.Cut(rest, " ")
	onMessage(message)
	pipe := c.rdb.TxPipeline()
	pipe.RPush(ctx, key, "1")
	pipe.Expire(ctx, key, ackKeyTTL)
	pipe.Exec(ctx) //nolint:errcheck // an acknowledgement lost is the sender's timeout
}

func isTimeout(err error) bool {
	t, ok := err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}
