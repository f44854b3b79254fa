package publicsvc

import (
	"cmp"
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/words"
)

// The public views are built from an event's structure (competition-svc) and its standings
// (results-svc): this file indexes them (eventData) and holds the helpers every view uses;
// views_events.go, views_leaderboards.go and views_teams.go build the views. The functions are
// pure: no I/O, no clock.

// eventData indexes one event's structure and standings for the views.
type eventData struct {
	ev *competitionv1.Event
	// frozen: the standings are the ones kept at the board's freeze (docs/qualifiers.md).
	frozen bool
	// workouts, divisions and nameOrder keep the structure's orders (competition-svc owns them;
	// docs/architecture.md, "Where each rule lives"): workout order, and names.
	workouts []*competitionv1.Workout
	// held are the online workouts not released yet, by number and times alone (release.go).
	held      []*competitionv1.HeldWorkout
	divisions []*competitionv1.Division
	division  map[string]*competitionv1.Division
	team      map[string]*competitionv1.Team
	nameOrder map[string]int // a team's place in the structure's team list
	// ordered holds each division's teams in standings order: ranked best first, then teams
	// without a result, then withdrawn teams; teams the standings do not know come last,
	// by name.
	ordered  map[string][]*competitionv1.Team
	standing map[string]*resultsv1.TeamStanding
	placing  map[teamWorkout]*resultsv1.WorkoutPlacing
	// latestWorkout is each division's latest workout with a result (the standings'
	// previous ranks are before it), when it is still one of the event's workouts.
	latestWorkout map[string]string
	// entered counts the results shown per team, per workout and division, per division.
	enteredByTeam     map[string]int
	enteredByCell     map[divisionWorkout]int
	enteredByDivision map[string]int
	entered           int
	lastUpdated       string
	unpublished       bool
}

type teamWorkout struct{ team, workout string }
type divisionWorkout struct{ division, workout string }

// newEventData indexes an event. standings may be nil (no results known).
func newEventData(st *competitionv1.EventStructure, sd *resultsv1.EventStandings, includeUnpublished bool) *eventData {
	ev := st.GetEvent()
	d := &eventData{
		ev:                ev,
		workouts:          ev.GetWorkouts(),
		held:              st.GetHeld(),
		nameOrder:         make(map[string]int, len(st.GetTeams())),
		divisions:         ev.GetDivisions(),
		division:          make(map[string]*competitionv1.Division, len(ev.GetDivisions())),
		team:              make(map[string]*competitionv1.Team, len(st.GetTeams())),
		ordered:           make(map[string][]*competitionv1.Team, len(ev.GetDivisions())),
		standing:          make(map[string]*resultsv1.TeamStanding, len(st.GetTeams())),
		placing:           make(map[teamWorkout]*resultsv1.WorkoutPlacing),
		latestWorkout:     make(map[string]string, len(ev.GetDivisions())),
		enteredByTeam:     make(map[string]int, len(st.GetTeams())),
		enteredByCell:     make(map[divisionWorkout]int),
		enteredByDivision: make(map[string]int, len(ev.GetDivisions())),
		unpublished:       includeUnpublished,
		frozen:            sd.GetFrozen(),
	}
	for _, div := range d.divisions {
		d.division[div.GetId()] = div
	}
	for i, t := range st.GetTeams() {
		d.nameOrder[t.GetId()] = i
		if d.division[t.GetDivisionId()] != nil {
			d.team[t.GetId()] = t
		}
	}
	workoutIDs := make(map[string]bool, len(d.workouts))
	for _, w := range d.workouts {
		workoutIDs[w.GetId()] = true
	}
	for _, ds := range sd.GetDivisions() {
		divID := ds.GetDivisionId()
		if workoutIDs[ds.GetLatestWorkoutId()] {
			d.latestWorkout[divID] = ds.GetLatestWorkoutId()
		}
		for _, ts := range ds.GetStandings() {
			t := d.team[ts.GetTeamId()]
			if t == nil || t.GetDivisionId() != divID || d.standing[t.GetId()] != nil {
				continue // the structure changed in between: the team is not (or no longer) here
			}
			d.standing[t.GetId()] = ts
			d.ordered[divID] = append(d.ordered[divID], t)
			for _, p := range ts.GetPlacings() {
				if !workoutIDs[p.GetWorkoutId()] {
					continue
				}
				k := teamWorkout{t.GetId(), p.GetWorkoutId()}
				if d.placing[k] != nil {
					continue
				}
				d.placing[k] = p
				d.enteredByTeam[t.GetId()]++
				d.enteredByCell[divisionWorkout{divID, p.GetWorkoutId()}]++
				d.enteredByDivision[divID]++
				d.entered++
			}
		}
	}
	var missing []*competitionv1.Team
	for _, t := range st.GetTeams() {
		if d.team[t.GetId()] != nil && d.standing[t.GetId()] == nil {
			missing = append(missing, t)
		}
	}
	for _, t := range missing {
		d.ordered[t.GetDivisionId()] = append(d.ordered[t.GetDivisionId()], t)
	}
	d.lastUpdated = latest(sd.GetLastUpdated(), ev.GetUpdatedAt())
	return d
}

