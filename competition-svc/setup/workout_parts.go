package setup

import (
	"context"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"

	"github.com/podium-dev/podium/competition-svc/store"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
)

// The rules of multi-part workouts (docs/scoring.md, "Multi-part workouts"): one level, and
// parts combined into one score share the workout's score type. The create, the update and the
// import check them by these functions.

const (
	msgPartsInvalid       = "Parts must be one of separate, sum or best"
	msgPartHasParts       = "A part cannot have parts of its own"
	msgPartOfNoParts      = "%s has no parts: choose how its parts count first"
	msgPartOfSelf         = "A workout cannot be a part of itself"
	msgPartScoreType      = "A part of %s, combined into one score, has its score type (%s)"
	msgPartsScoreTypes    = "Parts combined into one score need the workout's score type (%s): %s"
	msgPartsStillThere    = "%s has parts (%s): delete them or make them workouts of their own first"
	msgPartsHaveResults   = "%s has results: a workout with parts has no results of its own. Delete them first."
	msgWorkoutHasParts    = "This workout has parts. Delete its parts first."
	msgPartOfIsPart       = "%s is a part itself: parts belong to a workout with parts"
	msgHeaderCannotBePart = "%s has parts: a workout with parts cannot be a part"
)

// partsWord reads a WorkoutParts word in any case; "" is no parts.
func partsWord(field, raw string) (*string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, nil
	}
	p, ok := words.Parse[typesv1.WorkoutParts](strings.ToLower(raw))
	if !ok || p == typesv1.WorkoutParts_WORKOUT_PARTS_UNSPECIFIED {
		return nil, apperr.Invalid(field, msgPartsInvalid)
	}
	w := p.String()
	return &w, nil
}

// combined says whether parts counted this way make one score.
func combined(parts *string) bool {
	return parts != nil && (*parts == typesv1.WorkoutParts_sum.String() || *parts == typesv1.WorkoutParts_best.String())
}

// partsCheck is what checkParts needs of a workout being created, changed or imported.
type partsCheck struct {
	self      store.Workout // the zero Workout for a new one
	partOf    *string
	parts     *string
	scoreType typesv1.ScoreType
	// fields name the fields a refusal names (a request's, or an import's "workouts[3].…").
	partOfField, partsField, scoreTypeField string
}

// checkParts applies the rules to one workout against the event's workouts (all, as stored or
// as they will be after an import). hasResults says whether the workout itself has results.
func checkParts(c partsCheck, workouts []store.Workout, hasResults bool) error {
	byID := make(map[string]store.Workout, len(workouts))
	var children []store.Workout
	for _, w := range workouts {
		byID[w.ID] = w
		if c.self.ID != "" && w.PartOf != nil && *w.PartOf == c.self.ID {
			children = append(children, w)
		}
	}
	if c.partOf != nil && c.parts != nil {
		return apperr.Invalid(c.partsField, msgPartHasParts)
	}
	if c.partOf != nil {
		header, ok := byID[*c.partOf]
		switch {
		case *c.partOf == c.self.ID && c.self.ID != "":
			return apperr.Invalid(c.partOfField, msgPartOfSelf)
		case !ok:
			return apperr.Invalid(c.partOfField, core.MsgWorkoutNotFound)
		case len(children) > 0:
			return apperr.ConflictField(c.partOfField, fmt.Sprintf(msgHeaderCannotBePart, c.self.Name))
		case header.PartOf != nil:
			return apperr.Invalid(c.partOfField, fmt.Sprintf(msgPartOfIsPart, header.Name))
		case header.Parts == nil:
			return apperr.Invalid(c.partOfField, fmt.Sprintf(msgPartOfNoParts, header.Name))
		case combined(header.Parts) && header.ScoreType != c.scoreType:
			return apperr.Invalid(c.scoreTypeField, fmt.Sprintf(msgPartScoreType, header.Name, ScoreTypeLabel(header.ScoreType)))
		}
		return nil
	}
	if c.parts == nil {
		if len(children) > 0 {
			return apperr.ConflictField(c.partsField, fmt.Sprintf(msgPartsStillThere, c.self.Name, workoutNames(children)))
		}
		return nil
	}
	if c.self.Parts == nil && hasResults {
		return apperr.ConflictField(c.partsField, fmt.Sprintf(msgPartsHaveResults, c.self.Name))
	}
	if combined(c.parts) {
		var other []string
		for _, w := range children {
			if w.ScoreType != c.scoreType {
				other = append(other, fmt.Sprintf("%s is %s", w.Name, ScoreTypeLabel(w.ScoreType)))
			}
		}
		if len(other) > 0 {
			field := c.partsField
			if c.self.Parts != nil && combined(c.self.Parts) && c.self.ScoreType != c.scoreType {
				field = c.scoreTypeField // the parts were fine: the new score type is the change
			}
			return apperr.Invalid(field, fmt.Sprintf(msgPartsScoreTypes, ScoreTypeLabel(c.scoreType), strings.Join(other, ", ")))
		}
	}
	return nil
}

func workoutNames(ws []store.Workout) string {
	names := make([]string, len(ws))
	for i, w := range ws {
		names[i] = w.Name
	}
	return strings.Join(names, ", ")
}

// checkStoredParts runs checkParts inside the transaction holding the event's lock.
func (s *service) checkStoredParts(ctx context.Context, tx *store.Store, eventID string, c partsCheck) (err error) {
	defer apperr.Wrap(&err, "setup.checkStoredParts(%q)", eventID)
	if c.partOf == nil && c.parts == nil && c.self.Parts == nil {
		return nil // neither was nor becomes part of a multi-part workout
	}
	workouts, err := tx.ListWorkoutsByOrder(ctx, eventID)
	if err != nil {
		return err
	}
	hasResults := false
	if c.parts != nil && c.self.ID != "" && c.self.Parts == nil {
		counts, err := s.resultsByWorkout(ctx, tx, []string{c.self.ID})
		if err != nil {
			return err
		}
		hasResults = counts[c.self.ID] > 0
	}
	return checkParts(c, workouts, hasResults)
}

// hasParts says whether any workout of the event is a part of w.
func hasParts(ctx context.Context, tx *store.Store, w store.Workout) (_ bool, err error) {
	defer apperr.Wrap(&err, "setup.hasParts(%q)", w.ID)
	if w.Parts == nil {
		return false, nil
	}
	workouts, err := tx.ListWorkoutsByOrder(ctx, w.EventID)
	if err != nil {
		return false, err
	}
	for _, x := range workouts {
		if x.PartOf != nil && *x.PartOf == w.ID {
			return true, nil
		}
	}
	return false, nil
}
