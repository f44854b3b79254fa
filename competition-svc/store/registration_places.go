package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// RegPlace is a place of a registration after the captain's (migration
// 1040_registration_rosters.sql): open until an athlete takes it (AthleteID) or the captain
// types a name; Email reserves an open place for that address's invitation.
type RegPlace struct {
	Position   int
	Email      string
	AthleteID  string
	Name       string
	Category   string
	BirthDate  string // YYYY-MM-DD or ""
	Substitute bool
}

// Open reports whether nobody holds the place yet.
func (p RegPlace) Open() bool { return p.Name == "" }

const placeSelect = `SELECT registration_id::text, position, email, coalesce(athlete_id::text, ''), name, category,
	coalesce(to_char(birth_date, 'YYYY-MM-DD'), ''), substitute FROM competition.registration_places`

// RegistrationPlaces returns the places of the given registrations by registration id, each in
// position order.
func (s *Store) RegistrationPlaces(ctx context.Context, ids []string) (_ map[string][]RegPlace, err error) {
	defer apperr.Wrap(&err, "store.RegistrationPlaces()")
	out := map[string][]RegPlace{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.db.Query(ctx, placeSelect+` WHERE registration_id = ANY($1::uuid[]) ORDER BY registration_id, position`, ids)
	if err != nil {
		return nil, err
	}
	var id string
	var p RegPlace
	_, err = pgx.ForEachRow(rows, []any{&id, &p.Position, &p.Email, &p.AthleteID, &p.Name, &p.Category, &p.BirthDate, &p.Substitute}, func() error {
		out[id] = append(out[id], p)
		return nil
	})
	return out, err
}

// withPlaces fills in one registration's places (pairs have none):
// withPlaces(ctx)(scanRegistration(…)).
func (s *Store) withPlaces(ctx context.Context) func(Registration, error) (Registration, error) {
	return func(r Registration, err error) (Registration, error) {
		if err != nil || r.TeamSize == 2 {
			return r, err
		}
		places, err := s.RegistrationPlaces(ctx, []string{r.ID})
		r.Places = places[r.ID]
		return r, err
	}
}

// listWithPlaces fills in the places of the registrations listed, in one query.
func (s *Store) listWithPlaces(ctx context.Context) func([]Registration, error) ([]Registration, error) {
	return func(list []Registration, err error) ([]Registration, error) {
		if err != nil {
			return list, err
		}
		var ids []string
		for _, r := range list {
			if r.TeamSize != 2 {
				ids = append(ids, r.ID)
			}
		}
		places, err := s.RegistrationPlaces(ctx, ids)
		if err != nil {
			return nil, err
		}
		for i := range list {
			list[i].Places = places[list[i].ID]
		}
		return list, nil
	}
}

// ReplacePlaces writes a registration's places (a few rows: the team's), in the transaction of
// the registration's other writes.
func (s *Store) ReplacePlaces(ctx context.Context, registrationID string, places []RegPlace) (err error) {
	defer apperr.Wrap(&err, "store.ReplacePlaces(%q)", registrationID)
	if _, err := s.db.Exec(ctx, `DELETE FROM competition.registration_places WHERE registration_id = $1`, registrationID); err != nil {
		return err
	}
	if len(places) == 0 {
		return nil
	}
	n := len(places)
	positions, emails, accounts, names, categories, births := make([]int, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	subs := make([]bool, n)
	for i, p := range places {
		positions[i], emails[i], accounts[i], names[i], categories[i], births[i], subs[i] =
			p.Position, p.Email, p.AthleteID, p.Name, p.Category, p.BirthDate, p.Substitute
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.registration_places
		(registration_id, position, email, athlete_id, name, category, birth_date, substitute)
		SELECT $1, p, e, nullif(a, '')::uuid, n, c, nullif(b, '')::date, s
		FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bool[]) AS x(p, e, a, n, c, b, s)`,
		registrationID, positions, emails, accounts, names, categories, births, subs)
	return err
}

// ReleaseAthlete frees one athlete of a registration (they left it or were swapped out).
func (s *Store) ReleaseAthlete(ctx context.Context, registrationID, userID string) (err error) {
	defer apperr.Wrap(&err, "store.ReleaseAthlete(%q, %q)", registrationID, userID)
	_, err = s.db.Exec(ctx, `DELETE FROM competition.registration_athletes WHERE registration_id = $1 AND user_id = $2`,
		registrationID, userID)
	return err
}

// RenameRegisteredTeam renames the team made from a registration, or returns ErrNotFound.
func (s *Store) RenameRegisteredTeam(ctx context.Context, teamID, name string) (err error) {
	defer apperr.Wrap(&err, "store.RenameRegisteredTeam(%q)", teamID)
	tag, err := s.db.Exec(ctx, `UPDATE competition.teams SET name = $2, updated_at = now() WHERE id = $1`, teamID, name)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// RenewInvitation sets until when a registration's share code is valid (a place opened again).
func (s *Store) RenewInvitation(ctx context.Context, registrationID string, until time.Time) (err error) {
	defer apperr.Wrap(&err, "store.RenewInvitation(%q)", registrationID)
	_, err = s.db.Exec(ctx, `UPDATE competition.registrations SET invite_expires_at = $2 WHERE id = $1`, registrationID, until)
	return err
}

// forgetPlaces erases a deleted athlete from the places of registrations and the rosters of
// teams (docs/access.md, "Athletes"): a place they took keeps FormerAthlete, no account, no
// birth date; an open place reserved for their address is open to anyone; a captain's birth
// date goes.
func (s *Store) forgetPlaces(ctx context.Context, userID, email string) (err error) {
	defer apperr.Wrap(&err, "store.forgetPlaces(%q)", userID)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE competition.registration_places SET name = $2, email = '', athlete_id = NULL, birth_date = NULL
			WHERE athlete_id = $1`, []any{userID, FormerAthlete}},
		{`UPDATE competition.registration_places SET email = '' WHERE athlete_id IS NULL AND $1 <> '' AND lower(email) = lower($1)`, []any{email}},
		{`UPDATE competition.registrations SET captain_birth_date = NULL WHERE captain_id = $1`, []any{userID}},
		// The second place's name column of teams first (its trigger follows on the roster).
		{`UPDATE competition.teams t SET athlete2_name = $2, updated_at = now() FROM competition.team_athletes a
			WHERE a.team_id = t.id AND a.position = 2 AND a.athlete_id = $1`, []any{userID, FormerAthlete}},
		{`UPDATE competition.team_athletes SET name = $2, athlete_id = NULL, birth_date = NULL WHERE athlete_id = $1`, []any{userID, FormerAthlete}},
	} {
		if _, err := s.db.Exec(ctx, q.sql, q.args...); err != nil {
			return err
		}
	}
	return nil
}
