package authsvc

import (
	"context"

	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/auth-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/mailq"
)

// SignUpAthlete implements authv1.AuthServiceServer.
func (s *Server) SignUpAthlete(ctx context.Context, req *authv1.SignUpAthleteRequest) (*emptypb.Empty, error) {
	p := store.Profile{FirstName: req.GetFirstName(), LastName: req.GetLastName()}
	return &emptypb.Empty{}, s.svc.signUpAthlete(ctx, req.GetEmail(), req.GetPassword(), p, clientAddress(ctx), req.GetNext())
}

// VerifyAthleteEmail implements authv1.AuthServiceServer.
func (s *Server) VerifyAthleteEmail(ctx context.Context, req *authv1.VerifyAthleteEmailRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, s.svc.verifyAthleteEmail(ctx, req.GetToken(), clientAddress(ctx))
}

// ResendVerification implements authv1.AuthServiceServer.
func (s *Server) ResendVerification(ctx context.Context, req *authv1.ResendVerificationRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, s.svc.resendVerification(ctx, req.GetEmail(), clientAddress(ctx))
}

// RequestPasswordReset implements authv1.AuthServiceServer.
func (s *Server) RequestPasswordReset(ctx context.Context, req *authv1.RequestPasswordResetRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, s.svc.requestPasswordReset(ctx, req.GetEmail(), clientAddress(ctx))
}

// ResetPassword implements authv1.AuthServiceServer.
func (s *Server) ResetPassword(ctx context.Context, req *authv1.ResetPasswordRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, s.svc.resetPassword(ctx, req.GetToken(), req.GetPassword(), clientAddress(ctx))
}

// SignInAthlete implements authv1.AuthServiceServer.
func (s *Server) SignInAthlete(ctx context.Context, req *authv1.SignInAthleteRequest) (*authv1.LoginResponse, error) {
	session, err := s.svc.signInAthlete(ctx, req.GetEmail(), req.GetPassword(), clientAddress(ctx))
	countLogin(err)
	return sessionPB(session, err)
}

// GetAthleteProfile implements authv1.AuthServiceServer.
func (s *Server) GetAthleteProfile(ctx context.Context, _ *authv1.GetAthleteProfileRequest) (*authv1.AthleteProfile, error) {
	return s.ownProfile(ctx)(s.svc.athleteProfile(ctx))
}

// ownProfile returns a function that answers with the athlete's own profile, their link
// readings included.
func (s *Server) ownProfile(ctx context.Context) func(store.Athlete, error) (*authv1.AthleteProfile, error) {
	return func(a store.Athlete, err error) (*authv1.AthleteProfile, error) {
		if err != nil {
			return nil, err
		}
		return s.withLinkReadings(ctx, athletePB(a))
	}
}

// withLinkReadings adds to p, the athlete's own profile, the staff's readings of the links
// mailed to them (docs/access.md, "Athletes").
func (s *Server) withLinkReadings(ctx context.Context, p *authv1.AthleteProfile) (*authv1.AthleteProfile, error) {
	readings, err := s.svc.users.MailReadings(ctx, p.GetEmail())
	if err != nil {
		return nil, err
	}
	p.LinkReadings = mailq.ReadingsPB(readings)
	return p, nil
}

// UpdateAthleteProfile implements authv1.AuthServiceServer.
func (s *Server) UpdateAthleteProfile(ctx context.Context, req *authv1.UpdateAthleteProfileRequest) (*authv1.AthleteProfile, error) {
	p := store.Profile{FirstName: req.GetFirstName(), LastName: req.GetLastName(), Club: req.GetClub(), Country: req.GetCountry()}
	if req.BirthYear != nil {
		y := req.GetBirthYear().GetValue()
		p.BirthYear = &y
	}
	return s.ownProfile(ctx)(s.svc.updateAthleteProfile(ctx, p))
}

// LookupAthletes implements authv1.AuthServiceServer.
func (s *Server) LookupAthletes(ctx context.Context, req *authv1.LookupAthletesRequest) (*authv1.LookupAthletesResponse, error) {
	athletes, err := s.svc.lookupAthletes(ctx, req.GetIds())
	if err != nil {
		return nil, err
	}
	out := &authv1.LookupAthletesResponse{Athletes: make([]*authv1.AthleteProfile, 0, len(athletes))}
	for _, a := range athletes {
		p := athletePB(a)
		if req.GetLinkReadings() {
			if p, err = s.withLinkReadings(ctx, p); err != nil {
				return nil, err
			}
		}
		out.Athletes = append(out.Athletes, p)
	}
	return out, nil
}

// ListErasures is internal: the erasure feed after the calling service's position (erasures.go).
func (s *Server) ListErasures(ctx context.Context, req *authv1.ListErasuresRequest) (*authv1.ErasureFeed, error) {
	list, read, err := s.svc.listErasures(ctx, req.GetAfter(), int(req.GetLimit()))
	if err != nil {
		return nil, err
	}
	out := &authv1.ErasureFeed{Erasures: make([]*authv1.Erasure, 0, len(list)), Read: read}
	for _, e := range list {
		out.Erasures = append(out.Erasures, &authv1.Erasure{Position: e.Seq, UserId: e.UserID, Email: e.Email, Name: e.Name})
	}
	return out, nil
}

func athletePB(a store.Athlete) *authv1.AthleteProfile {
	out := &authv1.AthleteProfile{
		Id: a.ID, Email: a.Email, EmailVerified: a.EmailVerified, Disabled: a.Disabled,
		FirstName: a.FirstName, LastName: a.LastName, Club: a.Club, Country: a.Country, Language: a.Language,
	}
	if a.BirthYear != nil {
		out.BirthYear = wrapperspb.Int32(*a.BirthYear)
	}
	return out
}

// DeleteAthleteAccount implements authv1.AuthServiceServer.
func (s *Server) DeleteAthleteAccount(ctx context.Context, req *authv1.DeleteAthleteAccountRequest) (*emptypb.Empty, error) {
	if err := s.svc.deleteAthleteAccount(ctx, req.GetPassword(), clientAddress(ctx)); err != nil {
		return nil, err
	}
	return &emptypb.Empty{}, nil
}
