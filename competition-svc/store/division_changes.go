package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pg"
)

// Division changes on request (migrations/1120_division_changes.sql, docs/registration.md,
// "Division changes"): one open request per registration, read with the registration.

// DivisionChange is a registration's open request to move to another division.
type DivisionChange struct {
	ID             string
	RegistrationID string
	ToDivisionID   string
	ToDivisionName string
	// ToFeeCents is the target division's entry fee (before any discount).
	ToFeeCents  int32
	Note        string
	RequestedBy string
	CreatedAt   time.Time
	// Code is the discount code the registration redeemed, as the event has it now (nil: none,
	// or deleted since), for the price in the target division.
	Code *DiscountCode
}

// ErrChangeOpen is returned when the registration already has an open request.
var ErrChangeOpen = errors.New("registration already has an open division change request")

// divisionChangeColumns and divisionChangeJoin read a registration's open request with it
// (regSelect); every column is empty without one.
const divisionChangeColumns = `coalesce(dc.id::text, ''), coalesce(dc.to_division_id::text, ''), coalesce(dc.to_name, ''),
	coalesce(dc.to_fee, 0), coalesce(dc.note, ''), coalesce(dc.requested_by, ''), coalesce(dc.created_at, 'epoch'::timestamptz),
	coalesce(dc.code_percent, -1), coalesce(dc.code_amount, 0)`

const divisionChangeJoin = `LEFT JOIN LATERAL (SELECT c.id, c.to_division_id, td.name AS to_name,
		(SELECT ts.fee_cents FROM competition.registration_settings ts WHERE ts.division_id = c.to_division_id) AS to_fee,
		c.note, c.requested_by, c.created_at,
		(SELECT k.percent_off FROM competition.discount_codes k WHERE k.event_id = r.event_id AND r.discount_code <> ''
			AND upper(k.code) = upper(r.discount_code)) AS code_percent,
		(SELECT k.amount_off_cents FROM competition.discount_codes k WHERE k.event_id = r.event_id AND r.discount_code <> ''
			AND upper(k.code) = upper(r.discount_code)) AS code_amount
		FROM competition.division_change_requests c JOIN competition.divisions td ON td.id = c.to_division_id
		WHERE c.registration_id = r.id AND c.decided_at IS NULL) dc ON true`

// CreateDivisionChange records an open request, or returns ErrChangeOpen.
func (s *Store) CreateDivisionChange(ctx context.Context, registrationID, fromDivisionID, toDivisionID, note, by string) (_ string, err error) {
	defer apperr.Wrap(&err, "store.CreateDivisionChange(%q)", registrationID)
	var id string
	err = s.db.QueryRow(ctx, `INSERT INTO competition.division_change_requests
		(registration_id, from_division_id, to_division_id, note, requested_by) VALUES ($1, $2, $3, $4, $5)
		RETURNING id::text`, registrationID, fromDivisionID, toDivisionID, note, by).Scan(&id)
	if pg.IsUniqueViolation(err) {
		return "", ErrChangeOpen
	}
	return id, err
}

// EndDivisionChange closes the open request id with its outcome (approved, refused,
// cancelled), who decided, the reason and the price difference; ErrNotFound when it is not
// open any more.
func (s *Store) EndDivisionChange(ctx context.Context, id, outcome, by, reason string, difference int32) (err error) {
	defer apperr.Wrap(&err, "store.EndDivisionChange(%q)", id)
	tag, err := s.db.Exec(ctx, `UPDATE competition.division_change_requests SET decided_at = now(), decided_by = $3,
		outcome = $2, reason = $4, difference_cents = $5 WHERE id = $1 AND decided_at IS NULL`, id, outcome, by, reason, difference)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// LastDivisionChangeOutcome is the outcome of the registration's latest decided request ("" none).
func (s *Store) LastDivisionChangeOutcome(ctx context.Context, registrationID string) (_ string, err error) {
	defer apperr.Wrap(&err, "store.LastDivisionChangeOutcome(%q)", registrationID)
	var outcome string
	err = s.db.QueryRow(ctx, `SELECT coalesce((SELECT outcome FROM competition.division_change_requests
		WHERE registration_id = $1 AND decided_at IS NOT NULL ORDER BY decided_at DESC LIMIT 1), '')`, registrationID).Scan(&outcome)
	return outcome, err
}

// RegistrationEligibility is what each athlete of the registration gave for eligibility.
func (s *Store) RegistrationEligibility(ctx context.Context, registrationID string) (_ map[string]AthleteEligibility, err error) {
	defer apperr.Wrap(&err, "store.RegistrationEligibility(%q)", registrationID)
	rows, err := s.db.Query(ctx, `SELECT x.registration_id::text, x.athlete_id::text, x.member_number, x.birth_date, x.category, x.overridden
		FROM competition.registration_eligibility x WHERE x.registration_id = $1`, registrationID)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, scanAthleteEligibility)
	out := map[string]AthleteEligibility{}
	for _, a := range list {
		out[a.AthleteID] = a
	}
	return out, err
}

// setCode sets the code of a change from its two columns (percent -1: none).
func (c *DivisionChange) setCode(percent, amount int32) {
	if percent >= 0 {
		c.Code = &DiscountCode{PercentOff: percent, AmountOffCents: amount}
	}
}
