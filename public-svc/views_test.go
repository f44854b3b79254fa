package publicsvc

import (
	"fmt"
	"strings"
	"testing"

	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

// The fixture: one event, two divisions, three workouts, in competition-svc's orders (the
// views keep the order they are given: TestEveryViewKeepsCompetitionsOrder).
//
//	Rx:     Alpha (1st: 3:05, 150 reps, 102.5 kg), Charlie (2nd: capped 15, dnf),
//	        bravo (no result), Delta (withdrawn: dns in Fran, 120 reps in Cindy)
//	Scaled: Echo (no result)
const (
	evID     = "e0000000-0000-0000-0000-000000000001"
	rxID     = "d0000000-0000-0000-0000-000000000001"
	scaledID = "d0000000-0000-0000-0000-000000000002"
	franID   = "a0000000-0000-0000-0000-000000000001"
	cindyID  = "a0000000-0000-0000-0000-000000000002"
	liftID   = "a0000000-0000-0000-0000-000000000003"
	alphaID  = "t0000000-0000-0000-0000-00000000000a"
	bravoID  = "t0000000-0000-0000-0000-00000000000b"
	charlie  = "t0000000-0000-0000-0000-00000000000c"
	deltaID  = "t0000000-0000-0000-0000-00000000000d"
	echoID   = "t0000000-0000-0000-0000-00000000000e"
)

func fixtureStructure() *competitionv1.EventStructure {
	team := func(id, name, div string) *competitionv1.Team {
		return &competitionv1.Team{Id: id, Name: name, DivisionId: div, EventId: evID, Athlete1Name: name + " One", Athlete2Name: name + " Two"}
	}
	return &competitionv1.EventStructure{
		Event: &competitionv1.Event{
			Id: evID, Name: "Spring Throwdown", DateFrom: "2026-05-01", DateTo: "2026-05-02", DateRange: "1–2 May 2026",
			Location: "Berlin", Description: "**Hi**", Status: typesv1.EventStatus_IN_PROGRESS, StatusLabel: "Läuft", DetailsVisible: true,
			UpdatedAt: "2026-04-01T10:00:00Z",
			Workouts: []*competitionv1.Workout{
				{Id: franID, Name: "Fran", ScoreType: typesv1.ScoreType_TIME, ScoreTypeLabel: "Zeit", Description: "21-15-9", TimeCapSeconds: wrapperspb.Int32(600), WorkoutOrder: wrapperspb.Int32(1)},
				{Id: cindyID, Name: "Cindy", ScoreType: typesv1.ScoreType_REPS, ScoreTypeLabel: "Wiederholungen", WorkoutOrder: wrapperspb.Int32(2)},
				{Id: liftID, Name: "Lift", ScoreType: typesv1.ScoreType_MAX_WEIGHT, ScoreTypeLabel: "Max. Gewicht", WorkoutOrder: wrapperspb.Int32(3)},
			},
			Divisions: []*competitionv1.Division{
				{Id: rxID, Name: "Rx", Description: "The real thing"},
				{Id: scaledID, Name: "Scaled"},
			},
		},
		Teams: []*competitionv1.Team{
			team(alphaID, "Alpha", rxID), team(bravoID, "bravo", rxID), team(charlie, "Charlie", rxID),
			team(deltaID, "Delta", rxID), team(echoID, "Echo", scaledID),
		},
	}
}

// placing is a team's placing in a workout as results-svc sends it, its result text included.
func placing(workout, status string, raw *float64, text string, points float64, rank int32) *resultsv1.WorkoutPlacing {
	p := &resultsv1.WorkoutPlacing{WorkoutId: workout, Status: typesv1.ResultStatus(typesv1.ResultStatus_value[status]), ResultText: text}
	if raw != nil {
		p.RawResult = wrapperspb.Double(*raw)
	}
	if rank > 0 {
		p.Rank = wrapperspb.Int32(rank)
		p.Points = wrapperspb.Double(points)
	}
	return p
}

func fixtureStandings() *resultsv1.EventStandings {
	return &resultsv1.EventStandings{
		EventId:     evID,
		LastUpdated: "2026-05-02T08:00:00Z",
		Divisions: []*resultsv1.DivisionStandings{
			{DivisionId: rxID, LatestWorkoutId: liftID, Standings: []*resultsv1.TeamStanding{
				{TeamId: alphaID, Rank: wrapperspb.Int32(1), TotalPoints: wrapperspb.Double(290), PreviousRank: wrapperspb.Int32(2), Tie: typesv1.StandingTie_ahead, Placings: []*resultsv1.WorkoutPlacing{
					placing(franID, "completed", ptr(185), "3:05", 100, 1),
					placing(cindyID, "completed", ptr(150), "150", 100, 1),
					placing(liftID, "completed", ptr(102.5), "102.5", 90, 1),
				}},
				{TeamId: charlie, Rank: wrapperspb.Int32(2), TotalPoints: wrapperspb.Double(95), Placings: []*resultsv1.WorkoutPlacing{
					placing(franID, "capped", ptr(15), "CAP +15", 95, 2),
					placing(cindyID, "dnf", nil, "DNF", 0, 3),
				}},
				{TeamId: bravoID, TotalPoints: wrapperspb.Double(0), Placings: []*resultsv1.WorkoutPlacing{}},
				// A withdrawn team shows no movement even if results-svc sent one.
				{TeamId: deltaID, Withdrawn: true, PreviousRank: wrapperspb.Int32(1), Placings: []*resultsv1.WorkoutPlacing{
					placing(franID, "dns", nil, "DNS", 0, 0),
					placing(cindyID, "completed", ptr(120), "120", 95, 2),
				}},
				// A team the structure does not know (deleted meanwhile) is skipped.
				{TeamId: "t0000000-0000-0000-0000-0000000000ff", Rank: wrapperspb.Int32(3)},
			}},
			{DivisionId: scaledID, Standings: []*resultsv1.TeamStanding{
				{TeamId: echoID, TotalPoints: wrapperspb.Double(0)},
			}},
		},
	}
}

func fixtureData() *eventData { return newEventData(fixtureStructure(), fixtureStandings(), false) }

func i32(v *wrapperspb.Int32Value) string {
	if v == nil {
		return "null"
	}
	return fmt.Sprint(v.GetValue())
}

func f64(v *wrapperspb.DoubleValue) string {
	if v == nil {
		return "null"
	}
	return fmt.Sprint(v.GetValue())
}

func check(t *testing.T, what string, got, want any) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func TestEventListView(t *testing.T) {
	t.Parallel()
	events := []*competitionv1.Event{
		// In competition-svc's order, which the list keeps.
		{Id: "5", Name: "Draft", Status: typesv1.EventStatus_DRAFT, DateFrom: "2020-01-01"},
		{Id: "6", Name: "Hidden", Status: typesv1.EventStatus_UNLISTED, DateFrom: "2020-01-01"},
		{Id: "4", Name: "Early", Status: typesv1.EventStatus_ARCHIVED, DateFrom: "2025-01-01", StatusLabel: "Archiviert"},
		{Id: "2", Name: "Alpha", Status: typesv1.EventStatus_IN_PROGRESS, DateFrom: "2026-06-01"},
		{Id: "7", Name: "Beta", Status: typesv1.EventStatus_PUBLISHED, DateFrom: "2026-06-01"},
		{Id: "1", Name: "zeta", Status: typesv1.EventStatus_PUBLISHED, DateFrom: "2026-06-01"},
		{Id: "3", Name: "Later", Status: typesv1.EventStatus_PUBLISHED, DateFrom: "2026-07-01"},
	}
	names := func(out *publicv1.ListPublicEventsResponse) string {
		var n []string
		for _, e := range out.GetEvents() {
			n = append(n, e.GetName()+":"+e.GetStatus().String())
		}
		return strings.Join(n, " ")
	}
	all := map[typesv1.PublicEventStatus_Value]bool{typesv1.PublicEventStatus_published: true, typesv1.PublicEventStatus_in_progress: true, typesv1.PublicEventStatus_archived: true}
	check(t, "all", names(eventListView(events, all)),
		"Early:archived Alpha:in_progress Beta:published zeta:published Later:published")
	check(t, "default", names(eventListView(events, map[typesv1.PublicEventStatus_Value]bool{typesv1.PublicEventStatus_published: true, typesv1.PublicEventStatus_in_progress: true})),
		"Alpha:in_progress Beta:published zeta:published Later:published")
	out := eventListView(events, map[typesv1.PublicEventStatus_Value]bool{typesv1.PublicEventStatus_archived: true})
	check(t, "archived", names(out), "Early:archived")
	e := out.GetEvents()[0]
	check(t, "label", e.GetStatusLabel(), "Archiviert")
	if e.GetWorkouts() == nil || len(e.GetWorkouts()) != 0 {
		t.Errorf("list events have an empty workouts list, got %v", e.GetWorkouts())
	}
}

func TestEventDetailsView(t *testing.T) {
	t.Parallel()
	d := fixtureData()
	if !d.visible() {
		t.Fatal("in-progress event not visible")
	}
	ev := eventDetailsView(d)
	check(t, "status", ev.GetStatus(), "in_progress")
	check(t, "description", ev.GetDescription(), "**Hi**")
	var got []string
	for _, w := range ev.GetWorkouts() {
		got = append(got, fmt.Sprintf("%s/%s/%s/%s/%v/%s", w.GetName(), i32(w.GetOrderIndex()), i32(w.GetWorkoutOrder()), w.GetType(), w.GetHasResults(), i32(w.GetTimeCapSeconds())))
	}
	check(t, "workouts", strings.Join(got, " "), "Fran/1/1/time/true/600 Cindy/2/2/reps/true/null Lift/3/3/maxweight/true/null")

	st := fixtureStructure()
	st.Event.Status = typesv1.EventStatus_UNLISTED
	ev = eventDetailsView(newEventData(st, nil, false))
	check(t, "unlisted status", ev.GetStatus().String()+"/"+ev.GetStatusLabel(), "published/Veröffentlicht")
	for _, w := range ev.GetWorkouts() {
		if w.GetHasResults() {
			t.Errorf("%s has results without standings", w.GetName())
		}
	}
	st.Event.Status = typesv1.EventStatus_DRAFT
	if newEventData(st, nil, false).visible() {
		t.Error("a DRAFT event is visible")
	}
}

func TestEventLeaderboardView(t *testing.T) {
	t.Parallel()
	lb := eventLeaderboardView(fixtureData())
	check(t, "event", spaced(lb.GetEvent().GetName(), lb.GetEvent().GetStartDate(), lb.GetEvent().GetEndDate(), lb.GetEvent().GetOverallProgress()),
		"Spring Throwdown 2026-05-01 2026-05-02 46.67") // 7 of 5 teams × 3 workouts
	check(t, "lastUpdated", lb.GetLastUpdated(), "2026-05-02T08:00:00Z")
	var divs []string
	for _, d := range lb.GetDivisions() {
		var ws []string
		for _, w := range d.GetWorkouts() {
			ws = append(ws, fmt.Sprintf("%s=%v", w.GetName(), w.GetCompletionPercentage()))
		}
		divs = append(divs, fmt.Sprintf("%s/%s/%d/%s/%v[%s]", d.GetName(), d.GetDescription(), d.GetTeamCount(), d.GetStatus(), d.GetOverallCompletionPercentage(), strings.Join(ws, ",")))
	}
	check(t, "divisions", strings.Join(divs, " "),
		"Rx/The real thing/4/in_progress/58.33[Fran=75,Cindy=75,Lift=25] Scaled//1/not_started/0[Fran=0,Cindy=0,Lift=0]")
	var teams []string
	for _, tm := range lb.GetTeams() {
		teams = append(teams, fmt.Sprintf("%s/%s/%s/%s/%d/%d", tm.GetName(), tm.GetDivisionName(), i32(tm.GetOverallRank()), f64(tm.GetTotalPoints()), tm.GetResultsEntered(), tm.GetTotalWorkouts()))
	}
	check(t, "teams", strings.Join(teams, " "),
		"Alpha/Rx/1/290/3/3 Charlie/Rx/2/95/2/3 bravo/Rx/null/null/0/3 Delta/Rx/null/null/2/3 Echo/Scaled/null/null/0/3")
}

func TestDivisionStatusCompleted(t *testing.T) {
	t.Parallel()
	st := fixtureStructure()
	st.Event.Workouts = st.Event.Workouts[:1] // Fran only
	sd := fixtureStandings()
	sd.Divisions[0].Standings[2].Placings = []*resultsv1.WorkoutPlacing{placing(franID, "completed", ptr(300), "5:00", 90, 3)}
	lb := eventLeaderboardView(newEventData(st, sd, false))
	check(t, "status", lb.GetDivisions()[0].GetStatus(), "completed")
	check(t, "percent", lb.GetDivisions()[0].GetOverallCompletionPercentage(), 100)
}

func TestDivisionLeaderboardView(t *testing.T) {
	t.Parallel()
	d := fixtureData()
	if _, ok := divisionLeaderboardView(d, "d0000000-0000-0000-0000-000000000009"); ok {
		t.Error("a foreign division has a leaderboard")
	}
	lb, ok := divisionLeaderboardView(d, rxID)
	if !ok {
		t.Fatal("no Rx leaderboard")
	}
	check(t, "division", lb.GetDivision().GetName()+"/"+lb.GetDivision().GetDescription(), "Rx/The real thing")
	var ws []string
	for _, w := range lb.GetWorkouts() {
		ws = append(ws, w.GetName()+"/"+i32(w.GetOrderIndex())+"/"+w.GetType().String())
	}
	check(t, "workouts", strings.Join(ws, " "), "Fran/1/time Cindy/2/reps Lift/3/maxweight")
	var rows []string
	for _, s := range lb.GetStandings() {
		var cells []string
		for _, r := range s.GetWorkoutResults() {
			cells = append(cells, fmt.Sprintf("%s|%s|%s|%s|%s", r.GetStatus(), r.GetResult(), f64(r.GetRawResult()), f64(r.GetPoints()), i32(r.GetRank())))
		}
		rows = append(rows, fmt.Sprintf("%s(%s,%s) %s %s: %s", s.GetTeamName(), s.GetAthlete1Name(), s.GetAthlete2Name(), i32(s.GetRank()), f64(s.GetTotalPoints()), strings.Join(cells, "; ")))
	}
	want := []string{
		"Alpha(Alpha One,Alpha Two) 1 290: completed|3:05|185|100|1; completed|150|150|100|1; completed|102.5|102.5|90|1",
		"Charlie(Charlie One,Charlie Two) 2 95: capped|CAP +15|15|95|2; dnf|DNF|null|0|3; not_started||null|null|null",
		"bravo(bravo One,bravo Two) null null: not_started||null|null|null; not_started||null|null|null; not_started||null|null|null",
		"Delta(Delta One,Delta Two) null null: dns|DNS|null|null|null; completed|120|120|95|2; not_started||null|null|null",
	}
	check(t, "standings", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	var moves []string
	for _, s := range lb.GetStandings() {
		moves = append(moves, fmt.Sprintf("%s %s<-%s", s.GetTeamName(), s.GetTie(), i32(s.GetPreviousRank())))
	}
	check(t, "movement", strings.Join(moves, "; "), "Alpha ahead<-2; Charlie not_tied<-null; bravo not_tied<-null; Delta not_tied<-null")
	check(t, "latest workout", lb.GetLatestWorkoutId(), liftID)
	check(t, "tie break", lb.GetTieBreak().String()+"/"+lb.GetTieBreakWorkoutId(), "countback/")
	if lb.GetIncludeUnpublished() {
		t.Error("includeUnpublished set on a public view")
	}
	admin, _ := divisionLeaderboardView(newEventData(fixtureStructure(), fixtureStandings(), true), rxID)
	if !admin.GetIncludeUnpublished() {
		t.Error("includeUnpublished not set on the admin preview")
	}
}

func TestWorkoutLeaderboardView(t *testing.T) {
	t.Parallel()
	d := fixtureData()
	if _, ok := workoutLeaderboardView(d, rxID, "a0000000-0000-0000-0000-000000000009"); ok {
		t.Error("a foreign workout has a leaderboard")
	}
	if _, ok := workoutLeaderboardView(d, "d0000000-0000-0000-0000-000000000009", franID); ok {
		t.Error("a foreign division has a workout leaderboard")
	}
	lb, ok := workoutLeaderboardView(d, rxID, franID)
	if !ok {
		t.Fatal("no Fran leaderboard")
	}
	w := lb.GetWorkout()
	check(t, "workout", spaced(w.GetName(), w.GetScoringType(), i32(w.GetTimeCap()), i32(w.GetOrderIndex()), w.GetDescription()), "Fran time 600 1 21-15-9")
	check(t, "division", lb.GetDivision().GetName(), "Rx")
	check(t, "switcher", len(lb.GetWorkouts()), 3)
	var rows []string
	for _, r := range lb.GetResults() {
		rows = append(rows, fmt.Sprintf("%s/%s %s %s|%s|%s|%s|%v", i32(r.GetRank()), i32(r.GetDisplayRank()), r.GetTeamName(), r.GetResult(), f64(r.GetRawResult()), f64(r.GetPoints()), r.GetStatus(), r.GetIsPlaceholder()))
	}
	check(t, "rows", strings.Join(rows, "\n"), strings.Join([]string{
		"1/1 Alpha 3:05|185|100|completed|false",
		"2/2 Charlie CAP +15|15|95|capped|false",
		"null/null Delta DNS|null|null|dns|false", // the scoring rules: dns gets no points
		"null/null bravo |null|null|not_started|true",
	}, "\n"))

	// Placeholders are alphabetical, whatever the standings order.
	lb, _ = workoutLeaderboardView(d, rxID, liftID)
	var names []string
	for _, r := range lb.GetResults() {
		names = append(names, r.GetTeamName())
	}
	check(t, "lift rows", strings.Join(names, " "), "Alpha bravo Charlie Delta")
}

func TestTeamViews(t *testing.T) {
	t.Parallel()
	d := fixtureData()
	if _, ok := teamDetailsView(d, "t0000000-0000-0000-0000-000000000099"); ok {
		t.Error("a foreign team has details")
	}
	td, ok := teamDetailsView(d, charlie)
	if !ok {
		t.Fatal("no details")
	}
	check(t, "team", spaced(td.GetTeam().GetName(), td.GetTeam().GetAthlete1Name(), td.GetDivision().GetName(), td.GetEvent().GetName(), td.GetEvent().GetStartDate()),
		"Charlie Charlie One Rx Spring Throwdown 2026-05-01")
	check(t, "overall", i32(td.GetOverallRank())+" "+f64(td.GetTotalPoints()), "2 95")
	check(t, "not withdrawn", td.GetWithdrawn(), false)
	check(t, "division stats", td.GetDivisionStats().GetTotalTeams(), 4)
	cs := td.GetCompletionStats()
	check(t, "completion", spaced(cs.GetWorkoutsCompleted(), cs.GetTotalWorkouts(), cs.GetCompletionPercentage()), "2 3 66.67")
	var rs []string
	for _, r := range td.GetWorkoutResults() {
		rs = append(rs, fmt.Sprintf("%s#%s:%s|%s|%s|%s", r.GetWorkout().GetName(), i32(r.GetWorkout().GetOrderIndex()), r.GetStatus(), r.GetResult(), i32(r.GetRank()), f64(r.GetPoints())))
	}
	check(t, "results", strings.Join(rs, " "), "Fran#1:capped|CAP +15|2|95 Cindy#2:dnf|DNF|3|0 Lift#3:not_started||null|null")

	td, _ = teamDetailsView(d, deltaID)
	check(t, "withdrawn", i32(td.GetOverallRank())+" "+f64(td.GetTotalPoints())+" "+fmt.Sprint(td.GetWithdrawn()), "null null true")

	bs, ok := bookmarkSummaryView(d, alphaID)
	if !ok {
		t.Fatal("no bookmark summary")
	}
	check(t, "bookmark", spaced(bs.GetId() == alphaID, bs.GetName(), bs.GetDivision().GetId() == rxID, bs.GetDivision().GetName(),
		bs.GetEvent().GetId() == evID, bs.GetEvent().GetName(), i32(bs.GetOverallRank()), f64(bs.GetTotalPoints())),
		"true Alpha true Rx true Spring Throwdown 1 290")
}

func TestEventDataRobustness(t *testing.T) {
	t.Parallel()
	// Teams the standings do not know yet (created after they were computed) are listed
	// after the known ones, by name; lastUpdated falls back to the event's change time.
	st := fixtureStructure()
	st.Teams = append(st.Teams, &competitionv1.Team{Id: "t0000000-0000-0000-0000-0000000000f2", Name: "Yankee", DivisionId: rxID},
		&competitionv1.Team{Id: "t0000000-0000-0000-0000-0000000000f1", Name: "Zulu", DivisionId: rxID})
	d := newEventData(st, fixtureStandings(), false)
	lb, _ := divisionLeaderboardView(d, rxID)
	var names []string
	for _, s := range lb.GetStandings() {
		names = append(names, s.GetTeamName())
	}
	check(t, "order", strings.Join(names, " "), "Alpha Charlie bravo Delta Yankee Zulu")

	d = newEventData(fixtureStructure(), nil, false)
	check(t, "lastUpdated", d.lastUpdated, "2026-04-01T10:00:00Z")
	check(t, "progress", d.overallProgress(), 0)
	lb, _ = divisionLeaderboardView(d, rxID)
	names = nil
	for _, s := range lb.GetStandings() {
		names = append(names, s.GetTeamName())
	}
	check(t, "no standings order", strings.Join(names, " "), "Alpha bravo Charlie Delta")
}

func spaced(v ...any) string { return strings.TrimSuffix(fmt.Sprintln(v...), "\n") }
