package registration

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/registration/v1"
)

func (s *Server) ListDiscountCodes(ctx context.Context, req *pb.DiscountCodesRequest) (*pb.DiscountCodes, error) {
	return discountCodesPB(s.svc.ListDiscountCodes(ctx, req.GetEventId()))
}

func (s *Server) CreateDiscountCode(ctx context.Context, req *pb.CreateDiscountCodeRequest) (*pb.DiscountCode, error) {
	c, err := s.svc.CreateDiscountCode(ctx, req.GetEventId(), discountInput{Code: req.GetCode(), PercentOff: req.GetPercentOff(),
		AmountOffCents: req.GetAmountOffCents(), MaxUses: req.GetMaxUses(), ExpiresAt: req.GetExpiresAt(),
		DivisionIDs: req.GetDivisionIds()})
	if err != nil {
		return nil, err
	}
	return discountCodePB(c), nil
}

func (s *Server) DeleteDiscountCode(ctx context.Context, req *pb.DeleteDiscountCodeRequest) (*pb.DiscountCodes, error) {
	if err := s.svc.DeleteDiscountCode(ctx, req.GetEventId(), req.GetId()); err != nil {
		return nil, err
	}
	return discountCodesPB(s.svc.ListDiscountCodes(ctx, req.GetEventId()))
}

func discountCodesPB(list []store.DiscountCode, err error) (*pb.DiscountCodes, error) {
	if err != nil {
		return nil, err
	}
	out := &pb.DiscountCodes{Codes: make([]*pb.DiscountCode, len(list))}
	for i, c := range list {
		out.Codes[i] = discountCodePB(c)
	}
	return out, nil
}

func discountCodePB(c store.DiscountCode) *pb.DiscountCode {
	return &pb.DiscountCode{Id: c.ID, EventId: c.EventID, Code: c.Code, PercentOff: c.PercentOff,
		AmountOffCents: c.AmountOffCents, MaxUses: c.MaxUses, Uses: c.Uses, ExpiresAt: core.InstantOf(c.ExpiresAt),
		DivisionIds: c.DivisionIDs, CreatedAt: core.Instant(c.CreatedAt)}
}
