package resultssvc

import (
	"fmt"
	"math"
	"strings"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
	"github.com/podium-dev/podium/internal/resulttext"
	"github.com/podium-dev/podium/results-svc/store"
)

// What a valid result is: the field rules, limits and their messages (no I/O).

// resultFields are the values of a result as a client sends them.
type resultFields struct {
	Status     string
	Value      *float64
	CappedReps *int32
	Tiebreak   *float64
	Scaled     bool
	Penalty    *penaltyFields
	// KeepPenalty: the sender enters no penalty (a judge's phone); the stored one stays.
	KeepPenalty bool
	// KeepScaled: the sender does not say Scaled (an athlete's submission, a judge's review of
	// it); the stored flag stays.
	KeepScaled bool
}

// Value ranges per score type: wide enough for any real result, small
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
// unless completed, reps only when capped, no tiebreak for dnf, dns and dq. Messages name the
// team, as the result grid shows them; field is the prefix of the request field
// ("" or "results[3].").
func validateResult(team *competitionv1.Team, w *competitionv1.Workout, f resultFields, field string) (store.Input, error) {
	in := store.Input{TeamID: team.GetId(), WorkoutID: w.GetId(), DivisionID: team.GetDivisionId()}
	c := resultCheck{w: w, field: field, team: team.GetName(), isTime: w.GetScoreType() == typesv1.ScoreType_TIME}
	if cap := w.GetTimeCapSeconds(); cap != nil {
		v := float64(cap.GetValue())
		c.capSeconds = &v
	}
	in.Status = c.status(f)
	var err error
	switch in.Status {
	case typesv1.ResultStatus_completed:
		in.Value, err = c.value(f.Value)
	case typesv1.ResultStatus_capped:
		in.CappedReps, err = c.cappedReps(f.CappedReps)
	case typesv1.ResultStatus_dnf, typesv1.ResultStatus_dns, typesv1.ResultStatus_dq:
	default: // not_started is no result, and an unknown word none either
		err = apperr.Invalid(field+"status", fmt.Sprintf("Invalid result for team %q: status must be completed, capped, dnf, dns or dq", c.team))
	}
	if err != nil {
		return in, err
	}
	if in.Status == typesv1.ResultStatus_completed || in.Status == typesv1.ResultStatus_capped {
		if in.Tiebreak, err = c.tiebreak(f.Tiebreak); err != nil {
			return in, err
		}
	}
	in.Scaled = f.Scaled
	if !f.KeepPenalty {
		in.Penalty, err = c.penalty(in.Status, f.Penalty)
	}
	return in, err
}

// resultCheck is one result's check: the workout, the field prefix and the team's name for
// the messages.
type resultCheck struct {
	w          *competitionv1.Workout
	field      string
	team       string
	isTime     bool
	capSeconds *float64
}

// invalid is a refusal on fieldName, worded as the result grid shows it.
func (c resultCheck) invalid(fieldName, msg string) error {
	if c.isTime && fieldName == "resultValue" {
		return apperr.Invalid(c.field+fieldName, fmt.Sprintf("Invalid time for team %q: %s", c.team, msg))
	}
	return apperr.Invalid(c.field+fieldName, fmt.Sprintf("Invalid result for team %q: %s", c.team, msg))
}

// status reads the status sent; a TIME value equal to the cap with reps given is a capped
// result.
func (c resultCheck) status(f resultFields) typesv1.ResultStatus {
	status := parseResultStatus(f.Status)
	if status == typesv1.ResultStatus_completed && c.isTime && f.Value != nil && f.CappedReps != nil &&
		c.capSeconds != nil && *f.Value == *c.capSeconds {
		return typesv1.ResultStatus_capped
	}
	return status
}

