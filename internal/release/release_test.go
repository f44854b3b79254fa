package release

import (
	"maps"
	"testing"
	"time"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

type workout struct{ id, releaseAt, partOf string }

func (w workout) GetId() string        { return w.id }
func (w workout) GetReleaseAt() string { return w.releaseAt }
func (w workout) GetPartOf() string    { return w.partOf }

func TestPending(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 12, 17, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		releaseAt string
		now       time.Time
		want      bool
	}{
		{"", at, false},
		{"2026-03-12T17:00:00Z", at.Add(-time.Nanosecond), true},
		{"2026-03-12T17:00:00Z", at, false}, // the release instant is released
		{"2026-03-12T18:00:00+01:00", at, false},
		{"12 March", at, true}, // unreadable: held back
	} {
		if got := Pending(c.releaseAt, c.now); got != c.want {
			t.Errorf("Pending(%q, %v) = %v, want %v", c.releaseAt, c.now, got, c.want)
		}
	}
}

func TestHeldKeepsAWorkoutWithItsParts(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 12, 17, 0, 0, 0, time.UTC)
	later := "2026-03-19T17:00:00Z"
	for _, c := range []struct {
		name     string
		workouts []workout
		want     map[string]bool
	}{
		{"none held", []workout{{"a", "", ""}, {"b", "2026-03-01T00:00:00Z", ""}}, nil},
		{"one held", []workout{{"a", "", ""}, {"b", later, ""}}, map[string]bool{"b": true}},
		{"a held header holds its parts", []workout{{"h", later, ""}, {"p1", "", "h"}, {"p2", "", "h"}, {"x", "", ""}},
			map[string]bool{"h": true, "p1": true, "p2": true}},
		{"a held part holds its header and siblings", []workout{{"h", "", ""}, {"p1", "", "h"}, {"p2", later, "h"}},
			map[string]bool{"h": true, "p1": true, "p2": true}},
	} {
		if got := Held(c.workouts, now); !maps.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestPublicLeavesTheStructureAsItWas(t *testing.T) {
	t.Parallel()
	es := &competitionv1.EventStructure{Event: &competitionv1.Event{Id: "e",
		Workouts:     []*competitionv1.Workout{{Id: "a"}, {Id: "b"}},
		ScoringRules: &competitionv1.ScoringRules{OverallWorkoutId: "b"}}}
	if got := Public(es, nil); got != es {
		t.Errorf("nothing held: a copy")
	}
	got := Public(es, map[string]bool{"b": true})
	if h := got.GetHeld(); len(h) != 1 || h[0].GetNumber() != 2 {
		t.Errorf("held: %v", h)
	}
	if len(got.GetEvent().GetWorkouts()) != 1 || got.GetEvent().GetWorkouts()[0].GetId() != "a" || got.GetEvent().GetScoringRules().GetOverallWorkoutId() != "" {
		t.Errorf("public structure: %v", got)
	}
	if len(es.GetEvent().GetWorkouts()) != 2 || es.GetEvent().GetScoringRules().GetOverallWorkoutId() != "b" {
		t.Errorf("the structure itself changed: %v", es)
	}
}
