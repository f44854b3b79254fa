package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// HeatNotice is a team whose athletes are to be told their heats (migrations/0900_heat_notices.sql).
type HeatNotice struct {
	TeamID   string
	EventID  string
	Baseline string
}

// NoticeTeams returns the teams of an event whose athletes are told their heats: those of a
// live registration (they have addresses), none while the event is a draft. A non-nil among
// keeps to those teams (the ones a change touches); nil means every team of the event.
func (s *Store) NoticeTeams(ctx context.Context, eventID string, among []string) (_ []string, err error) {
	defer apperr.Wrap(&err, "store.NoticeTeams(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT DISTINCT r.team_id::text FROM competition.registrations r
		JOIN competition.events e ON e.id = r.event_id
		WHERE r.event_id = $1 AND r.team_id IS NOT NULL AND r.state NOT IN ('withdrawn', 'refused')
		AND e.status <> 'DRAFT' AND ($2::uuid[] IS NULL OR r.team_id = ANY($2::uuid[]))`, eventID, among)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// NoteHeatChanges records that the heats of the teams in baselines (team id → its heats before
// the change) changed: each is told at dueAt, unless another change moves that on. A team
// already waiting keeps its first baseline.
func (s *Store) NoteHeatChanges(ctx context.Context, eventID string, baselines map[string]string, dueAt time.Time) (err error) {
	defer apperr.Wrap(&err, "store.NoteHeatChanges(%q)", eventID)
	teams, keys := make([]string, 0, len(baselines)), make([]string, 0, len(baselines))
	for team, key := range baselines {
		teams, keys = append(teams, team), append(keys, key)
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.heat_notices (team_id, event_id, baseline, due_at)
		SELECT x.team_id, $1, x.baseline, $4 FROM unnest($2::uuid[], $3::text[]) AS x(team_id, baseline)
		ON CONFLICT (team_id) DO UPDATE SET due_at = EXCLUDED.due_at`, eventID, teams, keys, dueAt)
	return err
}

// ClaimHeatNotices removes and returns up to limit notices due at now, skipping those another
// worker holds: the caller queues their mails in the same transaction.
func (s *Store) ClaimHeatNotices(ctx context.Context, now time.Time, limit int) (_ []HeatNotice, err error) {
	defer apperr.Wrap(&err, "store.ClaimHeatNotices()")
	rows, err := s.db.Query(ctx, `DELETE FROM competition.heat_notices WHERE team_id IN (
			SELECT team_id FROM competition.heat_notices WHERE due_at <= $1
			ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED)
		RETURNING team_id::text, event_id::text, baseline`, now, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[HeatNotice])
}

// TeamRegistration returns the live registration a team came from, or ErrNotFound.
func (s *Store) TeamRegistration(ctx context.Context, teamID string) (_ Registration, err error) {
	defer apperr.Wrap(&err, "store.TeamRegistration(%q)", teamID)
	return scanRegistration(s.db.QueryRow(ctx, regSelect+` WHERE r.team_id = $1 AND r.state NOT IN ('withdrawn', 'refused')
		ORDER BY r.created_at DESC LIMIT 1`, teamID))
}
