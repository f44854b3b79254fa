package registration

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/registration/v1"
)

func (s *Server) SetAthleteCheckIn(ctx context.Context, req *pb.SetAthleteCheckInRequest) (*pb.CheckInTeam, error) {
	t, err := s.svc.SetAthleteCheckIn(ctx, req.GetEventId(), req.GetTeamId(), int(req.GetPosition()), req.GetPresent())
	if err != nil {
		return nil, err
	}
	return checkInPB(t), nil
}

func checkInAthletesPB(athletes []store.CheckInAthlete) []*pb.CheckInAthlete {
	out := make([]*pb.CheckInAthlete, len(athletes))
	for i, a := range athletes {
		out[i] = &pb.CheckInAthlete{Position: int32(a.Position), Name: a.Name, AthleteId: a.AthleteID, Substitute: a.Substitute,
			Captain: a.Captain, Checked: a.Checked, Present: a.Present, By: a.By}
		if a.At != nil {
			out[i].At = core.Instant(*a.At)
		}
	}
	return out
}
