// Package store holds results-svc's queries on the results schema. Every query is
// parameterised and names its table in full (results.results); bulk writes go through
// unnest'ed arrays, never one statement per row.
package store

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/pg"
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
	Status      typesv1.ResultStatus // completed, capped, dnf or dns
	Value       *float64             // completed only
	CappedReps  *int32               // capped only
	Tiebreak    *float64
	Points      *float64 // admin score: over all results of the workout and division
	Place       *int32
	IsPublished bool
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

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
	status, value, capped_reps, tiebreak, points, place, is_published, created_at, updated_at`

func scanResults(rows pgx.Rows, err error) ([]Result, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Result
	for rows.Next() {
		var r Result
		if err := rows.Scan(&r.ID, &r.EventID, &r.DivisionID, &r.TeamID, &r.WorkoutID,
			pg.Text(&r.Status), &r.Value, &r.CappedReps, &r.Tiebreak, &r.Points, &r.Place,
			&r.IsPublished, &r.CreatedAt, &r.UpdatedAt); err != nil {
			return nil, err
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

// lockKey is the advisory lock key of a cell. A collision between two cells only makes them
// take turns, never breaks anything.
func lockKey(c Cell) int64 {
	h := fnv.New64a()
	h.Write([]byte("podium.results:" + c.WorkoutID + "/" + c.DivisionID))
	return int64(h.Sum64())
}

// LockCells takes the transaction-scoped advisory lock of every cell, in ascending key order
// so that two transactions locking overlapping sets cannot deadlock. Every transaction that
// writes results takes the locks of the cells it touches before writing, so rescoring a cell
// never interleaves with another change to it.
func (s *Store) LockCells(ctx context.Context, cells []Cell) error {
	keys := lockKeys(cells)
	if len(keys) == 0 {
		return nil
	}
	if _, err := s.db.Exec(ctx, lockCellsSQL, keys); err != nil {
		return fmt.Errorf("lock cells: %w", err)
	}
	return nil
}

const lockCellsSQL = `SELECT pg_advisory_xact_lock(k) FROM unnest($1::int8[]) WITH ORDINALITY AS t(k, n) ORDER BY n`

// lockKeys are the cells' lock keys in the order LockCells takes them.
func lockKeys(cells []Cell) []int64 {
	keys := make([]int64, 0, len(cells))
	for _, c := range cells {
		keys = append(keys, lockKey(c))
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// Get returns one result.
func (s *Store) Get(ctx context.Context, id string) (Result, error) {
	return one(s.db.Query(ctx, `SELECT `+columns+` FROM results.results WHERE id = $1`, id))
}

// Insert adds a result; ok is false (and nothing written) when the team already has a result
// in the workout.
func (s *Store) Insert(ctx context.Context, in Input) (r Result, ok bool, err error) {
	r, err = one(s.db.Query(ctx, `INSERT INTO results.results
		(event_id, division_id, team_id, workout_id, status, value, capped_reps, tiebreak)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (team_id, workout_id) DO NOTHING
		RETURNING `+columns,
		in.EventID, in.DivisionID, in.TeamID, in.WorkoutID, pg.Text(&in.Status), in.Value, in.CappedReps, in.Tiebreak))
	if errors.Is(err, ErrNotFound) {
		return Result{}, false, nil
	}
	return r, err == nil, err
}

// Upsert writes every input in one statement: a new row, or the new values of the team's
// existing result in the workout (its publication state is kept). updated_at moves only for
// rows whose values change. The inputs must not repeat a (team, workout) pair. The rows come
// back in input order.
func (s *Store) Upsert(ctx context.Context, ins []Input) ([]Result, error) {
	if len(ins) == 0 {
		return nil, nil
	}
	n := len(ins)
	events, divisions, teams, workouts, statuses := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	values, tiebreaks := make([]*float64, n), make([]*float64, n)
	reps := make([]*int32, n)
	for i, in := range ins {
		events[i], divisions[i], teams[i], workouts[i], statuses[i] = in.EventID, in.DivisionID, in.TeamID, in.WorkoutID, in.Status.String()
		values[i], reps[i], tiebreaks[i] = in.Value, in.CappedReps, in.Tiebreak
	}
	rows, err := scanResults(s.db.Query(ctx, `INSERT INTO results.results AS r
		(event_id, division_id, team_id, workout_id, status, value, capped_reps, tiebreak)
		SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[],
			$6::float8[], $7::int4[], $8::float8[])
		ON CONFLICT (team_id, workout_id) DO UPDATE SET
			event_id = EXCLUDED.event_id,
			division_id = EXCLUDED.division_id,
			status = EXCLUDED.status,
			value = EXCLUDED.value,
			capped_reps = EXCLUDED.capped_reps,
			tiebreak = EXCLUDED.tiebreak,
			updated_at = CASE
				WHEN (r.status, r.value, r.capped_reps, r.tiebreak)
					IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.value, EXCLUDED.capped_reps, EXCLUDED.tiebreak)
				THEN now() ELSE r.updated_at END
		RETURNING `+columns, events, divisions, teams, workouts, statuses, values, reps, tiebreaks))
	if err != nil {
		return nil, err
	}
	// RETURNING follows no promised order: put the rows back in input order.
	pos := make(map[[2]string]int, n)
	for i, in := range ins {
		pos[[2]string{in.TeamID, in.WorkoutID}] = i
	}
	out := make([]Result, n)
	for _, r := range rows {
		out[pos[[2]string{r.TeamID, r.WorkoutID}]] = r
	}
	return out, nil
}

// Update replaces the values of one result (not its team, workout or publication state).
func (s *Store) Update(ctx context.Context, id string, in Input) (Result, error) {
	return one(s.db.Query(ctx, `UPDATE results.results AS r SET
			division_id = $2, status = $3, value = $4, capped_reps = $5, tiebreak = $6,
			updated_at = CASE
				WHEN (r.status, r.value, r.capped_reps, r.tiebreak) IS DISTINCT FROM ($3, $4, $5, $6)
				THEN now() ELSE r.updated_at END
		WHERE id = $1
		RETURNING `+columns, id, in.DivisionID, pg.Text(&in.Status), in.Value, in.CappedReps, in.Tiebreak))
}

// Delete removes one result and returns it.
func (s *Store) Delete(ctx context.Context, id string) (Result, error) {
	return one(s.db.Query(ctx, `DELETE FROM results.results WHERE id = $1 RETURNING `+columns, id))
}

// DeleteCell removes the results of the given teams in one workout of an event and counts
// them, and the published ones among them.
func (s *Store) DeleteCell(ctx context.Context, eventID, workoutID string, teamIDs []string) (deleted, published int, err error) {
	err = s.db.QueryRow(ctx, `WITH gone AS (DELETE FROM results.results
			WHERE event_id = $1 AND workout_id = $2 AND team_id = ANY($3::uuid[]) RETURNING is_published)
		SELECT count(*), count(*) FILTER (WHERE is_published) FROM gone`, eventID, workoutID, teamIDs).Scan(&deleted, &published)
	return deleted, published, err
}

// ListCell returns the results of the given teams in one workout.
func (s *Store) ListCell(ctx context.Context, workoutID string, teamIDs []string) ([]Result, error) {
	return scanResults(s.db.Query(ctx, `SELECT `+columns+` FROM results.results
		WHERE workout_id = $1 AND team_id = ANY($2::uuid[])`, workoutID, teamIDs))
}

// ListEvent returns every result of an event, or only its published ones.
func (s *Store) ListEvent(ctx context.Context, eventID string, publishedOnly bool) ([]Result, error) {
	return scanResults(s.db.Query(ctx, `SELECT `+columns+` FROM results.results
		WHERE event_id = $1 AND (is_published OR NOT $2)`, eventID, publishedOnly))
}

// Brief is the part of a result the results matrix counts.
type Brief struct {
	ID, TeamID, WorkoutID string
	IsPublished           bool
}

// ListEventBrief returns the matrix view of every result of an event.
func (s *Store) ListEventBrief(ctx context.Context, eventID string) ([]Brief, error) {
	rows, err := s.db.Query(ctx, `SELECT id::text, team_id::text, workout_id::text, is_published
		FROM results.results WHERE event_id = $1 ORDER BY id`, eventID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Brief
	for rows.Next() {
		var b Brief
		if err := rows.Scan(&b.ID, &b.TeamID, &b.WorkoutID, &b.IsPublished); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// SetScores writes computed places and points (and the team's current division), touching
// only rows whose values change. It returns how many rows changed.
func (s *Store) SetScores(ctx context.Context, scores []Score) (int, error) {
	if len(scores) == 0 {
		return 0, nil
	}
	n := len(scores)
	ids, divisions := make([]string, n), make([]string, n)
	places := make([]*int32, n)
	points := make([]*float64, n)
	for i, sc := range scores {
		ids[i], divisions[i], places[i], points[i] = sc.ID, sc.DivisionID, sc.Place, sc.Points
	}
	tag, err := s.db.Exec(ctx, `UPDATE results.results AS r
		SET place = u.place, points = u.points, division_id = u.division_id
		FROM unnest($1::uuid[], $2::uuid[], $3::int4[], $4::float8[]) AS u(id, division_id, place, points)
		WHERE r.id = u.id
		  AND (r.place, r.points, r.division_id) IS DISTINCT FROM (u.place, u.points, u.division_id)`,
		ids, divisions, places, points)
	if err != nil {
		return 0, fmt.Errorf("set scores: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// Located is where a result sits: its event and cell.
type Located struct {
	ID, EventID, TeamID string
	Cell
}

// Locate returns the event and cell of each existing result among ids (unknown ids are left
// out).
func (s *Store) Locate(ctx context.Context, ids []string) ([]Located, error) {
	rows, err := s.db.Query(ctx, `SELECT id::text, event_id::text, team_id::text, workout_id::text, division_id::text
		FROM results.results WHERE id = ANY($1::uuid[])`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Located
	for rows.Next() {
		var l Located
		if err := rows.Scan(&l.ID, &l.EventID, &l.TeamID, &l.WorkoutID, &l.DivisionID); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// Publication says how SetPublished changes the flag.
type Publication int

const (
	Publish Publication = iota
	Unpublish
	Toggle
)

// SetPublished publishes, unpublishes or flips the given results and returns the events of
// the rows that changed, one entry per changed row. Unknown ids are ignored.
func (s *Store) SetPublished(ctx context.Context, ids []string, p Publication) ([]string, error) {
	var set string
	switch p {
	case Publish:
		set = `true`
	case Unpublish:
		set = `false`
	default:
		set = `NOT r.is_published`
	}
	// The rows are locked in id order first, so two publication calls over overlapping sets
	// cannot deadlock.
	rows, err := s.db.Query(ctx, `WITH target AS (
			SELECT id FROM results.results WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE)
		UPDATE results.results AS r SET is_published = `+set+`, updated_at = now()
		FROM target WHERE r.id = target.id AND r.is_published IS DISTINCT FROM (`+set+`)
		RETURNING r.event_id::text`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var events []string
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, err
		}
		events = append(events, e)
	}
	return events, rows.Err()
}

// Filter narrows PublicationCounts; empty fields do not filter.
type Filter struct {
	EventID   string
	WorkoutID string
	TeamIDs   []string // nil: every team
}

// PublicationCounts counts published and unpublished results.
func (s *Store) PublicationCounts(ctx context.Context, f Filter) (published, unpublished int, err error) {
	err = s.db.QueryRow(ctx, `SELECT count(*) FILTER (WHERE is_published), count(*) FILTER (WHERE NOT is_published)
		FROM results.results
		WHERE ($1::uuid IS NULL OR event_id = $1::uuid)
		  AND ($2::uuid IS NULL OR workout_id = $2::uuid)
		  AND ($3::uuid[] IS NULL OR team_id = ANY($3::uuid[]))`,
		nullable(f.EventID), nullable(f.WorkoutID), f.TeamIDs).Scan(&published, &unpublished)
	return published, unpublished, err
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// PublishedByTeam counts each team's published results.
func (s *Store) PublishedByTeam(ctx context.Context, teamIDs []string) (map[string]int32, error) {
	return s.countBy(ctx, `SELECT team_id::text, count(*) FROM results.results
		WHERE team_id = ANY($1::uuid[]) AND is_published GROUP BY team_id`, teamIDs)
}

// ResultsByTeam counts each team's results, published or not.
func (s *Store) ResultsByTeam(ctx context.Context, teamIDs []string) (map[string]int32, error) {
	return s.countBy(ctx, `SELECT team_id::text, count(*) FROM results.results
		WHERE team_id = ANY($1::uuid[]) GROUP BY team_id`, teamIDs)
}

// ResultsByWorkout counts each workout's results, published or not.
func (s *Store) ResultsByWorkout(ctx context.Context, workoutIDs []string) (map[string]int32, error) {
	return s.countBy(ctx, `SELECT workout_id::text, count(*) FROM results.results
		WHERE workout_id = ANY($1::uuid[]) GROUP BY workout_id`, workoutIDs)
}

func (s *Store) countBy(ctx context.Context, sql string, ids []string) (map[string]int32, error) {
	out := make(map[string]int32, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.db.Query(ctx, sql, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var n int32
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// Purge deletes an event's results that belong to any of the given teams, workouts or
// divisions (all of the event's results when all is true).
func (s *Store) Purge(ctx context.Context, eventID string, all bool, teamIDs, workoutIDs, divisionIDs []string) (int, error) {
	tag, err := s.db.Exec(ctx, `DELETE FROM results.results
		WHERE event_id = $1 AND ($2 OR team_id = ANY($3::uuid[]) OR workout_id = ANY($4::uuid[])
			OR division_id = ANY($5::uuid[]))`,
		eventID, all, nonNil(teamIDs), nonNil(workoutIDs), nonNil(divisionIDs))
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
