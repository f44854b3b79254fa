package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
)

// OpenDivision is a division whose registration window is open, with its places counted as
// CountPlaces counts them.
type OpenDivision struct {
	Settings RegSettings
	Places   Places
}

// ListOpenDivisions returns the divisions of events with one of statuses whose registration
// window holds now and that have not taken place yet (their last day, in the event's own time
// zone, is today or later), soonest event first, in one query (the federation's home asks on every
// view).
func (s *Store) ListOpenDivisions(ctx context.Context, statuses []typesv1.EventStatus, now time.Time) (_ []OpenDivision, err error) {
	defer apperr.Wrap(&err, "store.ListOpenDivisions()")
	rows, err := s.db.Query(ctx, `SELECT s.division_id::text, s.event_id::text, d.name, s.opens_at, s.closes_at,
			s.capacity, s.fee_cents, s.currency, s.waitlist, s.approval_required, s.refund_deadline,`+
		placesColumns("s.division_id")+`
		FROM competition.registration_settings s
		JOIN competition.divisions d ON d.id = s.division_id
		JOIN competition.events e ON e.id = s.event_id
		WHERE e.status = ANY($1) AND s.opens_at <= $2 AND $2 < s.closes_at
			AND e.date_to >= ($2 AT TIME ZONE e.time_zone)::date
		ORDER BY e.date_from, e.name, e.id, d.name, d.id`, words.Strings(statuses), now)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (OpenDivision, error) {
		var o OpenDivision
		r := &o.Settings
		err := row.Scan(&r.DivisionID, &r.EventID, &r.DivisionName, &r.OpensAt, &r.ClosesAt, &r.Capacity,
			&r.FeeCents, &r.Currency, &r.Waitlist, &r.ApprovalRequired, &r.RefundDeadline, &o.Places.Taken, &o.Places.Waitlist)
		return o, err
	})
}
