package crew

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

func (c *Crew) GetCrewBoard(ctx context.Context, req *pb.CrewBoardRequest) (*pb.CrewBoard, error) {
	return boardPB(c.svc.GetBoard(ctx, req.GetEventId(), req.GetWithinMinutes()))
}

func (c *Crew) CheckInCrew(ctx context.Context, req *pb.CrewCheckInRequest) (*pb.CrewBoard, error) {
	return boardPB(c.svc.CheckIn(ctx, req.GetEventId(), req.GetVolunteerId(), req.GetCheckedIn()))
}

func (c *Crew) MoveStandbyJudge(ctx context.Context, req *pb.MoveStandbyJudgeRequest) (*pb.CrewBoard, error) {
	return boardPB(c.svc.MoveStandby(ctx, req.GetEventId(), req.GetHeatId(), req.GetLane(), req.GetVolunteerId()))
}

func boardPB(b Board, err error) (*pb.CrewBoard, error) {
	if err != nil {
		return nil, err
	}
	out := &pb.CrewBoard{EventId: b.EventID, Now: core.Instant(b.Now), WithinMinutes: b.Within, Gaps: int32(b.Gaps),
		Judges: make([]*pb.CrewBoardJudge, len(b.Judges)), Slots: make([]*pb.RotationSlot, len(b.Slots))}
	for i, j := range b.Judges {
		pj := &pb.CrewBoardJudge{VolunteerId: j.Volunteer.ID, Name: j.Volunteer.Name, CheckedIn: j.Volunteer.CheckedInAt != nil,
			Late: j.Late, Standby: j.Standby, Level: j.Level}
		if j.Next != nil {
			pj.NextPlace = placeWords(*j.Next)
			pj.NextStartsAt = core.Instant(j.Next.StartsAt)
		}
		out.Judges[i] = pj
	}
	for i, sl := range b.Slots {
		out.Slots[i] = slotPB(sl)
	}
	return out, nil
}
