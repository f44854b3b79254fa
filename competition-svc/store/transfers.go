package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Transfer is an offer of a registration's place to another athlete (migration
// 1105_registration_transfers.sql, docs/registration.md "Transfers").
type Transfer struct {
	ID             string
	RegistrationID string
	// Position is the place: 1 the captain's, 2 a pair's partner's, else a place of Places.
	Position      int
	FromAthleteID string
	ToEmail       string
	KeyHash       []byte
	OfferedBy     string
	ByOrganiser   bool
	ExpiresAt     time.Time
	CreatedAt     time.Time
	EndedAt       *time.Time
	Outcome       string
}

const transferSelect = `SELECT id::text, registration_id::text, position, from_athlete_id::text, to_email, key_hash,
	offered_by, by_organiser, expires_at, created_at, ended_at, outcome FROM competition.registration_transfers`

func scanTransfer(row pgx.Row) (Transfer, error) {
	var t Transfer
	err := row.Scan(&t.ID, &t.RegistrationID, &t.Position, &t.FromAthleteID, &t.ToEmail, &t.KeyHash, &t.OfferedBy,
		&t.ByOrganiser, &t.ExpiresAt, &t.CreatedAt, &t.EndedAt, &t.Outcome)
	return t, notFound(err)
}

// OfferTransfer writes an open offer of a place, ending the place's open offer before it
// (replaced), in the registration's transaction.
func (s *Store) OfferTransfer(ctx context.Context, t Transfer) (err error) {
	defer apperr.Wrap(&err, "store.OfferTransfer(%q, %d)", t.RegistrationID, t.Position)
	if _, err := s.db.Exec(ctx, `UPDATE competition.registration_transfers SET ended_at = now(), outcome = 'replaced'
		WHERE registration_id = $1 AND position = $2 AND ended_at IS NULL`, t.RegistrationID, t.Position); err != nil {
		return err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.registration_transfers
		(registration_id, position, from_athlete_id, to_email, key_hash, offered_by, by_organiser, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		t.RegistrationID, t.Position, t.FromAthleteID, t.ToEmail, t.KeyHash, t.OfferedBy, t.ByOrganiser, t.ExpiresAt)
	return err
}

// TransferByKey returns the offer whose link key hashes to hash, or ErrNotFound.
func (s *Store) TransferByKey(ctx context.Context, hash []byte) (_ Transfer, err error) {
	defer apperr.Wrap(&err, "store.TransferByKey()")
	return scanTransfer(s.db.QueryRow(ctx, transferSelect+` WHERE key_hash = $1`, hash))
}

// LockTransfer returns an offer and holds its row until the transaction ends (taken after the
// registration's lock), so a link used twice at once is used once.
func (s *Store) LockTransfer(ctx context.Context, id string) (_ Transfer, err error) {
	defer apperr.Wrap(&err, "store.LockTransfer(%q)", id)
	return scanTransfer(s.db.QueryRow(ctx, transferSelect+` WHERE id = $1 FOR UPDATE`, id))
}

// EndTransfer ends an open offer with its outcome (accepted, cancelled); it returns ErrNotFound
// when the offer is not open.
func (s *Store) EndTransfer(ctx context.Context, id, outcome string) (err error) {
	defer apperr.Wrap(&err, "store.EndTransfer(%q, %q)", id, outcome)
	tag, err := s.db.Exec(ctx, `UPDATE competition.registration_transfers SET ended_at = now(), outcome = $2
		WHERE id = $1 AND ended_at IS NULL`, id, outcome)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// OpenTransfers are the open offers of the given registrations by registration id, each in
// position order.
func (s *Store) OpenTransfers(ctx context.Context, ids []string) (_ map[string][]Transfer, err error) {
	defer apperr.Wrap(&err, "store.OpenTransfers()")
	out := map[string][]Transfer{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.db.Query(ctx, transferSelect+` WHERE registration_id = ANY($1::uuid[]) AND ended_at IS NULL
		ORDER BY registration_id, position`, ids)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Transfer, error) { return scanTransfer(row) })
	for _, t := range list {
		out[t.RegistrationID] = append(out[t.RegistrationID], t)
	}
	return out, err
}

// SetCaptain gives a registration's captain place to another athlete (a transfer of the
// captain's place): their account, name, address, what the division asked of them, and their
// profile's club and country, the team's snapshot for the boards (docs/boards.md, "Club and
// country are a snapshot").
func (s *Store) SetCaptain(ctx context.Context, r Registration) (err error) {
	defer apperr.Wrap(&err, "store.SetCaptain(%q)", r.ID)
	tag, err := s.db.Exec(ctx, `UPDATE competition.registrations SET captain_id = $2, captain_name = $3,
		captain_email = $4, captain_category = $5, captain_birth_date = nullif($6, '')::date,
		captain_club = $7, captain_country = $8, updated_at = now()
		WHERE id = $1`, r.ID, r.CaptainID, r.CaptainName, r.CaptainEmail, r.CaptainCategory, r.CaptainBirthDate,
		r.CaptainClub, r.CaptainCountry)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// DropAthleteEligibility forgets what an athlete who left a registration gave (their member
// number, birth date, category), so the athlete who takes the place is checked without them.
func (s *Store) DropAthleteEligibility(ctx context.Context, registrationID, athleteID string) (err error) {
	defer apperr.Wrap(&err, "store.DropAthleteEligibility(%q)", registrationID)
	_, err = s.db.Exec(ctx, `DELETE FROM competition.registration_eligibility WHERE registration_id = $1 AND athlete_id = $2`,
		registrationID, athleteID)
	return err
}

// forgetTransfers deletes the offers a deleted athlete made of their place or was named in.
func (s *Store) forgetTransfers(ctx context.Context, userID, email string) (err error) {
	defer apperr.Wrap(&err, "store.forgetTransfers(%q)", userID)
	_, err = s.db.Exec(ctx, `DELETE FROM competition.registration_transfers
		WHERE from_athlete_id = $1 OR ($2 <> '' AND lower(to_email) = lower($2))`, userID, email)
	return err
}

// SwapPairAthlete puts another athlete on place 1 or 2 of a pair's team: the name column (its
// trigger follows on the roster, docs/rosters.md) and the place's account.
func (s *Store) SwapPairAthlete(ctx context.Context, teamID string, position int, name, athleteID string) (err error) {
	defer apperr.Wrap(&err, "store.SwapPairAthlete(%q, %d)", teamID, position)
	column := "athlete1_name"
	if position == 2 {
		column = "athlete2_name"
	}
	tag, err := s.db.Exec(ctx, `UPDATE competition.teams SET `+column+` = $2, updated_at = now() WHERE id = $1`, teamID, name)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	_, err = s.db.Exec(ctx, `UPDATE competition.team_athletes SET athlete_id = $3 WHERE team_id = $1 AND position = $2`,
		teamID, position, athleteID)
	return err
}
