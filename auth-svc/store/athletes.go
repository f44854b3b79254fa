package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The athletes: accounts of the public site, known by their email address, with a profile.

// ErrEmailTaken means an account with that address exists already.
var ErrEmailTaken = errors.New("email taken")

// Profile is what an athlete tells about themselves.
type Profile struct {
	FirstName string
	LastName  string
	Club      string
	Country   string
	BirthYear *int32
}

// Athlete is an athlete's account and profile.
type Athlete struct {
	Profile
	ID            string
	Email         string
	PasswordHash  string
	EmailVerified bool
	Disabled      bool
	// Language is the one the athlete chose ("" none): their mails' language
	// (docs/architecture.md, "Languages").
	Language string
}

const athleteColumns = `u.id, u.email, u.password_hash, u.email_verified_at IS NOT NULL, u.disabled,
	a.first_name, a.last_name, a.club, a.country, a.birth_year, u.language`

const athletesFrom = ` FROM auth.users u JOIN auth.athletes a ON a.user_id = u.id`

func scanAthlete(row pgx.Row) (Athlete, error) {
	var a Athlete
	err := row.Scan(&a.ID, &a.Email, &a.PasswordHash, &a.EmailVerified, &a.Disabled,
		&a.FirstName, &a.LastName, &a.Club, &a.Country, &a.BirthYear, &a.Language)
	if errors.Is(err, pgx.ErrNoRows) {
		return Athlete{}, ErrNotFound
	}
	return a, err
}

// AthleteByEmail finds an athlete by address, ignoring case.
func (s *Store) AthleteByEmail(ctx context.Context, email string) (_ Athlete, err error) {
	defer apperr.Wrap(&err, "store.AthleteByEmail()")
	return scanAthlete(s.db.QueryRow(ctx, `SELECT `+athleteColumns+athletesFrom+` WHERE lower(u.email) = lower($1)`, email))
}

// AthleteByID finds an athlete.
func (s *Store) AthleteByID(ctx context.Context, id string) (_ Athlete, err error) {
	defer apperr.Wrap(&err, "store.AthleteByID(%q)", id)
	return scanAthlete(s.db.QueryRow(ctx, `SELECT `+athleteColumns+athletesFrom+` WHERE u.id = $1`, id))
}

// LookupAthletes returns the athletes with any of the ids.
func (s *Store) LookupAthletes(ctx context.Context, ids []string) (_ []Athlete, err error) {
	defer apperr.Wrap(&err, "store.LookupAthletes()")
	rows, err := s.db.Query(ctx, `SELECT `+athleteColumns+athletesFrom+` WHERE u.id = ANY($1::uuid[]) ORDER BY lower(a.last_name), lower(a.first_name), u.id`, ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Athlete, error) { return scanAthlete(row) })
}

// UpdateProfile replaces an athlete's profile.
func (s *Store) UpdateProfile(ctx context.Context, id string, p Profile) (_ Athlete, err error) {
	defer apperr.Wrap(&err, "store.UpdateProfile(%q)", id)
	tag, err := s.db.Exec(ctx, `UPDATE auth.athletes SET first_name = $2, last_name = $3, club = $4, country = $5,
		birth_year = $6, updated_at = now() WHERE user_id = $1`, id, p.FirstName, p.LastName, p.Club, p.Country, p.BirthYear)
	if err != nil {
		return Athlete{}, err
	}
	if tag.RowsAffected() == 0 {
		return Athlete{}, ErrNotFound
	}
	return s.AthleteByID(ctx, id)
}
