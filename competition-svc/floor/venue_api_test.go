package floor_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The venue's settings (docs/venue.md): the organiser stores the TV's rotation and the
// embedding origins; bad input names its field and changes nothing; the public reads them for
// visible events only.

func TestVenueSettingsStoredAndChecked(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Rx": 2, "Scaled": 2}, []string{"Rx", "Scaled"})
	path := "/api/events/" + w.event + "/venue"

	var got competitionv1.EventVenue
	s.Do(http.MethodGet, path, nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &got)
	if got.TvRows != 10 || got.TvSeconds != 12 || len(got.TvDivisionIds) != 0 || len(got.EmbedOrigins) != 0 {
		t.Fatalf("defaults: %+v", &got)
	}

	good := apitest.Obj{"tvRows": 8, "tvSeconds": 20, "tvDivisionIds": []string{w.divisions[1], w.divisions[0]},
		"embedOrigins": []string{" https://Club.Example.com/ ", "https://live.example.org:8443", "https://x.example:443"}}
	s.Do(http.MethodPut, path, good, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &got)
	wantOrigins := []string{"https://club.example.com", "https://live.example.org:8443", "https://x.example"}
	if got.TvRows != 8 || got.TvSeconds != 20 || !slices.Equal(got.TvDivisionIds, []string{w.divisions[1], w.divisions[0]}) ||
		!slices.Equal(got.EmbedOrigins, wantOrigins) {
		t.Fatalf("stored: %+v", &got)
	}

	other := s.Events(t).Event(eventtest.Fields{"name": "Other Games", "dateFrom": "2026-06-01", "dateTo": "2026-06-01", "status": "PUBLISHED"})
	otherDiv := other.Division("Open", "").GetId()
	for _, tc := range []struct {
		what, field string
		body        apitest.Obj
	}{
		{"too few rows", "tvRows", apitest.Obj{"tvRows": 2, "tvSeconds": 10}},
		{"too many seconds", "tvSeconds", apitest.Obj{"tvRows": 10, "tvSeconds": 301}},
		{"another event's division", "tvDivisionIds[0]", apitest.Obj{"tvRows": 10, "tvSeconds": 10, "tvDivisionIds": []string{otherDiv}}},
		{"a division twice", "tvDivisionIds[1]", apitest.Obj{"tvRows": 10, "tvSeconds": 10, "tvDivisionIds": []string{w.divisions[0], w.divisions[0]}}},
		{"http", "embedOrigins[0]", apitest.Obj{"tvRows": 10, "tvSeconds": 10, "embedOrigins": []string{"http://club.example.com"}}},
		{"a path", "embedOrigins[1]", apitest.Obj{"tvRows": 10, "tvSeconds": 10, "embedOrigins": []string{"https://a.example", "https://club.example.com/board"}}},
		{"a wildcard", "embedOrigins[0]", apitest.Obj{"tvRows": 10, "tvSeconds": 10, "embedOrigins": []string{"https://*.example.com"}}},
		{"a second source", "embedOrigins[0]", apitest.Obj{"tvRows": 10, "tvSeconds": 10, "embedOrigins": []string{"https://a.example https://evil.example"}}},
		{"a directive", "embedOrigins[0]", apitest.Obj{"tvRows": 10, "tvSeconds": 10, "embedOrigins": []string{"https://a.example;script-src *"}}},
		{"a bad port", "embedOrigins[0]", apitest.Obj{"tvRows": 10, "tvSeconds": 10, "embedOrigins": []string{"https://a.example:99999"}}},
		{"a user", "embedOrigins[0]", apitest.Obj{"tvRows": 10, "tvSeconds": 10, "embedOrigins": []string{"https://me@a.example"}}},
		{"twice", "embedOrigins[1]", apitest.Obj{"tvRows": 10, "tvSeconds": 10, "embedOrigins": []string{"https://a.example", "https://A.example/"}}},
	} {
		r := s.Do(http.MethodPut, path, tc.body, w.organiser)
		var e struct{ Field string }
		r.Decode(t, &e)
		if r.Status != http.StatusBadRequest || e.Field != tc.field {
			t.Errorf("%s: %d field %q, want 400 %q: %s", tc.what, r.Status, e.Field, tc.field, r.Body)
		}
	}
	s.Do(http.MethodGet, path, nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &got)
	if got.TvRows != 8 || !slices.Equal(got.EmbedOrigins, wantOrigins) {
		t.Errorf("a refused change changed the settings: %+v", &got)
	}
	// A scorer reads results, not the venue.
	s.Do(http.MethodPut, path, good, w.scorer).MustStatus(t, http.StatusForbidden)

	// The public: the visible event's settings, with no token; a draft is not found.
	var pub competitionv1.EventVenue
	s.Do(http.MethodGet, "/api/venue/events/"+w.event, nil, "").MustStatus(t, http.StatusOK).Decode(t, &pub)
	if pub.TvRows != 8 || pub.TvSeconds != 20 || !slices.Equal(pub.EmbedOrigins, wantOrigins) {
		t.Errorf("public venue: %+v", &pub)
	}
	draft := s.Events(t).Event(eventtest.Fields{"name": "Secret Games", "dateFrom": "2026-06-01", "dateTo": "2026-06-01"})
	s.Do(http.MethodGet, "/api/venue/events/"+draft.ID, nil, "").MustStatus(t, http.StatusNotFound)
}

func TestPublicHeatRefOnlyForVisibleEvents(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Rx": 2}, []string{"Rx"})
	hs := w.generate(t, w.first, apitest.Obj{"divisionIds": w.divisions, "lanesPerHeat": 2, "order": "name", "firstStart": "2026-06-01T09:00:00Z"})
	var ref competitionv1.PublicHeatRef
	s.Do(http.MethodGet, "/api/venue/heats/"+hs[0].Id, nil, "").MustStatus(t, http.StatusOK).Decode(t, &ref)
	if ref.EventId != w.event || ref.WorkoutId != w.first {
		t.Errorf("heat ref: %+v", &ref)
	}
	s.Do(http.MethodGet, "/api/venue/heats/not-an-id", nil, "").MustStatus(t, http.StatusBadRequest)
}
