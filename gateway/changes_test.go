package gateway

import (
	"context"
	"testing"
	"time"

	"github.com/podium-dev/podium/gateway/publiccache"
	"github.com/podium-dev/podium/gateway/publiccache/cachetest"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/internal/poll"
)

func TestPublicCacheFollowsChanges(t *testing.T) {
	t.Parallel()
	rdb := pgtest.NewRedis(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b := &cachetest.Backend{}
	ns := pgtest.Namespace(t, rdb)
	ch := changes.NewChannel(rdb, ns)
	c := publiccache.New(b, publiccache.Options{TTL: time.Hour})
	followChanges(ctx, ch, c, nil)
	cachetest.Get(c, "/api/public/events/1")
	// Another deployment's signals on the same Redis drop nothing.
	other := changes.NewChannel(rdb, ns+"-other")
	poll.Until(t, 5*time.Second, "a change signal drops the in-memory copies", func() bool {
		other.Publish(context.Background(), changes.Change{EventID: "1"}) //nolint:errcheck // checked by the count
		// Publish until the subscription is live, then the copy is dropped: every change drops
		// its event's copies, public or not.
		ch.Publish(context.Background(), changes.Change{EventID: "1"}) //nolint:errcheck // checked by the count
		cachetest.Get(c, "/api/public/events/1")
		return b.Calls.Load() >= 2
	})
	// Signals for event 1 may still be on their way, so the rest watches event 2.
	cachetest.Get(c, "/api/public/events/2")
	before := b.Calls.Load()
	for range 5 {
		other.Publish(context.Background(), changes.Change{EventID: "2", Public: true}) //nolint:errcheck // checked by the count
	}
	time.Sleep(100 * time.Millisecond)
	cachetest.Get(c, "/api/public/events/2")
	if b.Calls.Load() != before {
		t.Fatal("another deployment's signal dropped a copy")
	}
	// A public change drops the copy as well, with no live streams to tell.
	ch.Publish(context.Background(), changes.Change{EventID: "2", Public: true}) //nolint:errcheck // checked by the count
	poll.Until(t, 5*time.Second, "a public change drops the in-memory copies", func() bool {
		cachetest.Get(c, "/api/public/events/2")
		return b.Calls.Load() != before
	})
}
