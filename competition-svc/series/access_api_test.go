package series_test

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// An admin grants an organiser one series: the organiser manages it (settings, their own events,
// the division mapping, series divisions) and sees no other series; creating, deleting and
// granting series stay the admins'.
func TestOrganiserManagesTheSeriesGrantedThem(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	user := func(name, role string) (id, token string) {
		var u struct{ ID string }
		s.Admin(http.MethodPost, "/api/users", apitest.Obj{"username": name, "password": name + "-passphrase", "role": role}).
			MustStatus(t, http.StatusOK).Decode(t, &u)
		return u.ID, s.Login(name, name+"-passphrase")
	}
	orgID, org := user("league-organiser", "organiser")
	scorerID, _ := user("league-scorer", "scorer")
	series := func(name string) string {
		return apitest.Decode(t, s.Admin(http.MethodPost, "/api/series", apitest.Obj{"name": name}).MustStatus(t, http.StatusOK))["id"].(string)
	}
	mine, other := series("North League"), series("South League")
	own := s.Events(t).Event(eventtest.Fields{"name": "North Open", "dateFrom": "2026-05-01", "dateTo": "2026-05-01"})
	own.Division("Rx", "")
	s.Admin(http.MethodPut, "/api/events/"+own.ID+"/access/"+orgID, apitest.Obj{"role": "organiser"}).MustStatus(t, http.StatusOK)
	foreign := s.Events(t).Event(eventtest.Fields{"name": "Someone Else's", "dateFrom": "2026-05-02", "dateTo": "2026-05-02"})

	// Before the grant the series answers as a missing one.
	apitest.WantError(t, s.Do(http.MethodGet, "/api/series/"+mine, nil, org), http.StatusNotFound, "", "Series not found")
	apitest.WantError(t, s.Admin(http.MethodPut, "/api/series/"+mine+"/access/"+scorerID, apitest.Obj{}), http.StatusBadRequest, "userId",
		"Only organisers can be granted a series")
	s.Admin(http.MethodPut, "/api/series/"+mine+"/access/"+orgID, apitest.Obj{}).MustStatus(t, http.StatusOK)
	var access []apitest.Obj
	s.Admin(http.MethodGet, "/api/series/"+mine+"/access", nil).MustStatus(t, http.StatusOK).Decode(t, &access)
	if len(access) != 1 || access[0]["username"] != "league-organiser" {
		t.Errorf("series access: %v", access)
	}

	var list []apitest.Obj
	s.Do(http.MethodGet, "/api/series", nil, org).MustStatus(t, http.StatusOK).Decode(t, &list)
	if len(list) != 1 || list[0]["name"] != "North League" {
		t.Errorf("the organiser's series list: %v", list)
	}
	s.Do(http.MethodPut, "/api/series/"+mine, apitest.Obj{"name": "North League 2026", "bestN": 2}, org).MustStatus(t, http.StatusOK)
	got := apitest.Decode(t, s.Do(http.MethodPost, "/api/series/"+mine+"/events", apitest.Obj{"eventId": own.ID}, org).MustStatus(t, http.StatusOK))
	if divs := got["divisions"].([]any); len(divs) != 1 {
		t.Errorf("adding the event maps Rx: %v", got["divisions"])
	}
	s.Do(http.MethodPost, "/api/series/"+mine+"/divisions", apitest.Obj{"name": "Masters"}, org).MustStatus(t, http.StatusOK)
	// An event the organiser does not run answers as a missing one; nothing is added.
	apitest.WantError(t, s.Do(http.MethodPost, "/api/series/"+mine+"/events", apitest.Obj{"eventId": foreign.ID}, org), http.StatusBadRequest,
		"eventId", "Event not found")
	// Another series, and the admins' calls.
	apitest.WantError(t, s.Do(http.MethodPost, "/api/series/"+other+"/events", apitest.Obj{"eventId": own.ID}, org), http.StatusNotFound, "", "Series not found")
	s.Do(http.MethodDelete, "/api/series/"+mine, nil, org).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodPost, "/api/series", apitest.Obj{"name": "Mine Now"}, org).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodPut, "/api/series/"+other+"/access/"+orgID, apitest.Obj{}, org).MustStatus(t, http.StatusForbidden)

	after := apitest.Decode(t, s.Admin(http.MethodGet, "/api/series/"+mine, nil).MustStatus(t, http.StatusOK))
	if after["name"] != "North League 2026" || len(after["events"].([]any)) != 1 || len(after["divisions"].([]any)) != 2 {
		t.Errorf("the series as the organiser left it: %v", after)
	}

	// Revoked: the series is gone for them.
	s.Admin(http.MethodDelete, "/api/series/"+mine+"/access/"+orgID, nil).MustStatus(t, http.StatusOK)
	apitest.WantError(t, s.Do(http.MethodGet, "/api/series/"+mine, nil, org), http.StatusNotFound, "", "Series not found")
	apitest.WantError(t, s.Admin(http.MethodDelete, "/api/series/"+mine+"/access/"+orgID, nil), http.StatusNotFound, "",
		"This user does not manage this series")
}
