package apitest

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
)

// Staff is the token of a new user named prefix-<the event id's first 8 characters>, holding
// role's grant on the event.
func Staff(t *testing.T, s *stacktest.Stack, eventID, prefix, role string) string {
	t.Helper()
	name := prefix + "-" + eventID[:8]
	var u struct{ ID string }
	s.Admin(http.MethodPost, "/api/users", Obj{"username": name, "password": name + "-passphrase", "role": role}).
		MustStatus(t, http.StatusOK).Decode(t, &u)
	s.Admin(http.MethodPut, "/api/events/"+eventID+"/access/"+u.ID, Obj{"role": role}).MustStatus(t, http.StatusOK)
	return s.Login(name, name+"-passphrase")
}

// Athlete signs an athlete up with a birth year in the profile (0: none).
func Athlete(t *testing.T, s *stacktest.Stack, first, last string, birthYear int) stacktest.Athlete {
	t.Helper()
	a := s.SignUpAthlete(first, last)
	if birthYear != 0 {
		s.Do(http.MethodPut, "/api/athlete/profile", Obj{"firstName": first, "lastName": last, "birthYear": birthYear}, a.Token).
			MustStatus(t, http.StatusOK)
	}
	return a
}

// Pair registers captain's team in the division and the partner accepts the invitation; it
// returns the registration as the acceptance answers it.
func Pair(t *testing.T, s *stacktest.Stack, eventID, divisionID, team string, captain, partner stacktest.Athlete) Obj {
	t.Helper()
	reg := Decode(t, s.Do(http.MethodPost, "/api/registration/events/"+eventID+"/registrations",
		Obj{"divisionId": divisionID, "teamName": team}, captain.Token).MustStatus(t, http.StatusOK))
	return Decode(t, s.Do(http.MethodPost, "/api/registration/accept", Obj{"code": reg["shareCode"]}, partner.Token).MustStatus(t, http.StatusOK))
}
