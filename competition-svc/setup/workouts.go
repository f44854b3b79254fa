package setup

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Workouts: the use cases (order, score type, cap).

// WorkoutInput is a new or changed workout; nil numbers are empty fields.
type WorkoutInput struct {
	Name        string
	Description string
	// A score type word in any case (TIME, REPS, MAX_WEIGHT, POINTS).
	ScoreType      string
	TimeCapSeconds *int32
	WorkoutOrder   *int32
	// PartOf makes it a part of that workout; Parts (a WorkoutParts word in any case) gives it
	// parts counted that way (docs/scoring.md). Empty: neither.
	PartOf, Parts string
}

// cleanWorkout is a WorkoutInput that passed the rules, its score type read.
type cleanWorkout struct {
	WorkoutInput
	scoreType     typesv1.ScoreType
	partOf, parts *string
}

// partsCheck is the check of the multi-part rules for this input replacing self.
func (in cleanWorkout) partsCheck(self store.Workout) partsCheck {
	return partsCheck{self: self, partOf: in.partOf, parts: in.parts, scoreType: in.scoreType,
		partOfField: "partOf", partsField: "parts", scoreTypeField: "scoreType"}
}

func (in WorkoutInput) clean() (cleanWorkout, error) {
	out := cleanWorkout{WorkoutInput: in}
	var err error
	if out.Name, err = core.CleanName("name", "Workout name", in.Name); err != nil {
		return out, err
	}
	if err := core.CheckName("name", out.Name, msgWorkoutNameShort, msgWorkoutNameLong); err != nil {
		return out, err
	}
	if core.Runes(out.Description) > workoutDescMax {
		return out, apperr.Invalid("description", msgWorkoutDescTooLong)
	}
	if out.scoreType, err = parseScoreType("scoreType", in.ScoreType); err != nil {
		return out, err
	}
	if c := out.TimeCapSeconds; c != nil && (*c < timeCapMin || *c > timeCapMax) {
		return out, apperr.Invalid("timeCapSeconds", msgTimeCapInvalid)
	}
	if o := out.WorkoutOrder; o != nil && *o < 1 {
		return out, apperr.Invalid("workoutOrder", msgWorkoutOrderInvalid)
	}
	if o := out.WorkoutOrder; o != nil && *o > workoutOrderMax {
		return out, apperr.Invalid("workoutOrder", msgWorkoutOrderTooBig)
	}
	if strings.TrimSpace(in.PartOf) != "" {
		id, err := core.ParseID("partOf", in.PartOf, "Workout")
		if err != nil {
			return out, err
		}
		out.partOf = &id
	}
	if out.parts, err = partsWord("parts", in.Parts); err != nil {
		return out, err
	}
	if out.partOf != nil && out.parts != nil {
		return out, apperr.Invalid("parts", msgPartHasParts)
	}
	return out, nil
}

