package streamhub

import (
	"io"
	"strconv"
	"testing"

	"github.com/podium-dev/podium/internal/platform/changes"
)

// BenchmarkDeliver is one public change delivered to the open streams of its event (a
// division and a workout named, as a published result names them), each stream a real
// loopback TCP connection whose client reads everything: the allocations and bytes per
// delivery, whatever the number of streams, are the number that must not grow (one write
// system call per stream; docs/operations.md, "The hot path").
func BenchmarkDeliver(b *testing.B) {
	for _, n := range []int{1, 100} {
		b.Run(streamCount(n), func(b *testing.B) {
			h := readStreams(b, n)
			ch := aResult
			b.ReportAllocs()
			for b.Loop() {
				ch.Seq++
				if !h.Deliver(ch) {
					b.Fatal("not delivered")
				}
			}
			if h.Len() != n {
				b.Fatalf("%d of %d streams left: a client could not keep up", h.Len(), n)
			}
		})
	}
}

// aResult is a published result's change: its event, division and workout.
var aResult = changes.Change{EventID: "e1", DivisionIDs: []string{"d1"}, WorkoutIDs: []string{"w1"}, Public: true}

// readStreams is a hub holding n chunked streams of event e1, each a loopback connection whose
// client reads everything.
func readStreams(tb testing.TB, n int) *Hub {
	tb.Helper()
	h := New(n, 0)
	for range n {
		s, c := pair(tb)
		go io.Copy(io.Discard, c) //nolint:errcheck // ends when the connection closes
		if err := h.Admit(""); err != nil {
			tb.Fatal(err)
		}
		if err := h.Add("e1", Conn{Conn: s, Chunked: true}, 0, true, 0, false); err != nil {
			tb.Fatal(err)
		}
	}
	return h
}

func streamCount(n int) string {
	if n == 1 {
		return "1-stream"
	}
	return strconv.Itoa(n) + "-streams"
}

// A delivery allocates the same few objects (its message, framed once for both kinds of
// body, and the list of its streams) however many streams it reaches: nothing per stream.
// serial: AllocsPerRun counts the whole process
func TestDeliverAllocatesNothingPerStream(t *testing.T) {
	const streams, budget = 20, 6
	h := readStreams(t, streams)
	ch := aResult
	allocs := testing.AllocsPerRun(100, func() {
		ch.Seq++
		h.Deliver(ch)
	})
	if h.Len() != streams {
		t.Fatalf("%d of %d streams left", h.Len(), streams)
	}
	if allocs > budget {
		t.Errorf("%.1f allocations per delivery to %d streams, want at most %d", allocs, streams, budget)
	}
}

// Both frames of a change are the message frame makes of it.
func TestChangedFrames(t *testing.T) {
	t.Parallel()
	ch := changes.Change{EventID: "e1", DivisionIDs: []string{"d1"}, Seq: 1234567, Public: true}
	f := changedFrames(ch)
	msg := "id: 1234567\nevent: changed\ndata: {\"eventId\":\"e1\",\"divisionIds\":[\"d1\"]}\n\n"
	if string(f[0]) != msg || string(f[1]) != string(frame(nil, msg, true)) {
		t.Fatalf("frames %q %q", f[0], f[1])
	}
}
