package competitionsvc

import (
	"context"
	"fmt"
	"time"

	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"

	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
	"github.com/podium-dev/podium/internal/platform/words"
	"github.com/podium-dev/podium/results-svc/scoring"
)

// Server implements competitionv1.CompetitionServiceServer: it turns requests into use-case
// calls and results into messages. Errors are apperr values; the gRPC server's interceptors
// map them to statuses.
type Server struct {
	competitionv1.UnimplementedCompetitionServiceServer
	svc *service
}

// New returns the CompetitionService implementation.
func New(d Deps) *Server { return &Server{svc: newService(d)} }

var _ competitionv1.CompetitionServiceServer = (*Server)(nil)

// ---- events -----------------------------------------------------------------------------

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

// ---- divisions --------------------------------------------------------------------------

func (s *Server) ListDivisions(ctx context.Context, _ *competitionv1.ListDivisionsRequest) (*competitionv1.ListDivisionsResponse, error) {
	return divisionsPB(s.svc.ListDivisions(ctx))
}

func (s *Server) ListEventDivisions(ctx context.Context, req *competitionv1.ListEventDivisionsRequest) (*competitionv1.ListDivisionsResponse, error) {
	return divisionsPB(s.svc.ListEventDivisions(ctx, req.GetEventId()))
}

func (s *Server) GetDivision(ctx context.Context, req *competitionv1.DivisionRequest) (*competitionv1.Division, error) {
	return divisionResult(s.svc.GetDivision(ctx, req.GetId()))
}

func (s *Server) CreateDivision(ctx context.Context, req *competitionv1.CreateDivisionRequest) (*competitionv1.Division, error) {
	return divisionResult(s.svc.CreateDivision(ctx, req.GetName(), req.GetDescription(), req.GetEventId()))
}

func (s *Server) UpdateDivision(ctx context.Context, req *competitionv1.UpdateDivisionRequest) (*competitionv1.Division, error) {
	return divisionResult(s.svc.UpdateDivision(ctx, req.GetId(), req.GetName(), req.Description))
}

func (s *Server) DeleteDivision(ctx context.Context, req *competitionv1.DivisionRequest) (*emptypb.Empty, error) {
	return empty(s.svc.DeleteDivision(ctx, req.GetId()))
}

// ---- teams ------------------------------------------------------------------------------

func (s *Server) ListTeams(ctx context.Context, _ *competitionv1.ListTeamsRequest) (*competitionv1.ListTeamsResponse, error) {
	return teamsPB(s.svc.ListTeams(ctx))
}

func (s *Server) ListEventTeams(ctx context.Context, req *competitionv1.ListEventTeamsRequest) (*competitionv1.ListTeamsResponse, error) {
	return teamsPB(s.svc.ListEventTeams(ctx, req.GetEventId()))
}

func (s *Server) ListDivisionTeams(ctx context.Context, req *competitionv1.ListDivisionTeamsRequest) (*competitionv1.ListTeamsResponse, error) {
	return teamsPB(s.svc.ListDivisionTeams(ctx, req.GetDivisionId()))
}

func (s *Server) GetTeam(ctx context.Context, req *competitionv1.TeamRequest) (*competitionv1.Team, error) {
	return teamResult(s.svc.GetTeam(ctx, req.GetId()))
}

func (s *Server) CreateTeam(ctx context.Context, req *competitionv1.CreateTeamRequest) (*competitionv1.Team, error) {
	return teamResult(s.svc.CreateTeam(ctx, req.GetEventId(), req.GetDivisionId(), TeamInput{
		Name: req.GetName(), Athlete1Name: req.GetAthlete1Name(), Athlete2Name: req.GetAthlete2Name(),
	}))
}

