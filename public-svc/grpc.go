package publicsvc

import (
	"context"
	"strings"

	"google.golang.org/protobuf/proto"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/ids"
	"github.com/podium-dev/podium/internal/platform/words"
)

// The calls of PublicService: each reads its request, finds the view (build.go) and answers.

// parseFilter reads filterStatus: a comma list, case-insensitive; unknown values (and draft or
// unlisted, which are never listed) are ignored; empty means published and in_progress. The
// result is in a fixed order (the canonical query the gateway files the answer under).
func parseFilter(filter string) []typesv1.PublicEventStatus_Value {
	if strings.TrimSpace(filter) == "" {
		return []typesv1.PublicEventStatus_Value{typesv1.PublicEventStatus_published, typesv1.PublicEventStatus_in_progress}
	}
	want := map[string]bool{}
	for _, part := range strings.Split(filter, ",") {
		want[strings.ToLower(strings.TrimSpace(part))] = true
	}
	var out []typesv1.PublicEventStatus_Value
	for _, l := range listedStatuses {
		if want[l.public.String()] {
			out = append(out, l.public)
		}
	}
	return out
}

func (s *Server) ListPublicEvents(ctx context.Context, req *publicv1.ListPublicEventsRequest) (*publicv1.ListPublicEventsResponse, error) {
	statuses := parseFilter(req.GetFilterStatus())
	adviseEventList(ctx, words.Strings(statuses))
	if len(statuses) == 0 {
		return &publicv1.ListPublicEventsResponse{Events: []*publicv1.PublicEvent{}}, nil
	}
	view := "events:" + strings.Join(words.Strings(statuses), ",")
	m, err := s.cache.view(ctx, cache.AllEvents, view, typeOf[*publicv1.ListPublicEventsResponse](), func(ctx context.Context, _ versions) (proto.Message, error) {
		wanted := make(map[typesv1.PublicEventStatus_Value]bool, len(statuses))
		for _, st := range statuses {
			wanted[st] = true
		}
		var asked []typesv1.EventStatus
		for _, l := range listedStatuses {
			if wanted[l.public] {
				asked = append(asked, l.event)
			}
		}
		resp, err := s.comp.ListVisibleEvents(ctx, &competitionv1.ListVisibleEventsRequest{Statuses: asked})
		if err != nil {
			return nil, err
		}
		return eventListView(resp.GetEvents(), wanted), nil
	})
	return as[*publicv1.ListPublicEventsResponse](m, err)
}

func (s *Server) GetPublicEvent(ctx context.Context, req *publicv1.PublicEventRequest) (*publicv1.PublicEvent, error) {
	m, err := s.eventView(ctx, req.GetId(), "event", false, msgEventNotFound, typeOf[*publicv1.PublicEvent](), func(d *eventData) (proto.Message, bool) {
		// An event whose details the organiser hid is not found here either; the event page
		// then sends the visitor on to the leaderboard.
		if !d.ev.GetDetailsVisible() {
			return nil, false
		}
		return eventDetailsView(d), true
	})
	adviseEventView(ctx, req.GetId())
	return as[*publicv1.PublicEvent](m, err)
}

func (s *Server) GetEventLeaderboard(ctx context.Context, req *publicv1.PublicEventRequest) (*publicv1.EventLeaderboard, error) {
	m, err := s.eventView(ctx, req.GetId(), "leaderboard", false, msgLeaderboardNotFound, typeOf[*publicv1.EventLeaderboard](), func(d *eventData) (proto.Message, bool) {
		return eventLeaderboardView(d), true
	})
	adviseEventView(ctx, req.GetId())
	return as[*publicv1.EventLeaderboard](m, err)
}

// GetDivisionLeaderboard honours includeUnpublished only for an admin or a caller with a
// grant on the event; everyone else gets published results.
func (s *Server) GetDivisionLeaderboard(ctx context.Context, req *publicv1.DivisionLeaderboardRequest) (*publicv1.DivisionLeaderboard, error) {
	advisePreviewable(ctx, req.GetEventId(), divisionPreviewParam, req.GetIncludeUnpublished())
	preview := false
	if req.GetIncludeUnpublished() {
		var err error
		if preview, err = s.mayPreview(ctx, req.GetEventId()); err != nil {
			return nil, err
		}
	}
	return s.divisionLeaderboard(ctx, req, preview)
}

