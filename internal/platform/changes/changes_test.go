package changes

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/pgtest"
)

// One channel carries every change: a public one numbered per event, any other unnumbered,
// both to the one receive loop, in the order they were sent.
func TestOneChannelCarriesEveryChange(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ns := make([]byte, 6)
	rand.Read(ns) // never fails; a fresh namespace, so no earlier run's numbers count
	ch := NewChannel(pgtest.NewRedis(t), t.Name()+"-"+hex.EncodeToString(ns))
	got := make(chan Change, 16)
	live := make(chan struct{}, 1)
	go ch.Follow(ctx, func(c Change) { got <- c }, func() {
		select {
		case live <- struct{}{}:
		default:
		}
	})
	select {
	case <-live: // subscribed
	case <-time.After(5 * time.Second):
		t.Fatal("no subscription")
	}
	sent := []Change{
		{EventID: "e1", Public: true, DivisionIDs: []string{"d1"}},
		{EventID: "e1", WorkoutIDs: []string{"w1"}},
		{EventID: "e1", Public: true},
		{EventID: "e2", Public: true},
	}
	for _, c := range sent {
		if _, err := ch.Publish(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	wantSeq := []int64{1, 0, 2, 1}
	for i, want := range sent {
		select {
		case c := <-got:
			if c.EventID != want.EventID || c.Public != want.Public || c.Seq != wantSeq[i] ||
				len(c.DivisionIDs) != len(want.DivisionIDs) || len(c.WorkoutIDs) != len(want.WorkoutIDs) {
				t.Errorf("change %d: got %+v, want %+v with seq %d", i, c, want, wantSeq[i])
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("change %d never arrived", i)
		}
	}
	if n, err := ch.Seq(ctx, "e1"); err != nil || n != 2 {
		t.Errorf("e1's latest public change %d (%v), want 2: a change the public does not see takes no number", n, err)
	}
}

// BenchmarkDecode is a change as the gateway's receive loop reads it off the channel (a public
// result's change, naming its division and workout): its allocations per message
// (docs/operations.md, "The hot path").
func BenchmarkDecode(b *testing.B) {
	payload := `41 {"eventId":"0b7f5b2e-4a51-4c1e-9f3e-5d1d2c3b4a59","divisionIds":["5c0d6f1a-2b3c-4d5e-8f70-8192a3b4c5d6"],"workoutIds":["9a8b7c6d-0000-4000-8000-000000000003"],"public":true}`
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := decode(payload); !ok {
			b.Fatal("not decoded")
		}
	}
}