// visible reports whether the public may see the event at all: never a DRAFT (a preview
// shows one to those holding a grant on it: eventView).
func (d *eventData) visible() bool {
	return d.ev != nil && d.ev.GetStatus() != typesv1.EventStatus_DRAFT
}

func (d *eventData) teamCount(divisionID string) int { return len(d.ordered[divisionID]) }

func (d *eventData) totalTeams() int { return len(d.team) }

// overallProgress is the share of all team × workout results entered, 0–100.
func (d *eventData) overallProgress() float64 {
	return percent(d.entered, d.totalTeams()*d.withResults())
}

// combinedParts says whether parts counted this way make one score (types.proto WorkoutParts).
func combinedParts(parts string) bool {
	return parts == typesv1.WorkoutParts_sum.String() || parts == typesv1.WorkoutParts_best.String()
}

// fullName is a workout's name where it stands alone (a board, a page, a heat): a part's with
// its workout's ("Workout 3 — 3a").
func (d *eventData) fullName(w *competitionv1.Workout) string {
	for _, h := range d.workouts {
		if w.GetPartOf() != "" && h.GetId() == w.GetPartOf() {
			return partName(h.GetName(), w.GetName())
		}
	}
	return w.GetName()
}

// partName is a part's name where it stands alone, after its workout's; a workout that is no
// part (headerName "") keeps its own.
func partName(headerName, name string) string {
	if headerName == "" {
		return name
	}
	return headerName + " — " + name
}

// hasBoard says whether a workout has results, and so a board of its own: every workout but one
// whose parts are placed one by one (its parts hold the results; a combined workout holds its
// combined result).
func hasBoard(w interface{ GetParts() string }) bool {
	return w.GetParts() == "" || combinedParts(w.GetParts())
}

// withResults counts the workouts a team's result can be in (hasBoard; docs/scoring.md,
// "Multi-part workouts"), so that progress can reach 100%.
func (d *eventData) withResults() int {
	n := 0
	for _, w := range d.workouts {
		if hasBoard(w) {
			n++
		}
	}
	return n
}

func (d *eventData) leaderboardEvent() *publicv1.LeaderboardEvent {
	return &publicv1.LeaderboardEvent{
		Id:              d.ev.GetId(),
		Name:            d.ev.GetName(),
		StartDate:       d.ev.GetDateFrom(),
		EndDate:         d.ev.GetDateTo(),
		OverallProgress: d.overallProgress(),
		DetailsVisible:  d.ev.GetDetailsVisible(),
		Draft:           !d.visible(),
		Frozen:          d.frozen,
		DefaultLanguage: d.ev.GetDefaultLanguage(),
	}
}

