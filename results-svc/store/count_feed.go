package store

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The feed of result counts to competition-svc (migrations/1065_count_feed.sql).

// CountKey is a workout or a team whose counts a change touched.
type CountKey struct {
	Team bool // a team's, else a workout's
	ID   string
}

func (k CountKey) kind() string {
	if k.Team {
		return "team"
	}
	return "workout"
}

// FeedCount is a key's counts as the feed holds them.
type FeedCount struct {
	Key CountKey
	// DivisionID is a team's: the division its results are stored under ("" without any).
	DivisionID         string
	Results, Published int32
	Seq                int64
	// WasSeq is, on a key SettleCounts raised, the seq its row had before the change (0: no
	// row yet): a raise made before the change with a greater seq still stands
	// (resultssvc.raiseFirst).
	WasSeq int64
}

// countLockSpace is the first key of the counts' advisory locks: the two-key locks are a
// space apart from the cells' one-key locks (LockCells), so the two never collide.
const countLockSpace = 1065

// SettleCounts brings the feed's rows of keys to the counts of the results as they stand in
// this transaction. A team's counts are exact (a team has a result per workout at most); a
// workout's are 0 or 1, "any or none", which is all anyone asks of them (hasResults, the
// delete refusal), so a save in a workout of 100,000 results reads two index entries, not
// 100,000 rows. It locks the keys (after the cells: every writer takes the cells' locks
// first, then the keys' in one sorted statement, so none waits in a circle), so that a key's
// counts and seq follow the order its changes commit in; it writes a new seq for each key
// whose counts changed (every key when resend is set) and returns the keys that rose from none:
// a first result, or a first result the public sees.
func (s *Store) SettleCounts(ctx context.Context, keys []CountKey, resend bool) (rose []FeedCount, err error) {
	defer apperr.Wrap(&err, "store.SettleCounts()")
	tx, ok := s.db.(pgx.Tx)
	if !ok {
		return nil, errors.New("settle counts: the store is not in a transaction")
	}
	keys = compactKeys(keys)
	if len(keys) == 0 {
		return nil, nil
	}
	locks := make([]int32, len(keys))
	var workouts, teams []string
	for i, k := range keys {
		h := fnv.New32a()
		h.Write([]byte(k.kind() + ":" + k.ID))
		locks[i] = int32(h.Sum32())
		if k.Team {
			teams = append(teams, k.ID)
		} else {
			workouts = append(workouts, k.ID)
		}
	}
	slices.Sort(locks)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1::int4, k)
		FROM unnest($2::int4[]) WITH ORDINALITY AS t(k, n) ORDER BY n`, countLockSpace, slices.Compact(locks)); err != nil {
		return nil, fmt.Errorf("lock counts: %w", err)
	}
	// Read after the locks: every earlier change of these keys has committed, and this
	// statement sees it (READ COMMITTED).
	rows, err := tx.Query(ctx, `WITH now_ AS (
			SELECT 'workout' AS kind, k.id, NULL::text AS division_id,
				(EXISTS (SELECT FROM results.results r WHERE r.workout_id = k.id))::int4 AS results,
				(EXISTS (SELECT FROM results.results r WHERE r.workout_id = k.id
					AND (r.is_published OR r.public_status IS NOT NULL)))::int4 AS published
			FROM unnest($1::uuid[]) AS k(id)
			UNION ALL
			SELECT 'team', k.id, max(r.division_id::text), count(r.id)::int4,
				(count(r.id) FILTER (WHERE r.is_published OR r.public_status IS NOT NULL))::int4
			FROM unnest($2::uuid[]) AS k(id) LEFT JOIN results.results r ON r.team_id = k.id GROUP BY k.id),
		was AS (SELECT now_.kind, now_.id, coalesce(f.results, 0) AS results, coalesce(f.published, 0) AS published,
				coalesce(f.seq, 0) AS seq
			FROM now_ LEFT JOIN results.count_feed f ON f.kind = now_.kind AND f.key_id = now_.id),
		written AS (INSERT INTO results.count_feed AS f (kind, key_id, division_id, results, published, seq)
			SELECT now_.kind, now_.id, now_.division_id::uuid, now_.results, now_.published, nextval('results.count_seq')
			FROM now_ JOIN was USING (kind, id)
			WHERE $3 OR (now_.results, now_.published) IS DISTINCT FROM (was.results, was.published)
			ORDER BY now_.kind, now_.id
			ON CONFLICT (kind, key_id) DO UPDATE SET division_id = EXCLUDED.division_id, results = EXCLUDED.results,
				published = EXCLUDED.published, seq = EXCLUDED.seq
			RETURNING f.kind, f.key_id, f.division_id, f.results, f.published, f.seq)
		SELECT w.kind, w.key_id::text, coalesce(w.division_id::text, ''), w.results, w.published, w.seq, was.seq
		FROM written w JOIN was ON was.kind = w.kind AND was.id = w.key_id
		WHERE was.results = 0 AND w.results > 0 OR was.published = 0 AND w.published > 0`, nonNil(workouts), nonNil(teams), resend)
	if err != nil {
		return nil, fmt.Errorf("settle counts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c FeedCount
		var kind string
		if err := rows.Scan(&kind, &c.Key.ID, &c.DivisionID, &c.Results, &c.Published, &c.Seq, &c.WasSeq); err != nil {
			return nil, fmt.Errorf("read settled counts: %w", err)
		}
		c.Key.Team = kind == "team"
		rose = append(rose, c)
	}
	return rose, rows.Err()
}

// NextCountSeq is a new seq of the feed, for a raise made before its change
// (resultssvc.raiseFirst): greater than every seq a change has settled so far.
func (s *Store) NextCountSeq(ctx context.Context) (_ int64, err error) {
	defer apperr.Wrap(&err, "store.NextCountSeq()")
	var seq int64
	err = s.db.QueryRow(ctx, `SELECT nextval('results.count_seq')`).Scan(&seq)
	return seq, err
}

// UnsentCounts are up to limit rows the worker has not delivered, oldest first.
func (s *Store) UnsentCounts(ctx context.Context, limit int) (_ []FeedCount, err error) {
	defer apperr.Wrap(&err, "store.UnsentCounts()")
	rows, err := s.db.Query(ctx, `SELECT kind, key_id::text, coalesce(division_id::text, ''), results, published, seq
		FROM results.count_feed WHERE seq > sent_seq ORDER BY seq LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return scanFeedCounts(rows)
}