// value checks a completed result's value against its score type's range; 0 is a valid
// REPS, MAX_WEIGHT and POINTS score (the scoring rules), never a valid time.
func (c resultCheck) value(p *float64) (*float64, error) {
	if p == nil {
		return nil, apperr.Invalid(c.field+"resultValue", fmt.Sprintf("Result is required for team %q", c.team))
	}
	switch c.w.GetScoreType() {
	case typesv1.ScoreType_TIME, typesv1.ScoreType_REPS, typesv1.ScoreType_MAX_WEIGHT, typesv1.ScoreType_POINTS:
	default:
		return nil, fmt.Errorf("workout %s has unknown score type %v", c.w.GetId(), c.w.GetScoreType())
	}
	v := *p
	if math.IsNaN(v) || math.IsInf(v, 0) {
		if c.isTime {
			return nil, c.invalid("resultValue", "Use MM:SS format (e.g., 5:30) or seconds (e.g., 330)")
		}
		return nil, c.invalid("resultValue", "Enter a valid number")
	}
	if msg := c.rangeProblem(v); msg != "" {
		return nil, c.invalid("resultValue", msg)
	}
	v += 0 // -0 becomes 0: it must not show as "-0"
	return &v, nil
}

// rangeProblem is what is wrong with a finite value for the workout's score type, "" when
// nothing is.
func (c resultCheck) rangeProblem(v float64) string {
	switch c.w.GetScoreType() {
	case typesv1.ScoreType_TIME:
		switch {
		case v < 0:
			return "Time values cannot be negative"
		case v == 0:
			return "Time must be greater than 0 seconds"
		case c.capSeconds != nil && v > *c.capSeconds:
			return fmt.Sprintf("Time must not exceed the time cap of %s; enter a capped result (CAP +reps) instead", capText(*c.capSeconds))
		case v > maxTimeSeconds:
			return msgTimeTooLong
		}
	case typesv1.ScoreType_REPS:
		switch {
		case v < 0:
			return "Value must be at least 0"
		case v != math.Trunc(v):
			return "Enter a whole number"
		case v > maxCount:
			return msgCountTooLarge
		}
	case typesv1.ScoreType_MAX_WEIGHT:
		switch {
		case v < 0:
			return "Value must be at least 0"
		case v > maxWeight:
			return msgWeightTooLarge
		}
	case typesv1.ScoreType_POINTS:
		switch {
		case v < 0:
			return "Value must be at least 0"
		case v > maxCount:
			return msgCountTooLarge
		}
	}
	return ""
}

// cappedReps checks a capped result: TIME workouts with a cap only, reps in range.
func (c resultCheck) cappedReps(p *int32) (*int32, error) {
	switch {
	case !c.isTime:
		return nil, c.invalid("status", "Only TIME workouts can have a capped result")
	case c.capSeconds == nil:
		return nil, c.invalid("status", "This workout has no time cap; set one on the workout before entering capped results")
	case p == nil:
		return nil, c.invalid("cappedReps", "Enter the reps completed before the time cap")
	case *p < 0:
		return nil, c.invalid("cappedReps", "Reps cannot be negative")
	case *p > maxCount:
		return nil, c.invalid("cappedReps", msgRepsTooLarge)
	}
	r := *p
	return &r, nil
}

// tiebreak checks the optional tiebreak of a completed or capped result.
func (c resultCheck) tiebreak(p *float64) (*float64, error) {
	if p == nil {
		return nil, nil
	}
	tb := *p
	switch {
	case math.IsNaN(tb) || math.IsInf(tb, 0):
		return nil, c.invalid("tiebreakValue", "Tiebreak must be a number")
	case tb < 0:
		return nil, c.invalid("tiebreakValue", "Tiebreak cannot be negative")
	case tb > maxCount:
		return nil, c.invalid("tiebreakValue", msgTiebreakTooLarge)
	}
	tb += 0
	return &tb, nil
}

// parseResultStatus reads a status as clients send it: trimmed, in any case, empty for
// completed, wd or withdrawn for dns, disqualified for dq; unspecified when it is no word.
func parseResultStatus(v string) typesv1.ResultStatus {
	switch s := strings.ToLower(strings.TrimSpace(v)); s {
	case "":
		return typesv1.ResultStatus_completed
	case "wd", "withdrawn":
		return typesv1.ResultStatus_dns
	case "disqualified":
		return typesv1.ResultStatus_dq
	default:
		st, _ := words.Parse[typesv1.ResultStatus](s)
		return st
	}
}

// capText is a cap as the workout shows it (timeCapText: "9:00"), so an error names it in the
// same words as the grid.
func capText(seconds float64) string {
	s := int32(seconds)
	return resulttext.TimeCap(&s)
}
