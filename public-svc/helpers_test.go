package publicsvc_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/stacktest"
)

// world is an event built through the admin API of a running stack (eventtest), with the
// public reads the tests make of it.
type world struct {
	*eventtest.Event
	t *testing.T
	s *stacktest.Stack
}

// newWorld creates an event from fields (name, status, dateFrom, …).
func newWorld(t *testing.T, s *stacktest.Stack, fields eventtest.Fields) *world {
	t.Helper()
	return &world{Event: s.Events(t).Event(fields), t: t, s: s}
}

// division creates a division described as "<name> division" whose teams' athletes are
// "<team> One" and "<team> Two", and returns its id.
func (w *world) division(name string, teams ...string) string {
	w.t.Helper()
	return w.Division(name, name+" division", eventtest.WithAthletes(teams...)...).GetId()
}

// save enters a result (fields: resultValue, status, cappedReps) and publishes it unless
// told not to.
func (w *world) save(team, workout string, fields eventtest.Fields, publish bool) {
	w.t.Helper()
	r := w.Result(team, workout, fields)
	if publish {
		w.Publish(r)
	}
}

// get is an anonymous GET that must answer 200; the body is decoded into out.
func (w *world) get(path string, out any) *stacktest.Response {
	w.t.Helper()
	r := w.s.Do(http.MethodGet, path, nil, "").MustStatus(w.t, http.StatusOK)
	if out != nil {
		r.Decode(w.t, out)
	}
	return r
}

// notFound checks an anonymous GET answers 404 with message.
func (w *world) notFound(path, message string) {
	w.t.Helper()
	r := w.s.Do(http.MethodGet, path, nil, "")
	if r.Status != http.StatusNotFound || r.Message() != message {
		w.t.Errorf("GET %s: %d %s, want 404 %q", path, r.Status, r.Body, message)
	}
}

// ---- response shapes -------------------------------------------------------

type publicEvent struct {
	ID, Name, Status, StatusLabel, DateFrom, DateTo, DateRange, Location, Description string
	DetailsVisible                                                                    bool
	Workouts                                                                          []struct {
		ID, Name, Description, ScoreType, ScoreTypeLabel, Type string
		TimeCapSeconds, WorkoutOrder, OrderIndex               *int
		HasResults                                             bool
	}
}

type lbEvent struct {
	ID, Name, StartDate, EndDate string
	OverallProgress              float64
	DetailsVisible               bool
}

type eventLeaderboard struct {
	Event     lbEvent
	Divisions []struct {
		ID, Name, Description, Status string
		TeamCount                     int
		OverallCompletionPercentage   float64
		Workouts                      []struct {
			ID, Name             string
			CompletionPercentage float64
		}
	}
	Teams []struct {
		ID, Name, DivisionID, DivisionName string
		OverallRank                        *int
		TotalPoints                        *float64
		ResultsEntered, TotalWorkouts      int
	}
	LastUpdated string
}

type workoutResult struct {
	WorkoutID, Result, Status string
	RawResult, Points         *float64
	Rank                      *int
}

type divisionLeaderboard struct {
	Event    lbEvent
	Division struct{ ID, Name, Description string }
	Workouts []struct {
		ID, Name, Type, ScoreType string
		OrderIndex                *int
	}
	Standings []struct {
		TeamID, TeamName, Athlete1Name, Athlete2Name string
		Rank                                         *int
		TotalPoints                                  *float64
		WorkoutResults                               []workoutResult
	}
	LastUpdated        string
	IncludeUnpublished bool
}

type workoutLeaderboard struct {
	Event    lbEvent
	Division struct{ ID, Name string }
	Workout  struct {
		ID, Name, ScoringType string
		TimeCap, OrderIndex   *int
	}
	Results []struct {
		Rank, DisplayRank                            *int
		TeamID, TeamName, Athlete1Name, Athlete2Name string
		Result, Status                               string
		RawResult                                    *float64
		Points                                       float64
		IsPlaceholder                                bool
	}
	Workouts           []struct{ ID, Name string }
	LastUpdated        string
	IncludeUnpublished bool
}

type teamDetails struct {
	Team            struct{ ID, Name, Athlete1Name, Athlete2Name string }
	Division        struct{ ID, Name string }
	Event           lbEvent
	OverallRank     *int
	TotalPoints     *float64
	DivisionStats   struct{ TotalTeams int }
	CompletionStats struct {
		WorkoutsCompleted, TotalWorkouts int
		CompletionPercentage             float64
	}
	WorkoutResults []struct {
		Workout struct {
			ID, Name   string
			OrderIndex *int
		}
		Status, Result string
		RawResult      *float64
		Rank           *int
		Points         *float64
	}
	LastUpdated string
}

type bookmarkSummary struct {
	ID, Name    string
	Division    struct{ ID, Name string }
	Event       struct{ ID, Name string }
	OverallRank *int
	TotalPoints *float64
}

func iv(p *int) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

func fv(p *float64) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

// standingsText renders a division leaderboard compactly: team rank total [status result
// rank points per workout].
func standingsText(lb divisionLeaderboard) string {
	var rows []string
	for _, s := range lb.Standings {
		var cells []string
		for _, r := range s.WorkoutResults {
			cells = append(cells, fmt.Sprintf("%s %s %s %s", r.Status, r.Result, iv(r.Rank), fv(r.Points)))
		}
		rows = append(rows, fmt.Sprintf("%s %s %s [%s]", s.TeamName, iv(s.Rank), fv(s.TotalPoints), strings.Join(cells, "; ")))
	}
	return strings.Join(rows, "\n")
}
