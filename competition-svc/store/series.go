package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pg"
)

// Series groups events of a season (docs/series.md).
type Series struct {
	ID           string
	Name         string
	Season       string
	Description  string
	ScoringTable string
	CustomPoints []float64
	BestN        int
	Published    bool
	// Ranking is RankByTeam or RankByAthlete (docs/series.md, "Ranking").
	Ranking   string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// SeriesDivision is one of a series' own divisions.
type SeriesDivision struct {
	ID   string
	Name string
}

// SeriesEvent is an event of a series with every division of the event and what it maps to
// ("" for none).
type SeriesEvent struct {
	EventID   string
	EventName string
	DateFrom  time.Time
	DateTo    time.Time
	Status    typesv1.EventStatus
	Divisions []SeriesMapping
}

// SeriesMapping is one event division and the series division it counts for.
type SeriesMapping struct {
	DivisionID       string
	DivisionName     string
	SeriesDivisionID string
}

// The series' ranking modes.
const (
	RankByTeam    = "team"
	RankByAthlete = "athlete"
)

// SeriesTeam is a team of a mapped division, with the name key that makes it one competitor
// across events (team_name_key), the athlete accounts on it and, for a division of another
// size than pairs, its starting athletes (the series package makes the competitor of them:
// competition-svc/series/competitors.go).
type SeriesTeam struct {
	TeamID           string
	EventID          string
	SeriesDivisionID string
	Name             string
	Competitor       string
	Athletes         []SeriesAthlete
	TeamSize         int
	Starting         []SeriesPlace
}

// SeriesAthlete is an athlete account on a team: for pairs, the captain (athlete 1) or the
// partner (athlete 2) of the registration the team was made from; for other sizes, each
// starting athlete's account on the roster.
type SeriesAthlete struct {
	ID, Name string
}

// SeriesPlace is a starting athlete of a roster: the name, its key (team_name_key), the
// account when the place holds one and the birth date when known (YYYY-MM-DD).
type SeriesPlace struct {
	Name      string `json:"name"`
	NameKey   string `json:"nameKey"`
	AthleteID string `json:"athleteId"`
	BirthDate string `json:"birthDate"`
}

// ErrDuplicate is returned when a write would break a uniqueness rule of series (a division
// name taken, a division mapped twice).
var ErrDuplicate = errors.New("duplicate")

const seriesColumns = `s.id::text, s.name, s.season, s.description, s.scoring_table, s.custom_points,
	s.best_n, s.published, s.ranking, s.created_at, s.updated_at`

func scanSeries(row pgx.Row) (Series, error) {
	var s Series
	err := row.Scan(&s.ID, &s.Name, &s.Season, &s.Description, &s.ScoringTable, &s.CustomPoints,
		&s.BestN, &s.Published, &s.Ranking, &s.CreatedAt, &s.UpdatedAt)
	if s.CustomPoints == nil {
		s.CustomPoints = []float64{}
	}
	return s, err
}

// ListSeries returns every series (published only when publishedOnly), newest season first,
// then by name.
func (s *Store) ListSeries(ctx context.Context, publishedOnly bool) (_ []Series, err error) {
	defer apperr.Wrap(&err, "store.ListSeries()")
	rows, err := s.db.Query(ctx, `SELECT `+seriesColumns+` FROM competition.series s
		WHERE s.published OR NOT $1 ORDER BY s.season DESC, s.name, s.id`, publishedOnly)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Series, error) { return scanSeries(r) })
}

// GetSeries returns one series or ErrNotFound; lock holds its row until the transaction ends,
// so changes to its events and divisions take turns.
func (s *Store) GetSeries(ctx context.Context, id string, lock bool) (_ Series, err error) {
	defer apperr.Wrap(&err, "store.GetSeries()")
	q := `SELECT ` + seriesColumns + ` FROM competition.series s WHERE s.id = $1`
	if lock {
		q += ` FOR UPDATE`
	}
	out, err := scanSeries(s.db.QueryRow(ctx, q, id))
	return out, notFound(err)
}

// CreateSeries inserts a series and returns it.
func (s *Store) CreateSeries(ctx context.Context, in Series) (_ Series, err error) {
	defer apperr.Wrap(&err, "store.CreateSeries()")
	return scanSeries(s.db.QueryRow(ctx, `INSERT INTO competition.series AS s
		(name, season, description, scoring_table, custom_points, best_n, published, ranking)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING `+seriesColumns,
		in.Name, in.Season, in.Description, in.ScoringTable, points(in.CustomPoints), in.BestN, in.Published, in.Ranking))
}

