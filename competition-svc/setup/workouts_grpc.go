package setup

import (
	"context"

	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/core"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/resulttext"
)

// The workout RPCs.

func (s *Setup) ListWorkouts(ctx context.Context, req *competitionv1.ListWorkoutsRequest) (*competitionv1.ListWorkoutsResponse, error) {
	return workoutsPB(s.svc.ListWorkouts(ctx, req.GetEventId()))
}

func (s *Setup) GetWorkout(ctx context.Context, req *competitionv1.WorkoutRequest) (*competitionv1.Workout, error) {
	return workoutResult(s.svc.GetWorkout(ctx, req.GetEventId(), req.GetId()))
}

func (s *Setup) ListScoreTypes(context.Context, *competitionv1.ListScoreTypesRequest) (*competitionv1.ListScoreTypesResponse, error) {
	out := &competitionv1.ListScoreTypesResponse{}
	for _, st := range ScoreTypes {
		out.ScoreTypes = append(out.ScoreTypes, &competitionv1.ScoreType{Value: st.Value, Label: st.Label})
	}
	return out, nil
}

func (s *Setup) CreateWorkout(ctx context.Context, req *competitionv1.CreateWorkoutRequest) (*competitionv1.Workout, error) {
	return workoutResult(s.svc.CreateWorkout(ctx, req.GetEventId(), WorkoutInput{
		Name:           req.GetName(),
		Description:    req.GetDescription(),
		ScoreType:      req.GetScoreType(),
		TimeCapSeconds: core.Int32Ptr(req.GetTimeCapSeconds()),
		WorkoutOrder:   core.Int32Ptr(req.GetWorkoutOrder()),
		PartOf:         req.GetPartOf(),
		Parts:          req.GetParts(),
	}))
}

func (s *Setup) UpdateWorkout(ctx context.Context, req *competitionv1.UpdateWorkoutRequest) (*competitionv1.Workout, error) {
	return workoutResult(s.svc.UpdateWorkout(ctx, req.GetEventId(), req.GetId(), WorkoutInput{
		Name:           req.GetName(),
		Description:    req.GetDescription(),
		ScoreType:      req.GetScoreType(),
		TimeCapSeconds: core.Int32Ptr(req.GetTimeCapSeconds()),
		WorkoutOrder:   core.Int32Ptr(req.GetWorkoutOrder()),
		PartOf:         req.GetPartOf(),
		Parts:          req.GetParts(),
	}))
}

func (s *Setup) DeleteWorkout(ctx context.Context, req *competitionv1.WorkoutRequest) (*emptypb.Empty, error) {
	return core.Empty(s.svc.DeleteWorkout(ctx, req.GetEventId(), req.GetId()))
}

func (s *Setup) ReorderWorkouts(ctx context.Context, req *competitionv1.ReorderWorkoutsRequest) (*competitionv1.ListWorkoutsResponse, error) {
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
		TimeCapSeconds:     core.Int32Value(w.TimeCapSeconds),
		TimeCapText:        core.StringValue(resulttext.TimeCap(w.TimeCapSeconds)),
		WorkoutOrder:       core.Int32Value(w.WorkoutOrder),
		HasResults:         w.HasResults,
		Weight:             w.Weight,
		CreatedAt:          core.Instant(w.CreatedAt),
		UpdatedAt:          core.Instant(w.UpdatedAt),
		ReleaseAt:          core.InstantOf(w.ReleaseAt),
		SubmissionDeadline: core.InstantOf(w.SubmissionDeadline),
		VideoRequired:      w.VideoRequired,
		PartOf:             strOrEmpty(w.PartOf),
		Parts:              strOrEmpty(w.Parts),
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
