package store

import (
	"context"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/words"
)

// The public site's search: names that contain the query, compared without case, accents or
// repeated spaces (team_name_key), over the events the public list shows. Every name's key is a
// stored column with a trigram index (migrations/0580_search_keys.sql); each search is planned
// for its own patterns (QueryExecModeExec), so a query matching most rows reads them in event
// order and stops at its limit, and a rare one goes through the index.

// SearchQuery is a query as the search matches it: its key and the LIKE patterns of that key.
type SearchQuery struct {
	Key string
	// WordStart: the key has no run of three letters or digits, which a trigram index cannot
	// find anywhere in a name; it then matches at the start of a word ("zz" finds "ZZ Top").
	WordStart bool
	Patterns  []string
}

// Matches says whether a name's key holds the query as the patterns do.
func (q SearchQuery) Matches(nameKey string) bool {
	if !q.WordStart {
		return strings.Contains(nameKey, q.Key)
	}
	return strings.HasPrefix(nameKey, q.Key) || strings.Contains(nameKey, " "+q.Key)
}

// NewSearchQuery makes the patterns of key (already team_name_key'd); %, _ and \ in it match
// themselves.
func NewSearchQuery(key string) SearchQuery {
	esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(key)
	q := SearchQuery{Key: key, WordStart: longestRun(key) < 3}
	if q.WordStart {
		q.Patterns = []string{esc + "%", "% " + esc + "%"}
	} else {
		q.Patterns = []string{"%" + esc + "%"}
	}
	return q
}

// longestRun is the length of the longest run of letters and digits in s.
func longestRun(s string) int {
	best, n := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

// SearchKey is query's key as every name's (team_name_key) and its patterns.
func (s *Store) SearchKey(ctx context.Context, query string) (_ SearchQuery, err error) {
	defer apperr.Wrap(&err, "store.SearchKey()")
	var k string
	if err := s.db.QueryRow(ctx, `SELECT competition.team_name_key($1)`, query).Scan(&k); err != nil {
		return SearchQuery{}, err
	}
	return NewSearchQuery(k), nil
}

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

// SearchEvents returns up to limit events with one of statuses whose name contains query,
// soonest-starting first.
func (s *Store) SearchEvents(ctx context.Context, q SearchQuery, statuses []typesv1.EventStatus, limit int) (_ []EventHit, err error) {
	defer apperr.Wrap(&err, "store.SearchEvents()")
	rows, err := s.db.Query(ctx, `SELECT e.id::text, e.name, e.date_from, e.date_to, e.status
		FROM competition.events e
		WHERE e.name_key LIKE ANY($1) AND e.status = ANY($2)
		ORDER BY e.date_from DESC, e.name LIMIT $3`, pgx.QueryExecModeExec, q.Patterns, words.Strings(statuses), limit)
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
func (s *Store) SearchTeams(ctx context.Context, q SearchQuery, statuses []typesv1.EventStatus, limit int) (_ []TeamHit, err error) {
	defer apperr.Wrap(&err, "store.SearchTeams()")
	return collectTeamHits(s.db.Query(ctx, `SELECT `+teamHitColumns+`
		FROM competition.teams t
		JOIN competition.events e ON e.id = t.event_id
		JOIN competition.divisions d ON d.id = t.division_id
		WHERE t.name_key LIKE ANY($1) AND e.status = ANY($2)
		ORDER BY e.date_from DESC, t.name, t.id LIMIT $3`, pgx.QueryExecModeExec, q.Patterns, words.Strings(statuses), limit))
}

// AthleteTeam is a team found by an athlete's name, with both athletes' name keys and
// accounts (empty for a name typed in by hand or a deleted account).
type AthleteTeam struct {
	Team        TeamHit
	Athlete1Key string
	Athlete2Key string
	Athlete1ID  string
	Athlete2ID  string
}

// SearchAthletes returns up to limit teams of events with one of statuses that carry an
// athlete whose name contains query, newest event first.
func (s *Store) SearchAthletes(ctx context.Context, q SearchQuery, statuses []typesv1.EventStatus, limit int) (_ []AthleteTeam, err error) {
	defer apperr.Wrap(&err, "store.SearchAthletes()")
	rows, err := s.db.Query(ctx, `SELECT `+teamHitColumns+`,
			t.athlete1_key, t.athlete2_key,
			coalesce(CASE WHEN r.captain_name <> '`+FormerAthlete+`' THEN r.captain_id::text END, ''),
			coalesce(CASE WHEN r.partner_name <> '`+FormerAthlete+`' THEN r.partner_id::text END, '')
		FROM competition.teams t
		JOIN competition.events e ON e.id = t.event_id
		JOIN competition.divisions d ON d.id = t.division_id
		LEFT JOIN competition.registrations r ON r.team_id = t.id
		WHERE (t.athlete1_key LIKE ANY($1) OR t.athlete2_key LIKE ANY($1)) AND e.status = ANY($2)
		ORDER BY e.date_from DESC, t.name, t.id LIMIT $3`, pgx.QueryExecModeExec, q.Patterns, words.Strings(statuses), limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (AthleteTeam, error) {
		var a AthleteTeam
		h := &a.Team
		err := r.Scan(&h.ID, &h.Name, &h.EventID, &h.EventName, &h.DivisionName, &h.Athlete1Name, &h.Athlete2Name,
			&a.Athlete1Key, &a.Athlete2Key, &a.Athlete1ID, &a.Athlete2ID)
		return a, err
	})
}