func (s *Server) BulkCreateTeams(ctx context.Context, req *competitionv1.BulkCreateTeamsRequest) (*competitionv1.ListTeamsResponse, error) {
	in := make([]TeamInput, len(req.GetTeams()))
	for i, t := range req.GetTeams() {
		in[i] = TeamInput{Name: t.GetName(), Athlete1Name: t.GetAthlete1Name(), Athlete2Name: t.GetAthlete2Name()}
	}
	return teamsPB(s.svc.BulkCreateTeams(ctx, req.GetEventId(), req.GetDivisionId(), in))
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

// ImportTeams implements competitionv1.CompetitionServiceServer.
func (s *Server) ImportTeams(ctx context.Context, req *competitionv1.ImportTeamsRequest) (*competitionv1.ImportTeamsResponse, error) {
	imported, err := s.svc.ImportTeams(ctx, req.GetEventId(), req.GetDivisionId(), req.GetCsv(), req.GetDryRun())
	if err != nil {
		return nil, err
	}
	out := &competitionv1.ImportTeamsResponse{
		Created: make([]*competitionv1.Team, len(imported.Teams)),
		Errors:  make([]*competitionv1.ImportLineError, len(imported.Errors)),
	}
	for i, t := range imported.Teams {
		out.Created[i] = teamPB(t)
	}
	for i, e := range imported.Errors {
		out.Errors[i] = &competitionv1.ImportLineError{Line: int32(e.Line), Message: e.Message}
	}
	return out, nil
}

func (s *Server) UpdateTeam(ctx context.Context, req *competitionv1.UpdateTeamRequest) (*competitionv1.Team, error) {
	return teamResult(s.svc.UpdateTeam(ctx, req.GetId(), req.GetDivisionId(), TeamInput{
		Name: req.GetName(), Athlete1Name: req.GetAthlete1Name(), Athlete2Name: req.GetAthlete2Name(),
	}, req.GetDeleteResults()))
}

func (s *Server) DeleteTeam(ctx context.Context, req *competitionv1.TeamRequest) (*emptypb.Empty, error) {
	return empty(s.svc.DeleteTeam(ctx, req.GetId()))
}

// ---- workouts ---------------------------------------------------------------------------

func (s *Server) ListWorkouts(ctx context.Context, req *competitionv1.ListWorkoutsRequest) (*competitionv1.ListWorkoutsResponse, error) {
	return workoutsPB(s.svc.ListWorkouts(ctx, req.GetEventId()))
}

func (s *Server) GetWorkout(ctx context.Context, req *competitionv1.WorkoutRequest) (*competitionv1.Workout, error) {
	return workoutResult(s.svc.GetWorkout(ctx, req.GetEventId(), req.GetId()))
}

func (s *Server) ListScoreTypes(context.Context, *competitionv1.ListScoreTypesRequest) (*competitionv1.ListScoreTypesResponse, error) {
	out := &competitionv1.ListScoreTypesResponse{}
	for _, st := range ScoreTypes {
		out.ScoreTypes = append(out.ScoreTypes, &competitionv1.ScoreType{Value: st.Value, Label: st.Label})
	}
	return out, nil
}

func (s *Server) CreateWorkout(ctx context.Context, req *competitionv1.CreateWorkoutRequest) (*competitionv1.Workout, error) {
	return workoutResult(s.svc.CreateWorkout(ctx, req.GetEventId(), WorkoutInput{
		Name:           req.GetName(),
		Description:    req.GetDescription(),
		ScoreType:      req.GetScoreType(),
		TimeCapSeconds: int32Ptr(req.GetTimeCapSeconds()),
		WorkoutOrder:   int32Ptr(req.GetWorkoutOrder()),
	}))
}

func (s *Server) UpdateWorkout(ctx context.Context, req *competitionv1.UpdateWorkoutRequest) (*competitionv1.Workout, error) {
	return workoutResult(s.svc.UpdateWorkout(ctx, req.GetEventId(), req.GetId(), WorkoutInput{
		Name:           req.GetName(),
		Description:    req.GetDescription(),
		ScoreType:      req.GetScoreType(),
		TimeCapSeconds: int32Ptr(req.GetTimeCapSeconds()),
		WorkoutOrder:   int32Ptr(req.GetWorkoutOrder()),
	}))
}

func (s *Server) DeleteWorkout(ctx context.Context, req *competitionv1.WorkoutRequest) (*emptypb.Empty, error) {
	return empty(s.svc.DeleteWorkout(ctx, req.GetEventId(), req.GetId()))
}

func (s *Server) ReorderWorkouts(ctx context.Context, req *competitionv1.ReorderWorkoutsRequest) (*competitionv1.ListWorkoutsResponse, error) {
	return workoutsPB(s.svc.ReorderWorkouts(ctx, req.GetEventId(), req.GetWorkoutIds()))
}

// ---- internal ---------------------------------------------------------------------------

func (s *Server) GetEventStructure(ctx context.Context, req *competitionv1.EventStructureRequest) (*competitionv1.EventStructure, error) {
	view, teams, err := s.svc.EventStructure(ctx, StructureRef{
		EventID: req.GetEventId(), DivisionID: req.GetDivisionId(), TeamID: req.GetTeamId(), WorkoutID: req.GetWorkoutId(),
	})
	if err != nil {
		return nil, err
	}
	out := &competitionv1.EventStructure{Event: eventPB(view), Teams: make([]*competitionv1.Team, len(teams))}
	for i, t := range teams {
		out.Teams[i] = teamPB(t)
	}
	return out, nil
}

func (s *Server) ListVisibleEvents(ctx context.Context, req *competitionv1.ListVisibleEventsRequest) (*competitionv1.ListEventsResponse, error) {
	events, err := s.svc.ListVisibleEvents(ctx, req.GetStatuses())
	if err != nil {
		return nil, err
	}
	return eventsPB(events), nil
}

// ---- domain → messages ------------------------------------------------------------------

func instant(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(dateLayout)
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
		Workouts:       make([]*competitionv1.Workout, len(v.Workouts)),
		Divisions:      make([]*competitionv1.Division, len(v.Divisions)),
		CreatedAt:      instant(e.CreatedAt),
		UpdatedAt:      instant(e.UpdatedAt),
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

func divisionPB(d store.Division) *competitionv1.Division {
	return &competitionv1.Division{
		Id:          d.ID,
		Name:        d.Name,
		Description: d.Description,
		EventId:     d.EventID,
		EventName:   d.EventName,
		TeamCount:   int32(d.TeamCount),
		CreatedAt:   instant(d.CreatedAt),
		UpdatedAt:   instant(d.UpdatedAt),
	}
}

func divisionResult(d store.Division, err error) (*competitionv1.Division, error) {
	if err != nil {
		return nil, err
	}
	return divisionPB(d), nil
}

func divisionsPB(ds []store.Division, err error) (*competitionv1.ListDivisionsResponse, error) {
	if err != nil {
		return nil, err
	}
	out := &competitionv1.ListDivisionsResponse{Divisions: make([]*competitionv1.Division, len(ds))}
	for i, d := range ds {
		out.Divisions[i] = divisionPB(d)
	}
	return out, nil
}

// AthleteCount is how many of a team's two athlete names are filled in.
func AthleteCount(t store.Team) int32 {
	var n int32
	for _, a := range []string{t.Athlete1Name, t.Athlete2Name} {
		if trim(a) != "" {
			n++
		}
	}
	return n
}

func teamPB(t TeamView) *competitionv1.Team {
	return &competitionv1.Team{
		Id:                t.ID,
		Name:              t.Name,
		EventId:           t.EventID,
		EventName:         t.EventName,
		DivisionId:        t.DivisionID,
		DivisionName:      t.DivisionName,
		Athlete1Name:      t.Athlete1Name,
		Athlete2Name:      t.Athlete2Name,
		AthleteCount:      AthleteCount(t.Team),
		FinalResultsCount: t.FinalResultsCount,
		ResultsCount:      t.ResultsCount,
		CreatedAt:         instant(t.CreatedAt),
		UpdatedAt:         instant(t.UpdatedAt),
	}
}

func teamResult(t TeamView, err error) (*competitionv1.Team, error) {
	if err != nil {
		return nil, err
	}
	return teamPB(t), nil
}

func teamsPB(ts []TeamView, err error) (*competitionv1.ListTeamsResponse, error) {
	if err != nil {
		return nil, err
	}
	out := &competitionv1.ListTeamsResponse{Teams: make([]*competitionv1.Team, len(ts))}
	for i, t := range ts {
		out.Teams[i] = teamPB(t)
	}
	return out, nil
}

func workoutPB(w WorkoutView) *competitionv1.Workout {
	return &competitionv1.Workout{
		Id:             w.ID,
		EventId:        w.EventID,
		Name:           w.Name,
		Description:    w.Description,
		ScoreType:      w.ScoreType,
		ScoreTypeLabel: ScoreTypeLabel(w.ScoreType),
		TimeCapSeconds: int32Value(w.TimeCapSeconds),
		TimeCapText:    stringValue(scoring.TimeCapText(w.TimeCapSeconds)),
		WorkoutOrder:   int32Value(w.WorkoutOrder),
		HasResults:     w.HasResults,
		CreatedAt:      instant(w.CreatedAt),
		UpdatedAt:      instant(w.UpdatedAt),
	}
}

func workoutResult(w WorkoutView, err error) (*competitionv1.Workout, error) {
	if err != nil {
		return nil, err
	}
	return workoutPB(w), nil
}

func workoutsPB(ws []WorkoutView, err error) (*competitionv1.ListWorkoutsResponse, error) {
	if err != nil {
		return nil, err
	}
	out := &competitionv1.ListWorkoutsResponse{Workouts: make([]*competitionv1.Workout, len(ws))}
	for i, w := range ws {
		out.Workouts[i] = workoutPB(w)
	}
	return out, nil
}

func int32Ptr(v *wrapperspb.Int32Value) *int32 {
	if v == nil {
		return nil
	}
	return new(v.GetValue())
}

// stringValue is a text that may be absent: empty is null.
func stringValue(v string) *wrapperspb.StringValue {
	if v == "" {
		return nil
	}
	return wrapperspb.String(v)
}

func int32Value(v *int32) *wrapperspb.Int32Value {
	if v == nil {
		return nil
	}
	return wrapperspb.Int32(*v)
}

func empty(err error) (*emptypb.Empty, error) {
	if err != nil {
		return nil, err
	}
	return &emptypb.Empty{}, nil
}

// GetPublicVersion is internal: public-svc keys its cache by it (docs/operations.md,
// "Caching").
func (s *Server) GetPublicVersion(ctx context.Context, req *competitionv1.PublicVersionRequest) (*competitionv1.PublicVersion, error) {
	id := req.GetEventId()
	if id != "" && !ids.IsUUID(id) {
		return nil, apperr.Invalid("eventId", "must be an event id")
	}
	v, err := s.svc.store.PublicVersion(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("public version: %w", err)
	}
	return &competitionv1.PublicVersion{Version: v}, nil
}
