package setup

import (
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
)

// Per-division overrides of the event's scoring (docs/scoring.md): a division may have its own
// points table and its own workout ties; the overall tie-break and the workouts' weights stay
// the event's (a tie-break workout and a weight belong to the event's workouts).

const (
	msgOverrideDivision = "Overrides must name divisions of this event, each once"
	msgOverrideTable    = "A division's scoring table must be one of podium100, games2012, ranksum or pscore (a custom table is the event's only)"
)

// checkDivisionScoring validates the overrides against the event's divisions, field by field;
// an override with both words empty is none.
func checkDivisionScoring(in []*competitionv1.DivisionScoring, divisions []store.Division, field string) (map[string]store.DivisionScoring, error) {
	ofEvent := map[string]bool{}
	for _, d := range divisions {
		ofEvent[d.ID] = true
	}
	out := map[string]store.DivisionScoring{}
	seen := map[string]bool{}
	for i, o := range in {
		f := fmt.Sprintf("%s[%d].", field, i)
		id := strings.TrimSpace(o.GetDivisionId())
		if seen[id] || !ofEvent[id] {
			return nil, apperr.Invalid(f+"divisionId", msgOverrideDivision)
		}
		seen[id] = true
		var sc store.DivisionScoring
		if t := strings.ToLower(strings.TrimSpace(o.GetScoringTable())); t != "" {
			if t == core.TableCustom || !isScoringTable(t) {
				return nil, apperr.Invalid(f+"scoringTable", msgOverrideTable)
			}
			sc.Table = t
		}
		if t := strings.ToLower(strings.TrimSpace(o.GetWorkoutTies())); t != "" {
			if _, ok := words.Parse[typesv1.WorkoutTies](t); !ok {
				return nil, apperr.Invalid(f+"workoutTies", msgTiesInvalid)
			}
			sc.WorkoutTies = t
		}
		if sc != (store.DivisionScoring{}) {
			out[id] = sc
		}
	}
	return out, nil
}

func isScoringTable(t string) bool {
	for _, known := range core.ScoringTables {
		if t == known {
			return true
		}
	}
	return false
}

// divisionScoringChanges lists the divisions whose override changed: "Scaled table podium100 →
// games2012".
func divisionScoringChanges(before []store.Division, after map[string]store.DivisionScoring) []string {
	var out []string
	word := func(v string) string {
		if v == "" {
			return "the event's"
		}
		return v
	}
	for _, d := range before {
		now := after[d.ID]
		if d.Scoring.Table != now.Table {
			out = append(out, fmt.Sprintf("%s table %s → %s", d.Name, word(d.Scoring.Table), word(now.Table)))
		}
		if d.Scoring.WorkoutTies != now.WorkoutTies {
			out = append(out, fmt.Sprintf("%s workout ties %s → %s", d.Name, word(d.Scoring.WorkoutTies), word(now.WorkoutTies)))
		}
	}
	return out
}
