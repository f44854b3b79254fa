package floor_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// A judge's lane result carries Scaled (the judge's toggle) and keeps the penalty the console
// set; a new result that cannot carry it is refused by its status, naming the penalty.
func TestLaneResultScaledKeepsPenalty(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w := newHeatWorld(t, s, map[string]int{"Open": 2}, []string{"Open"})
	hs := w.generate(t, w.second, apitest.Obj{"divisionIds": []string{w.divisions[0]}, "lanesPerHeat": 2, "order": "name", "firstStart": "2026-06-01T09:00:00Z"})
	judge := func(body apitest.Obj) *stacktest.Response {
		return s.Do(http.MethodPost, fmt.Sprintf("/api/heats/%s/lanes/1/result", hs[0].Id), body, w.scorer)
	}
	type row struct {
		ID          string
		Scaled      bool
		PenaltyText string
		ResultText  string
	}
	var saved row
	judge(apitest.Obj{"resultValue": 300, "scaled": true}).MustStatus(t, http.StatusOK).Decode(t, &saved)
	if !saved.Scaled {
		t.Errorf("the judge's Scaled toggle was not saved: %+v", saved)
	}
	s.Admin(http.MethodPut, "/api/results/"+saved.ID, apitest.Obj{"resultValue": 300, "scaled": true,
		"penalty": apitest.Obj{"kind": "time", "amount": 30, "reason": "no-rep"}}).MustStatus(t, http.StatusOK)

	var again row
	judge(apitest.Obj{"resultValue": 290, "scaled": true}).MustStatus(t, http.StatusOK).Decode(t, &again)
	if again.PenaltyText != "+0:30: no-rep" || again.ResultText != "4:50" || !again.Scaled {
		t.Errorf("after the judge's new time: %+v, want the penalty kept", again)
	}
	apitest.WantError(t, judge(apitest.Obj{"status": "dns"}), 400, "status",
		`Team "Open 01" has a penalty (+0:30: no-rep) this result cannot carry: the organiser removes it in the console first`)
}
