package publicsvc_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/poll"
)

// An online qualifier's public pages say it is online and give each workout's release and
// deadline in the event's zone (docs/qualifiers.md, "Before the release"); a workout not
// released yet is there by number and times alone, never by name, description or id.
func TestOnlineQualifierPagesShowTheWindows(t *testing.T) {
	t.Parallel()
	release := time.Date(2026, 3, 12, 17, 0, 0, 0, time.UTC)
	clock := stacktest.NewClock(release.Add(-time.Hour))
	s := stacktest.StartWith(t, stacktest.Options{Now: clock.Now})
	ev := s.Events(t).Event(eventtest.Fields{"name": "Online Open", "dateFrom": "2026-03-01", "dateTo": "2026-03-31", "detailsVisible": true})
	rx := ev.Division("Rx", "", eventtest.Named("Alpha")...)
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1))
	secret := ev.Workout(eventtest.Fields{"name": "Mystery Chipper", "description": "Sealed movements: SEALED-MOVES",
		"scoreType": "REPS", "workoutOrder": 2})
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/online", map[string]any{"format": "online", "timeZone": "Europe/Paris",
		"workouts": []map[string]any{
			{"workoutId": fran.GetId(), "releaseAt": "2026-03-05T17:00:00Z", "submissionDeadline": "2026-03-09T17:00:00Z"},
			{"workoutId": secret.GetId(), "releaseAt": release.Format(time.RFC3339),
				"submissionDeadline": "2026-03-16T17:00:00Z"}}}).MustStatus(t, http.StatusOK)

	resp := s.Do(http.MethodGet, "/api/public/events/"+ev.ID, nil, "").MustStatus(t, http.StatusOK)
	for _, secret := range []string{"Mystery Chipper", "SEALED-MOVES", secret.GetId()} {
		if strings.Contains(string(resp.Body), secret) {
			t.Fatalf("the public event holds %q before the release: %s", secret, resp.Body)
		}
	}
	got := &publicv1.PublicEvent{}
	resp.Decode(t, got)
	if !got.GetOnline() || got.GetTimeZone() != "Europe/Paris" || len(got.GetWorkouts()) != 1 {
		t.Fatalf("event: %v", got)
	}
	if w := got.GetWorkouts()[0]; w.GetReleaseText() != "5 Mar 2026, 18:00 (Europe/Paris)" || w.GetDeadlineText() != "9 Mar 2026, 18:00 (Europe/Paris)" ||
		w.GetSubmissionDeadline() != "2026-03-09T17:00:00Z" {
		t.Errorf("Fran's window: %v", w)
	}
	if u := got.GetUpcomingWorkouts(); len(u) != 1 || u[0].GetNumber() != 2 || u[0].GetReleaseText() != "12 Mar 2026, 18:00 (Europe/Paris)" ||
		u[0].GetDeadlineText() != "16 Mar 2026, 18:00 (Europe/Paris)" {
		t.Errorf("upcoming: %v", u)
	}
	board := &publicv1.WorkoutLeaderboard{}
	s.Do(http.MethodGet, "/api/public/events/"+ev.ID+"/divisions/"+rx.GetId()+"/workouts/"+fran.GetId()+"/leaderboard", nil, "").
		MustStatus(t, http.StatusOK).Decode(t, board)
	if w := board.GetWorkout(); w.GetReleaseText() != "5 Mar 2026, 18:00 (Europe/Paris)" || w.GetDeadlineText() != "9 Mar 2026, 18:00 (Europe/Paris)" {
		t.Errorf("the workout page: %v", w)
	}

	// Released, it is a workout like the others, with its window; nothing is upcoming (the
	// gateway builds the page again within its second).
	clock.Set(release)
	poll.Until(t, 10*time.Second, "the released workout on the event page", func() bool {
		s.Do(http.MethodGet, "/api/public/events/"+ev.ID, nil, "").MustStatus(t, http.StatusOK).Decode(t, got)
		return len(got.GetWorkouts()) == 2
	})
	if got.GetWorkouts()[1].GetName() != "Mystery Chipper" || len(got.GetUpcomingWorkouts()) != 0 ||
		got.GetWorkouts()[1].GetReleaseText() != "12 Mar 2026, 18:00 (Europe/Paris)" {
		t.Errorf("released: %v", got)
	}
}