func (s *service) ListWorkouts(ctx context.Context, eventID string) (_ []WorkoutView, err error) {
	defer apperr.Wrap(&err, "setup.ListWorkouts(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	workouts, err := s.Store.ListWorkoutsByName(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return s.workoutViews(ctx, workouts, countsRequired)
}

func (s *service) GetWorkout(ctx context.Context, eventID, id string) (_ WorkoutView, err error) {
	defer apperr.Wrap(&err, "setup.GetWorkout(%q, %q)", eventID, id)
	w, err := s.Workout(ctx, eventID, id)
	if err != nil {
		return WorkoutView{}, err
	}
	views, err := s.workoutViews(ctx, []store.Workout{w}, countsRequired)
	if err != nil {
		return WorkoutView{}, err
	}
	return views[0], nil
}

// CreateWorkout adds a workout; an empty workoutOrder becomes the next free number.
func (s *service) CreateWorkout(ctx context.Context, eventID string, input WorkoutInput) (_ WorkoutView, err error) {
	defer apperr.Wrap(&err, "setup.CreateWorkout(%q)", eventID)
	in, err := input.clean()
	if err != nil {
		return WorkoutView{}, err
	}
	eventID, err = core.ParseID("eventId", eventID, "Event")
	if err != nil {
		return WorkoutView{}, err
	}
	var w store.Workout
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.LockEvent(ctx, eventID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(core.MsgEventNotFound)
		} else if err != nil {
			return err
		}
		if err := s.checkWorkoutOrder(ctx, tx, eventID, store.Workout{}, in.WorkoutOrder); err != nil {
			return err
		}
		if err := s.checkStoredParts(ctx, tx, eventID, in.partsCheck(store.Workout{})); err != nil {
			return err
		}
		order := in.WorkoutOrder
		if order == nil {
			next, err := nextWorkoutOrder(ctx, tx, eventID)
			if err != nil {
				return err
			}
			order = next
		}
		w, err = tx.CreateWorkout(ctx, store.Workout{EventID: eventID, Name: in.Name, Description: in.Description,
			ScoreType: in.scoreType, TimeCapSeconds: in.TimeCapSeconds, WorkoutOrder: order, PartOf: in.partOf, Parts: in.parts})
		if err != nil {
			return err
		}
		return tx.RecordActivity(ctx, core.Change(ctx, eventID, "created", "workout", w.ID, workoutCreated(w)))
	})
	if err != nil {
		return WorkoutView{}, err
	}
	s.Changed(ctx, eventID)
	if w.PartOf != nil {
		s.DeliverQueued(ctx) // a new part queued a rescore of its workout's scores
	}
	return WorkoutView{Workout: w}, nil
}

// UpdateWorkout replaces a workout's fields; an empty workoutOrder keeps the current number
// (or takes the next free one when it has none). Workouts with results may be edited: results-svc
// rescores them from the changed definition. The order stays unique and is frozen once the event
// has results, and the cap cannot drop below an entered time (workout_rules.go): 409 naming the
// field.
func (s *service) UpdateWorkout(ctx context.Context, eventID, id string, input WorkoutInput) (_ WorkoutView, err error) {
	defer apperr.Wrap(&err, "setup.UpdateWorkout(%q, %q)", eventID, id)
	current, err := s.Workout(ctx, eventID, id)
	if err != nil {
		return WorkoutView{}, err
	}
	in, err := input.clean()
	if err != nil {
		return WorkoutView{}, err
	}
	var w store.Workout
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.LockEvent(ctx, current.EventID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(core.MsgEventNotFound)
		} else if err != nil {
			return err
		}
		// Read again under the event's lock: the checks below compare with the stored values.
		if current, err = tx.GetWorkout(ctx, current.ID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(core.MsgWorkoutNotFound)
		} else if err != nil {
			return err
		}
		if err := s.checkWorkoutOrder(ctx, tx, current.EventID, current, in.WorkoutOrder); err != nil {
			return err
		}
		if err := s.checkCapAboveResults(ctx, tx, current, in.scoreType, in.TimeCapSeconds); err != nil {
			return err
		}
		if err := s.checkStoredParts(ctx, tx, current.EventID, in.partsCheck(current)); err != nil {
			return err
		}
		order := in.WorkoutOrder
		if order == nil {
			order = current.WorkoutOrder
		}
		if order == nil {
			next, err := nextWorkoutOrder(ctx, tx, current.EventID)
			if err != nil {
				return err
			}
			order = next
		}
		w, err = tx.UpdateWorkout(ctx, store.Workout{ID: current.ID, Name: in.Name, Description: in.Description,
			ScoreType: in.scoreType, TimeCapSeconds: in.TimeCapSeconds, WorkoutOrder: order, PartOf: in.partOf, Parts: in.parts})
		if errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(core.MsgWorkoutNotFound)
		}
		if err != nil {
			return err
		}
		return tx.RecordActivity(ctx, core.Change(ctx, current.EventID, "updated", "workout", w.ID, workoutChanges(current, w)))
	})
	if err != nil {
		return WorkoutView{}, err
	}
	s.Changed(ctx, current.EventID)
	s.DeliverQueued(ctx) // a new score type or cap queued a rescore
	views, err := s.workoutViews(ctx, []store.Workout{w}, countsBestEffort)
	if err != nil {
		return WorkoutView{}, err
	}
	return views[0], nil
}