// mayPreview reports whether the caller may see eventID's unpublished results.
func (s *Server) mayPreview(ctx context.Context, eventID string) (bool, error) {
	if authn.IsAdmin(ctx) {
		return true, nil
	}
	role, err := access.Role(ctx, s.grants, access.Event, eventID)
	return role != "", err
}

// GetAdminDivisionLeaderboard is the admin preview; its policy requires an admin token.
func (s *Server) GetAdminDivisionLeaderboard(ctx context.Context, req *publicv1.DivisionLeaderboardRequest) (*publicv1.DivisionLeaderboard, error) {
	return s.divisionLeaderboard(ctx, req, req.GetIncludeUnpublished())
}

func (s *Server) divisionLeaderboard(ctx context.Context, req *publicv1.DivisionLeaderboardRequest, unpublished bool) (*publicv1.DivisionLeaderboard, error) {
	divisionID, ok := ids.Canonical(req.GetDivisionId())
	if !ok {
		return nil, apperr.NotFound(msgDivisionNotFound)
	}
	view := "division:" + divisionID
	if unpublished {
		view += ":admin"
	}
	m, err := s.eventView(ctx, req.GetEventId(), view, unpublished, msgDivisionNotFound, typeOf[*publicv1.DivisionLeaderboard](), func(d *eventData) (proto.Message, bool) {
		return divisionLeaderboardView(d, divisionID)
	})
	return as[*publicv1.DivisionLeaderboard](m, err)
}

// GetWorkoutLeaderboard, like the division leaderboard, honours includeUnpublished only for a
// caller with a valid admin token, so an admin's preview carries over to the workout views.
func (s *Server) GetWorkoutLeaderboard(ctx context.Context, req *publicv1.WorkoutLeaderboardRequest) (*publicv1.WorkoutLeaderboard, error) {
	divisionID, ok1 := ids.Canonical(req.GetDivisionId())
	workoutID, ok2 := ids.Canonical(req.GetWorkoutId())
	if !ok1 || !ok2 {
		return nil, apperr.NotFound(msgWorkoutNotFound)
	}
	advisePreviewable(ctx, req.GetEventId(), workoutPreviewParam, req.GetIncludeUnpublished())
	unpublished := req.GetIncludeUnpublished() && authn.IsAdmin(ctx)
	view := "workout:" + divisionID + ":" + workoutID
	if unpublished {
		view += ":admin"
	}
	m, err := s.eventView(ctx, req.GetEventId(), view, unpublished, msgWorkoutNotFound, typeOf[*publicv1.WorkoutLeaderboard](), func(d *eventData) (proto.Message, bool) {
		return workoutLeaderboardView(d, divisionID, workoutID)
	})
	return as[*publicv1.WorkoutLeaderboard](m, err)
}

func (s *Server) GetTeamDetails(ctx context.Context, req *publicv1.PublicTeamRequest) (*publicv1.TeamDetails, error) {
	m, err := s.teamView(ctx, req.GetId(), "team", msgTeamNotFound, typeOf[*publicv1.TeamDetails](), func(d *eventData, teamID string) (proto.Message, bool) {
		return teamDetailsView(d, teamID)
	})
	return as[*publicv1.TeamDetails](m, err)
}

func (s *Server) GetTeamBookmarkSummary(ctx context.Context, req *publicv1.PublicTeamRequest) (*publicv1.TeamBookmarkSummary, error) {
	m, err := s.teamView(ctx, req.GetId(), "bookmark", msgBookmarkNotFound, typeOf[*publicv1.TeamBookmarkSummary](), func(d *eventData, teamID string) (proto.Message, bool) {
		return bookmarkSummaryView(d, teamID)
	})
	return as[*publicv1.TeamBookmarkSummary](m, err)
}
