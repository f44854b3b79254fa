package competitionsvc

import (
	"context"

	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"

	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/words"
)

// The event RPCs: events, their status changes, export, import and activity.

func (s *Server) ListEvents(ctx context.Context, _ *competitionv1.ListEventsRequest) (*competitionv1.ListEventsResponse, error) {
	events, err := s.svc.ListEvents(ctx)
	if err != nil {
		return nil, err
	}
	return eventsPB(events), nil
}

func (s *Server) GetEvent(ctx context.Context, req *competitionv1.EventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.GetEvent(ctx, req.GetId()))
}

func (s *Server) ListEventStatuses(context.Context, *competitionv1.ListEventStatusesRequest) (*competitionv1.ListEventStatusesResponse, error) {
	out := &competitionv1.ListEventStatusesResponse{}
	for _, st := range words.EventStatusLabels {
		out.Statuses = append(out.Statuses, &competitionv1.EventStatus{Value: st.Value, Label: st.Label, Color: st.Color})
	}
	return out, nil
}

func (s *Server) CreateEvent(ctx context.Context, req *competitionv1.CreateEventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.CreateEvent(ctx, EventInput{
		Name:           req.GetName(),
		DateFrom:       req.GetDateFrom(),
		DateTo:         req.GetDateTo(),
		Location:       req.GetLocation(),
		Description:    new(req.GetDescription()),
		Status:         req.Status,
		DetailsVisible: req.DetailsVisible,
		ScoringTable:   req.ScoringTable,
		CustomPoints:   req.GetCustomPoints(),
	}))
}

func (s *Server) UpdateEvent(ctx context.Context, req *competitionv1.UpdateEventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.UpdateEvent(ctx, req.GetId(), EventInput{
		Name:           req.GetName(),
		DateFrom:       req.GetDateFrom(),
		DateTo:         req.GetDateTo(),
		Location:       req.GetLocation(),
		Description:    req.Description,
		Status:         req.Status,
		DetailsVisible: req.DetailsVisible,
		ScoringTable:   req.ScoringTable,
		CustomPoints:   req.GetCustomPoints(),
	}))
}

func (s *Server) SetEventScoring(ctx context.Context, req *competitionv1.SetEventScoringRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.SetEventScoring(ctx, req.GetEventId(), req.GetSettings()))
}

func (s *Server) SetEventOnline(ctx context.Context, req *competitionv1.SetEventOnlineRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.SetEventOnline(ctx, req.GetEventId(), req.GetSettings()))
}

func scoringRulesPB(r store.ScoringRules) *competitionv1.ScoringRules {
	out := &competitionv1.ScoringRules{WorkoutTies: r.WorkoutTies, OverallTieBreak: r.OverallTieBreak}
	if r.OverallWorkoutID != nil {
		out.OverallWorkoutId = *r.OverallWorkoutID
	}
	return out
}

func (s *Server) DeleteEvent(ctx context.Context, req *competitionv1.EventRequest) (*emptypb.Empty, error) {
	return empty(s.svc.DeleteEvent(ctx, req.GetId()))
}

func (s *Server) PublishEvent(ctx context.Context, req *competitionv1.EventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.SetStatus(ctx, req.GetId(), typesv1.EventStatus_PUBLISHED))
}

func (s *Server) StartEvent(ctx context.Context, req *competitionv1.EventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.SetStatus(ctx, req.GetId(), typesv1.EventStatus_IN_PROGRESS))
}

func (s *Server) ArchiveEvent(ctx context.Context, req *competitionv1.EventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.SetStatus(ctx, req.GetId(), typesv1.EventStatus_ARCHIVED))
}

// ExportEvent implements competitionv1.CompetitionServiceServer.
func (s *Server) ExportEvent(ctx context.Context, req *competitionv1.EventRequest) (*competitionv1.EventDocument, error) {
	return s.svc.ExportEvent(ctx, req.GetId())
}

// ImportEvent implements competitionv1.CompetitionServiceServer.
func (s *Server) ImportEvent(ctx context.Context, req *competitionv1.EventDocument) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.ImportEvent(ctx, req))
}

// ListEventActivity implements competitionv1.CompetitionServiceServer.
func (s *Server) ListEventActivity(ctx context.Context, req *activityv1.ActivityRequest) (*activityv1.ActivityPage, error) {
	return s.svc.ListEventActivity(ctx, req)
}

func eventPB(v EventView) *competitionv1.Event {
	e := v.Event
	out := &competitionv1.Event{
		Id:             e.ID,
		Name:           e.Name,
		DateFrom:       date(e.DateFrom),
		DateTo:         date(e.DateTo),
		DateRange:      DateRange(e.DateFrom, e.DateTo),
		Location:       e.Location,
		Description:    e.Description,
		Status:         e.Status,
		StatusLabel:    words.EventStatusLabelOf(e.Status),
		DetailsVisible: e.DetailsVisible,
		ScoringTable:   e.ScoringTable,
		CustomPoints:   e.CustomPoints,
		ScoringRules:   scoringRulesPB(e.Scoring),
		Workouts:       make([]*competitionv1.Workout, len(v.Workouts)),
		Divisions:      make([]*competitionv1.Division, len(v.Divisions)),
		CreatedAt:      instant(e.CreatedAt),
		UpdatedAt:      instant(e.UpdatedAt),
		Format:         e.Format,
		TimeZone:       e.TimeZone,
		ShowUnreviewed: e.ShowUnreviewed,
	}
	for i, w := range v.Workouts {
		out.Workouts[i] = workoutPB(w)
	}
	for i, d := range v.Divisions {
		out.Divisions[i] = divisionPB(d)
	}
	return out
}

func eventViewPB(v EventView, err error) (*competitionv1.Event, error) {
	if err != nil {
		return nil, err
	}
	return eventPB(v), nil
}

func eventsPB(events []store.Event) *competitionv1.ListEventsResponse {
	out := &competitionv1.ListEventsResponse{Events: make([]*competitionv1.Event, len(events))}
	for i, e := range events {
		out.Events[i] = eventPB(EventView{Event: e})
	}
	return out
}
