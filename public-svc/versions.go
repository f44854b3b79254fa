package publicsvc

import (
	"context"
	"strconv"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/cache"
)

// versions are what the cache keys are made of (docs/operations.md, "Caching"): an event's
// public version in competition-svc (its events, divisions, teams and workouts) and in
// results-svc (its results), each kept in PostgreSQL and raised in the transaction of every
// change (their migrations 0135_public_versions.sql). They are read on every call that
// reaches public-svc — the gateway's memory absorbs the crowd — so a cached view is never
// older than the newest committed change, and nothing depends on Redis keeping, losing or
// bringing back anything: a key never names a state that did not exist.
//
// A view key holds both ("c12.r7"), and so does the standings source: results-svc scores the
// standings against the event's setup (the structure, competition-svc's), so a change of the
// setup alone (a tie-break rule, a team withdrawn) changes them without changing a result. The
// structure source holds only the first; the event list only competition's list version.
type versions struct {
	comp, res int64
	// ok is false when there is nothing to key by: views are then built directly.
	ok bool
}

func (v versions) tag() string {
	return "c" + strconv.FormatInt(v.comp, 10) + ".r" + strconv.FormatInt(v.res, 10)
}

func (v versions) structureTag() string { return "c" + strconv.FormatInt(v.comp, 10) }
func (v versions) standingsTag() string { return v.tag() }

// readVersions asks both services at once (the event list: competition-svc only).
func (s *service) readVersions(ctx context.Context, eventID string) (_ versions, err error) {
	defer apperr.Wrap(&err, "publicsvc.readVersions(%q)", eventID)
	if eventID == cache.AllEvents {
		c, err := s.comp.GetPublicVersion(ctx, &competitionv1.PublicVersionRequest{})
		if err != nil {
			return versions{}, err
		}
		return versions{comp: c.GetVersion(), ok: true}, nil
	}
	resCh := make(chan struct {
		v   int64
		err error
	}, 1)
	go func() {
		r, err := s.res.GetPublicVersion(ctx, &resultsv1.PublicVersionRequest{EventId: eventID})
		resCh <- struct {
			v   int64
			err error
		}{r.GetVersion(), err}
	}()
	c, err := s.comp.GetPublicVersion(ctx, &competitionv1.PublicVersionRequest{EventId: eventID})
	r := <-resCh
	if err != nil {
		return versions{}, err
	}
	if r.err != nil {
		return versions{}, r.err
	}
	return versions{comp: c.GetVersion(), res: r.v, ok: true}, nil
}
