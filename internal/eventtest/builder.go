package eventtest

import (
	"net/http"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// bulkLimit is how many teams one bulk request carries: a large division goes in several, so
// no single request (and transaction) grows with the fixture.
const bulkLimit = 100

// Builder creates events through one gateway with one session.
type Builder struct {
	f   Failer
	api API
}

// New returns a builder that reports failed calls to f.
func New(f Failer, api API) *Builder { return &Builder{f: f, api: api} }

// Event is an event being built: what was created, in creation order, and by name.
type Event struct {
	ID        string
	Divisions []*competitionv1.Division
	Teams     []*competitionv1.Team
	Workouts  []*competitionv1.Workout

	b         *Builder
	divisions map[string]*competitionv1.Division
	teams     map[string]*competitionv1.Team // by name and by "division/name"
	workouts  map[string]*competitionv1.Workout
	results   map[string]*resultsv1.Result // by "team/workout"
}

// Event creates an event from fields (name, dateFrom, dateTo, status, detailsVisible, …).
func (b *Builder) Event(fields Fields) *Event {
	b.f.Helper()
	created := &competitionv1.Event{}
	Decode(b.f, call(b.f, b.api, http.MethodPost, "/api/events", fields), created)
	return &Event{ID: created.GetId(), b: b, divisions: map[string]*competitionv1.Division{},
		teams: map[string]*competitionv1.Team{}, workouts: map[string]*competitionv1.Workout{}, results: map[string]*resultsv1.Result{}}
}

// Transition moves the event on: "publish" or "start".
func (e *Event) Transition(action string) {
	e.b.f.Helper()
	call(e.b.f, e.b.api, http.MethodPost, "/api/events/"+e.ID+"/"+action, nil)
}

// Named is teams with names only.
func Named(names ...string) []*competitionv1.NewTeam {
	out := make([]*competitionv1.NewTeam, len(names))
	for i, n := range names {
		out[i] = &competitionv1.NewTeam{Name: n}
	}
	return out
}

// WithAthletes is teams whose athletes are "<name> One" and "<name> Two".
func WithAthletes(names ...string) []*competitionv1.NewTeam {
	out := Named(names...)
	for _, t := range out {
		t.Athlete1Name, t.Athlete2Name = t.Name+" One", t.Name+" Two"
	}
	return out
}

// Division creates a division (description may be empty) and its teams.
func (e *Event) Division(name, description string, teams ...*competitionv1.NewTeam) *competitionv1.Division {
	e.b.f.Helper()
	return e.DivisionOf(name, description, nil, teams...)
}

// DivisionOf is Division with a roster rule (docs/rosters.md): roster is its JSON
// ({"teamSize": 1}); nil is pairs.
func (e *Event) DivisionOf(name, description string, roster Fields, teams ...*competitionv1.NewTeam) *competitionv1.Division {
	e.b.f.Helper()
	body := Fields{"name": name, "eventId": e.ID}
	if description != "" {
		body["description"] = description
	}
	if roster != nil {
		body["roster"] = roster
	}
	d := &competitionv1.Division{}
	Decode(e.b.f, call(e.b.f, e.b.api, http.MethodPost, "/api/divisions", body), d)
	e.Divisions = append(e.Divisions, d)
	e.divisions[name] = d
	e.AddTeams(d, teams...)
	return d
}

// AddTeams creates teams in a division, in bulk requests of at most bulkLimit.
func (e *Event) AddTeams(d *competitionv1.Division, teams ...*competitionv1.NewTeam) []*competitionv1.Team {
	e.b.f.Helper()
	var created []*competitionv1.Team
	for start := 0; start < len(teams); start += bulkLimit {
		batch := teams[start:min(start+bulkLimit, len(teams))]
		rows := make([]Fields, len(batch))
		for i, t := range batch {
			rows[i] = Fields{"name": t.GetName(), "athlete1Name": t.GetAthlete1Name(), "athlete2Name": t.GetAthlete2Name()}
			if len(t.GetAthletes()) > 0 {
				places := make([]Fields, len(t.GetAthletes()))
				for j, a := range t.GetAthletes() {
					places[j] = Fields{"name": a.GetName(), "category": a.GetCategory(), "birthDate": a.GetBirthDate(),
						"substitute": a.GetSubstitute(), "captain": a.GetCaptain()}
				}
				rows[i]["athletes"] = places
			}
		}
		raw := call(e.b.f, e.b.api, http.MethodPost, "/api/teams/bulk", Fields{"eventId": e.ID, "divisionId": d.GetId(), "teams": rows})
		got := DecodeList(e.b.f, raw, func() *competitionv1.Team { return &competitionv1.Team{} })
		if len(got) != len(batch) {
			e.b.f.Fatalf("eventtest: created %d teams, want %d", len(got), len(batch))
		}
		created = append(created, got...)
	}
	for _, t := range created {
		e.teams[t.GetName()] = t
		e.teams[d.GetName()+"/"+t.GetName()] = t
	}
	e.Teams = append(e.Teams, created...)
	return created
}

// WorkoutFields is the body of a workout; the cap and the order are left out when 0.
func WorkoutFields(name, scoreType string, capSeconds, order int) Fields {
	body := Fields{"name": name, "scoreType": scoreType}
	if capSeconds > 0 {
		body["timeCapSeconds"] = capSeconds
	}
	if order > 0 {
		body["workoutOrder"] = order
	}
	return body
}

// Workout creates a workout from fields (name, scoreType, timeCapSeconds, workoutOrder, …).
func (e *Event) Workout(fields Fields) *competitionv1.Workout {
	e.b.f.Helper()
	w := &competitionv1.Workout{}
	Decode(e.b.f, call(e.b.f, e.b.api, http.MethodPost, "/api/events/"+e.ID+"/workouts", fields), w)
	e.Workouts = append(e.Workouts, w)
	e.workouts[w.GetName()] = w
	return w
}

// Result enters one result of a team (by name, or "division/name") in a workout (by name);
// fields are the rest of the body (resultValue, status, cappedReps, …).
func (e *Event) Result(team, workout string, fields Fields) *resultsv1.Result {
	e.b.f.Helper()
	body := Fields{"teamId": e.TeamID(team), "workoutId": e.WorkoutID(workout)}
	for k, v := range fields {
		body[k] = v
	}
	r := &resultsv1.Result{}
	Decode(e.b.f, call(e.b.f, e.b.api, http.MethodPost, "/api/results", body), r)
	e.results[team+"/"+workout] = r
	return r
}

// Results saves rows (teamId, workoutId, resultValue, …) in one batch.
func (e *Event) Results(rows ...Fields) []*resultsv1.Result {
	e.b.f.Helper()
	out := &resultsv1.BatchSaveResultsResponse{}
	Decode(e.b.f, call(e.b.f, e.b.api, http.MethodPost, "/api/results/batch", Fields{"results": rows}), out)
	return out.GetResults()
}

// Publish publishes saved results (rows without an id, not_started, are left out) and returns
// how many changed.
func (e *Event) Publish(results ...*resultsv1.Result) int32 {
	e.b.f.Helper()
	ids := []string{}
	for _, r := range results {
		if r.GetId() != nil {
			ids = append(ids, r.GetId().GetValue())
		}
	}
	out := &resultsv1.PublicationResponse{}
	Decode(e.b.f, call(e.b.f, e.b.api, http.MethodPost, "/api/results/publication/publish", Fields{"resultIds": ids}), out)
	return out.GetUpdatedCount()
}

// DivisionID is the id of the division created with name.
func (e *Event) DivisionID(name string) string { return must(e, "division", name, e.divisions).GetId() }

// TeamID is the id of the team created with name (or "division/name" when names repeat).
func (e *Event) TeamID(name string) string { return must(e, "team", name, e.teams).GetId() }

// WorkoutID is the id of the workout created with name.
func (e *Event) WorkoutID(name string) string { return must(e, "workout", name, e.workouts).GetId() }

// Saved is the result Result entered for team in workout.
func (e *Event) Saved(team, workout string) *resultsv1.Result {
	return must(e, "result", team+"/"+workout, e.results)
}

// ResultID is the id of Saved(team, workout).
func (e *Event) ResultID(team, workout string) string {
	return e.Saved(team, workout).GetId().GetValue()
}

func must[V any](e *Event, kind, name string, m map[string]V) V {
	e.b.f.Helper()
	v, ok := m[name]
	if !ok {
		e.b.f.Fatalf("eventtest: no %s %q in event %s", kind, name, e.ID)
	}
	return v
}
