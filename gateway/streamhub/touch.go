package streamhub

import (
	"encoding/json"
	"strconv"

	"github.com/podium-dev/podium/internal/platform/changes"
)

// Which change last touched what: a stream opens with a `current` event that names the event's
// latest change number and, per division, the latest change that named it, so a page that got
// its views from a cache fetches again only those a later change altered (a board the changes
// left alone stays in the cache; docs/operations.md, "Caching").
//
// A hub knows only the changes it delivered. What happened before the first of them is
// unknown, so it counts as touching everything: the record starts at all = the number before
// that first change (or at the number the stream opened on).

// touch is one event's record.
type touch struct {
	// all is the latest change that may have touched every division (one that named none, or
	// the unknown past).
	all int64
	// divisions are the latest changes that named each division, when later than all.
	divisions map[string]int64
}

// touch records a delivered change (h.mu held).
func (h *Hub) touch(ch changes.Change) {
	t := h.touched[ch.EventID]
	if t == nil {
		t = &touch{all: ch.Seq - 1, divisions: map[string]int64{}}
		h.touched[ch.EventID] = t
	}
	if ch.Venue {
		return // the venue settings only: no board or setup view changed
	}
	if len(ch.DivisionIDs) == 0 {
		t.all = ch.Seq
		clear(t.divisions)
		return
	}
	for _, d := range ch.DivisionIDs {
		t.divisions[d] = ch.Seq
	}
}

// touchOf is the record a stream opening on seq reads (h.mu held): a change up to seq this
// hub has not delivered may have touched anything.
func (h *Hub) touchOf(eventID string, seq int64) touch {
	if t := h.touched[eventID]; t != nil && h.seqs[eventID] >= seq {
		return *t
	}
	return touch{all: seq}
}

// currentMessage is the `current` event's data.
type currentMessage struct {
	Seq       int64            `json:"seq"`
	All       int64            `json:"all"`
	Divisions map[string]int64 `json:"divisions,omitempty"`
}

// current is the opening event: the event's latest change number and what touched what.
func current(t touch, seq int64) string {
	m := currentMessage{Seq: seq, All: min(t.all, seq)}
	for d, n := range t.divisions {
		if n > m.All && n <= seq {
			if m.Divisions == nil {
				m.Divisions = map[string]int64{}
			}
			m.Divisions[d] = n
		}
	}
	data, _ := json.Marshal(m) //nolint:errchkjson // numbers and strings
	return "id: " + strconv.FormatInt(seq, 10) + "\nevent: current\ndata: " + string(data) + "\n\n"
}
