package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// ShiftReminder is one volunteer's shift to remind them of (migrations/1020_crew_reminders.sql).
type ShiftReminder struct {
	Name, Email, EventName, TimeZone, Role string
	StartsAt, EndsAt                       time.Time
	Confirmed                              bool
	// EventLanguage is the event's default language, the mail's (a volunteer has no account).
	EventLanguage string
}

// ClaimShiftReminders marks, and returns, up to limit assignments whose shift starts within
// before of now and that were not reminded this far ahead yet: column is reminded_48h_at or
// reminded_24h_at, after the window's inner edge (shifts nearer than after get the nearer
// reminder instead). Only confirmed addresses are written to, and only assignments made before
// the window opened. The caller queues the mails in the same transaction, so each goes once
// whatever the number of workers.
func (s *Store) ClaimShiftReminders(ctx context.Context, now time.Time, column string, before, after time.Duration, limit int) (_ []ShiftReminder, err error) {
	defer apperr.Wrap(&err, "store.ClaimShiftReminders(%q)", column)
	if column != "reminded_48h_at" && column != "reminded_24h_at" {
		return nil, fmt.Errorf("unknown reminder column %q", column)
	}
	rows, err := s.db.Query(ctx, `WITH due AS (
			SELECT a.shift_id, a.volunteer_id FROM competition.crew_assignments a
			JOIN competition.crew_shifts sh ON sh.id = a.shift_id
			JOIN competition.volunteers v ON v.id = a.volunteer_id
			WHERE a.`+column+` IS NULL AND v.confirmed_at IS NOT NULL
			AND sh.starts_at > $1::timestamptz + make_interval(secs => $3) AND sh.starts_at <= $1::timestamptz + make_interval(secs => $2)
			AND (a.assigned_at IS NULL OR a.assigned_at <= sh.starts_at - make_interval(secs => $2))
			ORDER BY sh.starts_at LIMIT $4 FOR UPDATE OF a SKIP LOCKED)
		UPDATE competition.crew_assignments a SET `+column+` = $1::timestamptz
		FROM due, competition.crew_shifts sh, competition.volunteers v, competition.events e
		WHERE a.shift_id = due.shift_id AND a.volunteer_id = due.volunteer_id
		AND sh.id = a.shift_id AND v.id = a.volunteer_id AND e.id = sh.event_id
		RETURNING v.name, v.email, e.name, e.time_zone, sh.role, sh.starts_at, sh.ends_at, a.confirmed_at IS NOT NULL,
		e.default_language`,
		now, before.Seconds(), after.Seconds(), limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[ShiftReminder])
}
