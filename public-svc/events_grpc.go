package publicsvc

import (
	"context"

	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// The event RPCs: the list, one event and its schedule (events.go, schedule.go).

func (s *Server) ListPublicEvents(ctx context.Context, req *publicv1.ListPublicEventsRequest) (*publicv1.ListPublicEventsResponse, error) {
	return s.svc.listEvents(ctx, req)
}

// GetEventCalendar is a listed event as an iCalendar file (calendar.go).
func (s *Server) GetEventCalendar(ctx context.Context, req *publicv1.EventCalendarRequest) (*filesv1.CsvFile, error) {
	return s.svc.eventCalendar(ctx, req.GetId())
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

// GetEventAdjustments are a listed event's changes of published results (adjustments.go).
func (s *Server) GetEventAdjustments(ctx context.Context, req *publicv1.PublicAdjustmentsRequest) (*publicv1.PublicAdjustments, error) {
	return s.svc.adjustments(ctx, req.GetEventId())
}

// GetWhatItTakes is "What do I need?" on a team's page (what_it_takes.go).
func (s *Server) GetWhatItTakes(ctx context.Context, req *publicv1.PublicWhatItTakesRequest) (*publicv1.PublicWhatItTakes, error) {
	return s.svc.whatItTakes(ctx, req)
}
