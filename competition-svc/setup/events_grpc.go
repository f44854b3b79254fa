package setup

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"

	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/words"
)

// The event RPCs: events, their status changes, export, import and activity.

func (s *Setup) ListEvents(ctx context.Context, _ *competitionv1.ListEventsRequest) (*competitionv1.ListEventsResponse, error) {
	events, err := s.svc.ListEvents(ctx)
	if err != nil {
		return nil, err
	}
	return eventsPB(events), nil
}

func (s *Setup) GetEvent(ctx context.Context, req *competitionv1.EventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.GetEvent(ctx, req.GetId()))
}

func (s *Setup) ListEventStatuses(context.Context, *competitionv1.ListEventStatusesRequest) (*competitionv1.ListEventStatusesResponse, error) {
	out := &competitionv1.ListEventStatusesResponse{}
	for _, st := range words.EventStatusLabels {
		out.Statuses = append(out.Statuses, &competitionv1.EventStatus{Value: st.Value, Label: st.Label, Color: st.Color})
	}
	return out, nil
}

func (s *Setup) CreateEvent(ctx context.Context, req *competitionv1.CreateEventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.CreateEvent(ctx, EventInput{
		Name:            req.GetName(),
		DateFrom:        req.GetDateFrom(),
		DateTo:          req.GetDateTo(),
		Location:        req.GetLocation(),
		Description:     new(req.GetDescription()),
		Status:          req.Status,
		DetailsVisible:  req.DetailsVisible,
		ScoringTable:    req.ScoringTable,
		CustomPoints:    req.GetCustomPoints(),
		RosterLockAt:    req.RosterLockAt,
		DefaultLanguage: req.DefaultLanguage,
	}))
}

func (s *Setup) UpdateEvent(ctx context.Context, req *competitionv1.UpdateEventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.UpdateEvent(ctx, req.GetId(), EventInput{
		Name:            req.GetName(),
		DateFrom:        req.GetDateFrom(),
		DateTo:          req.GetDateTo(),
		Location:        req.GetLocation(),
		Description:     req.Description,
		Status:          req.Status,
		DetailsVisible:  req.DetailsVisible,
		ScoringTable:    req.ScoringTable,
		CustomPoints:    req.GetCustomPoints(),
		RosterLockAt:    req.RosterLockAt,
		DefaultLanguage: req.DefaultLanguage,
	}))
}

func (s *Setup) SetEventScoring(ctx context.Context, req *competitionv1.SetEventScoringRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.SetEventScoring(ctx, req.GetEventId(), req.GetSettings()))
}

func (s *Setup) SetEventOnline(ctx context.Context, req *competitionv1.SetEventOnlineRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.SetEventOnline(ctx, req.GetEventId(), req.GetSettings()))
}

func scoringRulesPB(r store.ScoringRules) *competitionv1.ScoringRules {
	out := &competitionv1.ScoringRules{WorkoutTies: r.WorkoutTies, OverallTieBreak: r.OverallTieBreak}
	if r.OverallWorkoutID != nil {
		out.OverallWorkoutId = *r.OverallWorkoutID
	}
	return out
}

func (s *Setup) DeleteEvent(ctx context.Context, req *competitionv1.EventRequest) (*emptypb.Empty, error) {
	return core.Empty(s.svc.DeleteEvent(ctx, req.GetId()))
}

func (s *Setup) PublishEvent(ctx context.Context, req *competitionv1.EventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.SetStatus(ctx, req.GetId(), typesv1.EventStatus_PUBLISHED))
}

func (s *Setup) StartEvent(ctx context.Context, req *competitionv1.EventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.SetStatus(ctx, req.GetId(), typesv1.EventStatus_IN_PROGRESS))
}

func (s *Setup) ArchiveEvent(ctx context.Context, req *competitionv1.EventRequest) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.SetStatus(ctx, req.GetId(), typesv1.EventStatus_ARCHIVED))
}

// ExportEvent implements competitionv1.CompetitionServiceServer.
func (s *Setup) ExportEvent(ctx context.Context, req *competitionv1.EventRequest) (*competitionv1.EventDocument, error) {
	return s.svc.ExportEvent(ctx, req.GetId())
}

// ImportEvent implements competitionv1.CompetitionServiceServer.
func (s *Setup) ImportEvent(ctx context.Context, req *competitionv1.EventDocument) (*competitionv1.Event, error) {
	return eventViewPB(s.svc.ImportEvent(ctx, req))
}

// ListEventActivity implements competitionv1.CompetitionServiceServer.
func (s *Setup) ListEventActivity(ctx context.Context, req *activityv1.ActivityRequest) (*activityv1.ActivityPage, error) {
	return s.svc.ListEventActivity(ctx, req)
}

func eventPB(v EventView) *competitionv1.Event {
	e := v.Event
	out := &competitionv1.Event{
		Id:              e.ID,
		Name:            e.Name,
		DateFrom:        core.Date(e.DateFrom),
		DateTo:          core.Date(e.DateTo),
		DateRange:       core.DateRange(e.DateFrom, e.DateTo),
		Location:        e.Location,
		Description:     e.Description,
		Status:          e.Status,
		StatusLabel:     words.EventStatusLabelOf(e.Status),
		DetailsVisible:  e.DetailsVisible,
		ScoringTable:    e.ScoringTable,
		CustomPoints:    e.CustomPoints,
		ScoringRules:    scoringRulesPB(e.Scoring),
		Workouts:        make([]*competitionv1.Workout, len(v.Workouts)),
		Divisions:       make([]*competitionv1.Division, len(v.Divisions)),
		CreatedAt:       core.Instant(e.CreatedAt),
		UpdatedAt:       core.Instant(e.UpdatedAt),
		Format:          e.Format,
		TimeZone:        e.TimeZone,
		ShowUnreviewed:  e.ShowUnreviewed,
		RosterLockAt:    core.InstantOf(e.RosterLockAt),
		DefaultLanguage: e.DefaultLanguage,
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
