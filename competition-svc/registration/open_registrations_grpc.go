package registration

import (
	"context"
	"time"

	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

func (s *Open) ListOpenRegistrations(ctx context.Context, _ *pb.ListOpenRegistrationsRequest) (*pb.ListOpenRegistrationsResponse, error) {
	now := time.Now()
	list, err := s.svc.ListOpenRegistrations(ctx, now)
	if err != nil {
		return nil, err
	}
	out := &pb.ListOpenRegistrationsResponse{Divisions: make([]*pb.OpenRegistration, len(list))}
	for i, o := range list {
		set := o.Settings
		out.Divisions[i] = &pb.OpenRegistration{EventId: set.EventID, DivisionId: set.DivisionID, DivisionName: set.DivisionName,
			PlacesLeft: o.PlacesLeft, WaitlistOnly: o.WaitlistOnly,
			WindowLabel: windowLabel(window(set.OpensAt, set.ClosesAt, now), set.OpensAt, set.ClosesAt),
			FeeLabel:    feeLabel(set.FeeCents, set.Currency)}
	}
	return out, nil
}