// overall returns a team's overall rank and total points: both null for a withdrawn team and
// for a team with no result shown yet (the contract: nullable numbers are null, not 0).
func (d *eventData) overall(teamID string) (*wrapperspb.Int32Value, *wrapperspb.DoubleValue) {
	ts := d.standing[teamID]
	if ts == nil || ts.GetWithdrawn() || ts.GetRank() == nil {
		return nil, nil
	}
	var total *wrapperspb.DoubleValue
	if ts.GetTotalPoints() != nil {
		total = wrapperspb.Double(ts.GetTotalPoints().GetValue())
	} else {
		total = wrapperspb.Double(0)
	}
	return wrapperspb.Int32(ts.GetRank().GetValue()), total
}

// movement returns a team's tie mark and its rank before its division's latest workout (null
// when it had none, or has none now).
func (d *eventData) movement(teamID string) (typesv1.StandingTie_Value, *wrapperspb.Int32Value) {
	ts := d.standing[teamID]
	tie := ts.GetTie()
	if tie == typesv1.StandingTie_VALUE_UNSPECIFIED {
		tie = typesv1.StandingTie_not_tied
	}
	if ts.GetWithdrawn() || ts.GetRank() == nil {
		return tie, nil
	}
	return tie, cloneInt32(ts.GetPreviousRank())
}

// divisionStatus is not_started (no result), completed (every team in every workout) or
// in_progress.
func (d *eventData) divisionStatus(divisionID string) publicv1.DivisionProgress_Status {
	n := d.enteredByDivision[divisionID]
	switch {
	case n == 0:
		return publicv1.DivisionProgress_not_started
	case n >= d.teamCount(divisionID)*d.withResults():
		return publicv1.DivisionProgress_completed
	}
	return publicv1.DivisionProgress_in_progress
}

// byName orders two teams by name: by their places in the structure's team list.
func (d *eventData) byName(a, b *competitionv1.Team) int {
	return cmp.Compare(d.nameOrder[a.GetId()], d.nameOrder[b.GetId()])
}

// latest returns the later of RFC 3339 instants, in UTC; unparsable or empty ones are skipped.
func latest(instants ...string) string {
	var best time.Time
	for _, s := range instants {
		if s == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			continue
		}
		if t.After(best) {
			best = t
		}
	}
	if best.IsZero() {
		return ""
	}
	return best.UTC().Format(time.RFC3339)
}

func cloneString(v *wrapperspb.StringValue) *wrapperspb.StringValue {
	if v == nil {
		return nil
	}
	return wrapperspb.String(v.GetValue())
}

func cloneInt32(v *wrapperspb.Int32Value) *wrapperspb.Int32Value {
	if v == nil {
		return nil
	}
	return wrapperspb.Int32(v.GetValue())
}

func cloneDouble(v *wrapperspb.DoubleValue) *wrapperspb.DoubleValue {
	if v == nil {
		return nil
	}
	return wrapperspb.Double(v.GetValue())
}

// tieBreak is how the event breaks equal totals, as results-svc applies it (countback unless
// the event's scoring rules say otherwise; a by_workout rule naming no workout of the event
// shares the place, as the scoring does).
func (d *eventData) tieBreak() (typesv1.OverallTieBreak, string) {
	sr := d.ev.GetScoringRules()
	rule, _ := words.Parse[typesv1.OverallTieBreak](sr.GetOverallTieBreak())
	switch rule {
	case typesv1.OverallTieBreak_shared:
		return rule, ""
	case typesv1.OverallTieBreak_by_workout:
		for _, w := range d.workouts {
			if w.GetId() == sr.GetOverallWorkoutId() {
				return rule, w.GetId()
			}
		}
		return typesv1.OverallTieBreak_shared, ""
	}
	return typesv1.OverallTieBreak_countback, ""
}
