package crew_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// mailsTo is the subjects of the mails queued to email, oldest first.
func mailsTo(t *testing.T, s *stacktest.Stack, email string) []string {
	t.Helper()
	return stacktest.QueryRow[[]string](t, s, `SELECT coalesce(array_agg(subject ORDER BY created_at), '{}') FROM competition.mail_outbox
		WHERE to_address = $1`, email)
}

// A swap of a shift (docs/crew.md, "Swaps"): the volunteer proposes it to another by address,
// the other accepts, the organiser approves, and only then the shift changes hands; every
// refusal names its field and changes nothing; each side sees only their own swaps.
func TestShiftSwapProposedAcceptedApproved(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev, org := crewEvent(t, s)
	other := s.Events(t).Event(eventtest.Fields{"name": "Other Games", "dateFrom": "2026-06-01", "dateTo": "2026-06-01", "status": "PUBLISHED"})
	otherOrg := apitest.Staff(t, s, other.ID, "other", "organiser")
	ids := map[string]string{}
	for name, roles := range map[string][]string{"Ann": {"check_in"}, "Bo": {"check_in"}, "Cy": {"scorer"}} {
		ids[name] = signUp(t, s, ev.ID, apitest.Obj{"name": name, "email": name + "@example.com", "roles": roles})["id"].(string)
	}
	shifts := "/api/events/" + ev.ID + "/crew/shifts"
	shift := apitest.Decode(t, s.Do(http.MethodPost, shifts, apitest.Obj{"role": "check_in", "startsAt": "2026-06-01T09:00:00Z",
		"endsAt": "2026-06-01T11:00:00Z", "needed": 1}, org).MustStatus(t, http.StatusOK))["id"].(string)
	s.Do(http.MethodPut, shifts+"/"+shift+"/volunteers/"+ids["Ann"], nil, org).MustStatus(t, http.StatusOK)
	ann, bo := keyMailedTo(t, s, "Ann@example.com"), keyMailedTo(t, s, "Bo@example.com")

	propose := func(key string, body apitest.Obj) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/crew/volunteers/"+key+"/swaps", body, "")
	}
	for _, c := range []struct {
		key            string
		body           apitest.Obj
		status         int
		field, message string
	}{
		{ann, apitest.Obj{"toEmail": "Bo@example.com"}, http.StatusBadRequest, "shiftId", "Choose one place to hand over: a shift, or a heat and lane"},
		{ann, apitest.Obj{"shiftId": shift}, http.StatusBadRequest, "toEmail", "Give the address the other volunteer signed up with"},
		{ann, apitest.Obj{"shiftId": shift, "toEmail": "nobody@example.com"}, http.StatusBadRequest, "toEmail", "No volunteer of this event signed up with this address"},
		{ann, apitest.Obj{"shiftId": shift, "toEmail": "ann@example.com"}, http.StatusBadRequest, "toEmail", "Choose another volunteer than yourself"},
		{ann, apitest.Obj{"shiftId": shift, "toEmail": "Cy@example.com"}, http.StatusConflict, "shiftId", "Cy did not offer Check-in"},
		{bo, apitest.Obj{"shiftId": shift, "toEmail": "Cy@example.com"}, http.StatusConflict, "shiftId", "Bo does not work this shift"},
	} {
		apitest.WantError(t, propose(c.key, c.body), c.status, c.field, c.message)
	}
	s.Do(http.MethodPost, "/api/crew/volunteers/not-a-key/swaps", apitest.Obj{"shiftId": shift, "toEmail": "Bo@example.com"}, "").MustStatus(t, http.StatusNotFound)

	// Proposed, declined, proposed again and accepted.
	mine := apitest.Decode(t, propose(ann, apitest.Obj{"shiftId": shift, "toEmail": "bo@example.com"}).MustStatus(t, http.StatusOK))
	sw := mine["swaps"].([]any)[0].(apitest.Obj)
	if sw["status"] != "proposed" || sw["toName"] != "Bo" || sw["place"] != "Check-in 09:00–11:00" {
		t.Errorf("Ann's swap: %v", sw)
	}
	apitest.WantError(t, propose(ann, apitest.Obj{"shiftId": shift, "toEmail": "Bo@example.com"}), http.StatusConflict, "shiftId",
		"This place already has a swap waiting for an answer")
	answer := func(key, id, verb string) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/crew/volunteers/"+key+"/swaps/"+id+"/"+verb, nil, "")
	}
	// Only the one asked answers: to Ann, her own proposal is not one to answer.
	apitest.WantError(t, answer(ann, sw["id"].(string), "accept"), http.StatusNotFound, "", "Swap not found")
	apitest.Decode(t, answer(bo, sw["id"].(string), "decline").MustStatus(t, http.StatusOK))
	apitest.WantError(t, answer(bo, sw["id"].(string), "accept"), http.StatusConflict, "swapId", "This swap is declined already")

	sw = apitest.Decode(t, propose(ann, apitest.Obj{"shiftId": shift, "toEmail": "Bo@example.com"}).MustStatus(t, http.StatusOK))["swaps"].([]any)[0].(apitest.Obj)
	swaps := "/api/events/" + ev.ID + "/crew/swaps"
	decide := func(id, verb, token string) *stacktest.Response {
		return s.Do(http.MethodPost, swaps+"/"+id+"/"+verb, nil, token)
	}
	apitest.WantError(t, decide(sw["id"].(string), "approve", org), http.StatusConflict, "swapId",
		"Only a swap the other volunteer accepted can be decided; this one is proposed")
	boPage := apitest.Decode(t, answer(bo, sw["id"].(string), "accept").MustStatus(t, http.StatusOK))
	if got := boPage["swaps"].([]any); len(got) != 2 || got[0].(apitest.Obj)["status"] != "accepted" || got[0].(apitest.Obj)["fromName"] != "Ann" {
		t.Errorf("Bo's swaps: %v", got)
	}
	if shifts := boPage["volunteer"].(apitest.Obj)["shifts"]; shifts != nil && len(shifts.([]any)) != 0 {
		t.Errorf("an accepted swap moved the shift before the approval: %v", shifts)
	}

	// Access: the organiser of another event, and no one signed in, see nothing of it.
	s.Do(http.MethodGet, swaps, nil, "").MustStatus(t, http.StatusUnauthorized)
	if r := s.Do(http.MethodGet, swaps, nil, otherOrg); r.Status != http.StatusForbidden && r.Status != http.StatusNotFound {
		t.Errorf("another event's organiser lists the swaps: %d", r.Status)
	}
	if r := decide(sw["id"].(string), "approve", otherOrg); r.Status != http.StatusForbidden && r.Status != http.StatusNotFound {
		t.Errorf("another event's organiser approves: %d", r.Status)
	}
	listed := apitest.Decode(t, s.Do(http.MethodGet, swaps, nil, org).MustStatus(t, http.StatusOK))["swaps"].([]any)
	if len(listed) != 2 || listed[0].(apitest.Obj)["status"] != "accepted" {
		t.Errorf("the organiser's swaps: %v", listed)
	}

	approved := apitest.Decode(t, decide(sw["id"].(string), "approve", org).MustStatus(t, http.StatusOK))
	if approved["status"] != "approved" {
		t.Errorf("approved: %v", approved)
	}
	apitest.WantError(t, decide(sw["id"].(string), "refuse", org), http.StatusConflict, "swapId",
		"Only a swap the other volunteer accepted can be decided; this one is approved")
	after := apitest.DecodeList(t, s.Do(http.MethodGet, shifts, nil, org).MustStatus(t, http.StatusOK))
	vols := after[0]["volunteers"].([]any)
	if len(vols) != 1 || vols[0].(apitest.Obj)["name"] != "Bo" || vols[0].(apitest.Obj)["confirmed"] != true {
		t.Errorf("the shift after the approval: %v", vols)
	}
	for _, c := range []struct{ email, subject string }{
		{"Bo@example.com", "Can you take over a place of Ann?"},
		{"Ann@example.com", "Your swap: Bo accepted"},
		{"Ann@example.com", "Swap approved: Check-in 09:00–11:00"},
		{"Bo@example.com", "Swap approved: Check-in 09:00–11:00"},
	} {
		if !slices.Contains(mailsTo(t, s, c.email), c.subject) {
			t.Errorf("no mail %q to %s: %v", c.subject, c.email, mailsTo(t, s, c.email))
		}
	}
}

