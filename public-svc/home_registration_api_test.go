package publicsvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The home's "Registration open": divisions of listed events whose window holds now and that
// take a team (a place left, or a waiting list), with the places left counted as registration
// counts them (teams added by hand take places too).
func TestHomeRegistrationOpen(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	now := time.Now().UTC()
	open := func(divisionID string, from, to time.Time, capacity int, waitlist bool) {
		s.Admin(http.MethodPut, "/api/divisions/"+divisionID+"/registration", eventtest.Fields{
			"opensAt": from.Format(time.RFC3339), "closesAt": to.Format(time.RFC3339), "capacity": capacity,
			"feeCents": 4000, "currency": "EUR", "waitlist": waitlist}).MustStatus(t, http.StatusOK)
	}
	ev := s.Events(t).Event(eventtest.Fields{"name": "Spring Open", "dateFrom": now.AddDate(0, 1, 0).Format(time.DateOnly),
		"dateTo": now.AddDate(0, 1, 0).Format(time.DateOnly), "location": "Leipzig"})
	rx := ev.Division("Rx", "", eventtest.WithAthletes("Alpha")...)
	scaled := ev.Division("Scaled", "", eventtest.WithAthletes("Bravo")...)
	masters := ev.Division("Masters", "", eventtest.WithAthletes("Charlie")...)
	later := ev.Division("Teens", "")
	ev.Transition("publish")
	open(rx.GetId(), now.Add(-time.Hour), now.Add(24*time.Hour), 3, false)      // 2 places left
	open(scaled.GetId(), now.Add(-time.Hour), now.Add(24*time.Hour), 1, true)   // full, waiting list
	open(masters.GetId(), now.Add(-time.Hour), now.Add(24*time.Hour), 1, false) // full, no waiting list
	open(later.GetId(), now.Add(time.Hour), now.Add(48*time.Hour), 5, false)    // not yet open

	day := now.Format(time.DateOnly)
	hidden := s.Events(t).Event(eventtest.Fields{"name": "Invite Only", "dateFrom": day, "dateTo": day})
	d := hidden.Division("Rx", "")
	s.Admin(http.MethodPut, "/api/events/"+hidden.ID, eventtest.Fields{"id": hidden.ID, "name": "Invite Only", "dateFrom": day,
		"dateTo": day, "status": "UNLISTED"}).MustStatus(t, http.StatusOK)
	open(d.GetId(), now.Add(-time.Hour), now.Add(24*time.Hour), 5, false)

	// An event that took place (by its own zone's calendar) is not open, whatever its window.
	past := now.AddDate(0, 0, -2).Format(time.DateOnly)
	over := s.Events(t).Event(eventtest.Fields{"name": "Last Week Open", "dateFrom": past, "dateTo": past})
	s.Admin(http.MethodPut, "/api/events/"+over.ID+"/online", eventtest.Fields{"format": "in_person", "timeZone": "Europe/Paris"}).MustStatus(t, http.StatusOK)
	overDivision := over.Division("Rx", "")
	over.Transition("publish")
	open(overDivision.GetId(), now.Add(-time.Hour), now.Add(24*time.Hour), 5, true)

	home := &publicv1.PublicHome{}
	s.Do(http.MethodGet, "/api/public/home", nil, "").MustStatus(t, http.StatusOK).Decode(t, home)
	var got []string
	for _, r := range home.GetRegistrationOpen() {
		for _, dv := range r.GetDivisions() {
			got = append(got, r.GetEventName()+"/"+dv.GetDivisionName()+":"+map[bool]string{true: "waitlist", false: ""}[dv.GetWaitlistOnly()]+
				strings.Repeat("#", int(dv.GetPlacesLeft()))+" "+dv.GetFeeLabel())
		}
	}
	if want := "Spring Open/Rx:## 40.00 EUR,Spring Open/Scaled:waitlist 40.00 EUR"; strings.Join(got, ",") != want {
		t.Errorf("registration open: %q, want %q", strings.Join(got, ","), want)
	}
	if r := home.GetRegistrationOpen(); len(r) == 1 && (r[0].GetLocation() != "Leipzig" || r[0].GetDateRange() == "" ||
		!strings.HasPrefix(r[0].GetDivisions()[0].GetWindowLabel(), "Open until")) {
		t.Errorf("registration open event: %v", r[0])
	}
}
