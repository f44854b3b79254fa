package waivers

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

func (w *Waivers) GetEventWaiver(ctx context.Context, req *pb.WaiverEventRequest) (*pb.Waiver, error) {
	return waiverResult(w.svc.GetWaiver(ctx, req.GetEventId()))
}

func (w *Waivers) PutEventWaiver(ctx context.Context, req *pb.PutWaiverRequest) (*pb.Waiver, error) {
	return waiverResult(w.svc.PutWaiver(ctx, req.GetEventId(), req.GetBody()))
}

func (w *Waivers) ListWaiverStates(ctx context.Context, req *pb.WaiverEventRequest) (*pb.WaiverStates, error) {
	st, err := w.svc.ListStates(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	out := &pb.WaiverStates{CurrentVersion: st.Current, Athletes: make([]*pb.WaiverState, len(st.Athletes))}
	for i, a := range st.Athletes {
		out.Athletes[i] = statePB(a)
	}
	return out, nil
}

func (w *Waivers) KioskAcceptWaiver(ctx context.Context, req *pb.KioskAcceptWaiverRequest) (*pb.WaiverState, error) {
	a, err := w.svc.AcceptAtKiosk(ctx, KioskInput{EventID: req.GetEventId(), AthleteID: req.GetAthleteId(),
		FullName: req.GetFullName(), BirthDate: req.GetBirthDate(), Version: req.GetVersion(), Guardian: req.GetGuardian()})
	if err != nil {
		return nil, err
	}
	return statePB(a), nil
}

func (w *Waivers) GetMyWaiver(ctx context.Context, req *pb.MyWaiverRequest) (*pb.MyWaiver, error) {
	return minePB(w.svc.GetMine(ctx, req.GetEventId()))
}

func (w *Waivers) AcceptMyWaiver(ctx context.Context, req *pb.AcceptMyWaiverRequest) (*pb.MyWaiver, error) {
	return minePB(w.svc.AcceptMine(ctx, AcceptInput{EventID: req.GetEventId(), FullName: req.GetFullName(),
		BirthDate: req.GetBirthDate(), GuardianEmail: req.GetGuardianEmail(), Version: req.GetVersion()}))
}

func (w *Waivers) GetGuardianWaiver(ctx context.Context, req *pb.GuardianWaiverRequest) (*pb.GuardianWaiver, error) {
	return guardianPB(w.svc.GetForGuardian(ctx, req.GetKey()))
}

func (w *Waivers) AcceptGuardianWaiver(ctx context.Context, req *pb.AcceptGuardianWaiverRequest) (*pb.GuardianWaiver, error) {
	return guardianPB(w.svc.AcceptAsGuardian(ctx, req.GetKey(), req.GetVersion(), req.GetFullName()))
}

func waiverPB(w store.Waiver) *pb.Waiver {
	return &pb.Waiver{EventId: w.EventID, Version: w.Version, Body: w.Body, CreatedAt: core.Instant(w.CreatedAt)}
}

func waiverResult(w store.Waiver, err error) (*pb.Waiver, error) {
	if err != nil {
		return nil, err
	}
	return waiverPB(w), nil
}

func statePB(a AthleteState) *pb.WaiverState {
	out := &pb.WaiverState{RegistrationId: a.RegistrationID, TeamId: a.TeamID, TeamName: a.TeamName, DivisionName: a.DivisionName,
		AthleteId: a.AthleteID, AthleteName: a.AthleteName, State: a.State, StateLabel: a.Label()}
	if acc := a.Acceptance; acc != nil {
		out.AcceptedVersion, out.AcceptedAt, out.FullName, out.Guardian, out.Via = acc.Version, core.Instant(acc.AcceptedAt),
			acc.FullName, acc.Guardian, acc.Via
	}
	return out
}

func minePB(m Mine, err error) (*pb.MyWaiver, error) {
	if err != nil {
		return nil, err
	}
	return &pb.MyWaiver{EventId: m.Event.ID, EventName: m.Event.Name, Waiver: waiverPB(m.Waiver), State: statePB(m.State),
		Minor: m.Minor, GuardianEmail: m.GuardianEmail, Message: m.Message}, nil
}

func guardianPB(g ForGuardian, err error) (*pb.GuardianWaiver, error) {
	if err != nil {
		return nil, err
	}
	return &pb.GuardianWaiver{EventName: g.Event.Name, EventDate: core.Date(g.Event.DateFrom), AthleteName: g.AthleteName,
		Waiver: waiverPB(g.Waiver), Accepted: g.Accepted, Message: g.Message}, nil
}