// UpdateSeries replaces a series' fields, or returns ErrNotFound.
func (s *Store) UpdateSeries(ctx context.Context, in Series) (_ Series, err error) {
	defer apperr.Wrap(&err, "store.UpdateSeries()")
	out, err := scanSeries(s.db.QueryRow(ctx, `UPDATE competition.series AS s SET
		name = $2, season = $3, description = $4, scoring_table = $5, custom_points = $6, best_n = $7,
		published = $8, ranking = $9, updated_at = now() WHERE s.id = $1 RETURNING `+seriesColumns,
		in.ID, in.Name, in.Season, in.Description, in.ScoringTable, points(in.CustomPoints), in.BestN, in.Published, in.Ranking))
	return out, notFound(err)
}

// TouchSeries marks a series changed (its events or divisions).
func (s *Store) TouchSeries(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.TouchSeries()")
	_, err = s.db.Exec(ctx, `UPDATE competition.series SET updated_at = now() WHERE id = $1`, id)
	return err
}

// DeleteSeries removes a series with its mappings (never its events), or returns ErrNotFound.
func (s *Store) DeleteSeries(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteSeries()")
	tag, err := s.db.Exec(ctx, `DELETE FROM competition.series WHERE id = $1`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return err
}

// SeriesDivisions returns a series' divisions by name.
func (s *Store) SeriesDivisions(ctx context.Context, seriesID string) (_ []SeriesDivision, err error) {
	defer apperr.Wrap(&err, "store.SeriesDivisions()")
	rows, err := s.db.Query(ctx, `SELECT id::text, name FROM competition.series_divisions
		WHERE series_id = $1 ORDER BY name, id`, seriesID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[SeriesDivision])
}

// EnsureSeriesDivision returns the id of the series division named name (compared as team
// names are), created when the series has none.
func (s *Store) EnsureSeriesDivision(ctx context.Context, seriesID, name string) (_ string, err error) {
	defer apperr.Wrap(&err, "store.EnsureSeriesDivision()")
	var id string
	err = s.db.QueryRow(ctx, `SELECT id::text FROM competition.series_divisions
		WHERE series_id = $1 AND competition.team_name_key(name) = competition.team_name_key($2)`, seriesID, name).Scan(&id)
	if err == nil || !errors.Is(err, pgx.ErrNoRows) {
		return id, err
	}
	err = s.db.QueryRow(ctx, `INSERT INTO competition.series_divisions (series_id, name) VALUES ($1, $2)
		RETURNING id::text`, seriesID, name).Scan(&id)
	return id, duplicate(err)
}

// CreateSeriesDivision adds a division to a series; ErrDuplicate when the name is taken.
func (s *Store) CreateSeriesDivision(ctx context.Context, seriesID, name string) (err error) {
	defer apperr.Wrap(&err, "store.CreateSeriesDivision()")
	_, err = s.db.Exec(ctx, `INSERT INTO competition.series_divisions (series_id, name) VALUES ($1, $2)`, seriesID, name)
	return duplicate(err)
}

// SeriesEvents returns a series' events in season order, each with every division of the
// event (by name) and what it maps to.
func (s *Store) SeriesEvents(ctx context.Context, seriesID string) (_ []SeriesEvent, err error) {
	defer apperr.Wrap(&err, "store.SeriesEvents()")
	rows, err := s.db.Query(ctx, `SELECT e.id::text, e.name, e.date_from, e.date_to, e.status,
			coalesce(d.id::text, ''), coalesce(d.name, ''), coalesce(m.series_division_id::text, '')
		FROM competition.series_events se
		JOIN competition.events e ON e.id = se.event_id
		LEFT JOIN competition.divisions d ON d.event_id = e.id
		LEFT JOIN competition.series_division_map m ON m.series_id = se.series_id AND m.division_id = d.id
		WHERE se.series_id = $1
		ORDER BY e.date_from, e.name, e.id, d.name, d.id`, seriesID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []SeriesEvent
	for rows.Next() {
		var ev SeriesEvent
		var m SeriesMapping
		if err := rows.Scan(&ev.EventID, &ev.EventName, &ev.DateFrom, &ev.DateTo, pg.Text(&ev.Status),
			&m.DivisionID, &m.DivisionName, &m.SeriesDivisionID); err != nil {
			return nil, err
		}
		if n := len(out); n == 0 || out[n-1].EventID != ev.EventID {
			out = append(out, ev)
		}
		if m.DivisionID != "" {
			last := &out[len(out)-1]
			last.Divisions = append(last.Divisions, m)
		}
	}
	return out, rows.Err()
}

// AddSeriesEvent puts an event in a series; added is false when it was there already.
func (s *Store) AddSeriesEvent(ctx context.Context, seriesID, eventID string) (added bool, err error) {
	defer apperr.Wrap(&err, "store.AddSeriesEvent()")
	tag, err := s.db.Exec(ctx, `INSERT INTO competition.series_events (series_id, event_id) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, seriesID, eventID)
	return tag.RowsAffected() == 1, err
}

// RemoveSeriesEvent takes an event out of a series with its mapping, or returns ErrNotFound.
func (s *Store) RemoveSeriesEvent(ctx context.Context, seriesID, eventID string) (err error) {
	defer apperr.Wrap(&err, "store.RemoveSeriesEvent()")
	tag, err := s.db.Exec(ctx, `DELETE FROM competition.series_events WHERE series_id = $1 AND event_id = $2`, seriesID, eventID)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return err
}

// ReplaceSeriesMapping replaces an event's division mapping in a series; ErrDuplicate when
// two divisions of the event map to one series division.
func (s *Store) ReplaceSeriesMapping(ctx context.Context, seriesID, eventID string, m []SeriesMapping) (err error) {
	defer apperr.Wrap(&err, "store.ReplaceSeriesMapping()")
	if _, err := s.db.Exec(ctx, `DELETE FROM competition.series_division_map WHERE series_id = $1 AND event_id = $2`,
		seriesID, eventID); err != nil {
		return err
	}
	for _, x := range m {
		if x.SeriesDivisionID == "" {
			continue
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO competition.series_division_map
			(series_id, event_id, division_id, series_division_id) VALUES ($1, $2, $3, $4)`,
			seriesID, eventID, x.DivisionID, x.SeriesDivisionID); err != nil {
			return duplicate(err)
		}
	}
	return nil
}

// SeriesTeams returns the teams of a series' mapped divisions. A pair carries the athlete
// accounts of the confirmed registration it was made from (captain, then partner), as the team
// names them; a deleted account (named FormerAthlete) is left out, as teamSelect leaves it
// out. A team of another size carries its starting athletes in roster order (an erased
// athlete's place holds no account: store/athletedata.go) and their accounts.
func (s *Store) SeriesTeams(ctx context.Context, seriesID string) (_ []SeriesTeam, err error) {
	defer apperr.Wrap(&err, "store.SeriesTeams()")
	rows, err := s.db.Query(ctx, `SELECT t.id::text, t.event_id::text, m.series_division_id::text, t.name,
			competition.team_name_key(t.name), d.team_size,
			coalesce(CASE WHEN r.captain_name <> '`+FormerAthlete+`' THEN r.captain_id::text END, ''), t.athlete1_name,
			coalesce(CASE WHEN r.partner_name <> '`+FormerAthlete+`' THEN r.partner_id::text END, ''), t.athlete2_name,
			CASE WHEN d.team_size <> 2 THEN (SELECT coalesce(json_agg(json_build_object('name', a.name,
					'nameKey', competition.team_name_key(a.name), 'athleteId', coalesce(a.athlete_id::text, ''),
					'birthDate', coalesce(to_char(a.birth_date, 'YYYY-MM-DD'), '')) ORDER BY a.position), '[]')
				FROM competition.team_athletes a WHERE a.team_id = t.id AND NOT a.substitute) ELSE '[]' END
		FROM competition.series_division_map m
		JOIN competition.divisions d ON d.id = m.division_id
		JOIN competition.teams t ON t.division_id = m.division_id
		LEFT JOIN competition.registrations r ON r.team_id = t.id AND r.state = 'confirmed'
		WHERE m.series_id = $1`, seriesID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []SeriesTeam{}
	for rows.Next() {
		var t SeriesTeam
		var a1, a2 SeriesAthlete
		if err := rows.Scan(&t.TeamID, &t.EventID, &t.SeriesDivisionID, &t.Name, &t.Competitor, &t.TeamSize,
			&a1.ID, &a1.Name, &a2.ID, &a2.Name, &t.Starting); err != nil {
			return nil, err
		}
		if t.TeamSize == 2 {
			t.Starting = nil
			for _, a := range []SeriesAthlete{a1, a2} {
				if a.ID != "" {
					t.Athletes = append(t.Athletes, a)
				}
			}
		}
		for _, p := range t.Starting {
			if p.AthleteID != "" {
				t.Athletes = append(t.Athletes, SeriesAthlete{ID: p.AthleteID, Name: p.Name})
			}
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// duplicate turns a unique violation into ErrDuplicate.
func duplicate(err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrDuplicate
	}
	return err
}
