package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// MoneyLine is what an event's registrations of one division in one currency brought in, gave
// back and still owe (docs/finding-events.md, "Money").
type MoneyLine struct {
	DivisionID      string
	DivisionName    string
	Currency        string
	PaidOnlineCents int64
	PaidOnlineCount int32
	PaidByHandCents int64
	PaidByHandCount int32
	RefundedCents   int64
	RefundedCount   int32
	OwedCents       int64
	OwedCount       int32
	RefundDueCents  int64
	RefundDueCount  int32
	// Taken off by discount codes, on registrations paid or owed.
	DiscountCents int64
	DiscountCount int32
}

// EventMoney sums the event's registrations per division and currency: paid (online: Stripe;
// by hand: cash or transfer), refunded, and owed (a fee not paid on a live registration off the
// waiting list, or the price difference a paid one owes after a division change), refunds decided and not made yet, and what discount codes took off.
// Registrations without a fee (before a discount) count nowhere.
func (s *Store) EventMoney(ctx context.Context, eventID string) (_ []MoneyLine, err error) {
	defer apperr.Wrap(&err, "store.EventMoney(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT r.division_id::text, d.name, r.currency,
		COALESCE(SUM(r.fee_cents) FILTER (WHERE r.paid_at IS NOT NULL AND r.payment_method = 'stripe'), 0),
		COUNT(*) FILTER (WHERE r.paid_at IS NOT NULL AND r.payment_method = 'stripe')::int,
		COALESCE(SUM(r.fee_cents) FILTER (WHERE r.paid_at IS NOT NULL AND r.payment_method <> 'stripe'), 0),
		COUNT(*) FILTER (WHERE r.paid_at IS NOT NULL AND r.payment_method <> 'stripe')::int,
		COALESCE(SUM(r.refund_cents) FILTER (WHERE r.refunded_at IS NOT NULL), 0),
		COUNT(*) FILTER (WHERE r.refunded_at IS NOT NULL)::int,
		COALESCE(SUM(CASE WHEN r.paid_at IS NULL THEN r.fee_cents ELSE r.owed_cents END)
			FILTER (WHERE (r.paid_at IS NULL OR r.owed_cents > 0) AND r.state NOT IN ('withdrawn', 'refused', 'waitlisted')), 0),
		COUNT(*) FILTER (WHERE (r.paid_at IS NULL OR r.owed_cents > 0) AND r.state NOT IN ('withdrawn', 'refused', 'waitlisted'))::int,
		COALESCE(SUM(r.refund_cents) FILTER (WHERE r.refund_requested_at IS NOT NULL AND r.refunded_at IS NULL), 0),
		COUNT(*) FILTER (WHERE r.refund_requested_at IS NOT NULL AND r.refunded_at IS NULL)::int,
		COALESCE(SUM(r.discount_cents) FILTER (WHERE r.discount_cents > 0
			AND (r.paid_at IS NOT NULL OR r.state NOT IN ('withdrawn', 'refused', 'waitlisted'))), 0),
		COUNT(*) FILTER (WHERE r.discount_cents > 0
			AND (r.paid_at IS NOT NULL OR r.state NOT IN ('withdrawn', 'refused', 'waitlisted')))::int
		FROM competition.registrations r
		JOIN competition.divisions d ON d.id = r.division_id
		WHERE r.event_id = $1 AND (r.fee_cents > 0 OR r.discount_cents > 0)
		GROUP BY r.division_id, d.name, r.currency
		ORDER BY d.name, r.currency`, eventID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[MoneyLine])
}
