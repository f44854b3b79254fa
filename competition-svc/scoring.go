package competitionsvc

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
)

// The event's scoring (docs/scoring.md): its table, tie rules and workout weights, stored with
// the event and its workouts, scored by results-svc. A change queues a rescore in its own
// transaction (0401_scoring_rules.sql), which results-svc delivers with a history entry per
// changed score.

// scoringInput is a validated ScoringSettings.
type scoringInput struct {
	table   string
	custom  []float64
	rules   store.ScoringRules
	weights map[string]float64
}

// checkScoring validates settings against the event's workouts, field by field.
func checkScoring(in *competitionv1.ScoringSettings, workouts []store.Workout) (scoringInput, error) {
	var out scoringInput
	var err error
	if out.table, err = normalizeScoringTable(in.GetScoringTable()); err != nil {
		return out, err
	}
	out.custom = []float64{}
	if out.table == TableCustom {
		out.custom = in.GetCustomPoints()
		if err := checkCustomPoints(out.custom); err != nil {
			return out, err
		}
	}
	if out.rules, err = checkRules(in.GetRules(), workouts, "rules."); err != nil {
		return out, err
	}
	ofEvent := map[string]bool{}
	for _, w := range workouts {
		ofEvent[w.ID] = true
	}
	out.weights = map[string]float64{}
	for i, ww := range in.GetWorkoutWeights() {
		field := fmt.Sprintf("workoutWeights[%d]", i)
		if _, twice := out.weights[ww.GetWorkoutId()]; twice || !ofEvent[ww.GetWorkoutId()] {
			return out, apperr.Invalid(field+".workoutId", msgWeightWorkout)
		}
		if w := ww.GetWeight(); !(w >= weightMin && w <= weightMax) {
			return out, apperr.Invalid(field+".weight", msgWeightInvalid)
		}
		out.weights[ww.GetWorkoutId()] = ww.GetWeight()
	}
	return out, nil
}

// checkRules reads the tie rules (empty words are the defaults) and checks the overall
// workout is one of the event's; field prefixes the fields' names.
func checkRules(r *competitionv1.ScoringRules, workouts []store.Workout, field string) (store.ScoringRules, error) {
	ties := strings.ToLower(strings.TrimSpace(r.GetWorkoutTies()))
	if ties == "" {
		ties = typesv1.WorkoutTies_share_better.String()
	}
	if _, ok := words.Parse[typesv1.WorkoutTies](ties); !ok {
		return store.ScoringRules{}, apperr.Invalid(field+"workoutTies", msgTiesInvalid)
	}
	overall := strings.ToLower(strings.TrimSpace(r.GetOverallTieBreak()))
	if overall == "" {
		overall = typesv1.OverallTieBreak_countback.String()
	}
	tb, ok := words.Parse[typesv1.OverallTieBreak](overall)
	if !ok {
		return store.ScoringRules{}, apperr.Invalid(field+"overallTieBreak", msgTieBreakInvalid)
	}
	out := store.ScoringRules{WorkoutTies: ties, OverallTieBreak: overall}
	if tb != typesv1.OverallTieBreak_by_workout {
		return out, nil
	}
	id := strings.TrimSpace(r.GetOverallWorkoutId())
	for _, w := range workouts {
		if w.ID == id {
			out.OverallWorkoutID = &w.ID
			return out, nil
		}
	}
	return out, apperr.Invalid(field+"overallWorkoutId", msgTieWorkout)
}

// SetEventScoring stores an event's scoring in one transaction (which queues the rescore) and
// has results-svc rescore right away.
func (s *service) SetEventScoring(ctx context.Context, eventID string, in *competitionv1.ScoringSettings) (_ EventView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.SetEventScoring(%q)", eventID)
	id, err := parseID("eventId", eventID, "Event")
	if err != nil {
		return EventView{}, err
	}
	if in == nil {
		in = &competitionv1.ScoringSettings{}
	}
	var before, after store.Event
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if before, err = tx.LockEvent(ctx, id); err != nil {
			return err
		}
		workouts, err := tx.ListWorkoutsByOrder(ctx, id)
		if err != nil {
			return err
		}
		set, err := checkScoring(in, workouts)
		if err != nil {
			return err
		}
		divisions, err := tx.ListEventDivisions(ctx, id)
		if err != nil {
			return err
		}
		overrides, err := checkDivisionScoring(in.GetDivisionOverrides(), divisions, "divisionOverrides")
		if err != nil {
			return err
		}
		if _, err := tx.SetDivisionScoring(ctx, id, overrides); err != nil {
			return err
		}
		if after, err = tx.SetEventScoring(ctx, id, set.table, set.custom, set.rules); err != nil {
			return err
		}
		if _, err = tx.SetWorkoutWeights(ctx, id, set.weights); err != nil {
			return err
		}
		weighted, err := tx.ListWorkoutsByOrder(ctx, id)
		if err != nil {
			return err
		}
		return tx.RecordActivity(ctx, change(ctx, id, "updated", "event", id,
			scoringChanges(before, after, workouts, weighted, divisionScoringChanges(divisions, overrides))))
	})
	if errors.Is(err, store.ErrNotFound) {
		return EventView{}, apperr.NotFound(msgEventNotFound)
	}
	if err != nil {
		return EventView{}, fmt.Errorf("set event scoring: %w", err)
	}
	s.log.InfoContext(ctx, "event scoring set", "event", id, "table", after.ScoringTable, "ties", after.Scoring.WorkoutTies,
		"overall", after.Scoring.OverallTieBreak, "was", before.ScoringTable)
	s.deliverQueued(ctx) // the new scoring queued a rescore
	s.changedStatus(ctx, id, before.Status, after.Status)
	return s.eventView(ctx, id, countsBestEffort)
}
