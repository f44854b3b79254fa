package competitionsvc

import (
	"context"
	"fmt"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// athleteDirectory tells registration who an athlete is; auth-svc owns athletes.
type athleteDirectory interface {
	athlete(ctx context.Context, userID string) (athleteInfo, error)
}

// authAthletes asks auth-svc over gRPC (an internal RPC).
type authAthletes struct{ auth users }

func (a authAthletes) athlete(ctx context.Context, userID string) (athleteInfo, error) {
	resp, err := a.auth.LookupUsers(ctx, &authv1.LookupUsersRequest{Ids: []string{userID}})
	if err != nil {
		return athleteInfo{}, apperr.Unavailablef("Your profile cannot be read right now. Please try again shortly.")
	}
	for _, u := range resp.GetUsers() {
		return athleteInfo{ID: u.GetId(), Name: u.GetUsername(), Email: u.GetUsername()}, nil
	}
	return athleteInfo{}, fmt.Errorf("athlete %s not found in auth-svc", userID)
}

// roleAthlete is the athletes' role. TODO(registration): authn.RoleAthlete once it lands.
const roleAthlete = "athlete"
