package crew

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
	"time"
)

// For random schedules and availability, every rotation Plan makes holds: every place is
// filled or reported as a gap, no judge is in two places at once, rests hold, and no judge
// takes a place their role, level, availability, team or club forbids.
func TestPlanHoldsItsRulesOnRandomSchedules(t *testing.T) {
	t.Parallel()
	for seed := int64(1); seed <= 300; seed++ {
		rng := rand.New(rand.NewSource(seed))
		heats, judges, rules := randomCase(rng)
		places := Plan(heats, judges, rules)
		if err := checkPlan(heats, judges, rules, places); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// A plan with enough judges has no gaps, and the head judge's place goes to a head judge.
func TestPlanFillsEveryPlaceWithEnoughJudges(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	var heats []PlanHeat
	for i := range 6 {
		heats = append(heats, PlanHeat{ID: fmt.Sprint("h", i), WorkoutID: "w", Label: fmt.Sprint("heat ", i+1),
			Start: start.Add(time.Duration(i) * 15 * time.Minute), Lanes: []PlanLane{{Lane: 1}, {Lane: 2}}})
	}
	judges := []Judge{{ID: "head1", Name: "H1", Head: true}, {ID: "head2", Name: "H2", Head: true}}
	for i := range 4 {
		judges = append(judges, Judge{ID: fmt.Sprint("j", i), Name: fmt.Sprint("J", i), Lane: true})
	}
	places := Plan(heats, judges, Rules{HeatLength: 12 * time.Minute, RestAfter: 2})
	for _, p := range places {
		if p.JudgeID == "" {
			t.Errorf("gap at %s lane %d: %s", p.HeatID, p.Lane, p.Gap)
		}
		if p.Lane == 0 && p.JudgeID != "head1" && p.JudgeID != "head2" {
			t.Errorf("head of %s: %s", p.HeatID, p.JudgeID)
		}
	}
	if err := checkPlan(heats, judges, Rules{HeatLength: 12 * time.Minute, RestAfter: 2}, places); err != nil {
		t.Error(err)
	}
	// One head judge for back-to-back heats: they rest every third heat, and that heat's
	// head place is a gap that says so.
	places = Plan(heats, judges[1:], Rules{HeatLength: 12 * time.Minute, RestAfter: 2})
	if p := places[2*3]; p.Lane != 0 || p.JudgeID != "" || p.Gap != msgGapHead {
		t.Errorf("third heat's head place with one head judge: %+v", p)
	}
}

func randomCase(rng *rand.Rand) ([]PlanHeat, []Judge, Rules) {
	day := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	rules := Rules{HeatLength: time.Duration(5+rng.Intn(20)) * time.Minute, RestAfter: 1 + rng.Intn(4),
		AvoidOwnClub: rng.Intn(2) == 0, Levels: map[string]int32{}}
	clubs := []string{"North", "South", "East", ""}
	var heats []PlanHeat
	teams := 0
	for w := range 1 + rng.Intn(3) {
		wid := fmt.Sprint("w", w)
		rules.Levels[wid] = int32(rng.Intn(3))
		at := day.Add(time.Duration(rng.Intn(240)) * time.Minute)
		for n := range 1 + rng.Intn(8) {
			h := PlanHeat{ID: fmt.Sprintf("%s-h%d", wid, n), WorkoutID: wid, Label: fmt.Sprintf("%s heat %d", wid, n+1), Start: at}
			for l := range 1 + rng.Intn(6) {
				teams++
				h.Lanes = append(h.Lanes, PlanLane{Lane: int32(l + 1), TeamID: fmt.Sprint("t", teams),
					Clubs: []string{clubs[rng.Intn(len(clubs))]}})
			}
			heats = append(heats, h)
			at = at.Add(time.Duration(rng.Intn(30)) * time.Minute)
		}
	}
	var judges []Judge
	for i := range rng.Intn(25) {
		j := Judge{ID: fmt.Sprint("j", i), Name: fmt.Sprint("Judge ", i), Head: rng.Intn(4) == 0, Lane: rng.Intn(5) > 0,
			Level: int32(rng.Intn(4)), Club: clubs[rng.Intn(len(clubs))]}
		if rng.Intn(3) == 0 {
			j.TeamID = fmt.Sprint("t", 1+rng.Intn(teams))
		}
		for range rng.Intn(3) {
			s := day.Add(time.Duration(rng.Intn(480)) * time.Minute)
			j.Windows = append(j.Windows, Span{s, s.Add(time.Duration(30+rng.Intn(300)) * time.Minute)})
		}
		judges = append(judges, j)
	}
	return heats, judges, rules
}

// checkPlan checks a plan against the rules directly, not through the planner's own book.
func checkPlan(heats []PlanHeat, judges []Judge, r Rules, places []Place) error {
	byID := map[string]Judge{}
	for _, j := range judges {
		byID[j.ID] = j
	}
	seen := map[string]bool{}
	mine := map[string][]PlanHeat{}
	heatOf := map[string]PlanHeat{}
	for _, h := range heats {
		heatOf[h.ID] = h
	}
	for _, p := range places {
		key := fmt.Sprint(p.HeatID, "/", p.Lane)
		if seen[key] {
			return fmt.Errorf("place %s twice", key)
		}
		seen[key] = true
		if (p.JudgeID == "") == (p.Gap == "") {
			return fmt.Errorf("place %s: judge %q, gap %q", key, p.JudgeID, p.Gap)
		}
		if p.JudgeID == "" {
			continue
		}
		j, h := byID[p.JudgeID], heatOf[p.HeatID]
		span := Span{h.Start, h.Start.Add(r.HeatLength)}
		switch {
		case p.Lane == 0 && !j.Head, p.Lane > 0 && !j.Head && !j.Lane:
			return fmt.Errorf("%s on %s without the role", j.ID, key)
		case j.Level < r.Levels[h.WorkoutID]:
			return fmt.Errorf("%s on %s below the level", j.ID, key)
		case len(j.Windows) > 0 && !slices.ContainsFunc(j.Windows, span.within):
			return fmt.Errorf("%s on %s outside their availability", j.ID, key)
		}
		for _, l := range h.Lanes {
			if l.TeamID == j.TeamID && j.TeamID != "" {
				return fmt.Errorf("%s judges the heat of their own team %s", j.ID, key)
			}
			if r.AvoidOwnClub && j.Club != "" && (p.Lane == 0 || l.Lane == p.Lane) && slices.Contains(l.Clubs, j.Club) {
				return fmt.Errorf("%s judges their club on %s", j.ID, key)
			}
		}
		for _, o := range mine[j.ID] {
			if (Span{o.Start, o.Start.Add(r.HeatLength)}).overlaps(span) {
				return fmt.Errorf("%s in two places at once: %s and %s", j.ID, o.ID, h.ID)
			}
		}
		mine[j.ID] = append(mine[j.ID], h)
	}
	for _, h := range heats {
		for _, lane := range placesOf(h) {
			if !seen[fmt.Sprint(h.ID, "/", lane)] {
				return fmt.Errorf("place %s/%d neither filled nor a gap", h.ID, lane)
			}
		}
	}
	for id, hs := range mine {
		slices.SortFunc(hs, func(a, b PlanHeat) int { return a.Start.Compare(b.Start) })
		run := 1
		for i := 1; i < len(hs); i++ {
			if InARow(hs[i-1].Start, hs[i].Start, r.HeatLength) {
				run++
			} else {
				run = 1
			}
			if run > r.RestAfter {
				return fmt.Errorf("%s judges %d heats in a row (rest after %d)", id, run, r.RestAfter)
			}
		}
	}
	return nil
}