// MarkCountsSent records that competition-svc has the counts (a row written since keeps its
// newer seq, and is sent again). A key's row stays when its counts fall to none: its seq is
// what tells a raise made before a change whether another change of the key was settled
// since (resultssvc.raiseFirst); a row per workout and team is small.
func (s *Store) MarkCountsSent(ctx context.Context, sent []FeedCount) (err error) {
	defer apperr.Wrap(&err, "store.MarkCountsSent()")
	if len(sent) == 0 {
		return nil
	}
	kinds, ids, seqs := make([]string, len(sent)), make([]string, len(sent)), make([]int64, len(sent))
	for i, c := range sent {
		kinds[i], ids[i], seqs[i] = c.Key.kind(), c.Key.ID, c.Seq
	}
	_, err = s.db.Exec(ctx, `UPDATE results.count_feed AS f SET sent_seq = u.seq
		FROM unnest($1::text[], $2::uuid[], $3::int8[]) AS u(kind, id, seq)
		WHERE f.kind = u.kind AND f.key_id = u.id AND f.sent_seq < u.seq`, kinds, ids, seqs)
	return err
}

func scanFeedCounts(rows pgx.Rows) (_ []FeedCount, err error) {
	defer apperr.Wrap(&err, "store.scanFeedCounts()")
	defer rows.Close()
	var out []FeedCount
	for rows.Next() {
		var c FeedCount
		var kind string
		if err := rows.Scan(&kind, &c.Key.ID, &c.DivisionID, &c.Results, &c.Published, &c.Seq); err != nil {
			return nil, err
		}
		c.Key.Team = kind == "team"
		out = append(out, c)
	}
	return out, rows.Err()
}

func compactKeys(keys []CountKey) []CountKey {
	out := slices.Clone(keys)
	slices.SortFunc(out, func(a, b CountKey) int {
		if a.Team != b.Team {
			if a.Team {
				return 1
			}
			return -1
		}
		switch {
		case a.ID < b.ID:
			return -1
		case a.ID > b.ID:
			return 1
		}
		return 0
	})
	return slices.Compact(out)
}
