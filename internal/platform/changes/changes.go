// Package changes carries the one signal every committed write sends: "this event changed,
// these cells, and the public sees it or not" (docs/operations.md, "Caching" and "Live
// updates").
//
//   - results-svc and competition-svc send one Change per write after it commits
//     (Signal.Changed), and name the event in the gRPC response header ChangedEventsHeader of
//     the write, so the gateway that carried it drops its copies at once.
//   - every gateway follows the deployment's channel in one receive loop (Channel.Follow):
//     each change drops the event's copies from its public cache, and a public one also
//     reaches the event's live streams.
//
// A public change gets a sequence number per event, taken in the same Redis script that
// publishes it, so the numbers follow the publication order; gateways use them to deliver
// every public change once and in order, and as the SSE event id a reconnecting browser sends
// back. A change the public does not see (a draft, an admin-only score) is not numbered and
// reaches no stream: spectators must not learn of drafts.
//
// The signal is a hint that makes caches fresh sooner: public-svc keys its Redis cache by the
// event's public versions in PostgreSQL, so a lost signal only delays fresh views by the
// gateway's TTL, and streams catch up on their next (re)subscription.
package changes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/redis/go-redis/v9"

	"github.com/podium-dev/podium/internal/platform/cache"
)

// ChangedEventsHeader is the gRPC response header (and, through grpc-gateway, the HTTP
// header the gateway removes) that names the events a successful write changed, as the
// contract declares it (proto/podium/types/v1/metadata.proto).
var ChangedEventsHeader = cache.MetadataKey("changed_events")

// Change is one committed change of an event. DivisionIDs and WorkoutIDs are empty when the
// change spans the event (or is not known more precisely).
type Change struct {
	EventID     string   `json:"eventId"`
	DivisionIDs []string `json:"divisionIds,omitempty"`
	WorkoutIDs  []string `json:"workoutIds,omitempty"`
	// Venue says the change touched only the event's venue settings (docs/venue.md): the TV
	// reads them again, and no board or setup view changed.
	Venue bool `json:"venue,omitempty"`
	// Public says the public sees the change: only such changes are numbered and streamed.
	Public bool `json:"public,omitempty"`
	// Seq is the event's sequence number of a public change, set when it is published.
	Seq int64 `json:"-"`
}

// Channel is a deployment's change channel and public sequence numbers on Redis.
type Channel struct {
	rdb    *redis.Client
	name   string
	prefix string
}

// NewChannel returns the channel of the deployment named by namespace (cache.Namespace).
func NewChannel(rdb *redis.Client, namespace string) *Channel {
	return &Channel{rdb: rdb, name: "podium:" + namespace + ":event-changes", prefix: "podium:" + namespace + ":public-seq:"}
}

func (c *Channel) seqKey(eventID string) string { return c.prefix + eventID }

// publishScript numbers and publishes a public change atomically: the message is "<seq> <json>".
var publishScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], n .. ' ' .. ARGV[2])
return n`)

// Publish sends one change; a public one is numbered first. It returns the number (0 for a
// change the public does not see).
func (c *Channel) Publish(ctx context.Context, ch Change) (int64, error) {
	body, err := json.Marshal(ch)
	if err != nil {
		return 0, fmt.Errorf("changes: encode change: %w", err)
	}
	if !ch.Public {
		if err := c.rdb.Publish(ctx, c.name, "0 "+string(body)).Err(); err != nil {
			return 0, fmt.Errorf("changes: publish change of event %s: %w", ch.EventID, err)
		}
		return 0, nil
	}
	n, err := publishScript.Run(ctx, c.rdb, []string{c.seqKey(ch.EventID)}, c.name, string(body)).Int64()
	if err != nil {
		return 0, fmt.Errorf("changes: publish public change of event %s: %w", ch.EventID, err)
	}
	return n, nil
}

// Seq returns the sequence number of an event's latest public change (0 before the first).
func (c *Channel) Seq(ctx context.Context, eventID string) (int64, error) {
	n, err := c.rdb.Get(ctx, c.seqKey(eventID)).Int64()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("changes: read sequence of event %s: %w", eventID, err)
	}
	return n, nil
}

// Follow calls onChange with every change until ctx ends: the gateway's one receive loop
// (cache.Channel's, which the revocations share). go-redis reconnects and resubscribes by
// itself; onGap is called on every (re)subscription and receive error, since changes may have
// been missed meanwhile.
func (c *Channel) Follow(ctx context.Context, onChange func(Change), onGap func()) {
	cache.ChannelNamed(c.rdb, c.name).Follow(ctx, func(payload string) {
		if ch, ok := decode(payload); ok {
			onChange(ch)
		}
	}, func(bool) { onGap() })
}

func decode(payload string) (Change, bool) {
	seq, body, ok := strings.Cut(payload, " ")
	if !ok {
		return Change{}, false
	}
	var ch Change
	n, err := strconv.ParseInt(seq, 10, 64)
	if err != nil || json.Unmarshal([]byte(body), &ch) != nil || ch.EventID == "" {
		return Change{}, false
	}
	ch.Seq = n
	return ch, true
}
