// Package resultssvc is results-svc: it owns results (schema results), their publication,
// and is the only place where places, points and standings are computed (through the pure
// package scoring; docs/architecture.md, "Where each rule lives").
//
// Every change runs in one transaction that first takes the advisory locks of the workout ×
// division cells it touches, writes, and rescores those cells (admin places and points over
// all results) before committing; in a division above 1,000 teams it marks them for the cell
// scorer instead (cell_scores.go, docs/boards.md). A trigger raises the event's public version in that same
// transaction (store/migrations/0135_public_versions.sql); after the commit the change is
// signalled (changes.go).
package resultssvc

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/singleflight"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/results-svc/store"
)

// Migrations are results-svc's schema changes (schema "results").
var Migrations = store.Migrations

// Deps are what the service needs.
type Deps struct {
	Pool        *pgxpool.Pool
	Competition competitionv1.CompetitionServiceClient
	// Changes is told about every committed change (changes.go).
	Changes *changes.Signal
	// Grants narrow reads and publication to the caller's events (required).
	Grants access.Grants
	Log    *slog.Logger
	// Now is the clock submission windows are checked against (docs/qualifiers.md); nil is
	// time.Now. Tests pass a clock they move.
	Now func() time.Time
	// MailSending tells the Outbox page whether a mail server sends the queued mail;
	// PublicURL is the public site's base for the links in the mails (docs/qualifiers.md).
	MailSending bool
	PublicURL   string
	// Erasures is auth-svc's erasure feed (erasure.go); nil: no worker applies it.
	Erasures erasureFeed
}

// service holds the use cases; the transport (grpc.go, <entity>_grpc.go) is its only caller.
type service struct {
	store   *store.Store
	comp    competitionv1.CompetitionServiceClient
	changes *changes.Signal
	grants  access.Grants
	log     *slog.Logger
	now     func() time.Time

	mailSending bool
	publicURL   string
	erasures    erasureFeed

	// boards keeps the structures the board rankings read; boardFirst ranks a board read
	// before it was ever ranked once (boards.go).
	boards     boardStructures
	boardFirst singleflight.Group
	// saves keeps the structures the saves read (save_structure.go).
	saves saveStructures
	// countsKick wakes the worker of the feed of counts (count_feed.go).
	countsKick chan struct{}
}

// newService fails without a grant source, so no caller is ever judged without one.
func newService(d Deps) (*service, error) {
	if d.Grants == nil {
		return nil, errors.New("results-svc: Deps.Grants is required")
	}
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	now := d.Now
	if now == nil {
		now = time.Now
	}
	return &service{store: store.New(d.Pool), comp: d.Competition, changes: d.Changes, grants: d.Grants, log: log, now: now,
		mailSending: d.MailSending, publicURL: d.PublicURL, erasures: d.Erasures, boards: boardStructures{events: map[string]keptStructure{}},
		saves: saveStructures{eventOf: map[string]string{}, events: map[string]savedStructure{}}, countsKick: make(chan struct{}, 1)}, nil
}

// structureTimeout bounds the call to competition-svc.
const structureTimeout = 5 * time.Second

// maxBatch bounds one batch save.
const maxBatch = 5000

// structure asks competition-svc for an event's structure. Its typed errors (NotFound with
// the message of the missing part, Unavailable) reach the caller as they are.
func (s *service) structure(ctx context.Context, req *competitionv1.EventStructureRequest) (_ *structure, err error) {
	defer apperr.Wrap(&err, "resultssvc.structure()")
	es, err := s.structureMessage(ctx, req)
	if err != nil {
		return nil, err
	}
	return newStructure(es)
}

// structureMessage is the event's structure as competition-svc sends it.
func (s *service) structureMessage(ctx context.Context, req *competitionv1.EventStructureRequest) (_ *competitionv1.EventStructure, err error) {
	defer apperr.Wrap(&err, "resultssvc.structureMessage()")
	ctx, cancel := context.WithTimeout(ctx, structureTimeout)
	defer cancel()
	es, err := s.comp.GetEventStructure(ctx, req)
	if err != nil {
		return nil, competitionErr(err)
	}
	return es, nil
}

// competitionErr says that competition-svc is down or slow in words; its typed answers pass.
func competitionErr(err error) error {
	if st, ok := status.FromError(err); ok {
		switch st.Code() {
		case codes.Unavailable:
			return apperr.Unavailable("The competition service is unavailable right now. Please try again shortly.")
		case codes.DeadlineExceeded:
			return apperr.Unavailable("The competition service did not answer in time. Please try again shortly.")
		}
	}
	return err
}
