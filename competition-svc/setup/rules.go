package setup

import (
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
)

// This file holds the business vocabulary (score types, scoring tables; the event statuses'
// labels and colours are in internal/platform/words, which public-svc shares) and the field
// rules of the console with their message texts.

// ScoreType is a workout's kind of result with its German label.
type ScoreType struct {
	Value typesv1.ScoreType
	Label string
}

// ScoreTypes lists the workout score types.
var ScoreTypes = []ScoreType{
	{typesv1.ScoreType_TIME, "Zeit"},
	{typesv1.ScoreType_REPS, "Wiederholungen"},
	{typesv1.ScoreType_MAX_WEIGHT, "Max. Gewicht"},
	{typesv1.ScoreType_POINTS, "Punkte"},
}

// ScoreTypeLabel is the label of a score type ("" when unknown).
func ScoreTypeLabel(scoreType typesv1.ScoreType) string {
	for _, s := range ScoreTypes {
		if s.Value == scoreType {
			return s.Label
		}
	}
	return ""
}

// A workout's weight multiplies its points (docs/scoring.md); results-svc/scoring applies it
// and checks the same bounds (scoring.MinWeight, scoring.MaxWeight).
const (
	weightMin = 0.5
	weightMax = 3.0
)

// Limits of the contract (docs/operations.md, "Limits").
const (
	athleteNameMax  = 255
	divisionDescMax = 500
	workoutDescMax  = 5000
	locationMax     = 255
	timeCapMin      = 60
	timeCapMax      = 3600
)

// Messages.
const (
	msgEventNameRequired = "Event name is required"
	MsgEventNameTooLong  = "Event name must be less than 255 characters"
	msgDateFromRequired  = "Start date is required"
	msgDateToRequired    = "End date is required"
	MsgDateFromInvalid   = "Start date must be a valid date in the format YYYY-MM-DD"
	MsgDateToInvalid     = "End date must be a valid date in the format YYYY-MM-DD"
	msgDateOrder         = "End date must be after start date"
	msgRosterLockAt      = "Roster lock must be a date and time (RFC 3339), or empty for never"
	msgDefaultLanguage   = "Language must be one of en, de, fr, es."
	MsgLocationTooLong   = "Location must be less than 255 characters"
	MsgStatusInvalid     = "Status must be one of DRAFT, PUBLISHED, IN_PROGRESS, ARCHIVED or UNLISTED"
	msgTiesInvalid       = "Workout ties must be one of share_better, average_points or tie_stand"
	msgTieBreakInvalid   = "Overall tie-break must be one of countback, by_workout or shared"
	msgTieWorkout        = "Choose the workout whose place breaks equal totals"
	msgWeightInvalid     = "Weight must be between 0.5 and 3"
	msgWeightWorkout     = "Weights must name workouts of this event, each once"

	msgDivisionDescTooLong = "Description must be less than 500 characters"

	MsgAthlete1TooLong = "Athlete 1 name must be less than 255 characters"
	MsgAthlete2TooLong = "Athlete 2 name must be less than 255 characters"

	msgWorkoutNameShort    = "Workout name must be at least 2 characters"
	msgWorkoutNameLong     = "Workout name must not exceed 255 characters"
	msgWorkoutDescTooLong  = "Description must not exceed 5000 characters"
	msgScoreTypeInvalid    = "Please select a valid score type"
	msgWorkoutOrderInvalid = "Workout order must be at least 1"
	msgTimeCapInvalid      = "Time cap must be between 01:00 and 60:00 (MM:SS format)"

	MsgEventAlreadyGone  = "Event not found. It may have already been deleted."
	MsgEventNotDraft     = "This event cannot be deleted because it is not in Draft status. Only Draft events can be deleted."
	msgWorkoutHasResults = "This workout has results and cannot be deleted. Delete its results first."
	msgReorderHasResults = "Workouts cannot be reordered because results have already been entered for this event."
	// The invariants results depend on (docs/result-invariants.md).
	msgDivisionHasLockedTeams = "Division %s cannot be deleted because these teams have published results: %s. Unpublish or delete their results first."
	msgWorkoutOrderTaken      = "Workout order %d is already used by %s in this event"
	msgWorkoutOrderFrozen     = "Workout order cannot be changed because results have already been entered for this event."
	msgTimeCapBelowResults    = "The time cap cannot be lower than the completed times of %s. Change those results to CAP first."
	MsgReorderIncomplete      = "The new order must list every workout of the event exactly once"
	MsgTeamMoveOtherEvent     = "A team can only be moved to a division of the same event"
	MsgStructureOneID         = "Exactly one of eventId, divisionId, teamId or workoutId is required"
	MsgVisibleStatusFilter    = "Statuses must be PUBLISHED, IN_PROGRESS or ARCHIVED"
)

// parseDate reads a YYYY-MM-DD date in the years yearMin to yearMax.
func parseDate(field, v, required, invalid, years string) (time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, apperr.Invalid(field, required)
	}
	d, err := time.Parse(core.DateLayout, v)
	if err != nil {
		return time.Time{}, apperr.Invalid(field, invalid)
	}
	if d.Year() < yearMin || d.Year() > yearMax {
		return time.Time{}, apperr.Invalid(field, years)
	}
	return d, nil
}

// parseStatus reads an event status in any case, trimmed, or fails on field.
func parseStatus(field, v string) (typesv1.EventStatus, error) {
	s, ok := words.Parse[typesv1.EventStatus](core.TrimUpper(v))
	if !ok {
		return s, apperr.Invalid(field, MsgStatusInvalid)
	}
	return s, nil
}

// parseScoreType reads a score type in any case, trimmed, or fails on field.
func parseScoreType(field, v string) (typesv1.ScoreType, error) {
	st, ok := words.Parse[typesv1.ScoreType](core.TrimUpper(v))
	if !ok {
		return st, apperr.Invalid(field, msgScoreTypeInvalid)
	}
	return st, nil
}

// parseRosterLock reads when the rosters lock: "" is never.
func parseRosterLock(v string) (*time.Time, error) {
	v = core.Trim(v)
	if v == "" {
		return nil, nil
	}
	at, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return nil, apperr.Invalid("rosterLockAt", msgRosterLockAt)
	}
	return &at, nil
}
