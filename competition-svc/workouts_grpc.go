package competitionsvc

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/emptypb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/resulttext"
)

// The workout RPCs.

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
		PartOf:         req.GetPartOf(),
		Parts:          req.GetParts(),
	}))
}

func (s *Server) UpdateWorkout(ctx context.Context, req *competitionv1.UpdateWorkoutRequest) (*competitionv1.Workout, error) {
	return workoutResult(s.svc.UpdateWorkout(ctx, req.GetEventId(), req.GetId(), WorkoutInput{
		Name:           req.GetName(),
		Description:    req.GetDescription(),
		ScoreType:      req.GetScoreType(),
		TimeCapSeconds: int32Ptr(req.GetTimeCapSeconds()),
		WorkoutOrder:   int32Ptr(req.GetWorkoutOrder()),
		PartOf:         req.GetPartOf(),
		Parts:          req.GetParts(),
	}))
}

func (s *Server) DeleteWorkout(ctx context.Context, req *competitionv1.WorkoutRequest) (*emptypb.Empty, error) {
	return empty(s.svc.DeleteWorkout(ctx, req.GetEventId(), req.GetId()))
}

func (s *Server) ReorderWorkouts(ctx context.Context, req *competitionv1.ReorderWorkoutsRequest) (*competitionv1.ListWorkoutsResponse, error) {
	return workoutsPB(s.svc.ReorderWorkouts(ctx, req.GetEventId(), req.GetWorkoutIds()))
}

func workoutPB(w WorkoutView) *competitionv1.Workout {
	return &competitionv1.Workout{
		Id:                 w.ID,
		EventId:            w.EventID,
		Name:               w.Name,
		Description:        w.Description,
		ScoreType:          w.ScoreType,
		ScoreTypeLabel:     ScoreTypeLabel(w.ScoreType),
		TimeCapSeconds:     int32Value(w.TimeCapSeconds),
		TimeCapText:        stringValue(resulttext.TimeCap(w.TimeCapSeconds)),
		WorkoutOrder:       int32Value(w.WorkoutOrder),
		HasResults:         w.HasResults,
		Weight:             w.Weight,
		CreatedAt:          instant(w.CreatedAt),
		UpdatedAt:          instant(w.UpdatedAt),
		ReleaseAt:          instantOf(w.ReleaseAt),
		SubmissionDeadline: instantOf(w.SubmissionDeadline),
		VideoRequired:      w.VideoRequired,
		PartOf:             strOrEmpty(w.PartOf),
		Parts:              strOrEmpty(w.Parts),
	}
}

// instantOf is instant of an optional time ("" for none).
func instantOf(t *time.Time) string {
	if t == nil {
		return ""
	}
	return instant(*t)
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
