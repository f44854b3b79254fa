package store

import (
	"context"
	"errors"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// An event's payment instructions (migrations/1056_payment_instructions.sql): the bank
// details for fees paid by transfer. Registrations read them with their event (regSelect).

// EventBankDetails is the event's bank details, "" when none.
func (s *Store) EventBankDetails(ctx context.Context, eventID string) (_ string, err error) {
	defer apperr.Wrap(&err, "store.EventBankDetails(%q)", eventID)
	var details string
	err = s.db.QueryRow(ctx, `SELECT bank_details FROM competition.event_payment_details WHERE event_id = $1`, eventID).Scan(&details)
	if err = notFound(err); errors.Is(err, ErrNotFound) {
		return "", nil
	}
	return details, err
}

// PutEventBankDetails writes the event's bank details; "" removes them.
func (s *Store) PutEventBankDetails(ctx context.Context, eventID, details, by string) (err error) {
	defer apperr.Wrap(&err, "store.PutEventBankDetails(%q)", eventID)
	if details == "" {
		_, err = s.db.Exec(ctx, `DELETE FROM competition.event_payment_details WHERE event_id = $1`, eventID)
		return err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.event_payment_details (event_id, bank_details, updated_by) VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO UPDATE SET bank_details = EXCLUDED.bank_details, updated_by = EXCLUDED.updated_by, updated_at = now()`,
		eventID, details, by)
	return err
}
