package replicas

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"testing"
	"time"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/sseclient"
)

// streamFailAfter bounds a wait for an event that should come (a test that hangs instead of
// failing helps nobody); it is no speed requirement.
const streamFailAfter = 20 * time.Second

type changed struct {
	EventID     string
	DivisionIDs []string
	WorkoutIDs  []string
}

func openStream(t *testing.T, r *replica, eventID, lastEventID string) *sseclient.Stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, err := sseclient.Open(ctx, http.DefaultClient, r.url+"/api/public/events/"+eventID+"/stream", lastEventID)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); st.Close() })
	if ct := st.Response.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	return st
}

// next reads the stream's next event, failing the test when none comes.
func next(t *testing.T, st *sseclient.Stream) (sseclient.Event, changed) {
	t.Helper()
	type result struct {
		ev  sseclient.Event
		err error
	}
	got := make(chan result, 1)
	go func() { ev, err := st.Next(); got <- result{ev, err} }()
	select {
	case r := <-got:
		if r.err != nil {
			t.Fatalf("stream: %v", r.err)
		}
		var c changed
		if r.ev.Name != "changed" || json.Unmarshal([]byte(r.ev.Data), &c) != nil {
			t.Fatalf("unexpected event %+v", r.ev)
		}
		return r.ev, c
	case <-time.After(streamFailAfter):
		st.Close()
		t.Fatalf("no event within %s", streamFailAfter)
		return sseclient.Event{}, changed{}
	}
}

func preamble(t *testing.T, st *sseclient.Stream) *sseclient.Event {
	t.Helper()
	ev, err := st.Preamble()
	if err != nil {
		t.Fatalf("preamble: %v", err)
	}
	if st.Retry == "" {
		t.Fatal("no retry in the preamble")
	}
	return ev
}

func seq(t *testing.T, id string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		t.Fatalf("event id %q: %v", id, err)
	}
	return n
}

func TestLiveStreamsAcrossGateways(t *testing.T) {
	t.Parallel()
	a, b, token := startPair(t)
	ev := publishedEvent(t, a, token)
	div, workout, teams := ev.DivisionID("Open"), ev.WorkoutID("Grace"), ev.Teams

	streams := []*sseclient.Stream{openStream(t, a, ev.ID, ""), openStream(t, b, ev.ID, "")}
	for _, st := range streams {
		if catchUp := preamble(t, st); catchUp == nil || catchUp.Name != "current" {
			t.Fatalf("a fresh stream got %+v, want its current change only", catchUp)
		}
	}
	// A public change reaches both streams before the test starts counting: a gateway just
	// started may subscribe to the channel only after the streams opened, and then delivers
	// what it missed as a whole-event catch-up, without division or workout ids.
	a.must(t, "PUT", "/api/events/"+ev.ID, token, map[string]any{"name": "Replica Games Live", "dateFrom": "2026-07-01", "dateTo": "2026-07-02"}, nil)
	var start []int64
	for _, st := range streams {
		next(t, st)
		start = append(start, seq(t, st.LastID))
	}

	saved := &resultsv1.BatchSaveResultsResponse{}
	t.Run("a draft save reaches no stream; the publish after it reaches both gateways' streams once", func(t *testing.T) {
		// The draft save goes through gateway B, the publish through A. Changes reach streams
		// in order, so had the draft been pushed, it would be the next event.
		b.must(t, "POST", "/api/results/batch", token, map[string]any{"results": []map[string]any{{"teamId": teams[0].GetId(), "workoutId": workout, "resultValue": 245}}}, saved)
		a.must(t, "POST", "/api/results/publication/publish", token, map[string]any{"resultIds": []string{saved.Results[0].GetId().GetValue()}}, nil)
		for i, st := range streams {
			e, c := next(t, st)
			if seq(t, e.ID) != start[i]+1 {
				t.Fatalf("stream %d: event id %s after %d: something else was pushed in between", i, e.ID, start[i])
			}
			if c.EventID != ev.ID || !slices.Equal(c.DivisionIDs, []string{div}) || !slices.Equal(c.WorkoutIDs, []string{workout}) {
				t.Fatalf("stream %d: %+v", i, c)
			}
		}
	})

	t.Run("an edit of an unpublished result reaches no stream; an unpublish does", func(t *testing.T) {
		other := &resultsv1.BatchSaveResultsResponse{}
		a.must(t, "POST", "/api/results/batch", token, map[string]any{"results": []map[string]any{{"teamId": teams[1].GetId(), "workoutId": workout, "resultValue": 300}}}, other)
		b.must(t, "PUT", "/api/results/"+other.Results[0].GetId().GetValue(), token, map[string]any{"resultValue": 290}, nil)
		a.must(t, "POST", "/api/results/publication/unpublish", token, map[string]any{"resultIds": []string{saved.Results[0].GetId().GetValue()}}, nil)
		for i, st := range streams {
			if e, _ := next(t, st); seq(t, e.ID) != start[i]+2 {
				t.Fatalf("stream %d: event id %s, want %d", i, e.ID, start[i]+2)
			}
		}
	})

	t.Run("Last-Event-ID gets a changed at once when something changed meanwhile", func(t *testing.T) {
		seen := streams[1].LastID
		streams[1].Close()
		a.must(t, "POST", "/api/results/publication/publish", token, map[string]any{"resultIds": []string{saved.Results[0].GetId().GetValue()}}, nil)
		// The change has reached the stream still open on A, so it is published everywhere.
		latest, _ := next(t, streams[0])

		again := openStream(t, b, ev.ID, seen)
		catchUp := preamble(t, again)
		if catchUp == nil || catchUp.Name != "changed" || catchUp.ID != latest.ID {
			t.Fatalf("reconnect after %s: got %+v, want a changed with id %s", seen, catchUp, latest.ID)
		}
		upToDate := openStream(t, b, ev.ID, latest.ID)
		if catchUp := preamble(t, upToDate); catchUp == nil || catchUp.Name != "current" || upToDate.LastID != latest.ID {
			t.Fatalf("reconnect after the latest change: got %+v, id %s", catchUp, upToDate.LastID)
		}
	})
}
