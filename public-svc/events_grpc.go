package publicsvc

import (
	"context"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// The event RPCs: the list, one event and its schedule (events.go, schedule.go).

func (s *Server) ListPublicEvents(ctx context.Context, req *publicv1.ListPublicEventsRequest) (*publicv1.ListPublicEventsResponse, error) {
	return s.svc.listEvents(ctx, req.GetFilterStatus())
}

func (s *Server) GetPublicEvent(ctx context.Context, req *publicv1.PublicEventRequest) (*publicv1.PublicEvent, error) {
	return s.svc.event(ctx, req.GetId(), req.GetIncludeUnpublished())
}

// GetEventSchedule is the public schedule of a listed event.
func (s *Server) GetEventSchedule(ctx context.Context, req *publicv1.ScheduleRequest) (*publicv1.Schedule, error) {
	return s.svc.schedule(ctx, req.GetEventId(), req.GetIncludeUnpublished())
}

// GetViewSources is the gateway's check of its kept copies of an event's views (viewSources).
func (s *Server) GetViewSources(ctx context.Context, req *publicv1.ViewSourcesRequest) (*publicv1.ViewSources, error) {
	digest, err := s.svc.viewSources(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	return &publicv1.ViewSources{Digest: digest}, nil
}
