package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// QueuedPurge is a clean-up of results that a delete queued for results-svc
// (migrations/0130_purge_outbox.sql).
type QueuedPurge struct {
	ID           int64
	EventID      string
	EventDeleted bool
	DivisionIDs  []string
	TeamIDs      []string
	WorkoutIDs   []string
	// MovedTeamIDs are teams that moved division: their cells are rescored, nothing deleted.
	MovedTeamIDs []string
	Attempts     int
}

// DuePurges locks up to limit queued purges that are due, oldest first; purges another
// transaction holds are skipped, so replicas deliver side by side. Call it in a transaction.
func (s *Store) DuePurges(ctx context.Context, limit int) (_ []QueuedPurge, err error) {
	defer apperr.Wrap(&err, "store.DuePurges()")
	rows, err := s.db.Query(ctx, `SELECT id, event_id::text, event_deleted, division_ids::text[], team_ids::text[],
			workout_ids::text[], moved_team_ids::text[], attempts
		FROM competition.purge_outbox WHERE next_attempt_at <= now()
		ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (QueuedPurge, error) {
		var p QueuedPurge
		err := row.Scan(&p.ID, &p.EventID, &p.EventDeleted, &p.DivisionIDs, &p.TeamIDs, &p.WorkoutIDs, &p.MovedTeamIDs, &p.Attempts)
		return p, err
	})
}

// PurgeDelivered removes a delivered purge from the queue.
func (s *Store) PurgeDelivered(ctx context.Context, id int64) (err error) {
	defer apperr.Wrap(&err, "store.PurgeDelivered(%d)", id)
	_, err = s.db.Exec(ctx, `DELETE FROM competition.purge_outbox WHERE id = $1`, id)
	return err
}

// PurgeFailed counts a failed delivery and puts the next one off: 1 s, 2 s, 4 s … at most a
// minute.
func (s *Store) PurgeFailed(ctx context.Context, id int64, reason string) (err error) {
	defer apperr.Wrap(&err, "store.PurgeFailed(%d)", id)
	_, err = s.db.Exec(ctx, `UPDATE competition.purge_outbox
		SET attempts = attempts + 1, last_error = $2,
			next_attempt_at = now() + least(interval '1 second' * power(2, least(attempts, 6)), interval '1 minute')
		WHERE id = $1`, id, reason)
	return err
}
