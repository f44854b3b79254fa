package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The leaderboard freeze of an online event (migrations/0740_leaderboard_freezes.sql).

// Freeze is an event's frozen public board: the standings kept (protobuf-encoded), when and by
// whom.
type Freeze struct {
	Standings []byte
	At        time.Time
	By        string
}

// GetFreeze is the event's freeze; ok false when its board is not frozen.
func (s *Store) GetFreeze(ctx context.Context, eventID string) (_ Freeze, ok bool, err error) {
	defer apperr.Wrap(&err, "store.GetFreeze(%q)", eventID)
	var f Freeze
	err = s.db.QueryRow(ctx, `SELECT standings, frozen_at, frozen_by FROM results.leaderboard_freezes WHERE event_id = $1`,
		eventID).Scan(&f.Standings, &f.At, &f.By)
	if errors.Is(err, pgx.ErrNoRows) {
		return Freeze{}, false, nil
	}
	return f, err == nil, err
}

// InsertFreeze freezes the event's board with the standings, now, by actor; inserted false when
// it is frozen already. The time is the database's, as the result history's.
func (s *Store) InsertFreeze(ctx context.Context, eventID string, standings []byte, actor string) (inserted bool, err error) {
	defer apperr.Wrap(&err, "store.InsertFreeze(%q)", eventID)
	tag, err := s.db.Exec(ctx, `INSERT INTO results.leaderboard_freezes (event_id, standings, frozen_at, frozen_by)
		VALUES ($1, $2, now(), $3) ON CONFLICT (event_id) DO NOTHING`, eventID, standings, actor)
	return err == nil && tag.RowsAffected() == 1, err
}

// DeleteFreeze unfreezes the event's board; deleted false when it was not frozen.
func (s *Store) DeleteFreeze(ctx context.Context, eventID string) (deleted bool, err error) {
	defer apperr.Wrap(&err, "store.DeleteFreeze(%q)", eventID)
	tag, err := s.db.Exec(ctx, `DELETE FROM results.leaderboard_freezes WHERE event_id = $1`, eventID)
	return err == nil && tag.RowsAffected() == 1, err
}

// RaisePublicVersion raises the event's public version (0135_public_versions.sql) and holds its
// row until the transaction ends: every change to what the public sees raises it too, so a
// publication that commits after this waits, and a read after it sees every one committed before.
func (s *Store) RaisePublicVersion(ctx context.Context, eventID string) (err error) {
	defer apperr.Wrap(&err, "store.RaisePublicVersion(%q)", eventID)
	_, err = s.db.Exec(ctx, `INSERT INTO results.public_versions AS v (event_id, version) VALUES ($1, 1)
		ON CONFLICT (event_id) DO UPDATE SET version = v.version + 1`, eventID)
	return err
}

// FreezeEntry is a freeze or an unfreeze in the event's activity.
type FreezeEntry struct {
	ID            int64
	At            time.Time
	Actor, Action string // frozen, unfrozen
}

// LogFreeze records a freeze or an unfreeze (action) by actor, now.
func (s *Store) LogFreeze(ctx context.Context, eventID, actor, action string) (err error) {
	defer apperr.Wrap(&err, "store.LogFreeze(%q)", eventID)
	_, err = s.db.Exec(ctx, `INSERT INTO results.leaderboard_freeze_log (event_id, at, actor, action) VALUES ($1, now(), $2, $3)`,
		eventID, actor, action)
	return err
}

// FreezeLog is up to limit freezes and unfreezes of an event, newest first, after a feed
// cursor as EventHistory reads it.
func (s *Store) FreezeLog(ctx context.Context, eventID string, beforeAt time.Time, sourceBefore bool, beforeID int64, limit int) (_ []FreezeEntry, err error) {
	defer apperr.Wrap(&err, "store.FreezeLog(%q, %d)", eventID, beforeID)
	rows, err := s.db.Query(ctx, `SELECT id, at, actor, action FROM results.leaderboard_freeze_log
		WHERE event_id = $1 AND (at < $2 OR at = $2 AND ($3 OR id < $4))
		ORDER BY at DESC, id DESC LIMIT $5`, eventID, beforeAt, sourceBefore, beforeID, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[FreezeEntry])
}
