package core

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/grpc"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// AthleteDirectory tells registration who an athlete is; auth-svc owns athletes.
type AthleteDirectory interface {
	Athlete(ctx context.Context, userID string) (AthleteInfo, error)
	// Profile is all auth-svc keeps of the athlete, the staff's readings of the links mailed
	// to them included (their data download).
	Profile(ctx context.Context, userID string) (*authv1.AthleteProfile, error)
	// Find is the athlete's profile, or nil when auth-svc has no such account (deleted).
	Find(ctx context.Context, userID string) (*authv1.AthleteProfile, error)
	// Languages are the athletes' profiles with the language each chose, in one call; nil when
	// auth-svc cannot answer (mail_language.go).
	Languages(ctx context.Context, ids []string) []*authv1.AthleteProfile
}

// AthleteLookup is the part of auth-svc registration uses (an internal RPC).
type AthleteLookup interface {
	LookupAthletes(ctx context.Context, in *authv1.LookupAthletesRequest, opts ...grpc.CallOption) (*authv1.LookupAthletesResponse, error)
}

// AuthAthletes asks auth-svc over gRPC.
type AuthAthletes struct{ Auth AthleteLookup }

func (a AuthAthletes) Athlete(ctx context.Context, userID string) (AthleteInfo, error) {
	resp, err := a.Auth.LookupAthletes(ctx, &authv1.LookupAthletesRequest{Ids: []string{userID}})
	if err != nil {
		return AthleteInfo{}, apperr.Unavailable("Your profile cannot be read right now. Please try again shortly.")
	}
	for _, p := range resp.GetAthletes() {
		return AthleteInfo{ID: p.GetId(), Email: p.GetEmail(),
			Name: strings.TrimSpace(p.GetFirstName() + " " + p.GetLastName()), Club: p.GetClub(), Country: p.GetCountry(),
			Language: p.GetLanguage()}, nil
	}
	return AthleteInfo{}, fmt.Errorf("athlete %s not found in auth-svc", userID)
}

func (a AuthAthletes) Profile(ctx context.Context, userID string) (*authv1.AthleteProfile, error) {
	resp, err := a.Auth.LookupAthletes(ctx, &authv1.LookupAthletesRequest{Ids: []string{userID}, LinkReadings: true})
	if err != nil {
		return nil, apperr.Unavailable("Your profile cannot be read right now. Please try again shortly.")
	}
	for _, p := range resp.GetAthletes() {
		return p, nil
	}
	return nil, fmt.Errorf("athlete %s not found in auth-svc", userID)
}

func (a AuthAthletes) Find(ctx context.Context, userID string) (*authv1.AthleteProfile, error) {
	resp, err := a.Auth.LookupAthletes(ctx, &authv1.LookupAthletesRequest{Ids: []string{userID}})
	if err != nil {
		return nil, apperr.Unavailable("Athletes cannot be read right now. Please try again shortly.")
	}
	for _, p := range resp.GetAthletes() {
		return p, nil
	}
	return nil, nil
}

// AthleteInfo is what registration needs to know of an athlete (auth-svc's profile).
type AthleteInfo struct {
	ID, Name, Email string
	// Club and Country as the profile gives them (free text; empty when not given).
	Club, Country string
	// Language is the one the athlete chose for their account ("" none): their mails' language
	// (mail_language.go).
	Language string
}
