package publicsvc

import (
	"cmp"
	"slices"
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/results-svc/scoring"
)

// This file builds every public view from an event's structure (competition-svc) and its
// standings (results-svc). The functions are pure: no I/O, no clock.

// eventData indexes one event's structure and standings for the views.
type eventData struct {
	ev *competitionv1.Event
	// workouts, divisions and nameOrder keep the structure's orders (competition-svc owns them;
	// docs/architecture.md, "Where each rule lives"): workout order, and names.
	workouts  []*competitionv1.Workout
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
		nameOrder:         make(map[string]int, len(st.GetTeams())),
		divisions:         ev.GetDivisions(),
		division:          make(map[string]*competitionv1.Division, len(ev.GetDivisions())),
		team:              make(map[string]*competitionv1.Team, len(st.GetTeams())),
		ordered:           make(map[string][]*competitionv1.Team, len(ev.GetDivisions())),
		standing:          make(map[string]*resultsv1.TeamStanding, len(st.GetTeams())),
		placing:           make(map[teamWorkout]*resultsv1.WorkoutPlacing),
		enteredByTeam:     make(map[string]int, len(st.GetTeams())),
		enteredByCell:     make(map[divisionWorkout]int),
		enteredByDivision: make(map[string]int, len(ev.GetDivisions())),
		unpublished:       includeUnpublished,
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

// visible reports whether the public may see the event at all: never a DRAFT.
func (d *eventData) visible() bool {
	return d.ev != nil && d.ev.GetStatus() != typesv1.EventStatus_DRAFT
}

func (d *eventData) teamCount(divisionID string) int { return len(d.ordered[divisionID]) }

func (d *eventData) totalTeams() int { return len(d.team) }

// overallProgress is the share of all team × workout results entered, 0–100.
func (d *eventData) overallProgress() float64 {
	return percent(d.entered, d.totalTeams()*len(d.workouts))
}

func (d *eventData) leaderboardEvent() *publicv1.LeaderboardEvent {
	return &publicv1.LeaderboardEvent{
		Id:              d.ev.GetId(),
		Name:            d.ev.GetName(),
		StartDate:       d.ev.GetDateFrom(),
		EndDate:         d.ev.GetDateTo(),
		OverallProgress: d.overallProgress(),
		DetailsVisible:  d.ev.GetDetailsVisible(),
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

// divisionStatus is not_started (no result), completed (every team in every workout) or
// in_progress.
func (d *eventData) divisionStatus(divisionID string) publicv1.DivisionProgress_Status {
	n := d.enteredByDivision[divisionID]
	switch {
	case n == 0:
		return publicv1.DivisionProgress_not_started
	case n >= d.teamCount(divisionID)*len(d.workouts):
		return publicv1.DivisionProgress_completed
	}
	return publicv1.DivisionProgress_in_progress
}

// ---- event list and details ---------------------------------------------------------------

// publicEvent is an event as the public sees it. workouts may be nil (the event list);
// hasResults says which workouts have a result shown.
func publicEvent(ev *competitionv1.Event, workouts []*competitionv1.Workout, hasResults map[string]bool) *publicv1.PublicEvent {
	out := &publicv1.PublicEvent{
		Id:             ev.GetId(),
		Name:           ev.GetName(),
		Status:         publicStatus(ev.GetStatus()),
		StatusLabel:    publicStatusLabel(ev.GetStatus(), ev.GetStatusLabel()),
		DateFrom:       ev.GetDateFrom(),
		DateTo:         ev.GetDateTo(),
		DateRange:      ev.GetDateRange(),
		Location:       ev.GetLocation(),
		DetailsVisible: ev.GetDetailsVisible(),
		Workouts:       make([]*publicv1.PublicWorkout, 0, len(workouts)),
	}
	for _, w := range workouts {
		out.Workouts = append(out.Workouts, &publicv1.PublicWorkout{
			Id:             w.GetId(),
			Name:           w.GetName(),
			Description:    w.GetDescription(),
			ScoreType:      w.GetScoreType(),
			TimeCapSeconds: cloneInt32(w.GetTimeCapSeconds()),
			WorkoutOrder:   cloneInt32(w.GetWorkoutOrder()),
			OrderIndex:     cloneInt32(w.GetWorkoutOrder()),
			HasResults:     hasResults[w.GetId()],
			ScoreTypeLabel: w.GetScoreTypeLabel(),
			Type:           workoutType(w.GetScoreType()),
		})
	}
	// Hidden details stay hidden everywhere, the event list included.
	if out.DetailsVisible {
		out.Description = ev.GetDescription()
	}
	return out
}

// listed reports an event the public event list can show: never DRAFT or UNLISTED.
func listed(ev *competitionv1.Event) bool {
	st := ev.GetStatus()
	return st != typesv1.EventStatus_DRAFT && st != typesv1.EventStatus_UNLISTED
}

// eventListView is the public event list: the events whose (public) status is wanted, never
// DRAFT or UNLISTED, in the order competition-svc lists them.
func eventListView(events []*competitionv1.Event, wanted map[typesv1.PublicEventStatus_Value]bool) *publicv1.ListPublicEventsResponse {
	list := make([]*competitionv1.Event, 0, len(events))
	for _, ev := range events {
		if !listed(ev) || !wanted[publicStatus(ev.GetStatus())] {
			continue
		}
		list = append(list, ev)
	}
	out := &publicv1.ListPublicEventsResponse{Events: make([]*publicv1.PublicEvent, len(list))}
	for i, ev := range list {
		out.Events[i] = publicEvent(ev, nil, nil)
	}
	return out
}

// eventDetailsView is the event page: the event with its workouts sorted by order.
func eventDetailsView(d *eventData) *publicv1.PublicEvent {
	has := make(map[string]bool, len(d.workouts))
	for k := range d.placing {
		has[k.workout] = true
	}
	return publicEvent(d.ev, d.workouts, has)
}

// ---- leaderboards ---------------------------------------------------------------------------

// eventLeaderboardView is the event leaderboard: progress per division and workout, and every
// team with its overall rank, total and progress.
func eventLeaderboardView(d *eventData) *publicv1.EventLeaderboard {
	out := &publicv1.EventLeaderboard{
		Event:       d.leaderboardEvent(),
		Divisions:   make([]*publicv1.DivisionProgress, 0, len(d.divisions)),
		Teams:       make([]*publicv1.LeaderboardTeam, 0, d.totalTeams()),
		LastUpdated: d.lastUpdated,
	}
	for _, div := range d.divisions {
		n := d.teamCount(div.GetId())
		dp := &publicv1.DivisionProgress{
			Id:                          div.GetId(),
			Name:                        div.GetName(),
			Description:                 div.GetDescription(),
			TeamCount:                   int32(n),
			Status:                      d.divisionStatus(div.GetId()),
			OverallCompletionPercentage: percent(d.enteredByDivision[div.GetId()], n*len(d.workouts)),
			Workouts:                    make([]*publicv1.WorkoutProgress, len(d.workouts)),
		}
		for i, w := range d.workouts {
			dp.Workouts[i] = &publicv1.WorkoutProgress{
				Id:                   w.GetId(),
				Name:                 w.GetName(),
				CompletionPercentage: percent(d.enteredByCell[divisionWorkout{div.GetId(), w.GetId()}], n),
			}
		}
		out.Divisions = append(out.Divisions, dp)
		for _, t := range d.ordered[div.GetId()] {
			rank, total := d.overall(t.GetId())
			out.Teams = append(out.Teams, &publicv1.LeaderboardTeam{
				Id:             t.GetId(),
				Name:           t.GetName(),
				DivisionId:     div.GetId(),
				DivisionName:   div.GetName(),
				OverallRank:    rank,
				TotalPoints:    total,
				ResultsEntered: int32(d.enteredByTeam[t.GetId()]),
				TotalWorkouts:  int32(len(d.workouts)),
			})
		}
	}
	return out
}

func leaderboardWorkout(w *competitionv1.Workout) *publicv1.LeaderboardWorkout {
	return &publicv1.LeaderboardWorkout{
		Id:         w.GetId(),
		Name:       w.GetName(),
		OrderIndex: cloneInt32(w.GetWorkoutOrder()),
		Type:       workoutType(w.GetScoreType()),
		ScoreType:  w.GetScoreType(),
	}
}

func namedDivision(div *competitionv1.Division) *publicv1.NamedRef {
	return &publicv1.NamedRef{Id: div.GetId(), Name: div.GetName(), Description: div.GetDescription()}
}

// cell is a team's result in one workout as the views show it.
type cell struct {
	status typesv1.ResultStatus
	result string
	raw    *wrapperspb.DoubleValue
	points *wrapperspb.DoubleValue
	rank   *wrapperspb.Int32Value
	has    bool
}

func (d *eventData) cell(teamID string, w *competitionv1.Workout) cell {
	p := d.placing[teamWorkout{teamID, w.GetId()}]
	if p == nil {
		return cell{status: typesv1.ResultStatus_not_started}
	}
	c := cell{status: p.GetStatus(), raw: cloneDouble(p.GetRawResult()), points: cloneDouble(p.GetPoints()), rank: cloneInt32(p.GetRank()), has: true}
	var raw *float64
	if p.GetRawResult() != nil {
		v := p.GetRawResult().GetValue()
		raw = &v
	}
	c.result = scoring.ResultText(w.GetScoreType(), c.status, raw)
	return c
}

// divisionLeaderboardView is a division's standings with every team's result in every
// workout; false when the division is not the event's.
func divisionLeaderboardView(d *eventData, divisionID string) (*publicv1.DivisionLeaderboard, bool) {
	div := d.division[divisionID]
	if div == nil {
		return nil, false
	}
	out := &publicv1.DivisionLeaderboard{
		Event:              d.leaderboardEvent(),
		Division:           namedDivision(div),
		Workouts:           make([]*publicv1.LeaderboardWorkout, len(d.workouts)),
		Standings:          make([]*publicv1.Standing, 0, d.teamCount(divisionID)),
		LastUpdated:        d.lastUpdated,
		IncludeUnpublished: d.unpublished,
	}
	for i, w := range d.workouts {
		out.Workouts[i] = leaderboardWorkout(w)
	}
	for _, t := range d.ordered[divisionID] {
		rank, total := d.overall(t.GetId())
		s := &publicv1.Standing{
			TeamId:         t.GetId(),
			TeamName:       t.GetName(),
			Athlete1Name:   t.GetAthlete1Name(),
			Athlete2Name:   t.GetAthlete2Name(),
			Rank:           rank,
			TotalPoints:    total,
			WorkoutResults: make([]*publicv1.StandingWorkoutResult, len(d.workouts)),
		}
		for i, w := range d.workouts {
			c := d.cell(t.GetId(), w)
			s.WorkoutResults[i] = &publicv1.StandingWorkoutResult{
				WorkoutId: w.GetId(), Result: c.result, RawResult: c.raw, Status: c.status, Points: c.points, Rank: c.rank,
			}
		}
		out.Standings = append(out.Standings, s)
	}
	return out, true
}

// workoutLeaderboardView is one workout's results in one division: ranked rows best first,
// then results without a place (dns), then the division's teams without a result,
// alphabetically, as placeholders. False when the division or workout is not the event's.
func workoutLeaderboardView(d *eventData, divisionID, workoutID string) (*publicv1.WorkoutLeaderboard, bool) {
	div := d.division[divisionID]
	var w *competitionv1.Workout
	for _, x := range d.workouts {
		if x.GetId() == workoutID {
			w = x
		}
	}
	if div == nil || w == nil {
		return nil, false
	}
	out := &publicv1.WorkoutLeaderboard{
		Event:    d.leaderboardEvent(),
		Division: namedDivision(div),
		Workout: &publicv1.LeaderboardWorkoutDetail{
			Id:          w.GetId(),
			Name:        w.GetName(),
			ScoringType: workoutType(w.GetScoreType()),
			TimeCap:     cloneInt32(w.GetTimeCapSeconds()),
			OrderIndex:  cloneInt32(w.GetWorkoutOrder()),
			Description: w.GetDescription(),
		},
		Results:            make([]*publicv1.WorkoutLeaderboardRow, 0, d.teamCount(divisionID)),
		Workouts:           make([]*publicv1.LeaderboardWorkout, len(d.workouts)),
		LastUpdated:        d.lastUpdated,
		IncludeUnpublished: d.unpublished,
	}
	for i, x := range d.workouts {
		out.Workouts[i] = leaderboardWorkout(x)
	}
	type row struct {
		t *competitionv1.Team
		c cell
	}
	var ranked, unranked, placeholders []row
	for _, t := range d.ordered[divisionID] {
		c := d.cell(t.GetId(), w)
		switch {
		case c.rank != nil:
			ranked = append(ranked, row{t, c})
		case c.has:
			unranked = append(unranked, row{t, c})
		default:
			placeholders = append(placeholders, row{t, c})
		}
	}
	slices.SortStableFunc(ranked, func(a, b row) int {
		if c := cmp.Compare(a.c.rank.GetValue(), b.c.rank.GetValue()); c != 0 {
			return c
		}
		return d.byName(a.t, b.t)
	})
	byName := func(a, b row) int { return d.byName(a.t, b.t) }
	slices.SortStableFunc(unranked, byName)
	slices.SortStableFunc(placeholders, byName)
	for _, group := range [][]row{ranked, unranked, placeholders} {
		for _, r := range group {
			out.Results = append(out.Results, &publicv1.WorkoutLeaderboardRow{
				Rank:          r.c.rank,
				DisplayRank:   cloneInt32(r.c.rank),
				TeamId:        r.t.GetId(),
				TeamName:      r.t.GetName(),
				Athlete1Name:  r.t.GetAthlete1Name(),
				Athlete2Name:  r.t.GetAthlete2Name(),
				Result:        r.c.result,
				RawResult:     r.c.raw,
				Points:        r.c.points.GetValue(),
				Status:        r.c.status,
				IsPlaceholder: !r.c.has,
			})
		}
	}
	return out, true
}

// ---- teams ----------------------------------------------------------------------------------

// teamDetailsView is the team page; false when the team is not the event's.
func teamDetailsView(d *eventData, teamID string) (*publicv1.TeamDetails, bool) {
	t := d.team[teamID]
	if t == nil {
		return nil, false
	}
	div := d.division[t.GetDivisionId()]
	rank, total := d.overall(teamID)
	entered := d.enteredByTeam[teamID]
	out := &publicv1.TeamDetails{
		Team: &publicv1.TeamRef{
			Id: t.GetId(), Name: t.GetName(), Athlete1Name: t.GetAthlete1Name(), Athlete2Name: t.GetAthlete2Name(),
		},
		Division:      namedDivision(div),
		Event:         d.leaderboardEvent(),
		OverallRank:   rank,
		TotalPoints:   total,
		DivisionStats: &publicv1.DivisionStats{TotalTeams: int32(d.teamCount(div.GetId()))},
		LastUpdated:   d.lastUpdated,
		CompletionStats: &publicv1.CompletionStats{
			WorkoutsCompleted:    int32(entered),
			TotalWorkouts:        int32(len(d.workouts)),
			CompletionPercentage: percent(entered, len(d.workouts)),
		},
		WorkoutResults: make([]*publicv1.TeamWorkoutResult, len(d.workouts)),
	}
	for i, w := range d.workouts {
		c := d.cell(teamID, w)
		out.WorkoutResults[i] = &publicv1.TeamWorkoutResult{
			Workout: &publicv1.TeamWorkoutRef{
				Id: w.GetId(), Name: w.GetName(), OrderIndex: cloneInt32(w.GetWorkoutOrder()), Type: workoutType(w.GetScoreType()),
			},
			Status: c.status, Result: c.result, RawResult: c.raw, Rank: c.rank, Points: c.points,
		}
	}
	return out, true
}

// bookmarkSummaryView is what a bookmark needs of a team; false when the team is not the
// event's.
func bookmarkSummaryView(d *eventData, teamID string) (*publicv1.TeamBookmarkSummary, bool) {
	t := d.team[teamID]
	if t == nil {
		return nil, false
	}
	div := d.division[t.GetDivisionId()]
	rank, total := d.overall(teamID)
	return &publicv1.TeamBookmarkSummary{
		Id:          t.GetId(),
		Name:        t.GetName(),
		Division:    &publicv1.NamedRef{Id: div.GetId(), Name: div.GetName()},
		Event:       &publicv1.NamedRef{Id: d.ev.GetId(), Name: d.ev.GetName()},
		OverallRank: rank,
		TotalPoints: total,
	}, true
}

// ---- helpers --------------------------------------------------------------------------------

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
