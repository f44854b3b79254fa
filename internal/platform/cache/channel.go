package cache

import (
	"context"
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

// Follow calls onMessage with every message until ctx ends: the one Redis receive loop. go-redis
// reconnects and resubscribes by itself; onGap is called on every (re)subscription and
// every receive error, since signals may have been missed meanwhile.
func (c *Channel) Follow(ctx context.Context, onMessage func(payload string), onGap func()) {
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
			onGap()
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
			onMessage(m.Payload)
		case *redis.Subscription:
			onGap()
		}
	}
}

func isTimeout(err error) bool {
	t, ok := err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}
