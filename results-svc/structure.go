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
	// dateFrom is the event's first day (YYYY-MM-DD): the day of a board's age bands.
	dateFrom string
	// format (in_person, online) and timeZone: an online event's (docs/qualifiers.md).
	format, timeZone string
	// showUnreviewed: the organiser's leaderboard option (docs/qualifiers.md).
	showUnreviewed bool
	// draft: the event is a Draft, which athletes may not see (docs/access.md).
	draft bool
	// rules are the event's scoring rules (table, ties, overall tie-break: docs/scoring.md);
	// each workout's weight is on the workout.
	rules scoring.Rules
	// divisionRules are the rules of the divisions with their own table or workout ties.
	divisionRules map[string]scoring.Rules
	teams         map[string]*competitionv1.Team
	workouts      map[string]*competitionv1.Workout
	divisions     map[string]*competitionv1.Division
	// divisionTeams lists each division's teams by name (then id).
	divisionTeams map[string][]*competitionv1.Team
	// orderedWorkouts is by workoutOrder (no order last), then name; orderedDivisions by name.
	orderedWorkouts  []*competitionv1.Workout
	orderedDivisions []*competitionv1.Division
	// parts are the multi-part workouts (parts.go); parts.scored the workouts with points.
	parts parts
	// allTeams is every team of the event by name.
	allTeams []*competitionv1.Team
}

func newStructure(es *competitionv1.EventStructure) (*structure, error) {
	ev := es.GetEvent()
	if ev == nil {
		return nil, fmt.Errorf("event structure without event")
	}
	wp := newParts(ev.GetWorkouts())
	rules, err := scoringRules(ev, wp.scored)
	if err != nil {
		return nil, fmt.Errorf("event %s: %w", ev.GetId(), err)
	}
	st := &structure{
		eventID:        ev.GetId(),
		eventName:      ev.GetName(),
		dateFrom:       ev.GetDateFrom(),
		format:         ev.GetFormat(),
		timeZone:       ev.GetTimeZone(),
		showUnreviewed: ev.GetShowUnreviewed(),
		draft:          ev.GetStatus() == typesv1.EventStatus_DRAFT,
		rules:          rules,
		parts:          wp,
		teams:          make(map[string]*competitionv1.Team, len(es.GetTeams())),
		workouts:       make(map[string]*competitionv1.Workout, len(ev.GetWorkouts())),
		divisions:      make(map[string]*competitionv1.Division, len(ev.GetDivisions())),
		divisionTeams:  make(map[string][]*competitionv1.Team, len(ev.GetDivisions())),
	}
	// The structure comes in its orders (competition-svc owns them; docs/architecture.md).
	st.orderedWorkouts, st.orderedDivisions, st.allTeams = ev.GetWorkouts(), ev.GetDivisions(), es.GetTeams()
	for _, w := range st.orderedWorkouts {
		st.workouts[w.GetId()] = w
	}
	st.divisionRules = map[string]scoring.Rules{}
	for _, d := range st.orderedDivisions {
		st.divisions[d.GetId()] = d
		if d.GetScoringTable() == "" && d.GetWorkoutTies() == "" {
			continue
		}
		r, err := divisionRules(rules, d)
		if err != nil {
			return nil, fmt.Errorf("division %s: %w", d.GetId(), err)
		}
		st.divisionRules[d.GetId()] = r
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
// the overall tie-break workout's index among the workouts with points (the order Standings
// gets them in).
func scoringRules(ev *competitionv1.Event, scored []*competitionv1.Workout) (scoring.Rules, error) {
	table, err := scoring.NewTable(ev.GetScoringTable(), ev.GetCustomPoints())
	if err != nil {
		return scoring.Rules{}, err
	}
	r := scoring.Rules{Table: table}
	sr := ev.GetScoringRules()
	r.Ties = workoutTies(sr.GetWorkoutTies())
	overall, _ := words.Parse[typesv1.OverallTieBreak](sr.GetOverallTieBreak())
	switch overall {
	case typesv1.OverallTieBreak_shared:
		r.Overall = scoring.TieBreakNone
	case typesv1.OverallTieBreak_by_workout:
		r.Overall, r.OverallWorkout = scoring.TieBreakByWorkout, -1 // no such workout: shared
		for i, w := range scored {
			if w.GetId() == sr.GetOverallWorkoutId() {
				r.OverallWorkout = i
			}
		}
	}
	return r, nil
}

// divisionRules are the event's rules with a division's own table and workout ties.
func divisionRules(event scoring.Rules, d *competitionv1.Division) (scoring.Rules, error) {
	r := event
	if d.GetScoringTable() != "" {
		table, err := scoring.NewTable(d.GetScoringTable(), nil)
		if err != nil {
			return scoring.Rules{}, err
		}
		r.Table = table
	}
	if d.GetWorkoutTies() != "" {
		r.Ties = workoutTies(d.GetWorkoutTies())
	}
	return r, nil
}

// rulesFor are the rules a division is scored by: its own, or the event's.
func (st *structure) rulesFor(divisionID string) scoring.Rules {
	if r, ok := st.divisionRules[divisionID]; ok {
		return r
	}
	return st.rules
}

// workoutTies reads the contract's word; unknown or empty is the default.
func workoutTies(word string) scoring.WorkoutTies {
	ties, _ := words.Parse[typesv1.WorkoutTies](word)
	switch ties {
	case typesv1.WorkoutTies_average_points:
		return scoring.TiesAveragePoints
	case typesv1.WorkoutTies_tie_stand:
		return scoring.TiesStand
	}
	return scoring.TiesShareBetterPlace
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

// showsUnreviewed: the public board of this online event shows submitted scores at once,
// marked unreviewed (docs/qualifiers.md, "The online leaderboard").
func (st *structure) showsUnreviewed() bool {
	return st.format == "online" && st.showUnreviewed
}
