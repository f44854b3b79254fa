package crew

import (
	"context"

	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

func (c *Crew) SignUpVolunteer(ctx context.Context, req *pb.SignUpVolunteerRequest) (*pb.VolunteerSignUp, error) {
	in := SignUpInput{EventID: req.GetEventId(), Name: req.GetName(), Email: req.GetEmail(), Notes: req.GetNotes(),
		Club: req.GetClub(), TeamID: req.GetTeamId(), Roles: req.GetRoles(),
		Course: req.GetCredential().GetCourse(), Number: req.GetCredential().GetNumber(),
		ValidUntil: req.GetCredential().GetValidUntil(), Level: req.GetCredential().GetLevel()}
	for _, w := range req.GetAvailability() {
		in.Availability = append(in.Availability, [2]string{w.GetStartsAt(), w.GetEndsAt()})
	}
	v, err := c.svc.SignUp(ctx, in)
	if err != nil {
		return nil, err
	}
	out := &pb.VolunteerSignUp{Id: v.ID, Confirmed: v.ConfirmedAt != nil,
		Message: "Thank you! We mailed your volunteer link to " + v.Email + "."}
	if v.ConfirmedAt == nil {
		out.Message = "Thank you! Confirm your address with the link we mailed to " + v.Email + "."
	}
	return out, nil
}

func (c *Crew) GetMyVolunteer(ctx context.Context, req *pb.VolunteerKeyRequest) (*pb.MyVolunteer, error) {
	return minePB(c.svc.GetMine(ctx, req.GetKey()))
}

func (c *Crew) ConfirmVolunteer(ctx context.Context, req *pb.VolunteerKeyRequest) (*pb.MyVolunteer, error) {
	return minePB(c.svc.ConfirmMine(ctx, req.GetKey()))
}

func (c *Crew) ConfirmMyShift(ctx context.Context, req *pb.ConfirmMyShiftRequest) (*pb.MyVolunteer, error) {
	return minePB(c.svc.ConfirmShift(ctx, req.GetKey(), req.GetShiftId()))
}

func (c *Crew) DeleteMyVolunteer(ctx context.Context, req *pb.VolunteerKeyRequest) (*emptypb.Empty, error) {
	return core.Empty(c.svc.DeleteMine(ctx, req.GetKey()))
}

func (c *Crew) ListVolunteers(ctx context.Context, req *pb.CrewEventRequest) (*pb.ListVolunteersResponse, error) {
	l, err := c.svc.ListVolunteers(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	out := &pb.ListVolunteersResponse{Volunteers: make([]*pb.Volunteer, len(l.Volunteers)), UnconfirmedIds: l.Unconfirmed}
	for i, v := range l.Volunteers {
		out.Volunteers[i] = volunteerPB(v, l.Event, l.Shifts[v.ID])
	}
	return out, nil
}

func (c *Crew) ListShifts(ctx context.Context, req *pb.CrewEventRequest) (*pb.ListShiftsResponse, error) {
	shifts, err := c.svc.ListShifts(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	out := &pb.ListShiftsResponse{Shifts: make([]*pb.Shift, len(shifts))}
	for i, sh := range shifts {
		out.Shifts[i] = shiftPB(sh)
	}
	return out, nil
}

func (c *Crew) CreateShift(ctx context.Context, req *pb.CreateShiftRequest) (*pb.Shift, error) {
	return shiftResult(c.svc.CreateShift(ctx, req.GetEventId(), ShiftInput{Role: req.GetRole(),
		StartsAt: req.GetStartsAt(), EndsAt: req.GetEndsAt(), Needed: req.GetNeeded()}))
}

func (c *Crew) DeleteShift(ctx context.Context, req *pb.ShiftRequest) (*emptypb.Empty, error) {
	return core.Empty(c.svc.DeleteShift(ctx, req.GetEventId(), req.GetShiftId()))
}

func (c *Crew) AssignShift(ctx context.Context, req *pb.ShiftAssignmentRequest) (*pb.Shift, error) {
	return shiftResult(c.svc.Assign(ctx, req.GetEventId(), req.GetShiftId(), req.GetVolunteerId()))
}

func (c *Crew) UnassignShift(ctx context.Context, req *pb.ShiftAssignmentRequest) (*pb.Shift, error) {
	return shiftResult(c.svc.Unassign(ctx, req.GetEventId(), req.GetShiftId(), req.GetVolunteerId()))
}

func (c *Crew) GetRotation(ctx context.Context, req *pb.CrewEventRequest) (*pb.Rotation, error) {
	return rotationPB(c.svc.GetRotation(ctx, req.GetEventId()))
}

func (c *Crew) GenerateRotation(ctx context.Context, req *pb.GenerateRotationRequest) (*pb.Rotation, error) {
	in := RotationInput{HeatMinutes: req.GetHeatMinutes(), RestAfter: req.GetRestAfter(), AvoidOwnClub: req.GetAvoidOwnClub(),
		Levels: map[string]int32{}}
	for _, l := range req.GetLevels() {
		in.Levels[l.GetWorkoutId()] = l.GetLevel()
	}
	return rotationPB(c.svc.Generate(ctx, req.GetEventId(), in))
}

func (c *Crew) SetRotationLane(ctx context.Context, req *pb.SetRotationLaneRequest) (*pb.Rotation, error) {
	return rotationPB(c.svc.SetLane(ctx, req.GetEventId(), req.GetHeatId(), req.GetLane(), req.GetVolunteerId()))
}

func volunteerPB(v store.Volunteer, ev store.Event, shifts []store.Shift) *pb.Volunteer {
	out := &pb.Volunteer{Id: v.ID, EventId: v.EventID, Name: v.Name, Email: v.Email, Roles: v.Roles, Notes: v.Notes,
		Club: v.Club, TeamId: v.TeamID, Confirmed: v.ConfirmedAt != nil, CredentialProblem: credentialProblem(v, ev),
		HasAccount: v.AthleteID != "", CreatedAt: core.Instant(v.CreatedAt), Shifts: []*pb.VolunteerShift{},
		CheckedIn:    v.CheckedInAt != nil,
		Availability: make([]*pb.AvailabilityWindow, len(v.Availability))}
	for i, w := range v.Availability {
		out.Availability[i] = &pb.AvailabilityWindow{StartsAt: core.Instant(w.StartsAt), EndsAt: core.Instant(w.EndsAt)}
	}
	if v.CredentialCourse != "" || v.CredentialLevel != 0 {
		out.Credential = &pb.JudgeCredential{Course: v.CredentialCourse, Level: v.CredentialLevel, Number: v.CredentialNumber}
		if v.CredentialValidUntil != nil {
			out.Credential.ValidUntil = v.CredentialValidUntil.Format("2006-01-02")
		}
	}
	for _, sh := range shifts {
		vs := &pb.VolunteerShift{ShiftId: sh.ID, Role: sh.Role, StartsAt: core.Instant(sh.StartsAt), EndsAt: core.Instant(sh.EndsAt)}
		for _, x := range sh.Volunteers {
			vs.Confirmed = x.ConfirmedAt != nil
		}
		out.Shifts = append(out.Shifts, vs)
	}
	return out
}

func minePB(m Mine, err error) (*pb.MyVolunteer, error) {
	if err != nil {
		return nil, err
	}
	out := &pb.MyVolunteer{Volunteer: volunteerPB(m.Volunteer, m.Event, m.Shifts), EventName: m.Event.Name,
		Judging: make([]*pb.RotationSlot, len(m.Judging)), Swaps: make([]*pb.CrewSwap, len(m.Swaps))}
	for i, sl := range m.Judging {
		out.Judging[i] = slotPB(sl)
	}
	for i, w := range m.Swaps {
		out.Swaps[i] = swapPB(w)
	}
	return out, nil
}

func shiftPB(sh store.Shift) *pb.Shift {
	out := &pb.Shift{Id: sh.ID, EventId: sh.EventID, Role: sh.Role, RoleLabel: roleLabels[sh.Role],
		StartsAt: core.Instant(sh.StartsAt), EndsAt: core.Instant(sh.EndsAt), Needed: sh.Needed,
		Volunteers: make([]*pb.ShiftVolunteer, len(sh.Volunteers))}
	for i, v := range sh.Volunteers {
		out.Volunteers[i] = &pb.ShiftVolunteer{VolunteerId: v.VolunteerID, Name: v.Name, Confirmed: v.ConfirmedAt != nil}
	}
	return out
}

func shiftResult(sh store.Shift, err error) (*pb.Shift, error) {
	if err != nil {
		return nil, err
	}
	return shiftPB(sh), nil
}

func slotPB(sl Slot) *pb.RotationSlot {
	return &pb.RotationSlot{HeatId: sl.HeatID, WorkoutId: sl.WorkoutID, WorkoutName: sl.WorkoutName, HeatNumber: sl.HeatNumber,
		StartsAt: core.Instant(sl.StartsAt), Lane: sl.Lane, TeamName: sl.TeamName, VolunteerId: sl.VolunteerID,
		JudgeName: sl.JudgeName, Gap: sl.Gap}
}

func rotationPB(r Rotation, err error) (*pb.Rotation, error) {
	if err != nil {
		return nil, err
	}
	out := &pb.Rotation{EventId: r.EventID, Gaps: int32(r.Gaps), Slots: make([]*pb.RotationSlot, len(r.Slots)),
		Standby: make([]*pb.ShiftVolunteer, len(r.Standby))}
	for i, sl := range r.Slots {
		out.Slots[i] = slotPB(sl)
	}
	for i, v := range r.Standby {
		out.Standby[i] = &pb.ShiftVolunteer{VolunteerId: v.ID, Name: v.Name, Confirmed: v.ConfirmedAt != nil}
	}
	return out, nil
}