// DeleteWorkout removes a workout that has no results.
func (s *service) DeleteWorkout(ctx context.Context, eventID, id string) (err error) {
	defer apperr.Wrap(&err, "setup.DeleteWorkout(%q, %q)", eventID, id)
	w, err := s.Workout(ctx, eventID, id)
	if err != nil {
		return err
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		// Locked first: no first result of the workout commits before this delete does
		// (results-svc raises the counts under FOR SHARE of the row before it saves one).
		if err := tx.LockWorkoutRow(ctx, w.ID); err != nil {
			return nil, err
		}
		counts, err := s.resultsByWorkout(ctx, tx, []string{w.ID})
		if err != nil {
			return nil, err
		}
		if counts[w.ID] > 0 {
			return nil, apperr.Conflict(msgWorkoutHasResults)
		}
		if parts, err := hasParts(ctx, tx, w); err != nil {
			return nil, err
		} else if parts {
			return nil, apperr.Conflict(msgWorkoutHasParts)
		}
		if err := tx.DeleteWorkout(ctx, w.ID); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, w.EventID, "deleted", "workout", w.ID, "Workout "+w.Name+" deleted")}, nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(core.MsgWorkoutNotFound)
	} else if err != nil {
		return err
	}
	s.Changed(ctx, w.EventID)
	s.DeliverQueued(ctx)
	return nil
}

// ReorderWorkouts numbers the event's workouts 1..n in the order given; ids must list every
// workout of the event once, and no workout of the event may have results.
func (s *service) ReorderWorkouts(ctx context.Context, eventID string, ids []string) (_ []WorkoutView, err error) {
	defer apperr.Wrap(&err, "setup.ReorderWorkouts(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	order := make([]string, len(ids))
	seen := make(map[string]bool, len(ids))
	for i, raw := range ids {
		id, err := core.ParseID(fmt.Sprintf("workoutIds[%d]", i), raw, "Workout")
		if err != nil {
			return nil, err
		}
		if seen[id] {
			return nil, apperr.Invalid("workoutIds", MsgReorderIncomplete)
		}
		seen[id] = true
		order[i] = id
	}
	var out []store.Workout
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.LockEvent(ctx, eventID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(core.MsgEventNotFound)
		} else if err != nil {
			return err
		}
		current, err := tx.ListWorkoutsByOrder(ctx, eventID)
		if err != nil {
			return err
		}
		if len(current) != len(order) {
			return apperr.Invalid("workoutIds", MsgReorderIncomplete)
		}
		currentIDs := make([]string, len(current))
		for i, w := range current {
			if !seen[w.ID] {
				return apperr.Invalid("workoutIds", MsgReorderIncomplete)
			}
			currentIDs[i] = w.ID
		}
		counts, err := s.resultsByWorkout(ctx, tx, currentIDs)
		if err != nil {
			return err
		}
		for _, n := range counts {
			if n > 0 {
				return apperr.Conflict(msgReorderHasResults)
			}
		}
		if _, err := tx.NumberWorkouts(ctx, eventID, order); err != nil {
			return err
		}
		if out, err = tx.ListWorkoutsByOrder(ctx, eventID); err != nil {
			return err
		}
		if len(out) == 0 {
			return nil
		}
		names := make([]string, len(out))
		for i, w := range out {
			names[i] = w.Name
		}
		return tx.RecordActivity(ctx, core.Change(ctx, eventID, "reordered", "workout", out[0].ID, "Workouts reordered: "+strings.Join(names, ", ")))
	})
	if err != nil {
		return nil, err
	}
	s.Changed(ctx, eventID)
	return s.workoutViews(ctx, out, countsSkipped) // checked above: none has results
}
