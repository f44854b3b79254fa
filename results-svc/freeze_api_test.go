package resultssvc_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// TestLeaderboardFreeze: the organiser freezes an online event's public board (docs/qualifiers.md,
// "The leaderboard freeze"); a score published meanwhile stays off the board until the unfreeze,
// which shows it at once. Only the organiser may, only on an online event, once at a time.
func TestLeaderboardFreeze(t *testing.T) {
	t.Parallel()
	release := time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
	s := stacktest.Start(t)
	q := newQualifier(t, s, release, release.Add(48*time.Hour))
	anna, _ := q.team(t, "Alpha")
	bea, _ := q.team(t, "Bravo")
	publish := func(team string) {
		t.Helper()
		s.Admin(http.MethodPost, "/api/results/publication/publish", map[string]any{"resultIds": []string{resultIDOf(t, s, q.workoutID, team)}}).
			MustStatus(t, http.StatusOK)
	}
	submit := func(a stacktest.Athlete, seconds int, video string) string {
		t.Helper()
		var sub struct{ TeamID string }
		q.submit(a, map[string]any{"resultValue": seconds, "videoUrl": video}).MustStatus(t, http.StatusOK).Decode(t, &sub)
		return sub.TeamID
	}
	boardPath := "/api/public/events/" + q.ev.ID + "/divisions/" + q.divisionID + "/leaderboard"
	board := func() (*publicv1.DivisionLeaderboard, map[string]string) {
		b := &publicv1.DivisionLeaderboard{}
		s.Do(http.MethodGet, boardPath, nil, "").MustStatus(t, http.StatusOK).Decode(t, b)
		cells := map[string]string{}
		for _, st := range b.GetStandings() {
			cells[st.GetTeamName()] = st.GetWorkoutResults()[0].GetResult()
		}
		return b, cells
	}

	publish(submit(anna, 245, "https://vimeo.com/1"))
	poll.Until(t, 10*time.Second, "Alpha's published score on the board", func() bool {
		_, cells := board()
		return cells["Alpha"] == "4:05"
	})

	organiser, judge := grantedUser(t, s, q.ev.ID, "org-olga", "organiser"), grantedUser(t, s, q.ev.ID, "judge-jo", "scorer")
	freezePath := "/api/events/" + q.ev.ID + "/leaderboard/freeze"
	unfreezePath := "/api/events/" + q.ev.ID + "/leaderboard/unfreeze"
	s.Do(http.MethodPost, freezePath, nil, judge).MustStatus(t, http.StatusForbidden)
	var state struct {
		Frozen             bool
		FrozenAt, FrozenBy string
	}
	s.Do(http.MethodGet, freezePath, nil, judge).MustStatus(t, http.StatusOK).Decode(t, &state)
	if state.Frozen {
		t.Fatal("a board nobody froze says it is frozen")
	}
	wantFieldError(t, s.Do(http.MethodPost, unfreezePath, nil, organiser), http.StatusConflict, "frozen", "The leaderboard is not frozen")

	s.Do(http.MethodPost, freezePath, nil, organiser).MustStatus(t, http.StatusOK).Decode(t, &state)
	if !state.Frozen || state.FrozenBy != "org-olga" || state.FrozenAt == "" {
		t.Fatalf("after the freeze: %+v", state)
	}
	wantFieldError(t, s.Do(http.MethodPost, freezePath, nil, organiser), http.StatusConflict, "frozen", "The leaderboard is frozen already")
	poll.Until(t, 10*time.Second, "the board saying it is frozen", func() bool {
		b, _ := board()
		return b.GetEvent().GetFrozen()
	})

	// Underneath, judging and publishing go on.
	publish(submit(bea, 230, "https://vimeo.com/2"))
	for range 2 { // at the publication's version, and again once the gateway's copy (1 s) is gone
		b, cells := board()
		if cells["Bravo"] != "" || cells["Alpha"] != "4:05" || b.GetStandings()[0].GetTeamName() != "Alpha" || !b.GetEvent().GetFrozen() {
			t.Fatalf("the frozen board changed: %v", cells)
		}
		time.Sleep(1100 * time.Millisecond)
	}
	// The organiser's own preview shows the results as they are.
	preview := &publicv1.DivisionLeaderboard{}
	s.Do(http.MethodGet, boardPath+"?includeUnpublished=true", nil, organiser).MustStatus(t, http.StatusOK).Decode(t, preview)
	if preview.GetEvent().GetFrozen() || preview.GetStandings()[0].GetTeamName() != "Bravo" {
		t.Fatalf("the organiser's preview: %v", preview.GetStandings())
	}

	s.Do(http.MethodPost, unfreezePath, nil, judge).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodPost, unfreezePath, nil, organiser).MustStatus(t, http.StatusOK).Decode(t, &state)
	if state.Frozen {
		t.Fatalf("after the unfreeze: %+v", state)
	}
	poll.Until(t, 10*time.Second, "Bravo's score on the unfrozen board", func() bool {
		b, cells := board()
		return cells["Bravo"] == "3:50" && b.GetStandings()[0].GetTeamName() == "Bravo" && !b.GetEvent().GetFrozen()
	})
	wantFieldError(t, s.Do(http.MethodPost, unfreezePath, nil, organiser), http.StatusConflict, "frozen", "The leaderboard is not frozen")

	// Both are in the event's activity, with who.
	page := &activityv1.ActivityPage{}
	s.Admin(http.MethodGet, "/api/events/"+q.ev.ID+"/activity", nil).MustStatus(t, http.StatusOK).Decode(t, page)
	var actions []string
	for _, e := range page.GetEntries() {
		if e.GetEntity() == "event" && e.GetActor() == "org-olga" {
			actions = append(actions, e.GetAction())
		}
	}
	if len(actions) != 2 || actions[0] != "unfrozen" || actions[1] != "frozen" {
		t.Fatalf("the activity's freezes, newest first: %v", actions)
	}

	// An in-person event's board is not frozen.
	inPerson := s.Events(t).Event(eventtest.Fields{"name": "Gym Open", "dateFrom": "2026-03-01", "dateTo": "2026-03-01"})
	wantFieldError(t, s.Admin(http.MethodPost, "/api/events/"+inPerson.ID+"/leaderboard/freeze", nil), http.StatusConflict, "eventId",
		"Only an online event's leaderboard can be frozen")
}

// grantedUser creates an admin-console user with the role on the event and returns their token.
func grantedUser(t *testing.T, s *stacktest.Stack, eventID, username, role string) string {
	t.Helper()
	var u struct{ ID string }
	s.Admin(http.MethodPost, "/api/users", map[string]any{"username": username, "password": username + "-passphrase", "role": "scorer"}).
		MustStatus(t, http.StatusOK).Decode(t, &u)
	s.Admin(http.MethodPut, "/api/events/"+eventID+"/access/"+u.ID, map[string]any{"role": role}).MustStatus(t, http.StatusOK)
	return s.Login(username, username+"-passphrase")
}
