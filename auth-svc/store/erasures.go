package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Erasure is one entry of the erasure feed: a deleted athlete whose traces other services
// may still hold, their id, and until every reader has applied it their address and name.
type Erasure struct {
	Seq                 int64
	UserID, Email, Name string
}

// erasureFeedLock is the advisory lock that serialises the deletions' writes to the feed, so
// positions become visible in the order they are given: a reader that has seen position n
// never sees a smaller one appear later (migrations/1030_erasure_feed.sql).
const erasureFeedLock = 1030

// DeleteAthlete deletes an athlete's account, profile, links and sessions (the rows cascade
// from auth.users), which frees the address, deletes the mails to it (sent or not), and
// records the erasure of what other services hold in the feed (ListErasures), all in the
// store's transaction. name is the athlete's full name.
func (s *Store) DeleteAthlete(ctx context.Context, id, name string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteAthlete(%q)", id)
	var email string
	err = s.db.QueryRow(ctx, `DELETE FROM auth.users WHERE id = $1 AND role = 'athlete' RETURNING email`, id).Scan(&email)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	} else if err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM auth.mail_outbox WHERE lower(to_address) = lower($1)`, email); err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, erasureFeedLock); err != nil {
		return err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO auth.athlete_erasures (user_id, email, name) VALUES ($1, $2, $3)
		ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name, done_at = NULL,
			seq = nextval('auth.athlete_erasure_seq')`,
		id, email, name)
	return err
}

// ReadErasures records that reader has applied the feed up to after, marks done (and clears
// the address and name of) the erasures every one of readers has applied, in the store's
// transaction, and returns at most limit erasures after after, in order, with the position
// each reader has applied.
func (s *Store) ReadErasures(ctx context.Context, reader string, after int64, limit int, readers []string) (_ []Erasure, _ map[string]int64, err error) {
	defer apperr.Wrap(&err, "store.ReadErasures(%q, %d)", reader, after)
	// Written only when the reader moved on: the readers poll an unchanged feed every second.
	tag, err := s.db.Exec(ctx, `INSERT INTO auth.erasure_readers (reader, seq) VALUES ($1, $2)
		ON CONFLICT (reader) DO UPDATE SET seq = EXCLUDED.seq WHERE erasure_readers.seq < EXCLUDED.seq`, reader, after)
	if err != nil {
		return nil, nil, err
	}
	if tag.RowsAffected() > 0 {
		if _, err := s.db.Exec(ctx, `UPDATE auth.athlete_erasures SET done_at = now(), email = '', name = ''
			WHERE done_at IS NULL AND seq <= (SELECT min(coalesce(r.seq, 0))
				FROM unnest($1::text[]) AS w(reader) LEFT JOIN auth.erasure_readers r USING (reader))`, readers); err != nil {
			return nil, nil, err
		}
	}
	rows, err := s.db.Query(ctx, `SELECT seq, user_id::text, email, name FROM auth.athlete_erasures
		WHERE seq > $1 ORDER BY seq LIMIT $2`, after, limit)
	if err != nil {
		return nil, nil, err
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Erasure, error) {
		var e Erasure
		return e, r.Scan(&e.Seq, &e.UserID, &e.Email, &e.Name)
	})
	if err != nil {
		return nil, nil, err
	}
	rows, err = s.db.Query(ctx, `SELECT reader, seq FROM auth.erasure_readers`)
	if err != nil {
		return nil, nil, err
	}
	read := map[string]int64{}
	var name string
	var seq int64
	_, err = pgx.ForEachRow(rows, []any{&name, &seq}, func() error {
		read[name] = seq
		return nil
	})
	return list, read, err
}
