package publicsvc

import (
	"context"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// msgAdjustmentsNotFound answers a missing, draft or unlisted event's adjustments.
const msgAdjustmentsNotFound = "Adjustments not found"

// adjustments are a listed event's changes of published results (docs/competition-day.md,
// "Adjustments"), as results-svc reads them from its history: what the public saw before and
// after, why and when, never who. The answer is shared and dropped with the event's changes
// like every view of the event (a publication is one).
func (s *service) adjustments(ctx context.Context, rawEventID string) (_ *publicv1.PublicAdjustments, err error) {
	defer apperr.Wrap(&err, "publicsvc.adjustments(%q)", rawEventID)
	eventID, ok := ids.Canonical(rawEventID)
	if !ok {
		return nil, apperr.NotFound(msgAdjustmentsNotFound)
	}
	src, err := s.sources(ctx, eventID, s.cache.versions(ctx, eventID), false)
	if err != nil {
		return nil, notFoundAs(err, msgAdjustmentsNotFound)
	}
	ev := src.structure.GetEvent()
	if !listed(ev) {
		return nil, apperr.NotFound(msgAdjustmentsNotFound)
	}
	list, err := s.res.ListAdjustments(ctx, &resultsv1.AdjustmentsRequest{EventId: eventID})
	if err != nil {
		return nil, notFoundAs(err, msgAdjustmentsNotFound)
	}
	adviseEventView(ctx, eventID)
	out := &publicv1.PublicAdjustments{EventId: eventID, EventName: ev.GetName(), TimeZone: ev.GetTimeZone(),
		Adjustments: make([]*publicv1.PublicAdjustment, len(list.GetAdjustments()))}
	for i, a := range list.GetAdjustments() {
		out.Adjustments[i] = &publicv1.PublicAdjustment{ResultId: a.GetResultId(), WorkoutId: a.GetWorkoutId(),
			WorkoutName: a.GetWorkoutName(), DivisionId: a.GetDivisionId(), DivisionName: a.GetDivisionName(),
			TeamId: a.GetTeamId(), TeamName: a.GetTeamName(), Kind: a.GetKind(), BeforeText: a.GetBeforeText(),
			AfterText: a.GetAfterText(), Reason: a.GetReason(), At: a.GetAt()}
	}
	return out, nil
}
