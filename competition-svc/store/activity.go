package store

import (
	"context"
	"fmt"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"time"
)

// Activity is one change to an event's setup.
type Activity struct {
	ID                    int64
	EventID               string
	At                    time.Time
	Actor, Action, Entity string
	EntityID, Summary     string
}

// RecordActivity writes entries in one statement.
func (s *Store) RecordActivity(ctx context.Context, entries ...Activity) (err error) {
	defer apperr.Wrap(&err, "store.RecordActivity()")
	if len(entries) == 0 {
		return nil
	}
	n := len(entries)
	events, actors, actions, entities, ids, summaries := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	for i, e := range entries {
		events[i], actors[i], actions[i], entities[i], ids[i], summaries[i] = e.EventID, e.Actor, e.Action, e.Entity, e.EntityID, e.Summary
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.activity (event_id, actor, action, entity, entity_id, summary)
		SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::uuid[], $6::text[])`,
		events, actors, actions, entities, ids, summaries)
	if err != nil {
		return fmt.Errorf("record activity: %w", err)
	}
	return nil
}

// ListActivity is up to limit entries of an event, newest first, that come after a feed
// cursor: at < beforeAt, or at = beforeAt and (sourceBefore or id < beforeID).
func (s *Store) ListActivity(ctx context.Context, eventID string, beforeAt time.Time, sourceBefore bool, beforeID int64, limit int) (_ []Activity, err error) {
	defer apperr.Wrap(&err, "store.ListActivity(%q, %d)", eventID, beforeID)
	rows, err := s.db.Query(ctx, `SELECT id, event_id::text, at, actor, action, entity, entity_id::text, summary
		FROM competition.activity
		WHERE event_id = $1 AND (at < $2 OR at = $2 AND ($3 OR id < $4))
		ORDER BY at DESC, id DESC LIMIT $5`, eventID, beforeAt, sourceBefore, beforeID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Activity
	for rows.Next() {
		var a Activity
		if err := rows.Scan(&a.ID, &a.EventID, &a.At, &a.Actor, &a.Action, &a.Entity, &a.EntityID, &a.Summary); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
