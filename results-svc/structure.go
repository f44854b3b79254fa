package resultssvc

import (
	"fmt"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/words"
	"github.com/podium-dev/podium/results-svc/scoring"
	"github.com/podium-dev/podium/results-svc/store"
)

// structure indexes an event's structure from competition-svc.
type structure struct {
	eventID   string
	eventName string
	// format (in_person, online) and timeZone: an online event's (docs/qualifiers.md).
	format, timeZone string
	// rules are the event's scoring rules (table, ties, overall tie-break: docs/scoring.md);
	// each workout's weight is on the workout.
	rules     scoring.Rules
	teams     map[string]*competitionv1.Team
	workouts  map[string]*competitionv1.Workout
	divisions map[string]*competitionv1.Division
	// divisionTeams lists each division's teams by name (then id).
	divisionTeams map[string][]*competitionv1.Team
	// orderedWorkouts is by workoutOrder (no order last), then name; orderedDivisions by name.
	orderedWorkouts  []*competitionv1.Workout
	orderedDivisions []*competitionv1.Division
	// allTeams is every team of the event by name.
	allTeams []*competitionv1.Team
}

func newStructure(es *competitionv1.EventStructure) (*structure, error) {
	ev := es.GetEvent()
	if ev == nil {
		return nil, fmt.Errorf("event structure without event")
	}
	rules, err := scoringRules(ev)
	if err != nil {
		return nil, fmt.Errorf("event %s: %w", ev.GetId(), err)
	}
	st := &structure{
		eventID:       ev.GetId(),
		eventName:     ev.GetName(),
		format:        ev.GetFormat(),
		timeZone:      ev.GetTimeZone(),
		rules:         rules,
		teams:         make(map[string]*competitionv1.Team, len(es.GetTeams())),
		workouts:      make(map[string]*competitionv1.Workout, len(ev.GetWorkouts())),
		divisions:     make(map[string]*competitionv1.Division, len(ev.GetDivisions())),
		divisionTeams: make(map[string][]*competitionv1.Team, len(ev.GetDivisions())),
	}
	// The structure comes in its orders (competition-svc owns them; docs/architecture.md).
	st.orderedWorkouts, st.orderedDivisions, st.allTeams = ev.GetWorkouts(), ev.GetDivisions(), es.GetTeams()
	for _, w := range st.orderedWorkouts {
		st.workouts[w.GetId()] = w
	}
	for _, d := range st.orderedDivisions {
		st.divisions[d.GetId()] = d
	}
	for _, t := range st.allTeams {
		st.teams[t.GetId()] = t
	}
	for _, t := range st.allTeams {
		st.divisionTeams[t.GetDivisionId()] = append(st.divisionTeams[t.GetDivisionId()], t)
	}
	return st, nil
}

// scoringRules reads the event's scoring as the engine takes it: its table, its tie rules and
// the overall tie-break workout's index in workout order (the order Standings gets them in).
func scoringRules(ev *competitionv1.Event) (scoring.Rules, error) {
	table, err := scoring.NewTable(ev.GetScoringTable(), ev.GetCustomPoints())
	if err != nil {
		return scoring.Rules{}, err
	}
	r := scoring.Rules{Table: table}
	sr := ev.GetScoringRules()
	ties, _ := words.Parse[typesv1.WorkoutTies](sr.GetWorkoutTies()) // unknown or empty: the default
	switch ties {
	case typesv1.WorkoutTies_average_points:
		r.Ties = scoring.TiesAveragePoints
	case typesv1.WorkoutTies_tie_stand:
		r.Ties = scoring.TiesStand
	}
	overall, _ := words.Parse[typesv1.OverallTieBreak](sr.GetOverallTieBreak())
	switch overall {
	case typesv1.OverallTieBreak_shared:
		r.Overall = scoring.TieBreakNone
	case typesv1.OverallTieBreak_by_workout:
		r.Overall, r.OverallWorkout = scoring.TieBreakByWorkout, -1 // no such workout: shared
		for i, w := range ev.GetWorkouts() {
			if w.GetId() == sr.GetOverallWorkoutId() {
				r.OverallWorkout = i
			}
		}
	}
	return r, nil
}

// teamIDs returns the ids of a division's teams.
func (st *structure) teamIDs(divisionID string) []string {
	teams := st.divisionTeams[divisionID]
	ids := make([]string, len(teams))
	for i, t := range teams {
		ids[i] = t.GetId()
	}
	return ids
}

// allCells is every workout × division of the event, plus the cells of teams whose division
// is not listed (so that they are locked and scored too).
func (st *structure) allCells() []store.Cell {
	divs := make([]string, 0, len(st.divisionTeams))
	for _, d := range st.orderedDivisions {
		divs = append(divs, d.GetId())
	}
	for d := range st.divisionTeams {
		if _, ok := st.divisions[d]; !ok {
			divs = append(divs, d)
		}
	}
	cells := make([]store.Cell, 0, len(divs)*len(st.orderedWorkouts))
	for _, w := range st.orderedWorkouts {
		for _, d := range divs {
			cells = append(cells, store.Cell{WorkoutID: w.GetId(), DivisionID: d})
		}
	}
	return cells
}
