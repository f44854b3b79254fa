package core

import (
	"context"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

const msgStandingsDown = "The results service is unavailable right now, so heats cannot be seeded from the standings. Please try again shortly."

// PublishedRanks asks results-svc for the overall rank of every team of the event in the
// public (published-only) standings; withdrawn teams and teams without a published result
// are left out (unranked). Heats are seeded by them and finals invite by them.
func (s *Service) PublishedRanks(ctx context.Context, eventID string) (_ map[string]int32, err error) {
	defer apperr.Wrap(&err, "core.PublishedRanks(%q)", eventID)
	resp, err := s.Results.GetEventStandings(ctx, &resultsv1.EventStandingsRequest{EventId: eventID})
	if err != nil {
		switch status.Code(err) {
		case codes.Unavailable, codes.DeadlineExceeded:
			return nil, apperr.Unavailable(msgStandingsDown)
		}
		return nil, fmt.Errorf("results-svc GetEventStandings: %v", err) //nolint:errorlint // %v: never pass the other service's status through
	}
	out := map[string]int32{}
	for _, d := range resp.GetDivisions() {
		for _, t := range d.GetStandings() {
			if t.GetRank() != nil && !t.GetWithdrawn() && len(t.GetPlacings()) > 0 {
				out[t.GetTeamId()] = t.GetRank().GetValue()
			}
		}
	}
	return out, nil
}
