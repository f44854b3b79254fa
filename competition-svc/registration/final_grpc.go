package registration

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/registration/v1"
)

// The RPCs of the invitations to the final (docs/qualifiers.md, "Invitations to the final").

func (s *Server) GetFinalInvitations(ctx context.Context, req *pb.FinalInvitationsRequest) (*pb.FinalInvitations, error) {
	return finalViewPB(s.svc.GetFinalInvitations(ctx, req.GetEventId()))
}

func (s *Server) SetFinalLink(ctx context.Context, req *pb.SetFinalLinkRequest) (*pb.FinalInvitations, error) {
	in := FinalLinkInput{EventID: req.GetEventId(), FinalEventID: req.GetFinalEventId(), AcceptDays: req.GetAcceptDays()}
	for _, d := range req.GetDivisions() {
		in.Divisions = append(in.Divisions, [2]string{d.GetQualifierDivisionId(), d.GetFinalDivisionId()})
	}
	return finalViewPB(s.svc.SetFinalLink(ctx, in))
}

func (s *Server) InviteToFinal(ctx context.Context, req *pb.InviteToFinalRequest) (*pb.FinalInvitations, error) {
	return finalViewPB(s.svc.InviteToFinal(ctx, InviteInput{EventID: req.GetEventId(), DivisionID: req.GetDivisionId(),
		Top: req.GetTop(), TeamIDs: req.GetTeamIds()}))
}

func (s *Server) ListMyFinalInvitations(ctx context.Context, _ *pb.ListMyFinalInvitationsRequest) (*pb.MyFinalInvitations, error) {
	list, err := s.svc.ListMyFinalInvitations(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.MyFinalInvitations{Invitations: []*pb.FinalInvitation{}}
	for _, i := range list {
		pb := invitationPB(i.FinalInvitation)
		pb.MayDecline = i.MayDecline
		out.Invitations = append(out.Invitations, pb)
	}
	return out, nil
}

func (s *Server) AcceptFinalInvitation(ctx context.Context, req *pb.FinalInvitationRequest) (*pb.FinalInvitation, error) {
	i, err := s.svc.AcceptFinalInvitation(ctx, req.GetId())
	if err != nil {
		return nil, err
	}
	return invitationPB(i), nil
}

func (s *Server) DeclineFinalInvitation(ctx context.Context, req *pb.FinalInvitationRequest) (*pb.FinalInvitation, error) {
	i, err := s.svc.DeclineFinalInvitation(ctx, req.GetId())
	if err != nil {
		return nil, err
	}
	return invitationPB(i), nil
}

func invitationPB(i store.FinalInvitation) *pb.FinalInvitation {
	return &pb.FinalInvitation{Id: i.ID, QualifierEventId: i.QualifierEventID, QualifierEventName: i.QualifierEventName,
		QualifierDivisionId: i.QualifierDivisionID, FinalEventId: i.FinalEventID, FinalEventName: i.FinalEventName,
		FinalDivisionId: i.FinalDivisionID, FinalDivisionName: i.FinalDivisionName, TeamId: i.TeamID, TeamName: i.TeamName,
		Rank: i.Rank, State: i.State, Deadline: core.Instant(i.Deadline), CaptainName: i.CaptainName, PartnerName: i.PartnerName,
		InvitedBy: i.InvitedBy, InvitedAt: core.Instant(i.InvitedAt), DecidedBy: i.DecidedBy, DecidedAt: core.InstantOf(i.DecidedAt),
		RegistrationId: i.RegistrationID}
}

func finalViewPB(v FinalView, err error) (*pb.FinalInvitations, error) {
	if err != nil {
		return nil, err
	}
	out := &pb.FinalInvitations{EventId: v.EventID, FinalEventId: v.FinalEventID, FinalEventName: v.FinalName,
		AcceptDays: v.AcceptDays, Divisions: []*pb.FinalDivision{}}
	for _, d := range v.Divisions {
		dv := &pb.FinalDivision{QualifierDivisionId: d.Division.ID, QualifierDivisionName: d.Division.Name,
			FinalDivisionId: d.FinalDivisionID, FinalDivisionName: d.FinalDivisionName, Capacity: d.Capacity,
			PlacesTaken: d.Taken, Standings: []*pb.FinalStandingRow{}}
		for _, r := range d.Rows {
			row := &pb.FinalStandingRow{TeamId: r.TeamID, TeamName: r.TeamName, Rank: r.Rank, Athletes: r.Athletes,
				NotInvitable: r.NotInvitable}
			if r.Invitation != nil {
				row.Invitation = invitationPB(*r.Invitation)
			}
			dv.Standings = append(dv.Standings, row)
		}
		out.Divisions = append(out.Divisions, dv)
	}
	return out, nil
}
