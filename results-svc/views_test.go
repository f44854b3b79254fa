package resultssvc

import (
	"strings"
	"testing"
	"time"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/results-svc/store"
)

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
	// Each placing carries its text, built here once for every view that shows it.
	var texts []string
	for _, s := range rx.Standings {
		for _, p := range s.Placings {
			texts = append(texts, p.ResultText)
		}
	}
	if got := strings.Join(texts, ","); got != "5:00,50,3:20,40,CAP +10,DNS" {
		t.Errorf("placing texts %s", got)
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
