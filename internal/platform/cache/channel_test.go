package cache_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/internal/poll"
)

// Broadcast returns only once every subscribed follower has handled the message, and says how
// many did not answer in time.
func TestBroadcastWaitsForEveryFollower(t *testing.T) {
	t.Parallel()
	rdb := pgtest.NewRedis(t)
	ch := cache.ChannelNamed(rdb, "podium:"+pgtest.Namespace(t, rdb)+":broadcast")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	var handled atomic.Int32
	var live atomic.Int32
	for range 2 {
		go ch.Follow(ctx, func(string) {
			time.Sleep(200 * time.Millisecond) // a slow follower is waited for
			handled.Add(1)
		}, func(up bool) {
			if up {
				live.Add(1)
			}
		})
	}
	poll.Until(t, 10*time.Second, "both followers subscribed", func() bool { return live.Load() == 2 })

	wait, stop := context.WithTimeout(context.Background(), 5*time.Second)
	defer stop()
	if missing, err := ch.Broadcast(wait, "hello"); err != nil || missing != 0 {
		t.Fatalf("Broadcast: missing %d, %v", missing, err)
	}
	if n := handled.Load(); n != 2 {
		t.Fatalf("Broadcast returned after %d of 2 followers handled it", n)
	}

	// A subscriber that never acknowledges is counted as missing once ctx ends.
	deaf := rdb.Subscribe(context.Background(), ch.Name())
	defer deaf.Close()
	if _, err := deaf.Receive(context.Background()); err != nil {
		t.Fatal(err)
	}
	short, stopShort := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer stopShort()
	if missing, err := ch.Broadcast(short, "hello again"); err == nil || missing != 1 {
		t.Fatalf("with a deaf subscriber: missing %d, %v; want 1 and an error", missing, err)
	}
}
