package scoring_test

import (
	"fmt"
	"math"
	"testing"

	"pgregory.net/rapid"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/results-svc/scoring"
)

// Properties every rule set keeps, on random divisions (pgregory.net/rapid shrinks a failure
// to its smallest case).

var tables = []string{"podium100", "games2012", "ranksum", "pscore"}

func genRules(t *rapid.T) (scoring.Workout, scoring.Rules) {
	table, err := scoring.NewTable(rapid.SampledFrom(tables).Draw(t, "table"), nil)
	if err != nil {
		t.Fatal(err)
	}
	w := scoring.Workout{
		Dir:    rapid.SampledFrom([]scoring.Direction{scoring.LowerIsBetter, scoring.HigherIsBetter}).Draw(t, "dir"),
		Weight: rapid.SampledFrom([]float64{0, 0.5, 1, 2, 3}).Draw(t, "weight"),
	}
	r := scoring.Rules{Table: table, Ties: rapid.SampledFrom([]scoring.WorkoutTies{
		scoring.TiesShareBetterPlace, scoring.TiesAveragePoints, scoring.TiesStand}).Draw(t, "ties")}
	return w, r
}

// genEntries draws a division's results: mostly completed values from a small range (so that
// ties happen), some capped, dnf, Scaled and penalised.
func genEntries(t *rapid.T, min int) []scoring.Entry {
	n := rapid.IntRange(min, 12).Draw(t, "teams")
	out := make([]scoring.Entry, n)
	for i := range out {
		e := scoring.Entry{TeamID: fmt.Sprintf("t%02d", i), Status: typesv1.ResultStatus_completed,
			Value: float64(rapid.IntRange(1, 8).Draw(t, "value"))}
		switch rapid.IntRange(0, 9).Draw(t, "kind") {
		case 0:
			e.Status, e.CappedReps = typesv1.ResultStatus_capped, rapid.IntRange(0, 5).Draw(t, "reps")
		case 1:
			e.Status = typesv1.ResultStatus_dnf
		case 2:
			e.Scaled = true
		case 3:
			e.Penalty = scoring.Penalty{Kind: scoring.PenaltyPoints, Amount: 5}
		}
		out[i] = e
	}
	return out
}

func byTeamID(placings []scoring.Placing) map[string]scoring.Placing {
	m := map[string]scoring.Placing{}
	for _, p := range placings {
		m[p.TeamID] = p
	}
	return m
}

// A better result never lowers a team's place.
func TestPropertyABetterResultNeverLowersThePlace(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		w, r := genRules(t)
		entries := genEntries(t, 1)
		k := rapid.IntRange(0, len(entries)-1).Draw(t, "who")
		if entries[k].Status != typesv1.ResultStatus_completed {
			return
		}
		before := scoring.PlaceWith(entries, w, r)[k].Place
		better := append([]scoring.Entry(nil), entries...)
		if w.Dir == scoring.LowerIsBetter {
			better[k].Value -= 0.5
		} else {
			better[k].Value += 0.5
		}
		if after := scoring.PlaceWith(better, w, r)[k].Place; after > before {
			t.Fatalf("improving %s moved it from place %d to %d", entries[k].TeamID, before, after)
		}
	})
}

// The order of the input rows never changes anyone's place or points, nor the standings.
func TestPropertyInputOrderDoesNotMatter(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		w, r := genRules(t)
		entries := genEntries(t, 0)
		shuffled := rapid.Permutation(entries).Draw(t, "shuffled")
		a, b := byTeamID(scoring.PlaceWith(entries, w, r)), byTeamID(scoring.PlaceWith(shuffled, w, r))
		for id, pa := range a {
			if pb := b[id]; pa.Place != pb.Place || math.Abs(pa.Points-pb.Points) > 1e-9 {
				t.Fatalf("%s: %+v in input order, %+v shuffled", id, pa, pb)
			}
		}
		var teams, shuffledTeams []string
		for _, e := range entries {
			teams = append(teams, e.TeamID)
		}
		for _, e := range shuffled {
			shuffledTeams = append(shuffledTeams, e.TeamID)
		}
		sa := scoring.StandingsWith(teams, []scoring.WorkoutPlacings{a}, r)
		sb := scoring.StandingsWith(shuffledTeams, []scoring.WorkoutPlacings{b}, r)
		ranks := map[string]int{}
		for _, s := range sa {
			ranks[s.TeamID] = s.Rank
		}
		for _, s := range sb {
			if ranks[s.TeamID] != s.Rank {
				t.Fatalf("%s ranked %d in input order, %d shuffled", s.TeamID, ranks[s.TeamID], s.Rank)
			}
		}
	})
}

