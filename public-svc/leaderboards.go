package publicsvc

import (
	"context"

	"google.golang.org/protobuf/proto"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// The leaderboards: an event's, a division's (public or previewed) and a workout's.

// eventLeaderboard is an event's leaderboard of every division (the Teams page's too); a
// preview for a caller who asks and may see it, like the division leaderboard.
func (s *service) eventLeaderboard(ctx context.Context, eventID string, asked bool) (_ *publicv1.EventLeaderboard, err error) {
	defer apperr.Wrap(&err, "publicsvc.eventLeaderboard(%q)", eventID)
	preview, err := s.preview(ctx, eventID, asked, eventPreviewParam)
	if err != nil {
		return nil, err
	}
	m, err := s.eventView(ctx, eventID, previewView("leaderboard", preview), preview, msgLeaderboardNotFound, typeOf[*publicv1.EventLeaderboard](), func(d *eventData) (proto.Message, bool) {
		return eventLeaderboardView(d), true
	})
	return as[*publicv1.EventLeaderboard](m, err)
}

// previewView is the name a view is kept under: a preview apart from the public copy, which
// must never be answered from it.
func previewView(view string, preview bool) string {
	if preview {
		return view + ":admin"
	}
	return view
}

// publicDivisionLeaderboard honours includeUnpublished only for an admin or a caller with a
// grant on the event; everyone else gets published results.
func (s *service) publicDivisionLeaderboard(ctx context.Context, req *publicv1.DivisionLeaderboardRequest) (_ *publicv1.DivisionLeaderboard, err error) {
	defer apperr.Wrap(&err, "publicsvc.publicDivisionLeaderboard()")
	preview, err := s.preview(ctx, req.GetEventId(), req.GetIncludeUnpublished(), divisionPreviewParam)
	if err != nil {
		return nil, err
	}
	return s.divisionLeaderboard(ctx, req, preview)
}

// preview says whether a leaderboard request that may ask for the preview (asked) gets it,
// and advises the gateway accordingly (advisePreviewable).
func (s *service) preview(ctx context.Context, eventID string, asked bool, param []string) (_ bool, err error) {
	defer apperr.Wrap(&err, "publicsvc.preview(%q)", eventID)
	preview := false
	if asked {
		var err error
		if preview, err = s.mayPreview(ctx, eventID); err != nil {
			return false, err
		}
	}
	advisePreviewable(ctx, eventID, param, preview)
	return preview, nil
}

// mayPreview reports whether the caller may see eventID's unpublished results.
func (s *service) mayPreview(ctx context.Context, eventID string) (_ bool, err error) {
	defer apperr.Wrap(&err, "publicsvc.mayPreview(%q)", eventID)
	if authn.IsAdmin(ctx) {
		return true, nil
	}
	role, err := access.Role(ctx, s.grants, access.Event, eventID)
	return role != "", err
}

func (s *service) divisionLeaderboard(ctx context.Context, req *publicv1.DivisionLeaderboardRequest, unpublished bool) (_ *publicv1.DivisionLeaderboard, err error) {
	defer apperr.Wrap(&err, "publicsvc.divisionLeaderboard()")
	divisionID, ok := ids.Canonical(req.GetDivisionId())
	if !ok {
		return nil, apperr.NotFound(msgDivisionNotFound)
	}
	m, err := s.eventView(ctx, req.GetEventId(), previewView("division:"+divisionID, unpublished), unpublished, msgDivisionNotFound, typeOf[*publicv1.DivisionLeaderboard](), func(d *eventData) (proto.Message, bool) {
		return divisionLeaderboardView(d, divisionID)
	})
	return as[*publicv1.DivisionLeaderboard](m, err)
}

// workoutLeaderboard, like the division leaderboard, honours includeUnpublished only for an
// admin or a caller with a grant on the event, so a preview carries over to the workout views.
func (s *service) workoutLeaderboard(ctx context.Context, req *publicv1.WorkoutLeaderboardRequest) (_ *publicv1.WorkoutLeaderboard, err error) {
	defer apperr.Wrap(&err, "publicsvc.workoutLeaderboard()")
	divisionID, ok1 := ids.Canonical(req.GetDivisionId())
	workoutID, ok2 := ids.Canonical(req.GetWorkoutId())
	if !ok1 || !ok2 {
		return nil, apperr.NotFound(msgWorkoutNotFound)
	}
	unpublished, err := s.preview(ctx, req.GetEventId(), req.GetIncludeUnpublished(), workoutPreviewParam)
	if err != nil {
		return nil, err
	}
	view := "workout:" + divisionID + ":" + workoutID
	if unpublished {
		view += ":admin"
	}
	m, err := s.eventView(ctx, req.GetEventId(), view, unpublished, msgWorkoutNotFound, typeOf[*publicv1.WorkoutLeaderboard](), func(d *eventData) (proto.Message, bool) {
		return workoutLeaderboardView(d, divisionID, workoutID)
	})
	return as[*publicv1.WorkoutLeaderboard](m, err)
}
