// Package store holds results-svc's queries on the results schema. Every query is
// parameterised and names its table in full (results.results); bulk writes go through
// unnest'ed arrays, never one statement per row.
//
// This file has the Store and the result types; the queries are in one file per job:
// writes.go, reads.go, locks.go (the cell locks), publication.go, counts.go, journal.go (a
// write's history entries), history.go (reading them) and versions.go (public versions).
package store

import (
	"context"
	"embed"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/words"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrations create the "results" schema.
var Migrations = pg.Embedded("results", migrationFiles)

// ErrNotFound is returned when a result does not exist.
var ErrNotFound = errors.New("store: result not found")

// DB is a pool or a transaction (internal/platform/pg).
type DB = pg.DB

// Store runs the queries on a pool or inside a transaction.
type Store struct {
	db DB
}

// New returns a store on db (a *pgxpool.Pool or a pgx.Tx).
func New(db DB) *Store { return &Store{db: db} }

// InTx runs fn with a store bound to one transaction, committed when fn returns nil. Inside a
// transaction already, it nests as a savepoint.
func (s *Store) InTx(ctx context.Context, fn func(*Store) error) error {
	return pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error { return fn(&Store{db: tx}) })
}

// Result is one stored row.
type Result struct {
	ID          string
	EventID     string
	DivisionID  string
	TeamID      string
	WorkoutID   string
	Status      typesv1.ResultStatus // completed, capped, dnf, dns or dq
	Value       *float64             // completed only
	CappedReps  *int32               // capped only
	Tiebreak    *float64
	Scaled      bool     // done Scaled (docs/scoring.md)
	Penalty     *Penalty // nil: none
	Points      *float64 // admin score: over all results of the workout and division
	Place       *int32
	IsPublished bool
	CreatedAt   time.Time
	UpdatedAt   time.Time
	// Public is what the public sees while a change of a published result is pending
	// (IsPublished is then false); nil otherwise (migrations/0310_pending_changes.sql).
	Public *PublicValue
	// Unreviewed: an online submission no judge has reviewed yet, shown on a board that shows
	// submitted scores at once (ListEventPublicLive).
	Unreviewed bool
}

// PublicValue is the published value of a result with a pending change.
type PublicValue struct {
	Status     typesv1.ResultStatus
	Value      *float64
	CappedReps *int32
	Tiebreak   *float64
	Scaled     bool
	Penalty    *Penalty
	UpdatedAt  time.Time
}

// Penalty is a deduction on a result (docs/scoring.md): Kind is time, reps or points.
type Penalty struct {
	Kind   string
	Amount float64
	Reason string
}

// penaltyColumns are a penalty as its three nullable columns.
func penaltyColumns(p *Penalty) (kind *string, amount *float64, reason *string) {
	if p == nil {
		return nil, nil, nil
	}
	return &p.Kind, &p.Amount, &p.Reason
}

// penaltyOf reads the three columns back; a null kind is no penalty.
func penaltyOf(kind *string, amount *float64, reason *string) *Penalty {
	if kind == nil || amount == nil {
		return nil
	}
	p := &Penalty{Kind: *kind, Amount: *amount}
	if reason != nil {
		p.Reason = *reason
	}
	return p
}

// Visible says whether the public sees the result: published, or published with a change
// pending.
func (r *Result) Visible() bool { return r.IsPublished || r.Public != nil }

// Input is a validated result to write.
type Input struct {
	EventID    string
	DivisionID string
	TeamID     string
	WorkoutID  string
	Status     typesv1.ResultStatus
	Value      *float64
	CappedReps *int32
	Tiebreak   *float64
	Scaled     bool
	Penalty    *Penalty
}

// Score is the computed admin place and points of one result; DivisionID is the team's
// division at the time of scoring, which the row is brought up to date with.
type Score struct {
	ID         string
	DivisionID string
	Place      *int32
	Points     *float64
}

// Cell is one workout of one division: the unit that is scored together.
type Cell struct {
	WorkoutID  string
	DivisionID string
}

const columns = `id::text, event_id::text, division_id::text, team_id::text, workout_id::text,
	status, value, capped_reps, tiebreak, points, place, is_published, created_at, updated_at,
	public_status, public_value, public_capped_reps, public_tiebreak, public_updated_at,
	scaled, penalty_kind, penalty_amount, penalty_reason,
	public_scaled, public_penalty_kind, public_penalty_amount, public_penalty_reason`

func scanResults(rows pgx.Rows, err error) ([]Result, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Result
	for rows.Next() {
		var r Result
		var pub PublicValue
		var pubStatus *string
		var pubAt *time.Time
		var kind, reason, pubKind, pubReason *string
		var amount, pubAmount *float64
		var pubScaled *bool
		if err := rows.Scan(&r.ID, &r.EventID, &r.DivisionID, &r.TeamID, &r.WorkoutID,
			pg.Text(&r.Status), &r.Value, &r.CappedReps, &r.Tiebreak, &r.Points, &r.Place,
			&r.IsPublished, &r.CreatedAt, &r.UpdatedAt,
			&pubStatus, &pub.Value, &pub.CappedReps, &pub.Tiebreak, &pubAt,
			&r.Scaled, &kind, &amount, &reason, &pubScaled, &pubKind, &pubAmount, &pubReason); err != nil {
			return nil, err
		}
		r.Penalty = penaltyOf(kind, amount, reason)
		if pubStatus != nil {
			pub.Status, _ = words.Parse[typesv1.ResultStatus](*pubStatus) // the column allows the words only
			pub.UpdatedAt = *pubAt
			pub.Scaled = pubScaled != nil && *pubScaled
			pub.Penalty = penaltyOf(pubKind, pubAmount, pubReason)
			r.Public = &pub
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func one(rows pgx.Rows, err error) (Result, error) {
	rs, err := scanResults(rows, err)
	if err != nil {
		return Result{}, err
	}
	if len(rs) == 0 {
		return Result{}, ErrNotFound
	}
	return rs[0], nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
