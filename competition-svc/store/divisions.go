package store

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

const divisionSelect = `SELECT d.id::text, d.event_id::text, e.name, d.name, d.description,
	(SELECT count(*) FROM competition.teams t WHERE t.division_id = d.id)::int,
	d.created_at, d.updated_at, coalesce(d.scoring_table, ''), coalesce(d.workout_ties, ''),
	d.team_size, d.substitutes, d.composition, d.age_min, d.age_max, coalesce(to_char(d.age_on, 'YYYY-MM-DD'), '')
	FROM competition.divisions d JOIN competition.events e ON e.id = d.event_id`

func scanDivision(row pgx.Row) (Division, error) {
	var d Division
	var composition []byte
	err := row.Scan(&d.ID, &d.EventID, &d.EventName, &d.Name, &d.Description, &d.TeamCount, &d.CreatedAt, &d.UpdatedAt,
		&d.Scoring.Table, &d.Scoring.WorkoutTies,
		&d.Roster.TeamSize, &d.Roster.Substitutes, &composition, &d.Roster.AgeMin, &d.Roster.AgeMax, &d.Roster.AgeOn)
	if err != nil {
		return d, err
	}
	return d, json.Unmarshal(composition, &d.Roster.Composition)
}

func collectDivisions(rows pgx.Rows, err error) ([]Division, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Division{}
	for rows.Next() {
		d, err := scanDivision(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// ListDivisions returns every division, grouped by event in the events' order, by name within
// an event (order.go).
func (s *Store) ListDivisions(ctx context.Context) (_ []Division, err error) {
	defer apperr.Wrap(&err, "store.ListDivisions()")
	events, err := s.ListEvents(ctx)
	if err != nil {
		return nil, err
	}
	divisions, err := divisionsByName(collectDivisions(s.db.Query(ctx, divisionSelect)))
	if err != nil {
		return nil, err
	}
	return groupedByEvent(events, divisions), nil
}

// ListEventDivisions returns an event's divisions by name (order.go).
func (s *Store) ListEventDivisions(ctx context.Context, eventID string) (_ []Division, err error) {
	defer apperr.Wrap(&err, "store.ListEventDivisions(%q)", eventID)
	return divisionsByName(collectDivisions(s.db.Query(ctx, divisionSelect+` WHERE d.event_id = $1`, eventID)))
}

// GetDivision returns one division or ErrNotFound.
func (s *Store) GetDivision(ctx context.Context, id string) (_ Division, err error) {
	defer apperr.Wrap(&err, "store.GetDivision(%q)", id)
	d, err := scanDivision(s.db.QueryRow(ctx, divisionSelect+` WHERE d.id = $1`, id))
	return d, notFound(err)
}

// CreateDivision inserts a division and returns its id.
func (s *Store) CreateDivision(ctx context.Context, d Division) (_ string, err error) {
	defer apperr.Wrap(&err, "store.CreateDivision(event %q)", d.EventID)
	var id string
	err = s.db.QueryRow(ctx, `INSERT INTO competition.divisions (event_id, name, description)
		VALUES ($1, $2, $3) RETURNING id::text`, d.EventID, d.Name, d.Description).Scan(&id)
	return id, err
}

// UpdateDivision changes a division's name and description, or returns ErrNotFound.
func (s *Store) UpdateDivision(ctx context.Context, id, name, description string) (err error) {
	defer apperr.Wrap(&err, "store.UpdateDivision(%q)", id)
	tag, err := s.db.Exec(ctx, `UPDATE competition.divisions SET name = $2, description = $3, updated_at = now()
		WHERE id = $1`, id, name, description)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// DeleteDivision removes a division and its teams, or returns ErrNotFound.
func (s *Store) DeleteDivision(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteDivision(%q)", id)
	tag, err := s.db.Exec(ctx, `DELETE FROM competition.divisions WHERE id = $1`, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// SetDivisionScoring gives each of an event's divisions its override in overrides (by division
// id; a division left out has none) and, when any changed, queues the event's rescore in the
// same transaction (0170_rescore_outbox.sql). It says whether any changed.
func (s *Store) SetDivisionScoring(ctx context.Context, eventID string, overrides map[string]DivisionScoring) (_ bool, err error) {
	defer apperr.Wrap(&err, "store.SetDivisionScoring(%q)", eventID)
	ids, tables, ties := []string{}, []*string{}, []*string{}
	for id, o := range overrides {
		ids, tables, ties = append(ids, id), append(tables, nullIfEmpty(o.Table)), append(ties, nullIfEmpty(o.WorkoutTies))
	}
	tag, err := s.db.Exec(ctx, `UPDATE competition.divisions AS d
		SET scoring_table = o.scoring_table, workout_ties = o.workout_ties, updated_at = now()
		FROM (SELECT d2.id, u.scoring_table, u.workout_ties FROM competition.divisions d2
			LEFT JOIN unnest($2::uuid[], $3::text[], $4::text[]) AS u(id, scoring_table, workout_ties) ON u.id = d2.id
			WHERE d2.event_id = $1) AS o
		WHERE d.id = o.id
		  AND (d.scoring_table, d.workout_ties) IS DISTINCT FROM (o.scoring_table, o.workout_ties)`, eventID, ids, tables, ties)
	if err != nil || tag.RowsAffected() == 0 {
		return false, err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.purge_outbox (event_id) VALUES ($1)`, eventID)
	return true, err
}

func nullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
