package resultssvc

import (
	"fmt"
	"math"
	"strings"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/resulttext"
	"github.com/podium-dev/podium/results-svc/scoring"
	"github.com/podium-dev/podium/results-svc/store"
)

// Scaled and penalties on a result (docs/scoring.md): what a valid penalty is, how the engine
// gets it and how the boards show it.

// penaltyFields is a penalty as a client sends it.
type penaltyFields struct {
	Kind   string
	Amount *float64
	Reason string
}

func penaltyIn(p *resultsv1.Penalty) *penaltyFields {
	if p == nil {
		return nil
	}
	return &penaltyFields{Kind: p.GetKind(), Amount: doubleIn(p.GetAmount()), Reason: p.GetReason()}
}

// Penalty limits: a day of time, the reps bound of a result, and more points than any table
// gives a workout at its largest weight.
const (
	maxPenaltyPoints = 10_000
	maxReasonLength  = 200
)

// penalty checks a result's penalty against its (validated) status and the workout: time on a
// finished TIME result, reps on a finished REPS result or a capped one's reps, points on any
// placed result (finished, capped or DNF). A penalty with no kind, amount or reason is none.
func (c resultCheck) penalty(status typesv1.ResultStatus, f *penaltyFields) (*store.Penalty, error) {
	if f == nil || (strings.TrimSpace(f.Kind) == "" && f.Amount == nil && strings.TrimSpace(f.Reason) == "") {
		return nil, nil
	}
	kind := strings.ToLower(strings.TrimSpace(f.Kind))
	field := c.field + "penalty."
	invalid := func(name, msg string) error {
		return apperr.Invalid(field+name, fmt.Sprintf("Invalid penalty for team %q: %s", c.team, msg))
	}
	switch kind {
	case "time", "reps", "points":
	case "":
		return nil, invalid("kind", "choose its kind: time, reps or points")
	default:
		return nil, invalid("kind", "kind must be time, reps or points")
	}
	st := c.w.GetScoreType()
	switch {
	case status != typesv1.ResultStatus_completed && status != typesv1.ResultStatus_capped && status != typesv1.ResultStatus_dnf:
		return nil, invalid("kind", fmt.Sprintf("a %s result has no place to penalise", strings.ToUpper(status.String())))
	case kind == "time" && (st != typesv1.ScoreType_TIME || status != typesv1.ResultStatus_completed):
		return nil, invalid("kind", "time is added to a finished TIME result only")
	case kind == "reps" && !(st == typesv1.ScoreType_REPS && status == typesv1.ResultStatus_completed || status == typesv1.ResultStatus_capped):
		return nil, invalid("kind", "reps are deducted from a REPS result or a capped result only")
	}
	if f.Amount == nil {
		return nil, invalid("amount", "enter its amount")
	}
	a := *f.Amount
	switch {
	case math.IsNaN(a) || math.IsInf(a, 0) || a <= 0:
		return nil, invalid("amount", "amount must be greater than 0")
	case kind == "time" && a > maxTimeSeconds:
		return nil, invalid("amount", "time added must be at most 24 hours (86400 seconds)")
	case kind == "reps" && a != math.Trunc(a):
		return nil, invalid("amount", "reps deducted must be a whole number")
	case kind == "reps" && a > maxCount:
		return nil, invalid("amount", "reps deducted must be at most 1,000,000")
	case kind == "points" && a > maxPenaltyPoints:
		return nil, invalid("amount", "points deducted must be at most 10,000")
	}
	reason := strings.TrimSpace(f.Reason)
	switch {
	case reason == "":
		return nil, invalid("reason", "give its reason (the board shows it)")
	case len([]rune(reason)) > maxReasonLength:
		return nil, invalid("reason", fmt.Sprintf("reason must be at most %d characters", maxReasonLength))
	}
	return &store.Penalty{Kind: kind, Amount: a, Reason: reason}, nil
}

// enginePenalty is a stored penalty as the engine applies it.
func enginePenalty(p *store.Penalty) scoring.Penalty {
	if p == nil {
		return scoring.Penalty{}
	}
	out := scoring.Penalty{Amount: p.Amount, Reason: p.Reason}
	switch p.Kind {
	case "time":
		out.Kind = scoring.PenaltyTime
	case "reps":
		out.Kind = scoring.PenaltyReps
	case "points":
		out.Kind = scoring.PenaltyPoints
	}
	return out
}

// penaltyText is a penalty as the boards mark it: "+0:30: no-rep on the burpees", "−5 reps:
// …", "−10 pts: …"; empty without one.
func penaltyText(p *store.Penalty) string {
	if p == nil {
		return ""
	}
	var amount string
	switch p.Kind {
	case "time":
		amount = "+" + resulttext.Time(p.Amount)
	case "reps":
		amount = "−" + resulttext.Number(p.Amount) + " reps"
	default:
		amount = "−" + resulttext.Number(p.Amount) + " pts"
	}
	return amount + ": " + p.Reason
}

func penaltyPB(p *store.Penalty) *resultsv1.Penalty {
	if p == nil {
		return nil
	}
	return &resultsv1.Penalty{Kind: p.Kind, Amount: doubleOrNil(&p.Amount), Reason: p.Reason}
}

// keptPenalty is the stored penalty a judge's lane save keeps (the judge's phone enters none),
// or a refusal naming it when the new result cannot carry it.
func keptPenalty(w *competitionv1.Workout, team string, in store.Input, stored *store.Penalty) (*store.Penalty, error) {
	if stored == nil {
		return nil, nil
	}
	c := resultCheck{w: w, team: team}
	p, err := c.penalty(in.Status, &penaltyFields{Kind: stored.Kind, Amount: &stored.Amount, Reason: stored.Reason})
	if err != nil {
		return nil, apperr.Invalid("status", fmt.Sprintf("Team %q has a penalty (%s) this result cannot carry: the organiser removes it in the console first",
			team, penaltyText(stored)))
	}
	return p, nil
}
