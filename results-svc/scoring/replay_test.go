package scoring_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/podium-dev/podium/results-svc/scoring"
)

// The published championship lives in the shared directory beside the repo
// root; the test runs in results-svc/scoring.
const fixtureDir = "../../../shared/fixtures/scoring/if3-masters-2023"

// replayNumbers is the count of published numbers in the fixture (README):
// place and points of every non-dns result, place and total of every
// active team.
const replayNumbers = 3430

type division struct {
	Workouts []struct {
		ID        string `json:"id"`
		ScoreType string `json:"score_type"`
	} `json:"workouts"`
	Teams []struct {
		ID        string `json:"id"`
		Status    string `json:"status"`
		Published struct {
			Place       *int     `json:"place"`
			TotalPoints *float64 `json:"total_points"`
		} `json:"published"`
	} `json:"teams"`
	Results []struct {
		TeamID      string   `json:"team_id"`
		WorkoutID   string   `json:"workout_id"`
		Status      string   `json:"status"`
		TimeSeconds *float64 `json:"time_seconds"`
		Reps        *float64 `json:"reps"`
		WeightLb    *float64 `json:"weight_lb"`
		Published   struct {
			Rank   *int     `json:"rank"`
			Points *float64 `json:"points"`
		} `json:"published"`
	} `json:"results"`
}

func TestReplayPublishedChampionship(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(fixtureDir, "*.json"))
	if err != nil || len(files) != 16 {
		t.Fatalf("want the 16 division files in %s, found %d (err %v)", fixtureDir, len(files), err)
	}
	table, err := scoring.NewTable("podium100", nil)
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			compared += replayDivision(t, file, table)
		})
	}
	t.Logf("compared %d published numbers", compared)
	if compared != replayNumbers {
		t.Errorf("compared %d published numbers, want %d", compared, replayNumbers)
	}
}

// replayDivision recomputes one division and returns how many published
// numbers it compared.
func replayDivision(t *testing.T, file string, table scoring.Table) int {
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var d division
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}

	compared := 0
	var workouts []scoring.WorkoutPlacings
	for _, w := range d.Workouts {
		dir, err := scoring.DirectionFor(w.ScoreType)
		if err != nil {
			t.Fatal(err)
		}
		var entries []scoring.Entry
		var want []int // indexes into d.Results, parallel to entries
		for i, r := range d.Results {
			if r.WorkoutID != w.ID {
				continue
			}
			e := scoring.Entry{TeamID: r.TeamID, Status: scoring.Status(r.Status)}
			switch {
			case e.Status == scoring.Capped:
				e.CappedReps = int(*r.Reps)
			case e.Status != scoring.Completed:
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
