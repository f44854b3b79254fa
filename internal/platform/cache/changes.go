package cache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// Where change signals come from and go (docs/operations.md, "Caching"):
//
//   - results-svc and competition-svc publish the id of every event whose public output a
//     committed change may have altered on the deployment's change channel (Channel.Publish),
//     and name it in the gRPC response header ChangedEventsHeader of the write.
//   - gateways follow the channel (Channel.Follow) to drop their in-memory copies of that
//     event at once, and read the response header to do the same for writes they carried.
//
// A signal is a hint that makes caches fresh sooner; nothing depends on it arriving.

// ChangedEventsHeader is the gRPC response header (and, through grpc-gateway, the HTTP
// header the gateway removes) that names the events a successful write changed.
const ChangedEventsHeader = "podium-changed-events"

// Namespace separates deployments that share one Redis: it is derived from the PostgreSQL
// database (hashed: the URL may hold a password) and the Redis database number, so neither
// two deployments nor two test stacks on one Redis see each other's keys or signals.
func Namespace(databaseURL string, rdb *redis.Client) string {
	sum := sha256.Sum256([]byte(databaseURL))
	db := 0
	if rdb != nil {
		db = rdb.Options().DB
	}
	return hex.EncodeToString(sum[:6]) + ":db" + strconv.Itoa(db)
}

// Channel is a deployment's change channel on Redis.
type Channel struct {
	rdb  *redis.Client
	name string
}

// NewChannel returns the change channel of the deployment named by namespace (Namespace).
func NewChannel(rdb *redis.Client, namespace string) *Channel {
	return &Channel{rdb: rdb, name: "podium:" + namespace + ":changes"}
}

// NewRevocationChannel returns the deployment's channel of ended sessions (authn.Revocation
// strings): auth-svc publishes on it, every process's session caches follow it.
func NewRevocationChannel(rdb *redis.Client, namespace string) *Channel {
	return &Channel{rdb: rdb, name: "podium:" + namespace + ":revocations"}
}

// Name is the Redis channel's name.
func (c *Channel) Name() string { return c.name }

// Publish signals a committed change of an event (AllEvents: the event list), or on the
// revocation channel an ended session.
func (c *Channel) Publish(ctx context.Context, message string) error {
	return c.rdb.Publish(ctx, c.name, message).Err()
}

// Follow calls onChange with the event id of every signal until ctx ends. go-redis
// reconnects and resubscribes by itself; onGap is called on every (re)subscription and
// every receive error, since signals may have been missed meanwhile.
func (c *Channel) Follow(ctx context.Context, onChange func(eventID string), onGap func()) {
	ps := c.rdb.Subscribe(ctx, c.name)
	defer ps.Close()
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
			onChange(m.Payload)
		case *redis.Subscription:
			onGap()
		}
	}
}

func isTimeout(err error) bool {
	t, ok := err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}

// tellCaller names a changed event in the response header of the gRPC call ctx belongs to
// (nothing outside a call).
func tellCaller(ctx context.Context, eventID string) {
	grpc.SetHeader(ctx, metadata.Pairs(ChangedEventsHeader, eventID)) //nolint:errcheck // not inside a gRPC call: nobody to tell
}
