package registration

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/registration/v1"
)

// The transfer RPCs (docs/registration.md, "Transfers").

func (s *Server) OfferTransfer(ctx context.Context, req *pb.OfferTransferRequest) (*pb.Registration, error) {
	return s.pb(s.svc.OfferTransfer(ctx, transferInput(req)))
}

func (s *Server) OfferRegistrationTransfer(ctx context.Context, req *pb.OfferTransferRequest) (*pb.Registration, error) {
	return s.pb(s.svc.OfferRegistrationTransfer(ctx, transferInput(req)))
}

func (s *Server) CancelTransfer(ctx context.Context, req *pb.CancelTransferRequest) (*pb.Registration, error) {
	return s.pb(s.svc.CancelTransfer(ctx, req.GetId(), int(req.GetPosition())))
}

func (s *Server) CancelRegistrationTransfer(ctx context.Context, req *pb.CancelTransferRequest) (*pb.Registration, error) {
	return s.pb(s.svc.CancelRegistrationTransfer(ctx, req.GetId(), int(req.GetPosition())))
}

func (s *Server) GetTransfer(ctx context.Context, req *pb.TransferKeyRequest) (*pb.TransferInvitation, error) {
	l, err := s.svc.GetTransfer(ctx, req.GetKey())
	if err != nil {
		return nil, err
	}
	r, e := l.Registration, l.Event
	return &pb.TransferInvitation{TeamName: r.TeamName, DivisionName: r.DivisionName, EventId: e.ID, EventName: e.Name,
		EventDates: core.DateRange(e.DateFrom, e.DateTo), EventLocation: e.Location, FromName: l.FromName,
		ToEmail: l.Transfer.ToEmail, ExpiresAt: core.Instant(l.Transfer.ExpiresAt), TeamSize: int32(r.TeamSize),
		Categories: r.Categories, BirthDateRequired: r.BirthDateRequired || l.Asks.BirthDate,
		RequiresMembership: l.Asks.MemberNumber}, nil
}

func (s *Server) AcceptTransfer(ctx context.Context, req *pb.AcceptTransferRequest) (*pb.Registration, error) {
	return s.pb(s.svc.AcceptTransfer(ctx, AcceptTransferInput{Key: req.GetKey(),
		Eligible: Eligible{MemberNumber: req.GetMemberNumber(), BirthDate: req.GetBirthDate(), Category: req.GetCategory()}}))
}

func transferInput(req *pb.OfferTransferRequest) TransferInput {
	return TransferInput{ID: req.GetId(), Position: int(req.GetPosition()), Email: req.GetEmail()}
}

// transfersPB adds a registration's open transfers to its message.
func transfersPB(out *pb.Registration, r store.Registration) {
	for _, t := range r.Transfers {
		from, _ := holderOf(r, t.Position)
		out.Transfers = append(out.Transfers, &pb.TransferOffer{Position: int32(t.Position), FromName: from.Name,
			ToEmail: t.ToEmail, ExpiresAt: core.Instant(t.ExpiresAt), OfferedBy: t.OfferedBy})
	}
}
