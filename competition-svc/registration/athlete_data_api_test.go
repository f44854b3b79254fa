package registration_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/poll"
)

// The athlete's own data (docs/access.md, "Athletes"): the download, and the deletion of the
// account through the real gateway, auth-svc's erasure feed and competition-svc's worker.

// confirmedTeam registers Anna and Ben's team in a free division and returns its ids.
func confirmedTeam(t *testing.T, s *stacktest.Stack) (regEvent, stacktest.Athlete, stacktest.Athlete, string, string) {
	t.Helper()
	r := openRegistration(t, s, apitest.Obj{})
	anna, ben := s.SignUpAthlete("Anna", "Adler"), s.SignUpAthlete("Ben", "Berg")
	reg := apitest.Decode(t, r.register(anna, "Adler & Berg", "").MustStatus(t, http.StatusOK))
	reg = apitest.Decode(t, accept(s, ben, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))
	if reg["state"] != "confirmed" {
		t.Fatalf("accepted: %v", reg)
	}
	return r, anna, ben, reg["id"].(string), reg["teamId"].(string)
}

func TestAthleteDownloadsTheirData(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	_, anna, ben, _, _ := confirmedTeam(t, s)
	s.Do(http.MethodPut, "/api/athlete/profile", apitest.Obj{"firstName": "Anna", "lastName": "Adler",
		"club": "=HYPERLINK(\"http://evil.example\")", "country": "Norway"}, anna.Token).MustStatus(t, http.StatusOK)

	r := s.Do(http.MethodGet, "/api/registration/my-data.csv", nil, anna.Token).MustStatus(t, http.StatusOK)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
		t.Fatalf("content type %q", ct)
	}
	if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, "podium-my-data.csv") {
		t.Fatalf("content disposition %q", cd)
	}
	body := string(r.Body)
	for _, want := range []string{"Account,Email address," + anna.Email, "Profile,Country,Norway",
		`Profile,Club or box,"'=HYPERLINK(""http://evil.example"")"`, "Registration 1,Team,Adler & Berg",
		"Registration 1,Your role,captain", "Registration 1,Partner,Ben Berg", "Registration 1,State,Confirmed"} {
		if !strings.Contains(body, want) {
			t.Errorf("the download lacks %q:\n%s", want, body)
		}
	}
	// Ben's own file names him partner and holds no address but his.
	benFile := string(s.Do(http.MethodGet, "/api/registration/my-data.csv", nil, ben.Token).MustStatus(t, http.StatusOK).Body)
	if !strings.Contains(benFile, "Registration 1,Your role,partner") || strings.Contains(benFile, anna.Email) {
		t.Fatalf("ben's download:\n%s", benFile)
	}
	// Staff and strangers get none.
	s.Admin(http.MethodGet, "/api/registration/my-data.csv", nil).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodGet, "/api/registration/my-data.csv", nil, "").MustStatus(t, http.StatusUnauthorized)
}

