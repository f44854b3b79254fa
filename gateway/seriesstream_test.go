package gateway_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/sseclient"
)

// A series page follows one stream for every event of the series (docs/series.md, "Public
// views"): a result published in its second event reaches the series' stream at once, not only
// the events' own streams.
func TestSeriesStreamHearsAPublicationInAnyOfItsEvents(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	var events []*eventtest.Event
	for _, day := range []string{"2026-03-01", "2026-09-01"} {
		ev := s.Events(t).Event(eventtest.Fields{"name": "Series Games " + day, "status": "PUBLISHED", "dateFrom": day, "dateTo": day})
		ev.Division("Rx", "", eventtest.Named("Alpha", "Bravo")...)
		ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
		events = append(events, ev)
	}
	var series struct{ ID string }
	s.Admin(http.MethodPost, "/api/series", map[string]any{"name": "Stream League", "season": "2026", "scoringTable": "podium100"}).MustStatus(t, http.StatusOK).Decode(t, &series)
	for _, ev := range events {
		s.Admin(http.MethodPost, "/api/series/"+series.ID+"/events", map[string]any{"eventId": ev.ID}).MustStatus(t, http.StatusOK)
	}
	path := "/api/public/series/" + series.ID + "/stream"
	if resp := s.Do(http.MethodGet, path, nil, ""); resp.Status != http.StatusNotFound {
		t.Fatalf("stream of an unpublished series: %d, want 404", resp.Status)
	}
	s.Admin(http.MethodPut, "/api/series/"+series.ID, map[string]any{"name": "Stream League", "season": "2026", "published": true}).MustStatus(t, http.StatusOK)

	ctx, cancel := context.WithTimeout(context.Background(), failAfter)
	defer cancel()
	st, err := sseclient.Open(ctx, http.DefaultClient, s.URL+path, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Preamble(); err != nil {
		t.Fatal(err)
	}
	opened, _ := strconv.ParseInt(st.LastID, 10, 64)
	second := events[1]
	started := time.Now()
	second.Publish(second.Result("Bravo", "Fran", eventtest.Fields{"status": "completed", "resultValue": 170}))
	got, err := st.Next()
	n, _ := strconv.ParseInt(got.ID, 10, 64)
	if err != nil || got.Name != "changed" || n <= opened || !strings.Contains(got.Data, series.ID) {
		t.Fatalf("after a publication in the second event (opened at %d): %+v %v", opened, got, err)
	}
	if waited := time.Since(started); waited > 5*time.Second {
		t.Fatalf("the series stream heard the publication after %s", waited)
	}
}
