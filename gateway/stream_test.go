package gateway_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/sseclient"
)

// publicEventStream creates a published event and returns the URL of its live stream.
func publicEventStream(t *testing.T, s *stacktest.Stack) string {
	t.Helper()
	ev := s.Events(t).Event(eventtest.Fields{"name": "Live Games", "status": "PUBLISHED", "dateFrom": "2026-07-01", "dateTo": "2026-07-02"})
	return s.URL + "/api/public/events/" + ev.ID + "/stream"
}

func TestLiveStreamCapAnswers503WithRetryAfter(t *testing.T) {
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_STREAM_MAX": "1"}})
	url := publicEventStream(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), failAfter)
	defer cancel()
	first, err := sseclient.Open(ctx, http.DefaultClient, url, "")
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	if _, err := first.Preamble(); err != nil {
		t.Fatal(err)
	}

	second, err := sseclient.Open(ctx, http.DefaultClient, url, "")
	if err == nil {
		second.Close()
		t.Fatal("a second stream opened beyond a cap of 1")
	}
	if second == nil || second.Response.StatusCode != http.StatusServiceUnavailable || second.Response.Header.Get("Retry-After") == "" {
		t.Fatalf("beyond the cap: %v", err)
	}
}

func TestLiveStreamRefusesABadEventID(t *testing.T) {
	s := stacktest.Start(t)
	resp := s.Do(http.MethodGet, "/api/public/events/not-a-uuid/stream", nil, "")
	resp.MustStatus(t, http.StatusBadRequest)
	if resp.Message() != "Event id must be a UUID" {
		t.Fatalf("message %q", resp.Message())
	}
}

func TestLiveStreamsEndWhenTheGatewayStops(t *testing.T) {
	s := stacktest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), failAfter)
	defer cancel()
	st, err := sseclient.Open(ctx, http.DefaultClient, publicEventStream(t, s), "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Preamble(); err != nil {
		t.Fatal(err)
	}
	if err := s.Stop(); err != nil {
		t.Fatalf("shutdown with an open stream: %v", err)
	}
	if _, err := st.Next(); !errors.Is(err, io.EOF) {
		t.Fatalf("stream after shutdown: %v, want a clean end (EOF)", err)
	}
}

// A draft event has no public site, so no stream either (it would announce when and what
// changes); an event id nobody created neither. Once published, its stream opens at once (the
// publication's change signal drops the gateway's remembered answer) and hears its changes.
func TestLiveStreamOfADraftOrUnknownEventIsNotFound(t *testing.T) {
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Draft Games", "dateFrom": "2026-07-01", "dateTo": "2026-07-02"})
	path := "/api/public/events/" + ev.ID + "/stream"
	for _, p := range []string{path, "/api/public/events/6f9619ff-8b86-4011-b42d-00c04fc964ff/stream"} {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			if resp := s.Do(method, p, nil, ""); resp.Status != http.StatusNotFound {
				t.Fatalf("%s %s: %d, want 404", method, p, resp.Status)
			}
		}
	}

	ev.Division("Open", "")
	ev.Transition("publish")
	ctx, cancel := context.WithTimeout(context.Background(), failAfter)
	defer cancel()
	var st *sseclient.Stream
	for { // the publication's change signal reaches the gateway a moment after the answer
		var err error
		if st, err = sseclient.Open(ctx, http.DefaultClient, s.URL+path, ""); err == nil {
			break
		}
		if st == nil || st.Response.StatusCode != http.StatusNotFound || ctx.Err() != nil {
			t.Fatalf("stream of the published event: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	defer st.Close()
	if _, err := st.Preamble(); err != nil {
		t.Fatal(err)
	}
	opened := st.LastID
	ev.Division("Masters", "")
	got, err := st.Next()
	if err != nil || got.Name != "changed" || got.ID != nextID(t, opened) || !strings.Contains(got.Data, `"eventId":"`+ev.ID+`"`) {
		t.Fatalf("after a division of a public event (opened at %s): %+v %v", opened, got, err)
	}
}

func nextID(t *testing.T, id string) string {
	t.Helper()
	n, err := strconv.Atoi(id)
	if err != nil {
		t.Fatalf("event id %q: %v", id, err)
	}
	return strconv.Itoa(n + 1)
}

// failAfter ends a stream that waits for an event that never comes (a failure, not a speed
// requirement).
const failAfter = 30 * time.Second