// Under ranksum, a team placed below everyone changes no other team's points.
func TestPropertyRanksumATeamBelowEveryoneChangesNothing(t *testing.T) {
	t.Parallel()
	ranksum := mustTable(t, "ranksum")
	rapid.Check(t, func(t *rapid.T) {
		w, r := genRules(t)
		r.Table = ranksum
		entries := genEntries(t, 0)
		for i := range entries {
			entries[i].Scaled = false // a Scaled team is below every Rx one: not "below everyone" then
		}
		last := scoring.Entry{TeamID: "last", Status: typesv1.ResultStatus_completed, Value: 1000}
		if w.Dir == scoring.HigherIsBetter {
			last.Value = -1000
		}
		// Below every finisher and capped result; a dnf is below it, so only add it when there is none.
		for _, e := range entries {
			if e.Status == typesv1.ResultStatus_dnf {
				last = scoring.Entry{TeamID: "last", Status: typesv1.ResultStatus_dnf}
			}
		}
		if last.Status == typesv1.ResultStatus_completed {
			for _, e := range entries {
				if e.Status == typesv1.ResultStatus_capped {
					last = scoring.Entry{TeamID: "last", Status: typesv1.ResultStatus_dnf}
				}
			}
		}
		before := byTeamID(scoring.PlaceWith(entries, w, r))
		after := byTeamID(scoring.PlaceWith(append(append([]scoring.Entry(nil), entries...), last), w, r))
		for id, p := range before {
			if q := after[id]; math.Abs(p.Points-q.Points) > 1e-9 && entries[indexOf(entries, id)].Status != typesv1.ResultStatus_dnf {
				t.Fatalf("%s: %v points before, %v after a team below everyone joined", id, p.Points, q.Points)
			}
		}
	})
}

func indexOf(entries []scoring.Entry, id string) int {
	for i, e := range entries {
		if e.TeamID == id {
			return i
		}
	}
	return -1
}

// Ties are symmetric: two teams with the same result get the same place and points.
func TestPropertyTiesAreSymmetric(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		w, r := genRules(t)
		entries := genEntries(t, 1)
		twin := entries[rapid.IntRange(0, len(entries)-1).Draw(t, "twin")]
		twin.TeamID = "twin"
		entries = append(entries, twin)
		got := scoring.PlaceWith(entries, w, r)
		a, b := got[len(got)-1], byTeamID(got)[entries[indexOfSame(entries, twin)].TeamID]
		if a.Place != b.Place || math.Abs(a.Points-b.Points) > 1e-9 {
			t.Fatalf("equal results: %+v and %+v", a, b)
		}
	})
}

// indexOfSame finds the first entry equal to e but for its team.
func indexOfSame(entries []scoring.Entry, e scoring.Entry) int {
	for i, x := range entries {
		x.TeamID = e.TeamID
		if x == e {
			return i
		}
	}
	return -1
}

// A Scaled result never scores above an Rx result (every Rx result places above every Scaled
// one), under every table: compared with every Rx result the table gives points for its result
// (a finisher; under the place tables a capped result too), without a points penalty, which is
// the team's own loss. An Rx dnf scores 0 by rule, as does a capped result under P-Score.
func TestPropertyScaledNeverScoresAboveRx(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		w, r := genRules(t)
		entries := genEntries(t, 2)
		got := scoring.PlaceWith(entries, w, r)
		pscore := r.Table.Name() == "pscore"
		for i, rx := range entries {
			counts := rx.Status == typesv1.ResultStatus_completed || (rx.Status == typesv1.ResultStatus_capped && !pscore)
			if rx.Scaled || !counts || rx.Penalty.Kind == scoring.PenaltyPoints {
				continue
			}
			for j, s := range entries {
				if !s.Scaled || !got[j].Ranked || got[j].Place == 0 {
					continue
				}
				above := got[j].Points > got[i].Points+1e-9
				if r.Table.LowerTotalWins() {
					above = got[j].Points < got[i].Points-1e-9
				}
				if above {
					t.Fatalf("Scaled %s (%+v) scored %v, above Rx %s (%+v) with %v", s.TeamID, s, got[j].Points, rx.TeamID, rx, got[i].Points)
				}
			}
		}
	})
}
