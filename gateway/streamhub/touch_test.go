package streamhub

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"

	"github.com/podium-dev/podium/internal/platform/changes"
)

// openCurrent adds a stream of event e opening on seq and returns its `current` data.
func openCurrent(t *testing.T, h *Hub, e string, seq int64) currentMessage {
	t.Helper()
	s, c := pair(t)
	if err := h.Admit("c"); err != nil {
		t.Fatal(err)
	}
	if err := h.Add(e, Conn{Conn: s}, seq, true, 0, false); err != nil {
		t.Fatal(err)
	}
	msg := message(t, c, bufio.NewReader(c))
	_, data, ok := strings.Cut(msg, "event: current\ndata: ")
	if !ok {
		t.Fatalf("opening %q", msg)
	}
	var m currentMessage
	if err := json.Unmarshal([]byte(strings.TrimSpace(data)), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAStreamOpensOnWhatTheChangesTouched(t *testing.T) {
	t.Parallel()
	h := New(10, 0)
	// Before any change it delivered, the hub knows nothing: everything may have changed.
	if m := openCurrent(t, h, "e", 7); m.Seq != 7 || m.All != 7 || m.Divisions != nil {
		t.Fatalf("unknown past: %+v", m)
	}
	h.Deliver(changes.Change{EventID: "e", Seq: 8, DivisionIDs: []string{"rx"}})
	h.Deliver(changes.Change{EventID: "e", Seq: 9, DivisionIDs: []string{"rx", "scaled"}})
	h.Deliver(changes.Change{EventID: "e", Seq: 10, DivisionIDs: []string{"rx"}})
	m := openCurrent(t, h, "e", 10)
	if m.Seq != 10 || m.All != 7 || m.Divisions["rx"] != 10 || m.Divisions["scaled"] != 9 {
		t.Fatalf("after division changes: %+v", m)
	}
	// A change this hub has not delivered yet (read from Redis) may have touched anything.
	if m := openCurrent(t, h, "e", 11); m.All != 11 || m.Divisions != nil {
		t.Fatalf("ahead of the hub: %+v", m)
	}
	// A change that names no division touches them all.
	h.Deliver(changes.Change{EventID: "e", Seq: 11})
	if m := openCurrent(t, h, "e", 11); m.All != 11 || m.Divisions != nil {
		t.Fatalf("after an event-wide change: %+v", m)
	}
}
