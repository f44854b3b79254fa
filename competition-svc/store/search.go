package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/words"
)

// The public site's search: names that contain the query, compared without case, accents or
// repeated spaces (team_name_key), over the events the public list shows. The trigram indexes
// of migrations/0461_search.sql serve the LIKE; the query is a parameter, its % and _ escaped.

// EventHit is an event found by name.
type EventHit struct {
	ID       string
	Name     string
	DateFrom time.Time
	DateTo   time.Time
	Status   typesv1.EventStatus
}

// TeamHit is a team found by its name or one of its athletes' names.
type TeamHit struct {
	ID           string
	Name         string
	EventID      string
	EventName    string
	DivisionName string
	Athlete1Name string
	Athlete2Name string
}

// likeQuery is the LIKE pattern of the query $1: its key, escaped, anywhere in a name. It
// reads parameters only, so the planner takes it as a constant the trigram index can use.
const likeQuery = `('%' || replace(replace(replace(competition.team_name_key($1),
	'\', '\\'), '%', '\%'), '_', '\_') || '%')`

// SearchEvents returns up to limit events with one of statuses whose name contains query,
// soonest-starting first.
func (s *Store) SearchEvents(ctx context.Context, query string, statuses []typesv1.EventStatus, limit int) (_ []EventHit, err error) {
	defer apperr.Wrap(&err, "store.SearchEvents()")
	rows, err := s.db.Query(ctx, `SELECT e.id::text, e.name, e.date_from, e.date_to, e.status
		FROM competition.events e
		WHERE competition.team_name_key(e.name) LIKE `+likeQuery+` AND e.status = ANY($2)
		ORDER BY e.date_from DESC, e.name LIMIT $3`, query, words.Strings(statuses), limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (EventHit, error) {
		var h EventHit
		err := r.Scan(&h.ID, &h.Name, &h.DateFrom, &h.DateTo, pg.Text(&h.Status))
		return h, err
	})
}

const teamHitColumns = `t.id::text, t.name, e.id::text, e.name, d.name, t.athlete1_name, t.athlete2_name`

func collectTeamHits(rows pgx.Rows, err error) ([]TeamHit, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[TeamHit])
}

// SearchTeams returns up to limit teams of events with one of statuses whose name contains
// query, newest event first.
func (s *Store) SearchTeams(ctx context.Context, query string, statuses []typesv1.EventStatus, limit int) (_ []TeamHit, err error) {
	defer apperr.Wrap(&err, "store.SearchTeams()")
	return collectTeamHits(s.db.Query(ctx, `SELECT `+teamHitColumns+`
		FROM competition.teams t
		JOIN competition.events e ON e.id = t.event_id
		JOIN competition.divisions d ON d.id = t.division_id
		WHERE competition.team_name_key(t.name) LIKE `+likeQuery+` AND e.status = ANY($2)
		ORDER BY e.date_from DESC, t.name, t.id LIMIT $3`, query, words.Strings(statuses), limit))
}

// AthleteTeam is a team found by an athlete's name, with both athletes' name keys.
type AthleteTeam struct {
	Team        TeamHit
	Athlete1Key string
	Athlete2Key string
}

// SearchAthletes returns up to limit teams of events with one of statuses that carry an
// athlete whose name contains query, newest event first.
func (s *Store) SearchAthletes(ctx context.Context, query string, statuses []typesv1.EventStatus, limit int) (_ []AthleteTeam, err error) {
	defer apperr.Wrap(&err, "store.SearchAthletes()")
	rows, err := s.db.Query(ctx, `SELECT `+teamHitColumns+`,
			competition.team_name_key(t.athlete1_name), competition.team_name_key(t.athlete2_name)
		FROM competition.teams t
		JOIN competition.events e ON e.id = t.event_id
		JOIN competition.divisions d ON d.id = t.division_id
		WHERE (competition.team_name_key(t.athlete1_name) LIKE `+likeQuery+` OR competition.team_name_key(t.athlete2_name) LIKE `+likeQuery+`)
		  AND e.status = ANY($2)
		ORDER BY e.date_from DESC, t.name, t.id LIMIT $3`, query, words.Strings(statuses), limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (AthleteTeam, error) {
		var a AthleteTeam
		h := &a.Team
		err := r.Scan(&h.ID, &h.Name, &h.EventID, &h.EventName, &h.DivisionName, &h.Athlete1Name, &h.Athlete2Name,
			&a.Athlete1Key, &a.Athlete2Key)
		return a, err
	})
}

// NameKey is a name as the search and the series compare it (team_name_key).
func (s *Store) NameKey(ctx context.Context, name string) (_ string, err error) {
	defer apperr.Wrap(&err, "store.NameKey()")
	var k string
	err = s.db.QueryRow(ctx, `SELECT competition.team_name_key($1)`, name).Scan(&k)
	return k, err
}
