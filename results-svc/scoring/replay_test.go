package scoring_test

import (
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/results-svc/scoring"
	"github.com/podium-dev/podium/results-svc/scoring/fixture"
)

func TestReplayPublishedChampionship(t *testing.T) {
	t.Parallel()
	divisions, err := fixture.Load()
	if err != nil {
		t.Fatal(err)
	}
	table, err := scoring.NewTable("podium100", nil)
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, d := range divisions {
		t.Run(d.Meta.Division, func(t *testing.T) {
			compared += replayDivision(t, d, table)
		})
	}
	t.Logf("compared %d published numbers", compared)
	if compared != fixture.PublishedNumbers {
		t.Errorf("compared %d published numbers, want %d", compared, fixture.PublishedNumbers)
	}
}

// replayDivision recomputes one division and returns how many published
// numbers it compared.
func replayDivision(t *testing.T, d fixture.Division, table scoring.Table) int {
	compared := 0
	var workouts []scoring.WorkoutPlacings
	for _, w := range d.Workouts {
		dir, err := scoring.DirectionFor(typesv1.ScoreType(typesv1.ScoreType_value[w.ScoreType]))
		if err != nil {
			t.Fatal(err)
		}
		var entries []scoring.Entry
		var want []int // indexes into d.Results, parallel to entries
		for i, r := range d.Results {
			if r.WorkoutID != w.ID {
				continue
			}
			e := scoring.Entry{TeamID: r.TeamID, Status: typesv1.ResultStatus(typesv1.ResultStatus_value[r.Status])}
			switch {
			case e.Status == typesv1.ResultStatus_capped:
				e.CappedReps = int(*r.Reps)
			case e.Status != typesv1.ResultStatus_completed:
			case w.ScoreType == "TIME":
				e.Value = *r.TimeSeconds
			case w.ScoreType == "MAX_WEIGHT":
				e.Value = *r.WeightLb
			default:
				e.Value = *r.Reps
			}
			entries = append(entries, e)
			want = append(want, i)
		}
		placings := scoring.PlaceWorkout(entries, dir, table)
		for n, p := range placings {
			r := d.Results[want[n]]
			if r.Published.Rank == nil {
				if p.Ranked || p.Place != 0 || p.Points != 0 {
					t.Errorf("%s %s (%s): got place %d, %v points; published none", w.ID, r.TeamID, r.Status, p.Place, p.Points)
				}
				continue
			}
			if p.Place != *r.Published.Rank {
				t.Errorf("%s %s: place %d, published %d", w.ID, r.TeamID, p.Place, *r.Published.Rank)
			}
			if p.Points != *r.Published.Points {
				t.Errorf("%s %s: points %v, published %v", w.ID, r.TeamID, p.Points, *r.Published.Points)
			}
			compared += 2
		}
		workouts = append(workouts, scoring.ByTeam(placings))
	}

	ids := make([]string, len(d.Teams))
	for i, team := range d.Teams {
		ids[i] = team.ID
	}
	got := make(map[string]scoring.Standing)
	for _, s := range scoring.Standings(ids, workouts, table) {
		got[s.TeamID] = s
	}
	for _, team := range d.Teams {
		s := got[team.ID]
		if team.Published.Place == nil {
			if !s.Withdrawn || s.Rank != 0 || team.Status != "withdrawn" {
				t.Errorf("team %s (%s): got rank %d, withdrawn %v; published no place", team.ID, team.Status, s.Rank, s.Withdrawn)
			}
			continue
		}
		if s.Rank != *team.Published.Place {
			t.Errorf("team %s: rank %d, published %d", team.ID, s.Rank, *team.Published.Place)
		}
		if s.Total != *team.Published.TotalPoints {
			t.Errorf("team %s: total %v, published %v", team.ID, s.Total, *team.Published.TotalPoints)
		}
		compared += 2
	}
	return compared
}