// A swap of a lane of the rotation is checked by the rotation's rules when proposed and again
// when the organiser approves: a place taken since refuses the approval and changes nothing;
// the organiser then refuses it.
func TestRotationSwapRecheckedOnApproval(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev, org := crewEvent(t, s)
	ev.Division("Rx", "", eventtest.Named("Alpha", "Bravo")...)
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 0)).GetId()
	heat := apitest.Decode(t, s.Do(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+fran+"/heats", apitest.Obj{"startTime": "2026-06-01T09:00:00Z",
		"lanes": []apitest.Obj{{"lane": 1, "teamId": ev.TeamID("Alpha")}, {"lane": 2, "teamId": ev.TeamID("Bravo")}}}, org).MustStatus(t, http.StatusOK))["id"].(string)
	ids, names := map[string]string{}, map[string]string{}
	for _, j := range []struct {
		name, role, team string
	}{{"Hana", "head_judge", ""}, {"Ivo", "judge", ""}, {"Kim", "judge", ""}, {"Noa", "judge", ""}, {"Lea", "judge", "Alpha"}} {
		body := apitest.Obj{"name": j.name, "email": j.name + "@example.com", "roles": []string{j.role}, "credential": judgeCred(1)}
		if j.team != "" {
			body["teamId"] = ev.TeamID(j.team)
		}
		ids[j.name] = signUp(t, s, ev.ID, body)["id"].(string)
		names[ids[j.name]] = j.name
	}
	rotation := "/api/events/" + ev.ID + "/crew/rotation"
	r := apitest.Decode(t, s.Do(http.MethodPost, rotation+"/generate", apitest.Obj{"heatMinutes": 10}, org).MustStatus(t, http.StatusOK))
	holder, free := "", ""
	for _, x := range r["slots"].([]any) {
		if sl := x.(apitest.Obj); sl["lane"] == float64(1) {
			holder = names[sl["volunteerId"].(string)]
		}
	}
	for _, x := range r["standby"].([]any) {
		if n := x.(apitest.Obj)["name"].(string); n != "Lea" {
			free = n
		}
	}
	if holder == "" || free == "" {
		t.Fatalf("rotation: %v", r)
	}
	key, freeKey := keyMailedTo(t, s, holder+"@example.com"), keyMailedTo(t, s, free+"@example.com")
	propose := func(to string) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/crew/volunteers/"+key+"/swaps", apitest.Obj{"heatId": heat, "lane": 1, "toEmail": to + "@example.com"}, "")
	}
	apitest.WantError(t, propose("Lea"), http.StatusConflict, "heatId", "Lea competes in Fran, heat 1")
	apitest.WantError(t, s.Do(http.MethodPost, "/api/crew/volunteers/"+key+"/swaps", apitest.Obj{"heatId": heat, "lane": 0, "toEmail": free + "@example.com"}, ""),
		http.StatusConflict, "heatId", holder+" does not judge lane 0 of this heat")
	sw := apitest.Decode(t, propose(free).MustStatus(t, http.StatusOK))["swaps"].([]any)[0].(apitest.Obj)
	if sw["place"] != "Fran, heat 1, lane 1 (09:00)" {
		t.Errorf("the swap's place: %v", sw["place"])
	}
	s.Do(http.MethodPost, "/api/crew/volunteers/"+freeKey+"/swaps/"+sw["id"].(string)+"/accept", nil, "").MustStatus(t, http.StatusOK)

	// Meanwhile the organiser puts the free judge on lane 2 of the same heat by hand.
	s.Do(http.MethodPut, rotation+"/heats/"+heat+"/lanes/2", apitest.Obj{"volunteerId": ids[free]}, org).MustStatus(t, http.StatusOK)
	decide := func(verb string) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/events/"+ev.ID+"/crew/swaps/"+sw["id"].(string)+"/"+verb, nil, org)
	}
	apitest.WantError(t, decide("approve"), http.StatusConflict, "toVolunteerId", fmt.Sprintf("%s judges Fran, heat 1 at that time", free))
	lane1 := func() string {
		for _, x := range apitest.Decode(t, s.Do(http.MethodGet, rotation, nil, org).MustStatus(t, http.StatusOK))["slots"].([]any) {
			if sl := x.(apitest.Obj); sl["lane"] == float64(1) {
				return names[sl["volunteerId"].(string)]
			}
		}
		return ""
	}
	if got := lane1(); got != holder {
		t.Errorf("a refused approval moved lane 1 to %q", got)
	}
	if got := apitest.Decode(t, decide("refuse").MustStatus(t, http.StatusOK)); got["status"] != "refused" {
		t.Errorf("refused: %v", got)
	}
	if got := lane1(); got != holder {
		t.Errorf("a refused swap moved lane 1 to %q", got)
	}
	if !slices.Contains(mailsTo(t, s, holder+"@example.com"), "Swap refused: Fran, heat 1, lane 1 (09:00)") {
		t.Errorf("no refusal mail to %s: %v", holder, mailsTo(t, s, holder+"@example.com"))
	}
}
