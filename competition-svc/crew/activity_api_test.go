package crew_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// crewActivity is the event's crew entries (docs/crew.md, "Activity"), oldest first, as
// "actor: action: summary".
func crewActivity(t *testing.T, s *stacktest.Stack, eventID, token string) []string {
	t.Helper()
	var out []string
	for _, x := range apitest.Decode(t, s.Do(http.MethodGet, "/api/events/"+eventID+"/activity", nil, token).MustStatus(t, http.StatusOK))["entries"].([]any) {
		if e := x.(apitest.Obj); e["entity"] == "volunteer" || e["entity"] == "swap" {
			actor := e["actor"].(string)
			if strings.HasPrefix(actor, "org-") { // apitest.Staff's user: "org-" and a suffix of its own
				actor = "org"
			}
			out = append(out, actor+": "+e["action"].(string)+": "+e["summary"].(string))
		}
	}
	slices.Reverse(out)
	return out
}

// Crew changes go into the event's activity feed with the change: the sign-ups, a shift given,
// each step of a swap up to the approval, a check-in; a refused change records nothing; a
// volunteer who withdraws is named in none of the entries any more.
func TestCrewChangesInTheActivity(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev, org := crewEvent(t, s)
	ids := map[string]string{}
	for _, name := range []string{"Ann", "Bo"} {
		ids[name] = signUp(t, s, ev.ID, apitest.Obj{"name": name, "email": name + "@example.com", "roles": []string{"check_in"}})["id"].(string)
	}
	shifts := "/api/events/" + ev.ID + "/crew/shifts"
	shift := apitest.Decode(t, s.Do(http.MethodPost, shifts, apitest.Obj{"role": "check_in", "startsAt": "2026-06-01T09:00:00Z",
		"endsAt": "2026-06-01T11:00:00Z", "needed": 1}, org).MustStatus(t, http.StatusOK))["id"].(string)
	s.Do(http.MethodPut, shifts+"/"+shift+"/volunteers/"+ids["Ann"], nil, org).MustStatus(t, http.StatusOK)
	// Refused (the shift is full): nothing recorded.
	apitest.WantError(t, s.Do(http.MethodPut, shifts+"/"+shift+"/volunteers/"+ids["Bo"], nil, org), http.StatusBadRequest, "volunteerId",
		"This shift is full: 1 of 1 places are taken")
	ann, bo := keyMailedTo(t, s, "Ann@example.com"), keyMailedTo(t, s, "Bo@example.com")
	sw := apitest.Decode(t, s.Do(http.MethodPost, "/api/crew/volunteers/"+ann+"/swaps", apitest.Obj{"shiftId": shift, "toEmail": "Bo@example.com"}, "").
		MustStatus(t, http.StatusOK))["swaps"].([]any)[0].(apitest.Obj)["id"].(string)
	s.Do(http.MethodPost, "/api/crew/volunteers/"+bo+"/swaps/"+sw+"/accept", nil, "").MustStatus(t, http.StatusOK)
	s.Do(http.MethodPost, "/api/events/"+ev.ID+"/crew/swaps/"+sw+"/approve", nil, org).MustStatus(t, http.StatusOK)
	checkIn := "/api/events/" + ev.ID + "/crew/board/volunteers/" + ids["Bo"] + "/check-in"
	s.Do(http.MethodPut, checkIn, apitest.Obj{"checkedIn": true}, org).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPut, checkIn, apitest.Obj{"checkedIn": true}, org).MustStatus(t, http.StatusOK) // no change: no entry

	want := []string{
		"Ann: volunteered: Ann signed up as a volunteer: Check-in",
		"Bo: volunteered: Bo signed up as a volunteer: Check-in",
		"org: assigned: Ann put on Check-in 09:00–11:00",
		"Ann: swap_proposed: Ann asks Bo to take over Check-in 09:00–11:00",
		"Bo: swap_accepted: Bo accepted to take over Check-in 09:00–11:00 from Ann",
		"org: swap_approved: Swap approved: Bo takes over Check-in 09:00–11:00 from Ann",
		"org: checked_in: Bo checked in",
	}
	if got := crewActivity(t, s, ev.ID, org); !slices.Equal(got, want) {
		t.Errorf("the crew's activity:\n got %q\nwant %q", got, want)
	}

	// Bo withdraws: the entries keep what happened, not his name.
	s.Do(http.MethodDelete, "/api/crew/volunteers/"+bo, nil, "").MustStatus(t, http.StatusOK)
	got := crewActivity(t, s, ev.ID, org)
	for _, e := range got {
		if strings.Contains(e, "Bo") {
			t.Errorf("an entry still names the volunteer who withdrew: %q", e)
		}
	}
	if last := got[len(got)-1]; last != "Former volunteer: withdrew: A volunteer (Check-in) withdrew and erased their data; free now: Check-in 09:00–11:00" {
		t.Errorf("the withdrawal: %q", last)
	}
	if !slices.Contains(got, "Ann: swap_proposed: Ann asks Former volunteer to take over Check-in 09:00–11:00") {
		t.Errorf("the proposal after the erasure: %q", got)
	}
}
