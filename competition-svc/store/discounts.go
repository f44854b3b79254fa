package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// An event's discount codes and their redemptions (migrations/1110_discount_codes.sql).

// DiscountCode is a percentage (PercentOff) or an amount (AmountOffCents) off an event's entry
// fees; MaxUses 0 is no limit, ExpiresAt nil never expires, DivisionIDs empty is every division.
type DiscountCode struct {
	ID             string
	EventID        string
	Code           string
	PercentOff     int32
	AmountOffCents int32
	MaxUses        int32
	Uses           int32
	ExpiresAt      *time.Time
	DivisionIDs    []string
	CreatedAt      time.Time
}

const discountSelect = `SELECT id::text, event_id::text, code, percent_off, amount_off_cents, coalesce(max_uses, 0), uses,
	expires_at, division_ids::text[], created_at FROM competition.discount_codes`

func scanDiscount(row pgx.Row) (DiscountCode, error) {
	var c DiscountCode
	err := row.Scan(&c.ID, &c.EventID, &c.Code, &c.PercentOff, &c.AmountOffCents, &c.MaxUses, &c.Uses, &c.ExpiresAt,
		&c.DivisionIDs, &c.CreatedAt)
	return c, notFound(err)
}

// ListDiscountCodes returns the event's codes, newest first.
func (s *Store) ListDiscountCodes(ctx context.Context, eventID string) (_ []DiscountCode, err error) {
	defer apperr.Wrap(&err, "store.ListDiscountCodes(%q)", eventID)
	rows, err := s.db.Query(ctx, discountSelect+` WHERE event_id = $1 ORDER BY created_at DESC, id`, eventID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (DiscountCode, error) { return scanDiscount(row) })
}

// DiscountCodeByCode returns the event's code compared without case, or ErrNotFound.
func (s *Store) DiscountCodeByCode(ctx context.Context, eventID, code string) (_ DiscountCode, err error) {
	defer apperr.Wrap(&err, "store.DiscountCodeByCode(%q)", eventID)
	return scanDiscount(s.db.QueryRow(ctx, discountSelect+` WHERE event_id = $1 AND upper(code) = upper($2)`, eventID, code))
}

// GetDiscountCode returns one code of the event, or ErrNotFound.
func (s *Store) GetDiscountCode(ctx context.Context, eventID, id string) (_ DiscountCode, err error) {
	defer apperr.Wrap(&err, "store.GetDiscountCode(%q)", id)
	return scanDiscount(s.db.QueryRow(ctx, discountSelect+` WHERE event_id = $1 AND id = $2`, eventID, id))
}

// CreateDiscountCode inserts a code and returns its id; taken is true (and nothing written)
// when the event has the code already, compared without case.
func (s *Store) CreateDiscountCode(ctx context.Context, c DiscountCode, by string) (id string, taken bool, err error) {
	defer apperr.Wrap(&err, "store.CreateDiscountCode(%q)", c.EventID)
	var maxUses *int32
	if c.MaxUses > 0 {
		maxUses = &c.MaxUses
	}
	divisions := c.DivisionIDs
	if divisions == nil {
		divisions = []string{}
	}
	err = s.db.QueryRow(ctx, `INSERT INTO competition.discount_codes (event_id, code, percent_off, amount_off_cents,
		max_uses, expires_at, division_ids, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7::uuid[], $8)
		ON CONFLICT (event_id, upper(code)) DO NOTHING RETURNING id::text`,
		c.EventID, c.Code, c.PercentOff, c.AmountOffCents, maxUses, c.ExpiresAt, divisions, by).Scan(&id)
	if err = notFound(err); errors.Is(err, ErrNotFound) {
		return "", true, nil
	}
	return id, false, err
}

// DeleteDiscountCode deletes one code of the event; registrations that redeemed it keep their
// price and the code's name. ok is false when there was none.
func (s *Store) DeleteDiscountCode(ctx context.Context, eventID, id string) (ok bool, err error) {
	defer apperr.Wrap(&err, "store.DeleteDiscountCode(%q)", id)
	tag, err := s.db.Exec(ctx, `DELETE FROM competition.discount_codes WHERE event_id = $1 AND id = $2`, eventID, id)
	return tag.RowsAffected() == 1, err
}

// RedeemDiscountCode counts one use of a code, in one statement that also checks the limit, so
// concurrent redemptions never pass it; ok is false when the code is used up.
func (s *Store) RedeemDiscountCode(ctx context.Context, id string) (ok bool, err error) {
	defer apperr.Wrap(&err, "store.RedeemDiscountCode(%q)", id)
	tag, err := s.db.Exec(ctx, `UPDATE competition.discount_codes SET uses = uses + 1
		WHERE id = $1 AND (max_uses IS NULL OR uses < max_uses)`, id)
	return tag.RowsAffected() == 1, err
}

// SetDiscount records a code redeemed after registering: the code, what it took off and the fee
// now owed. A Checkout page made for the old amount is dropped (the next one is asked for the
// new amount).
func (s *Store) SetDiscount(ctx context.Context, registrationID, code string, discountCents, feeCents int32) (err error) {
	defer apperr.Wrap(&err, "store.SetDiscount(%q)", registrationID)
	tag, err := s.db.Exec(ctx, `UPDATE competition.registrations SET discount_code = $2, discount_cents = $3, fee_cents = $4,
		checkout_url = '', checkout_expires_at = NULL, updated_at = now() WHERE id = $1`, registrationID, code, discountCents, feeCents)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}
