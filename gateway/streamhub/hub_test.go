package streamhub

import (
	"context"
	"errors"
	"testing"

	"github.com/podium-dev/podium/internal/platform/push"
)

func TestASlowStreamIsDroppedWithoutHoldingTheOthers(t *testing.T) {
	h := New(10)
	slow, _ := h.Open("e")
	fast, _ := h.Open("e")
	for i := int64(1); i <= streamBuffer+1; i++ {
		h.Deliver(push.Change{EventID: "e", Seq: i})
		if got := <-fast.Changes(); got.Seq != i {
			t.Fatalf("fast stream got %d, want %d", got.Seq, i)
		}
	}
	select {
	case <-slow.Dropped():
	default:
		t.Fatal("a stream that read nothing was not dropped")
	}
	if h.Len() != 1 {
		t.Fatalf("%d streams open, want 1", h.Len())
	}
}

func TestChangesAreDeliveredOnceAndInOrder(t *testing.T) {
	h := New(10)
	s, _ := h.Open("e")
	other, _ := h.Open("f")
	for _, n := range []int64{1, 2, 2, 1, 3} {
		h.Deliver(push.Change{EventID: "e", Seq: n})
	}
	for _, want := range []int64{1, 2, 3} {
		if got := <-s.Changes(); got.Seq != want {
			t.Fatalf("got %d, want %d", got.Seq, want)
		}
	}
	if len(s.Changes()) != 0 || len(other.Changes()) != 0 {
		t.Fatal("a repeated change, or another event's, was delivered")
	}
}

func TestTheCapAndTheShutdownRefuseNewStreams(t *testing.T) {
	h := New(1)
	first, err := h.Open("e")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Open("e"); !errors.Is(err, ErrFull) {
		t.Fatalf("beyond the cap: %v", err)
	}
	h.Close(first)
	if _, err := h.Open("e"); err != nil {
		t.Fatalf("after a stream closed: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h.Run(ctx, 1) // returns at once: ctx has ended
	if _, err := h.Open("e"); !errors.Is(err, ErrClosed) {
		t.Fatalf("after shutdown: %v", err)
	}
}
