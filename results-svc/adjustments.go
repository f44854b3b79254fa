package resultssvc

import (
	"context"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/resulttext"
	"github.com/podium-dev/podium/results-svc/store"
)

// Adjustments (docs/competition-day.md, "Adjustments"): every change of an event's results
// after the public first saw them, with why and when, never who: the public answer to a
// disputed score. The history says what the public saw before and after (store.Adjustments);
// the reason is the upheld appeal's decision when the change follows an appeal of the value
// the public saw, else the penalty's when the change gives or alters a penalty.

// Adjustment kinds, the contract's words.
const (
	adjustmentAppeal     = "appeal"
	adjustmentPenalty    = "penalty"
	adjustmentCorrection = "correction"
	adjustmentWithdrawn  = "withdrawn"
)

// adjustments are the event's adjustments, newest first (public-svc's internal call).
func (s *service) adjustments(ctx context.Context, rawEventID string) (_ *resultsv1.Adjustments, err error) {
	defer apperr.Wrap(&err, "resultssvc.adjustments(%q)", rawEventID)
	eventID, err := parseID("eventId", "event", rawEventID)
	if err != nil {
		return nil, err
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return nil, err
	}
	entries, err := s.store.Adjustments(ctx, eventID)
	if err != nil {
		return nil, err
	}
	appeals, err := s.store.ListAppeals(ctx, eventID, "")
	if err != nil {
		return nil, err
	}
	upheld := map[string]*store.Appeal{}
	for i := range appeals {
		if appeals[i].State == "upheld" {
			upheld[appeals[i].ResultID] = &appeals[i]
		}
	}
	out := &resultsv1.Adjustments{EventId: eventID, Adjustments: []*resultsv1.Adjustment{}}
	for i := range entries {
		if a := adjustmentPB(st, &entries[i], upheld[entries[i].ResultID]); a != nil {
			out.Adjustments = append(out.Adjustments, a)
		}
	}
	return out, nil
}

// adjustmentPB words one entry; nil when the public saw no change (a result published again
// as it was before it was withdrawn), or when its workout or team is gone from the event (the
// public pages show neither any more, and a change without its names would say nothing).
func adjustmentPB(st *structure, e *store.HistoryEntry, appeal *store.Appeal) *resultsv1.Adjustment {
	w, t := st.workouts[e.WorkoutID], st.teams[e.TeamID]
	if w == nil || t == nil {
		return nil
	}
	before := resulttext.Stored(w.GetScoreType(), e.Before.Status, e.Before.ResultValue, e.Before.CappedReps)
	a := &resultsv1.Adjustment{ResultId: e.ResultID, WorkoutId: e.WorkoutID, WorkoutName: w.GetName(), TeamId: e.TeamID,
		TeamName: t.GetName(), DivisionId: t.GetDivisionId(), DivisionName: st.divisions[t.GetDivisionId()].GetName(),
		BeforeText: before, At: instant(e.At)}
	if e.After == nil || !e.After.IsPublished {
		a.Kind = adjustmentWithdrawn
		return a
	}
	a.AfterText = resulttext.Stored(w.GetScoreType(), e.After.Status, e.After.ResultValue, e.After.CappedReps)
	penaltyChanged := !samePenalty(e.Before.Penalty, e.After.Penalty)
	switch {
	case appeal != nil && appeal.BeforeText == before:
		a.Kind, a.Reason = adjustmentAppeal, appeal.DecisionReason
	case penaltyChanged && e.After.Penalty != nil:
		a.Kind, a.Reason = adjustmentPenalty, e.After.Penalty.Reason
	case a.AfterText == before && !penaltyChanged && e.Before.Scaled == e.After.Scaled:
		return nil
	default:
		a.Kind = adjustmentCorrection
	}
	return a
}

func samePenalty(a, b *store.Penalty) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
