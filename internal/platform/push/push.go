// Package push carries "a public view of this event changed" from the services that decide it
// (results-svc, competition-svc) to every gateway's live streams (docs/operations.md, "Live
// updates"), over a Redis channel of the deployment.
//
// Each change gets a sequence number per event, taken in the same Redis script that publishes
// it, so the numbers follow the publication order; gateways use them to deliver every change
// once and in order, and as the SSE event id a reconnecting browser sends back.
package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// Change names what changed in an event's public views. DivisionIDs and WorkoutIDs are empty
// when the change spans the event (or is not known more precisely).
type Change struct {
	EventID     string   `json:"eventId"`
	DivisionIDs []string `json:"divisionIds,omitempty"`
	WorkoutIDs  []string `json:"workoutIds,omitempty"`
	// Seq is the event's sequence number of the change, set when it is published.
	Seq int64 `json:"-"`
}

// Channel is a deployment's public-change channel and sequence numbers on Redis.
type Channel struct {
	rdb    *redis.Client
	name   string
	prefix string
}

// NewChannel returns the channel of the deployment named by namespace (cache.Namespace).
func NewChannel(rdb *redis.Client, namespace string) *Channel {
	return &Channel{rdb: rdb, name: "podium:" + namespace + ":public-changes", prefix: "podium:" + namespace + ":public-seq:"}
}

func (c *Channel) seqKey(eventID string) string { return c.prefix + eventID }

// publishScript numbers and publishes a change atomically: the message is "<seq> <json>".
var publishScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], n .. ' ' .. ARGV[2])
return n`)

// Publish numbers and sends one change.
func (c *Channel) Publish(ctx context.Context, ch Change) (int64, error) {
	body, err := json.Marshal(ch)
	if err != nil {
		return 0, fmt.Errorf("push: encode change: %w", err)
	}
	n, err := publishScript.Run(ctx, c.rdb, []string{c.seqKey(ch.EventID)}, c.name, string(body)).Int64()
	if err != nil {
		return 0, fmt.Errorf("push: publish change of event %s: %w", ch.EventID, err)
	}
	return n, nil
}

// Seq returns the sequence number of an event's latest change (0 before the first).
func (c *Channel) Seq(ctx context.Context, eventID string) (int64, error) {
	n, err := c.rdb.Get(ctx, c.seqKey(eventID)).Int64()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("push: read sequence of event %s: %w", eventID, err)
	}
	return n, nil
}

// Follow calls onChange with every change until ctx ends. go-redis reconnects and
// resubscribes by itself; onGap is called on every (re)subscription and receive error, since
// changes may have been missed meanwhile.
func (c *Channel) Follow(ctx context.Context, onChange func(Change), onGap func()) {
	ps := c.rdb.Subscribe(ctx, c.name)
	defer ps.Close()
	backoff := 50 * time.Millisecond
	for {
		msg, err := ps.ReceiveTimeout(ctx, 15*time.Second)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			var t interface{ Timeout() bool }
			if errors.As(err, &t) && t.Timeout() {
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
			if ch, ok := decode(m.Payload); ok {
				onChange(ch)
			}
		case *redis.Subscription:
			onGap()
		}
	}
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

// retries bound the background retries of a failed publication (about half a minute).
var retries = []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second}

// Notifier is what a service uses after a committed change of a public view.
type Notifier struct {
	ch  *Channel
	log *slog.Logger
}

// NewNotifier returns a notifier on ch; a nil ch notifies nobody.
func NewNotifier(ch *Channel, log *slog.Logger) *Notifier {
	if log == nil {
		log = slog.Default()
	}
	return &Notifier{ch: ch, log: log}
}

// Changed publishes a committed change. A Redis failure is not returned (the change is
// committed); it is retried in the background, so streams learn of it late rather than never.
func (n *Notifier) Changed(ctx context.Context, ch Change) {
	if n == nil || n.ch == nil || ch.EventID == "" {
		return
	}
	ctx = context.WithoutCancel(ctx)
	if _, err := n.ch.Publish(ctx, ch); err != nil {
		n.log.Warn("public change not pushed; retrying", "event", ch.EventID, "err", err)
		go n.retry(ctx, ch)
	}
}

func (n *Notifier) retry(ctx context.Context, ch Change) {
	for _, wait := range retries {
		time.Sleep(wait)
		if _, err := n.ch.Publish(ctx, ch); err == nil {
			return
		}
	}
	n.log.Error("public change not pushed: open streams learn of it on their next reconnect", "event", ch.EventID)
}
