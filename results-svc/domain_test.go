package resultssvc

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/results-svc/store"
)

func TestValidateResult(t *testing.T) {
	f := standard()
	noCap := f.workout("Grace", "TIME", 0, 5)
	alpha := f.t["Alpha"]
	type want struct {
		status string
		value  *float64
		reps   *int32
		tb     *float64
		field  string // error field; "" = valid
		msg    string
	}
	tests := []struct {
		name    string
		workout string
		in      resultFields
		want    want
	}{
		{"time in seconds", "Fran", resultFields{Value: f64(330)}, want{status: "completed", value: f64(330)}},
		{"time with fraction", "Fran", resultFields{Status: "completed", Value: f64(330.5)}, want{status: "completed", value: f64(330.5)}},
		{"time required", "Fran", resultFields{}, want{field: "resultValue", msg: `Result is required for team "Alpha"`}},
		{"time zero", "Fran", resultFields{Value: f64(0)}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Time must be greater than 0 seconds`}},
		{"time negative", "Fran", resultFields{Value: f64(-5)}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Time values cannot be negative`}},
		{"time NaN", "Fran", resultFields{Value: f64(math.NaN())}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Use MM:SS format (e.g., 5:30) or seconds (e.g., 330)`}},
		{"time over the cap", "Fran", resultFields{Value: f64(601)}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Time must not exceed the time cap of 10:00; enter a capped result (CAP +reps) instead`}},
		{"time at the cap", "Fran", resultFields{Value: f64(600)}, want{status: "completed", value: f64(600)}},
		{"time at the cap with reps is capped", "Fran", resultFields{Value: f64(600), CappedReps: i32(15)}, want{status: "capped", reps: i32(15)}},
		{"reps ignored when finished under the cap", "Fran", resultFields{Value: f64(500), CappedReps: i32(15)}, want{status: "completed", value: f64(500)}},
		{"capped", "Fran", resultFields{Status: "capped", CappedReps: i32(12)}, want{status: "capped", reps: i32(12)}},
		{"capped with zero reps", "Fran", resultFields{Status: "CAPPED", CappedReps: i32(0)}, want{status: "capped", reps: i32(0)}},
		{"capped value is dropped", "Fran", resultFields{Status: "capped", Value: f64(600), CappedReps: i32(3)}, want{status: "capped", reps: i32(3)}},
		{"capped needs reps", "Fran", resultFields{Status: "capped"}, want{field: "cappedReps", msg: `Invalid result for team "Alpha": Enter the reps completed before the time cap`}},
		{"capped negative reps", "Fran", resultFields{Status: "capped", CappedReps: i32(-1)}, want{field: "cappedReps", msg: `Invalid result for team "Alpha": Reps cannot be negative`}},
		{"capped needs a cap", noCap.Name, resultFields{Status: "capped", CappedReps: i32(4)}, want{field: "status", msg: `Invalid result for team "Alpha": This workout has no time cap; set one on the workout before entering capped results`}},
		{"capped only for TIME", "Cindy", resultFields{Status: "capped", CappedReps: i32(4)}, want{field: "status", msg: `Invalid result for team "Alpha": Only TIME workouts can have a capped result`}},
		{"reps zero is valid", "Cindy", resultFields{Value: f64(0)}, want{status: "completed", value: f64(0)}},
		{"reps whole", "Cindy", resultFields{Value: f64(12.5)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Enter a whole number`}},
		{"reps negative", "Cindy", resultFields{Value: f64(-1)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Value must be at least 0`}},
		{"reps infinite", "Cindy", resultFields{Value: f64(math.Inf(1))}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Enter a valid number`}},
		{"weight decimals", "Clean", resultFields{Value: f64(102.5)}, want{status: "completed", value: f64(102.5)}},
		{"weight zero", "Clean", resultFields{Value: f64(0)}, want{status: "completed", value: f64(0)}},
		{"weight negative", "Clean", resultFields{Value: f64(-0.5)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Value must be at least 0`}},
		{"points decimals", "Judged", resultFields{Value: f64(7.25)}, want{status: "completed", value: f64(7.25)}},
		{"dnf carries nothing", "Fran", resultFields{Status: "DNF", Value: f64(300), Tiebreak: f64(3)}, want{status: "dnf"}},
		{"dns", "Cindy", resultFields{Status: " dns "}, want{status: "dns"}},
		{"WD is dns", "Cindy", resultFields{Status: "WD"}, want{status: "dns"}},
		{"not_started is no status to save", "Cindy", resultFields{Status: "not_started"}, want{field: "status", msg: `Invalid result for team "Alpha": status must be completed, capped, dnf or dns`}},
		{"tiebreak", "Fran", resultFields{Value: f64(300), Tiebreak: f64(120)}, want{status: "completed", value: f64(300), tb: f64(120)}},
		{"tiebreak negative", "Fran", resultFields{Value: f64(300), Tiebreak: f64(-1)}, want{field: "tiebreakValue", msg: `Invalid result for team "Alpha": Tiebreak cannot be negative`}},
		// Ranges at their edges (issue 13, finding 7).
		{"time at 24 hours", noCap.Name, resultFields{Value: f64(86400)}, want{status: "completed", value: f64(86400)}},
		{"time over 24 hours", noCap.Name, resultFields{Value: f64(86400.5)}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Time must be at most 24 hours (86400 seconds)`}},
		{"time 1e308", noCap.Name, resultFields{Value: f64(1e308)}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Time must be at most 24 hours (86400 seconds)`}},
		{"reps at the limit", "Cindy", resultFields{Value: f64(1_000_000)}, want{status: "completed", value: f64(1_000_000)}},
		{"reps 2^53+1", "Cindy", resultFields{Value: f64(9007199254740993)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Value must be at most 1,000,000`}},
		{"weight at the limit", "Clean", resultFields{Value: f64(10_000)}, want{status: "completed", value: f64(10_000)}},
		{"weight over the limit", "Clean", resultFields{Value: f64(10_000.5)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Value must be at most 10,000`}},
		{"weight minus zero", "Clean", resultFields{Value: f64(math.Copysign(0, -1))}, want{status: "completed", value: f64(0)}},
		{"points over the limit", "Judged", resultFields{Value: f64(1_000_000.25)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Value must be at most 1,000,000`}},
		{"capped reps over the limit", "Fran", resultFields{Status: "capped", CappedReps: i32(1_000_001)}, want{field: "cappedReps", msg: `Invalid result for team "Alpha": Reps must be at most 1,000,000`}},
		{"tiebreak over the limit", "Fran", resultFields{Value: f64(300), Tiebreak: f64(1e7)}, want{field: "tiebreakValue", msg: `Invalid result for team "Alpha": Tiebreak must be at most 1,000,000`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := f.w[tt.workout]
			if w == nil {
				w = noCap
			}
			in, err := validateResult(alpha, w, tt.in, "results[2].")
			if tt.want.field != "" {
				var e *apperr.Error
				if err == nil || !errors.As(err, &e) || e.Kind != apperr.KindInvalid {
					t.Fatalf("got %v, want invalid %s", err, tt.want.msg)
				}
				if e.Field != "results[2]."+tt.want.field || e.Message != tt.want.msg {
					t.Fatalf("got %s: %q\nwant %s: %q", e.Field, e.Message, "results[2]."+tt.want.field, tt.want.msg)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if in.Status.String() != tt.want.status || !eqF(in.Value, tt.want.value) || !eqI(in.CappedReps, tt.want.reps) || !eqF(in.Tiebreak, tt.want.tb) {
				t.Fatalf("got %s value %v reps %v tiebreak %v", in.Status, fv(in.Value), iv(in.CappedReps), fv(in.Tiebreak))
			}
			if in.Value != nil && math.Signbit(*in.Value) {
				t.Fatalf("value %v keeps its minus sign", *in.Value)
			}
			if in.TeamID != alpha.Id || in.WorkoutID != w.Id || in.DivisionID != alpha.DivisionId {
				t.Fatalf("ids not carried: %+v", in)
			}
		})
	}
}

func eqF(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
func eqI(a, b *int32) bool   { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
func fv(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}
func iv(p *int32) any {
	if p == nil {
		return nil
	}
	return *p
}

// The structure keeps the orders it is given: competition-svc owns them
// (TestEveryViewKeepsCompetitionsOrder in public-svc checks them end to end).
func TestStructureKeepsTheGivenOrders(t *testing.T) {
	f := newFixture("")
	f.workout("Second", "REPS", 0, 2)
	f.workout("First", "REPS", 0, 1)
	f.workout("Alpha", "REPS", 0, 0)
	f.workout("Zed", "REPS", 0, 0)
	f.division("Scaled", "bravo", "Alpha", "charlie")
	f.division("Rx")
	st := f.structure(t)
	var names []string
	for _, w := range st.orderedWorkouts {
		names = append(names, w.Name)
	}
	if got := strings.Join(names, ","); got != "Second,First,Alpha,Zed" {
		t.Errorf("workouts %s", got)
	}
	names = nil
	for _, tm := range st.divisionTeams[f.d["Scaled"].Id] {
		names = append(names, tm.Name)
	}
	if got := strings.Join(names, ","); got != "bravo,Alpha,charlie" {
		t.Errorf("teams %s", got)
	}
	if st.orderedDivisions[0].Name != "Scaled" {
		t.Errorf("divisions reordered")
	}
	if len(st.allCells()) != 8 {
		t.Errorf("cells %d", len(st.allCells()))
	}
	if _, err := newStructure(newFixture("custom").es); err == nil {
		t.Error("custom table without points accepted")
	}
}

// res builds a stored result for scoring tests.
func res(f *fixture, team, workout, status string, value float64) store.Result {
	r := store.Result{ID: newID(), EventID: f.eventID(), TeamID: f.t[team].Id, WorkoutID: f.w[workout].Id,
		DivisionID: f.t[team].DivisionId, Status: typesv1.ResultStatus(typesv1.ResultStatus_value[status]), UpdatedAt: time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)}
	switch status {
	case "completed":
		r.Value = f64(value)
	case "capped":
		r.CappedReps = i32(int32(value))
	}
	return r
}

func TestScoreResults(t *testing.T) {
	f := standard()
	f.division("Masters", "Golf", "Hotel")
	st := f.structure(t)
	results := []store.Result{
		res(f, "Alpha", "Fran", "completed", 300),
		res(f, "Bravo", "Fran", "completed", 300),
		res(f, "Charlie", "Fran", "capped", 50),
		res(f, "Delta", "Fran", "dnf", 0),
		res(f, "Echo", "Fran", "completed", 400), // another division: placed apart
		res(f, "Foxtrot", "Fran", "dns", 0),
		res(f, "Alpha", "Cindy", "completed", 0), // 0 reps beats a dnf
		res(f, "Bravo", "Cindy", "dnf", 0),
		res(f, "Golf", "Fran", "completed", 100),
	}
	// A team moved to another division since its result was saved: it is scored where it
	// is now, and the row follows.
	results[8].DivisionID = f.d["Rx"].Id
	scores, err := scoreResults(st, results)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]store.Score{}
	for _, s := range scores {
		got[s.ID] = s
	}
	want := []struct {
		place  int32
		points float64
	}{{1, 100}, {1, 100}, {3, 90}, {4, 0}, {1, 100}, {0, 0}, {1, 100}, {2, 0}, {1, 100}}
	for i, w := range want {
		s := got[results[i].ID]
		if w.place == 0 {
			if s.Place != nil || s.Points != nil {
				t.Errorf("result %d: got place %v points %v, want none", i, iv(s.Place), fv(s.Points))
			}
			continue
		}
		if s.Place == nil || *s.Place != w.place || *s.Points != w.points {
			t.Errorf("result %d: got place %v points %v, want %d %v", i, iv(s.Place), fv(s.Points), w.place, w.points)
		}
	}
	if got[results[8].ID].DivisionID != f.d["Masters"].Id {
		t.Error("moved team's division not brought up to date")
	}

	// ranksum: points are places, a dnf keeps its place as points.
	f.es.Event.ScoringTable = "ranksum"
	scores, _ = scoreResults(f.structure(t), results[:4])
	if p := scores[3].Points; p == nil || *p != 4 {
		t.Errorf("ranksum dnf points %v", fv(p))
	}
}

func TestMatrixAndGridRows(t *testing.T) {
	f := standard()
	st := f.structure(t)
	briefs := []store.Brief{
		{ID: "r1", TeamID: f.t["Alpha"].Id, WorkoutID: f.w["Fran"].Id, IsPublished: true},
		{ID: "r2", TeamID: f.t["Bravo"].Id, WorkoutID: f.w["Fran"].Id},
		{ID: "r3", TeamID: f.t["Echo"].Id, WorkoutID: f.w["Cindy"].Id, IsPublished: true},
		{ID: "r4", TeamID: newID(), WorkoutID: f.w["Cindy"].Id}, // a team no longer in the event
	}
	cells := matrixCells(st, briefs)
	if len(cells) != 8 {
		t.Fatalf("%d cells, want 2 divisions × 4 workouts", len(cells))
	}
	// Rx first (by name), workouts by order.
	c := cells[0]
	if c.DivisionId != f.d["Rx"].Id || c.WorkoutId != f.w["Fran"].Id || c.TotalTeams != 4 || c.Entered != 2 || c.Published != 1 || len(c.ResultIds) != 2 {
		t.Errorf("Rx × Fran: %v", c)
	}
	c = cells[5]
	if c.DivisionId != f.d["Scaled"].Id || c.WorkoutId != f.w["Cindy"].Id || c.TotalTeams != 2 || c.Entered != 1 || c.Published != 1 {
		t.Errorf("Scaled × Cindy: %v", c)
	}
	if cells[7].ResultIds == nil {
		t.Error("empty cell must have an empty id list, not null")
	}

	stored := []store.Result{res(f, "Charlie", "Fran", "capped", 12)}
	stored[0].Points, stored[0].Place, stored[0].IsPublished = f64(100), i32(1), true
	rows := gridRows(st.divisionTeams[f.d["Rx"].Id], f.w["Fran"], stored)
	var names []string
	for _, r := range rows {
		names = append(names, r.TeamName)
	}
	if strings.Join(names, ",") != "Alpha,Bravo,Charlie,Delta" {
		t.Fatalf("rows %v", names)
	}
	if r := rows[0]; r.Id != nil || r.Status != typesv1.ResultStatus_not_started || r.ScoreType != typesv1.ScoreType_TIME || r.TimeCapSeconds.GetValue() != 600 || r.Score != nil || r.Rank != nil {
		t.Errorf("empty row %v", r)
	}
	if r := rows[2]; r.Id.GetValue() != stored[0].ID || r.Status != typesv1.ResultStatus_capped || r.CappedReps.GetValue() != 12 || r.ResultValue != nil ||
		r.Score.GetValue() != 100 || r.Rank.GetValue() != 1 || !r.IsPublished || r.UpdatedAt != "2026-05-01T10:00:00Z" {
		t.Errorf("entered row %v", r)
	}
}

func TestEventStandings(t *testing.T) {
	f := standard()
	st := f.structure(t)
	late := time.Date(2026, 5, 2, 9, 30, 0, 0, time.UTC)
	results := []store.Result{
		res(f, "Alpha", "Fran", "completed", 300),
		res(f, "Bravo", "Fran", "completed", 200),
		res(f, "Charlie", "Fran", "capped", 10),
		res(f, "Alpha", "Cindy", "completed", 50),
		res(f, "Bravo", "Cindy", "completed", 40),
		res(f, "Charlie", "Cindy", "dns", 0),
		res(f, "Echo", "Clean", "completed", 102.5),
	}
	results[6].UpdatedAt = late
	got, err := eventStandings(st, results)
	if err != nil {
		t.Fatal(err)
	}
	if got.EventId != f.eventID() || got.LastUpdated != "2026-05-02T09:30:00Z" || len(got.Divisions) != 2 {
		t.Fatalf("standings %v", got)
	}
	rx := got.Divisions[0]
	if rx.DivisionId != f.d["Rx"].Id || len(rx.Standings) != 4 {
		t.Fatalf("rx %v", rx)
	}
	// Alpha 95+100 = 195 and Bravo 100+95 = 195: countback ties them (1st and 2nd each), so
	// they share the place. Delta has no result: total 0, no rank. Charlie is withdrawn, last.
	type line struct {
		team     string
		rank     int32
		total    float64
		nullRank bool
		wd       bool
		placings int
	}
	want := []line{{"Alpha", 1, 195, false, false, 2}, {"Bravo", 1, 195, false, false, 2}, {"Delta", 0, 0, true, false, 0}, {"Charlie", 0, 0, true, true, 2}}
	for i, w := range want {
		s := rx.Standings[i]
		if s.TeamId != f.t[w.team].Id || (s.Rank == nil) != w.nullRank || s.Rank.GetValue() != w.rank ||
			s.Withdrawn != w.wd || len(s.Placings) != w.placings {
			t.Errorf("line %d: got %v, want %+v", i, s, w)
		}
		if w.wd && s.TotalPoints != nil {
			t.Errorf("withdrawn team has a total")
		}
		if !w.wd && s.TotalPoints.GetValue() != w.total {
			t.Errorf("line %d total %v, want %v", i, s.TotalPoints.GetValue(), w.total)
		}
	}
	charlie := rx.Standings[3]
	if p := charlie.Placings[0]; p.Status != typesv1.ResultStatus_capped || p.RawResult.GetValue() != 10 || p.Rank.GetValue() != 3 || p.Points.GetValue() != 90 {
		t.Errorf("capped placing %v", p)
	}
	if p := charlie.Placings[1]; p.Status != typesv1.ResultStatus_dns || p.RawResult != nil || p.Rank != nil || p.Points != nil {
		t.Errorf("dns placing %v", p)
	}
	scaled := got.Divisions[1]
	if s := scaled.Standings[0]; s.TeamId != f.t["Echo"].Id || s.Rank.GetValue() != 1 || s.TotalPoints.GetValue() != 100 || s.Placings[0].RawResult.GetValue() != 102.5 {
		t.Errorf("scaled %v", s)
	}

	// The view decides what counts: without Bravo's Fran (say, unpublished), Alpha wins Fran.
	got, _ = eventStandings(st, append(results[:1:1], results[2:]...))
	if s := got.Divisions[0].Standings[0]; s.TeamId != f.t["Alpha"].Id || s.TotalPoints.GetValue() != 200 {
		t.Errorf("published-only view: %v", s)
	}
	// No results: every division listed, no time.
	got, _ = eventStandings(st, nil)
	if got.LastUpdated != "" || len(got.Divisions) != 2 || len(got.Divisions[0].Standings) != 4 {
		t.Errorf("empty standings %v", got)
	}
}

func TestPercentageAndIDs(t *testing.T) {
	for _, c := range []struct {
		pub, unpub int
		want       float64
	}{{0, 0, 0}, {1, 0, 100}, {1, 2, 33.33}, {2, 1, 66.66}, {0, 5, 0}} {
		if got := percentage(c.pub, c.unpub); got != c.want {
			t.Errorf("percentage(%d, %d) = %v, want %v", c.pub, c.unpub, got, c.want)
		}
	}
	id := newID()
	if got, err := parseID("teamId", "team", strings.ToUpper(id)); err != nil || got != id {
		t.Errorf("upper-case id: %q %v", got, err)
	}
	for _, bad := range []string{"", "nope", id[:35] + "g", id + "0", strings.ReplaceAll(id, "-", "")} {
		if _, err := parseID("teamId", "team", bad); !apperr.IsKind(err, apperr.KindInvalid) {
			t.Errorf("%q accepted", bad)
		}
	}
}
