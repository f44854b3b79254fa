package resultssvc

import (
	"testing"

	"github.com/podium-dev/podium/results-svc/store"
)

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
