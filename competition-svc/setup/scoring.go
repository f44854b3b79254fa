package setup

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
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
	if out.table, err = core.NormalizeScoringTable(in.GetScoringTable()); err != nil {
		return out, err
	}
	out.custom = []float64{}
	if out.table == core.TableCustom {
		out.custom = in.GetCustomPoints()
		if err := core.CheckCustomPoints(out.custom); err != nil {
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
	defer apperr.Wrap(&err, "setup.SetEventScoring(%q)", eventID)
	if in == nil {
		in = &competitionv1.ScoringSettings{}
	}
	id, before, after, err := s.changeEventSettings(ctx, eventID, func(tx *store.Store, before store.Event, workouts []store.Workout) (store.Event, error) {
		set, err := checkScoring(in, workouts)
		if err != nil {
			return store.Event{}, err
		}
		divisions, err := tx.ListEventDivisions(ctx, before.ID)
		if err != nil {
			return store.Event{}, err
		}
		overrides, err := checkDivisionScoring(in.GetDivisionOverrides(), divisions, "divisionOverrides")
		if err != nil {
			return store.Event{}, err
		}
		if _, err := tx.SetDivisionScoring(ctx, before.ID, overrides); err != nil {
			return store.Event{}, err
		}
		after, err := tx.SetEventScoring(ctx, before.ID, set.table, set.custom, set.rules)
		if err != nil {
			return store.Event{}, err
		}
		if _, err = tx.SetWorkoutWeights(ctx, before.ID, set.weights); err != nil {
			return store.Event{}, err
		}
		weighted, err := tx.ListWorkoutsByOrder(ctx, before.ID)
		if err != nil {
			return store.Event{}, err
		}
		return after, tx.RecordActivity(ctx, core.Change(ctx, before.ID, "updated", "event", before.ID,
			scoringChanges(before, after, workouts, weighted, divisionScoringChanges(divisions, overrides))))
	})
	if err != nil {
		return EventView{}, err
	}
	s.Log.InfoContext(ctx, "event scoring set", "event", id, "table", after.ScoringTable, "ties", after.Scoring.WorkoutTies,
		"overall", after.Scoring.OverallTieBreak, "was", before.ScoringTable)
	s.DeliverQueued(ctx) // the new scoring queued a rescore
	s.ChangedStatus(ctx, id, before.Status, after.Status)
	return s.eventView(ctx, id, countsBestEffort)
}

// changeEventSettings runs change on the event locked for one transaction, with its workouts
// in order, and returns the event's id and the event before and after: the shape the
// settings of an event (scoring, online) share.
func (s *service) changeEventSettings(ctx context.Context, eventID string,
	change func(tx *store.Store, before store.Event, workouts []store.Workout) (store.Event, error),
) (id string, before, after store.Event, err error) {
	defer apperr.Wrap(&err, "setup.changeEventSettings(%q)", eventID)
	if id, err = core.ParseID("eventId", eventID, "Event"); err != nil {
		return "", before, after, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if before, err = tx.LockEvent(ctx, id); err != nil {
			return err
		}
		workouts, err := tx.ListWorkoutsByOrder(ctx, id)
		if err != nil {
			return err
		}
		after, err = change(tx, before, workouts)
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		return "", before, after, apperr.NotFound(core.MsgEventNotFound)
	}
	return id, before, after, err
}
