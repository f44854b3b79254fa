package registration

import (
	"context"

	pb "github.com/podium-dev/podium/gen/go/podium/registration/v1"
)

// The division change RPCs (docs/registration.md, "Division changes").

func (s *Server) RequestDivisionChange(ctx context.Context, req *pb.RequestDivisionChangeRequest) (*pb.Registration, error) {
	return s.pb(s.svc.RequestDivisionChange(ctx, req.GetId(), req.GetDivisionId(), req.GetNote()))
}

func (s *Server) CancelDivisionChange(ctx context.Context, req *pb.RegistrationRequest) (*pb.Registration, error) {
	return s.pb(s.svc.CancelDivisionChange(ctx, req.GetId()))
}

func (s *Server) ApproveDivisionChange(ctx context.Context, req *pb.ApproveDivisionChangeRequest) (*pb.Registration, error) {
	return s.pb(s.svc.ApproveDivisionChange(ctx, req.GetId(), req.GetOverrideReason()))
}

func (s *Server) RefuseDivisionChange(ctx context.Context, req *pb.RefuseRegistrationRequest) (*pb.Registration, error) {
	return s.pb(s.svc.RefuseDivisionChange(ctx, req.GetId(), req.GetReason()))
}
