package resultssvc

import (
	"fmt"
	"math"
	"strings"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
	"github.com/podium-dev/podium/results-svc/store"
)

// What a valid result is: the field rules, limits and their messages (no I/O).

// resultFields are the values of a result as a client sends them.
type resultFields struct {
	Status     string
	Value      *float64
	CappedReps *int32
	Tiebreak   *float64
}

// Value ranges per score type (issue 13, finding 7): wide enough for any real result, small
// enough that every value is exact in a float64 and shows as entered.
const (
	maxTimeSeconds = 24 * 60 * 60
	maxCount       = 1_000_000 // reps, points, capped reps, tiebreak
	maxWeight      = 10_000
)

const (
	msgTimeTooLong      = "Time must be at most 24 hours (86400 seconds)"
	msgCountTooLarge    = "Value must be at most 1,000,000"
	msgWeightTooLarge   = "Value must be at most 10,000"
	msgRepsTooLarge     = "Reps must be at most 1,000,000"
	msgTiebreakTooLarge = "Tiebreak must be at most 1,000,000"
)

// validateResult checks one result for a team in a workout against the result rules and
// the console's entry rules, and returns it normalised: status lower case, no value
// unless completed, reps only when capped, no tiebreak for dnf and dns. Messages name the
// team, as the result grid shows them; field is the prefix of the request field
// ("" or "results[3].").
func validateResult(team *competitionv1.Team, w *competitionv1.Workout, f resultFields, field string) (store.Input, error) {
	in := store.Input{TeamID: team.GetId(), WorkoutID: w.GetId(), DivisionID: team.GetDivisionId()}
	name := team.GetName()
	isTime := w.GetScoreType() == typesv1.ScoreType_TIME
	invalid := func(fieldName, msg string) error {
		if isTime && fieldName == "resultValue" {
			return apperr.Invalid(field+fieldName, fmt.Sprintf("Invalid time for team %q: %s", name, msg))
		}
		return apperr.Invalid(field+fieldName, fmt.Sprintf("Invalid result for team %q: %s", name, msg))
	}

	status := parseResultStatus(f.Status)
	var capSeconds *float64
	if c := w.GetTimeCapSeconds(); c != nil {
		v := float64(c.GetValue())
		capSeconds = &v
	}
	// A TIME value equal to the cap with reps given is a capped result.
	if status == typesv1.ResultStatus_completed && isTime && f.Value != nil && f.CappedReps != nil &&
		capSeconds != nil && *f.Value == *capSeconds {
		status = typesv1.ResultStatus_capped
	}
	in.Status = status

	switch status {
	case typesv1.ResultStatus_completed:
		if f.Value == nil {
			return in, apperr.Invalid(field+"resultValue", fmt.Sprintf("Result is required for team %q", name))
		}
		v := *f.Value
		if math.IsNaN(v) || math.IsInf(v, 0) {
			if isTime {
				return in, invalid("resultValue", "Use MM:SS format (e.g., 5:30) or seconds (e.g., 330)")
			}
			return in, invalid("resultValue", "Enter a valid number")
		}
		switch w.GetScoreType() {
		case typesv1.ScoreType_TIME:
			switch {
			case v < 0:
				return in, invalid("resultValue", "Time values cannot be negative")
			case v == 0:
				return in, invalid("resultValue", "Time must be greater than 0 seconds")
			case capSeconds != nil && v > *capSeconds:
				return in, invalid("resultValue", fmt.Sprintf("Time must not exceed the time cap of %s; enter a capped result (CAP +reps) instead", clock(*capSeconds)))
			case v > maxTimeSeconds:
				return in, invalid("resultValue", msgTimeTooLong)
			}
		case typesv1.ScoreType_REPS:
			switch {
			case v < 0:
				return in, invalid("resultValue", "Value must be at least 0")
			case v != math.Trunc(v):
				return in, invalid("resultValue", "Enter a whole number")
			case v > maxCount:
				return in, invalid("resultValue", msgCountTooLarge)
			}
		case typesv1.ScoreType_MAX_WEIGHT:
			switch {
			case v < 0:
				return in, invalid("resultValue", "Value must be at least 0")
			case v > maxWeight:
				return in, invalid("resultValue", msgWeightTooLarge)
			}
		case typesv1.ScoreType_POINTS:
			switch {
			case v < 0:
				return in, invalid("resultValue", "Value must be at least 0")
			case v > maxCount:
				return in, invalid("resultValue", msgCountTooLarge)
			}
		default:
			return in, fmt.Errorf("workout %s has unknown score type %v", w.GetId(), w.GetScoreType())
		}
		v += 0 // -0 becomes 0: it must not show as "-0"
		in.Value = &v
	case typesv1.ResultStatus_capped:
		if !isTime {
			return in, invalid("status", "Only TIME workouts can have a capped result")
		}
		if capSeconds == nil {
			return in, invalid("status", "This workout has no time cap; set one on the workout before entering capped results")
		}
		if f.CappedReps == nil {
			return in, invalid("cappedReps", "Enter the reps completed before the time cap")
		}
		if *f.CappedReps < 0 {
			return in, invalid("cappedReps", "Reps cannot be negative")
		}
		if *f.CappedReps > maxCount {
			return in, invalid("cappedReps", msgRepsTooLarge)
		}
		r := *f.CappedReps
		in.CappedReps = &r
	case typesv1.ResultStatus_dnf, typesv1.ResultStatus_dns:
	default: // not_started is no result, and an unknown word none either
		return in, apperr.Invalid(field+"status", fmt.Sprintf("Invalid result for team %q: status must be completed, capped, dnf or dns", name))
	}

	if f.Tiebreak != nil && (status == typesv1.ResultStatus_completed || status == typesv1.ResultStatus_capped) {
		tb := *f.Tiebreak
		switch {
		case math.IsNaN(tb) || math.IsInf(tb, 0):
			return in, invalid("tiebreakValue", "Tiebreak must be a number")
		case tb < 0:
			return in, invalid("tiebreakValue", "Tiebreak cannot be negative")
		case tb > maxCount:
			return in, invalid("tiebreakValue", msgTiebreakTooLarge)
		}
		tb += 0
		in.Tiebreak = &tb
	}
	return in, nil
}

// parseResultStatus reads a status as clients send it: trimmed, in any case, empty for
// completed, wd or withdrawn for dns; unspecified when it is no word.
func parseResultStatus(v string) typesv1.ResultStatus {
	switch s := strings.ToLower(strings.TrimSpace(v)); s {
	case "":
		return typesv1.ResultStatus_completed
	case "wd", "withdrawn":
		return typesv1.ResultStatus_dns
	default:
		st, _ := words.Parse[typesv1.ResultStatus](s)
		return st
	}
}

// clock formats seconds as MM:SS.
func clock(seconds float64) string {
	s := int(seconds)
	return fmt.Sprintf("%02d:%02d", s/60, s%60)
}
