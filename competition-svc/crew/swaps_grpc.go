package crew

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

func (c *Crew) ProposeCrewSwap(ctx context.Context, req *pb.ProposeCrewSwapRequest) (*pb.MyVolunteer, error) {
	return minePB(c.svc.Propose(ctx, req.GetKey(), SwapInput{ToEmail: req.GetToEmail(), ShiftID: req.GetShiftId(),
		HeatID: req.GetHeatId(), Lane: req.GetLane()}))
}

func (c *Crew) AcceptCrewSwap(ctx context.Context, req *pb.AnswerCrewSwapRequest) (*pb.MyVolunteer, error) {
	return minePB(c.svc.Answer(ctx, req.GetKey(), req.GetSwapId(), "accepted"))
}

func (c *Crew) DeclineCrewSwap(ctx context.Context, req *pb.AnswerCrewSwapRequest) (*pb.MyVolunteer, error) {
	return minePB(c.svc.Answer(ctx, req.GetKey(), req.GetSwapId(), "declined"))
}

func (c *Crew) ListCrewSwaps(ctx context.Context, req *pb.CrewEventRequest) (*pb.ListCrewSwapsResponse, error) {
	ws, err := c.svc.ListSwaps(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	out := &pb.ListCrewSwapsResponse{Swaps: make([]*pb.CrewSwap, len(ws))}
	for i, w := range ws {
		out.Swaps[i] = swapPB(w)
	}
	return out, nil
}

func (c *Crew) ApproveCrewSwap(ctx context.Context, req *pb.CrewSwapRequest) (*pb.CrewSwap, error) {
	return swapResult(c.svc.Decide(ctx, req.GetEventId(), req.GetSwapId(), true))
}

func (c *Crew) RefuseCrewSwap(ctx context.Context, req *pb.CrewSwapRequest) (*pb.CrewSwap, error) {
	return swapResult(c.svc.Decide(ctx, req.GetEventId(), req.GetSwapId(), false))
}

func swapResult(w Swap, err error) (*pb.CrewSwap, error) {
	if err != nil {
		return nil, err
	}
	return swapPB(w), nil
}

func swapPB(w Swap) *pb.CrewSwap {
	return &pb.CrewSwap{Id: w.ID, EventId: w.EventID, FromVolunteerId: w.FromID, FromName: w.FromName, ToVolunteerId: w.ToID,
		ToName: w.ToName, Status: w.Status, ShiftId: w.ShiftID, HeatId: w.HeatID, Lane: w.Lane, Place: w.Place,
		CreatedAt: core.Instant(w.CreatedAt)}
}
