// Package publicsvc serves the read-only public views (docs/architecture.md, "Reading the
// public site"). It owns no data: every view is built from competition-svc's event structure and
// results-svc's standings, and cached in Redis under the event's public versions
// (versions.go; docs/architecture.md, "Reading the public site").
package publicsvc

import (
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/access"
)

// Not-found messages.
const (
	msgEventNotFound       = "Event not found"
	msgLeaderboardNotFound = "Event leaderboard not found"
	msgDivisionNotFound    = "Division leaderboard not found"
	msgWorkoutNotFound     = "Workout leaderboard not found"
	msgTeamNotFound        = "Team not found"
	msgBookmarkNotFound    = "Team bookmark summary not found"
)

// Deps are the service's collaborators. Redis may be nil: views are then built on every
// call.
type Deps struct {
	Redis       *redis.Client
	Competition competitionv1.CompetitionServiceClient
	Results     resultsv1.ResultsServiceClient
	// Grants decide who sees the admin preview: callers with a grant on the event (required).
	Grants access.Grants
	Log    *slog.Logger
	// Namespace separates the cached views of deployments (or test stacks) that share one
	// Redis but not one database (cache.Namespace).
	Namespace string
	// BuildWait is how long a request waits for the view another replica is building before
	// it builds the view itself (PODIUM_PUBLIC_BUILD_WAIT; required).
	BuildWait time.Duration
	// Now is the clock that releases online workouts (internal/release); time.Now when nil.
	Now func() time.Time
	// PublicURL is the site's address ("https://podium.example.org"), which an event's calendar
	// file links to; empty: the file carries no link.
	PublicURL string
}

// service holds the use cases; the transport (grpc.go, <entity>_grpc.go) is its only caller.
type service struct {
	comp   competitionv1.CompetitionServiceClient
	res    resultsv1.ResultsServiceClient
	cache  *viewCache
	log    *slog.Logger
	grants access.Grants
	now    func() time.Time
	site   string
}

// newService fails without a grant source, so no preview is ever decided without one.
func newService(d Deps) (*service, error) {
	if d.Grants == nil {
		return nil, errors.New("public-svc: Deps.Grants is required")
	}
	if d.BuildWait <= 0 {
		return nil, errors.New("public-svc: Deps.BuildWait must be positive")
	}
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	now := d.Now
	if now == nil {
		now = time.Now
	}
	s := &service{comp: d.Competition, res: d.Results, log: log, grants: d.Grants, now: now, site: strings.TrimRight(d.PublicURL, "/")}
	s.cache = newViewCache(d.Redis, d.Namespace, d.BuildWait, newFreshReads(s.readVersions, buildTimeout).versions, log)
	return s, nil
}
