package publicsvc_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/internal/stacktest"
)

// world builds events through the admin API of a running stack.
type world struct {
	t        *testing.T
	s        *stacktest.Stack
	event    string
	division map[string]string // name → id
	workout  map[string]string
	team     map[string]string // name → id (team names are unique per world)
	result   map[string]string // "team/workout" → result id
}

func newWorld(t *testing.T, s *stacktest.Stack) *world {
	return &world{t: t, s: s, division: map[string]string{}, workout: map[string]string{}, team: map[string]string{}, result: map[string]string{}}
}

type idOnly struct{ ID string }

// createEvent creates an event with the given fields (name, status, dateFrom, …) and returns
// its id; the first one becomes the world's event.
func (w *world) createEvent(fields map[string]any) string {
	w.t.Helper()
	var e idOnly
	w.s.Admin(http.MethodPost, "/api/events", fields).MustStatus(w.t, http.StatusOK).Decode(w.t, &e)
	if w.event == "" {
		w.event = e.ID
	}
	return e.ID
}

func (w *world) addDivision(name string, teams ...string) string {
	w.t.Helper()
	var d idOnly
	w.s.Admin(http.MethodPost, "/api/divisions", map[string]any{"name": name, "eventId": w.event, "description": name + " division"}).
		MustStatus(w.t, http.StatusOK).Decode(w.t, &d)
	w.division[name] = d.ID
	if len(teams) == 0 {
		return d.ID
	}
	newTeams := make([]map[string]string, len(teams))
	for i, n := range teams {
		newTeams[i] = map[string]string{"name": n, "athlete1Name": n + " One", "athlete2Name": n + " Two"}
	}
	var created []struct{ ID, Name string }
	w.s.Admin(http.MethodPost, "/api/teams/bulk", map[string]any{"eventId": w.event, "divisionId": d.ID, "teams": newTeams}).
		MustStatus(w.t, http.StatusOK).Decode(w.t, &created)
	for _, c := range created {
		w.team[c.Name] = c.ID
	}
	return d.ID
}

func (w *world) addWorkout(name, scoreType string, capSeconds, order int) string {
	w.t.Helper()
	body := map[string]any{"name": name, "scoreType": scoreType, "workoutOrder": order, "description": "# " + name}
	if capSeconds > 0 {
		body["timeCapSeconds"] = capSeconds
	}
	var x idOnly
	w.s.Admin(http.MethodPost, "/api/events/"+w.event+"/workouts", body).MustStatus(w.t, http.StatusOK).Decode(w.t, &x)
	w.workout[name] = x.ID
	return x.ID
}

// save enters a result (fields: resultValue, status, cappedReps) and publishes it unless
// told not to.
func (w *world) save(team, workout string, fields map[string]any, publish bool) string {
	w.t.Helper()
	body := map[string]any{"teamId": w.team[team], "workoutId": w.workout[workout]}
	for k, v := range fields {
		body[k] = v
	}
	var r struct{ ID *string }
	w.s.Admin(http.MethodPost, "/api/results", body).MustStatus(w.t, http.StatusOK).Decode(w.t, &r)
	w.result[team+"/"+workout] = *r.ID
	if publish {
		w.publish(team + "/" + workout)
	}
	return *r.ID
}

func (w *world) publish(keys ...string) {
	w.t.Helper()
	ids := make([]string, len(keys))
	for i, k := range keys {
		ids[i] = w.result[k]
	}
	w.s.Admin(http.MethodPost, "/api/results/publication/publish", map[string]any{"resultIds": ids}).MustStatus(w.t, http.StatusOK)
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
