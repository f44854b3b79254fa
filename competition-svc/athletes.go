package competitionsvc

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/grpc"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// athleteDirectory tells registration who an athlete is; auth-svc owns athletes.
type athleteDirectory interface {
	athlete(ctx context.Context, userID string) (athleteInfo, error)
	// profile is all auth-svc keeps of the athlete, the staff's readings of the links mailed
	// to them included (their data download).
	profile(ctx context.Context, userID string) (*authv1.AthleteProfile, error)
	// find is the athlete's profile, or nil when auth-svc has no such account (deleted).
	find(ctx context.Context, userID string) (*authv1.AthleteProfile, error)
}

// athleteLookup is the part of auth-svc registration uses (an internal RPC).
type athleteLookup interface {
	LookupAthletes(ctx context.Context, in *authv1.LookupAthletesRequest, opts ...grpc.CallOption) (*authv1.LookupAthletesResponse, error)
}

// authAthletes asks auth-svc over gRPC.
type authAthletes struct{ auth athleteLookup }

func (a authAthletes) athlete(ctx context.Context, userID string) (athleteInfo, error) {
	resp, err := a.auth.LookupAthletes(ctx, &authv1.LookupAthletesRequest{Ids: []string{userID}})
	if err != nil {
		return athleteInfo{}, apperr.Unavailable("Your profile cannot be read right now. Please try again shortly.")
	}
	for _, p := range resp.GetAthletes() {
		return athleteInfo{ID: p.GetId(), Email: p.GetEmail(),
			Name: strings.TrimSpace(p.GetFirstName() + " " + p.GetLastName())}, nil
	}
	return athleteInfo{}, fmt.Errorf("athlete %s not found in auth-svc", userID)
}

func (a authAthletes) profile(ctx context.Context, userID string) (*authv1.AthleteProfile, error) {
	resp, err := a.auth.LookupAthletes(ctx, &authv1.LookupAthletesRequest{Ids: []string{userID}, LinkReadings: true})
	if err != nil {
		return nil, apperr.Unavailable("Your profile cannot be read right now. Please try again shortly.")
	}
	for _, p := range resp.GetAthletes() {
		return p, nil
	}
	return nil, fmt.Errorf("athlete %s not found in auth-svc", userID)
}

func (a authAthletes) find(ctx context.Context, userID string) (*authv1.AthleteProfile, error) {
	resp, err := a.auth.LookupAthletes(ctx, &authv1.LookupAthletesRequest{Ids: []string{userID}})
	if err != nil {
		return nil, apperr.Unavailable("Athletes cannot be read right now. Please try again shortly.")
	}
	for _, p := range resp.GetAthletes() {
		return p, nil
	}
	return nil, nil
}