func TestAthleteDeletesTheirAccount(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r, anna, ben, regID, teamID := confirmedTeam(t, s)
	del := func(password string) *stacktest.Response {
		return s.Do(http.MethodPost, "/api/athlete/account/delete", apitest.Obj{"password": password}, anna.Token)
	}
	apitest.WantError(t, del("not-annas-passphrase"), http.StatusBadRequest, "password", "The password is not right: your account was not deleted.")
	apitest.WantError(t, del(""), http.StatusBadRequest, "password", "Please enter your password to delete your account.")
	s.Do(http.MethodPost, "/api/athlete/account/delete", apitest.Obj{"password": stacktest.AthletePassword}, ben.Token).MustStatus(t, http.StatusOK)
	s.Do(http.MethodGet, "/api/athlete/profile", nil, ben.Token).MustStatus(t, http.StatusUnauthorized)
	s.Do(http.MethodGet, "/api/athlete/profile", nil, anna.Token).MustStatus(t, http.StatusOK)

	del(stacktest.AthletePassword).MustStatus(t, http.StatusOK)
	// Her sessions end and her address signs in no more.
	s.Do(http.MethodGet, "/api/registration/mine", nil, anna.Token).MustStatus(t, http.StatusUnauthorized)
	s.Do(http.MethodPost, "/api/athlete/sign-in", apitest.Obj{"email": anna.Email, "password": stacktest.AthletePassword}, "").
		MustStatus(t, http.StatusUnauthorized)

	// The team stays with its results; its athletes are "Former athlete".
	poll.Until(t, 30*time.Second, "the names erased", func() bool {
		teams := apitest.DecodeList(t, s.Admin(http.MethodGet, "/api/teams/by-division/"+r.divisionID, nil).MustStatus(t, http.StatusOK))
		return len(teams) == 1 && teams[0]["athlete1Name"] == "Former athlete" && teams[0]["athlete2Name"] == "Former athlete"
	})
	view := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/registrations", nil).MustStatus(t, http.StatusOK))
	reg := view["registrations"].([]any)[0].(apitest.Obj)
	if reg["id"] != regID || reg["teamId"] != teamID || reg["captainName"] != "Former athlete" || reg["partnerEmail"] != "" {
		t.Fatalf("registration after the deletions: %v", reg)
	}
	if n := s.Rows(t, "competition.registrations", "captain_email <> '' OR partner_email <> ''"); n != 0 {
		t.Fatalf("%d registrations still hold an address", n)
	}
	if n := s.Rows(t, "auth.users", "lower(email) = lower($1)", anna.Email); n != 0 {
		t.Fatal("the account is still there")
	}
	// Done once results-svc, which reads the erasure feed after competition-svc, applied both.
	poll.Until(t, 30*time.Second, "both erasures done", func() bool {
		return s.Rows(t, "auth.athlete_erasures", "done_at IS NOT NULL") == 2
	})
	// A cursor set back (a restored backup) applies the feed again and changes nothing more.
	s.WithDB(t, func(ctx context.Context, conn *pgx.Conn) error {
		_, err := conn.Exec(ctx, `UPDATE competition.feed_cursors SET seq = 0`)
		return err
	})
	poll.Until(t, 30*time.Second, "the feed applied again", func() bool {
		return s.Rows(t, "competition.feed_cursors", "seq > 0") == 1
	})
	teams := apitest.DecodeList(t, s.Admin(http.MethodGet, "/api/teams/by-division/"+r.divisionID, nil).MustStatus(t, http.StatusOK))
	if len(teams) != 1 || teams[0]["athlete1Name"] != "Former athlete" || teams[0]["athlete2Name"] != "Former athlete" {
		t.Fatalf("the team after the feed was applied again: %v", teams)
	}
	if n := s.Rows(t, "auth.athlete_erasures", "done_at IS NOT NULL AND email = '' AND name = ''"); n != 2 {
		t.Fatalf("%d erasures done after the feed was applied again", n)
	}
	// The address is free: it signs up anew.
	s.Do(http.MethodPost, "/api/athlete/sign-up", apitest.Obj{"email": anna.Email, "password": "anna-starts-over-again",
		"firstName": "Anna", "lastName": "Adler"}, "").MustStatus(t, http.StatusOK)
	if n := s.Rows(t, "auth.pending_signups", "lower(email) = lower($1)", anna.Email); n != 1 {
		t.Fatal("the freed address did not sign up anew")
	}
}

// TestDeletedAthleteLeavesNoInvitationBehind: an athlete whose team is invited to the final
// deletes their account: the invitation, its activity and the organisers' Invitations page keep
// the team but name them "Former athlete", and the mails to their address are gone.
func TestDeletedAthleteLeavesNoInvitationBehind(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	fx := newFinalFixture(t, s)
	base := "/api/events/" + fx.qualifier.ID + "/final"
	s.Admin(http.MethodPut, base, apitest.Obj{"finalEventId": fx.final.ID}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, base+"/invitations", apitest.Obj{"divisionId": fx.qDivision, "top": 3}).MustStatus(t, http.StatusOK)
	gone := fx.teams[0].captain
	const name = "Cap1 Final"
	if n := s.Rows(t, "competition.final_invitations", "lower(captain_email) = lower($1)", gone.Email); n != 1 {
		t.Fatalf("%d invitations name the captain", n)
	}

	s.Do(http.MethodPost, "/api/athlete/account/delete", apitest.Obj{"password": stacktest.AthletePassword}, gone.Token).MustStatus(t, http.StatusOK)
	poll.Until(t, 30*time.Second, "the erasure done", func() bool {
		return s.Rows(t, "auth.athlete_erasures", "done_at IS NOT NULL") == 1
	})
	if n := s.Rows(t, "competition.final_invitations", "captain_name = 'Former athlete' AND captain_email = ''"); n != 1 {
		t.Fatalf("%d invitations erased", n)
	}
	if n := s.Rows(t, "competition.mail_outbox", "lower(to_address) = lower($1) OR strpos(body_text, $2) > 0", gone.Email, name); n != 0 {
		t.Fatalf("%d mails still to or about the deleted athlete", n)
	}
	for _, path := range []string{base, "/api/events/" + fx.qualifier.ID + "/activity", "/api/events/" + fx.final.ID + "/activity"} {
		body := strings.ToLower(string(s.Admin(http.MethodGet, path, nil).MustStatus(t, http.StatusOK).Body))
		if strings.Contains(body, strings.ToLower(gone.Email)) || strings.Contains(body, strings.ToLower(name)) {
			t.Errorf("GET %s still names the deleted athlete: %s", path, body)
		}
	}
}
