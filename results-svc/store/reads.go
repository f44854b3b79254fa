package store

import (
	"context"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Reads of results.

// Get returns one result.
func (s *Store) Get(ctx context.Context, id string) (_ Result, err error) {
	defer apperr.Wrap(&err, "store.Get(%q)", id)
	return one(s.db.Query(ctx, `SELECT `+columns+` FROM results.results WHERE id = $1`, id))
}

// ListCell returns the results of the given teams in one workout.
func (s *Store) ListCell(ctx context.Context, workoutID string, teamIDs []string) (_ []Result, err error) {
	defer apperr.Wrap(&err, "store.ListCell(%q)", workoutID)
	return scanResults(s.db.Query(ctx, `SELECT `+columns+` FROM results.results
		WHERE workout_id = $1 AND team_id = ANY($2::uuid[])`, workoutID, teamIDs))
}

// ListTeamResults returns a team's results in an event as entered.
func (s *Store) ListTeamResults(ctx context.Context, eventID, teamID string) (_ []Result, err error) {
	defer apperr.Wrap(&err, "store.ListTeamResults(%q, %q)", eventID, teamID)
	return scanResults(s.db.Query(ctx, `SELECT `+columns+` FROM results.results WHERE event_id = $1 AND team_id = $2`, eventID, teamID))
}

// ListTeamsResults returns the results of some teams in an event as entered (on the index of
// team and workout: a few rows, whatever the size of the event).
func (s *Store) ListTeamsResults(ctx context.Context, eventID string, teamIDs []string) (_ []Result, err error) {
	defer apperr.Wrap(&err, "store.ListTeamsResults(%q)", eventID)
	return scanResults(s.db.Query(ctx, `SELECT `+columns+` FROM results.results
		WHERE team_id = ANY($2::uuid[]) AND event_id = $1`, eventID, nonNil(teamIDs)))
}

// ListEvent returns every result of an event as entered (drafts and pending changes included).
func (s *Store) ListEvent(ctx context.Context, eventID string) (_ []Result, err error) {
	defer apperr.Wrap(&err, "store.ListEvent(%q)", eventID)
	return scanResults(s.db.Query(ctx, `SELECT `+columns+` FROM results.results WHERE event_id = $1`, eventID))
}

// ListEventPublic returns the results of an event as the public sees them: the published ones,
// and the published values of those with a change pending (as if the change were not there).
func (s *Store) ListEventPublic(ctx context.Context, eventID string) (_ []Result, err error) {
	defer apperr.Wrap(&err, "store.ListEventPublic(%q)", eventID)
	rs, err := scanResults(s.db.Query(ctx, `SELECT `+columns+` FROM results.results
		WHERE event_id = $1 AND (is_published OR public_status IS NOT NULL)`, eventID))
	for i := range rs {
		if p := rs[i].Public; p != nil {
			rs[i].Status, rs[i].Value, rs[i].CappedReps, rs[i].Tiebreak = p.Status, p.Value, p.CappedReps, p.Tiebreak
			rs[i].Scaled, rs[i].Penalty = p.Scaled, p.Penalty
			rs[i].UpdatedAt, rs[i].IsPublished, rs[i].Public = p.UpdatedAt, true, nil
		}
	}
	return rs, err
}

// Brief is the part of a result the results matrix counts.
type Brief struct {
	ID, TeamID, WorkoutID string
	IsPublished           bool
}

// ListEventBrief returns the matrix view of every result of an event.
func (s *Store) ListEventBrief(ctx context.Context, eventID string) (_ []Brief, err error) {
	defer apperr.Wrap(&err, "store.ListEventBrief(%q)", eventID)
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

// Located is where a result sits: its event and cell.
type Located struct {
	ID, EventID, TeamID string
	Cell
}

// Locate returns the event and cell of each existing result among ids (unknown ids are left
// out).
func (s *Store) Locate(ctx context.Context, ids []string) (_ []Located, err error) {
	defer apperr.Wrap(&err, "store.Locate()")
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
