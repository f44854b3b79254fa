package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The crew's swaps and check-in (migrations/1100_crew_swaps_board.sql).

// CrewSwap hands one place of a volunteer to another: a shift (ShiftID) or a lane of the
// rotation (HeatID, Lane).
type CrewSwap struct {
	ID, EventID      string
	FromID, ToID     string
	FromName, ToName string
	ToEmail          string
	FromEmail        string
	ShiftID, HeatID  string
	Lane             int32
	Status           string
	CreatedAt        time.Time
}

const swapSelect = `SELECT w.id::text, w.event_id::text, w.from_volunteer::text, w.to_volunteer::text, f.name, t.name,
	t.email, f.email, coalesce(w.shift_id::text, ''), coalesce(w.heat_id::text, ''), coalesce(w.lane, 0), w.status, w.created_at
	FROM competition.crew_swaps w
	JOIN competition.volunteers f ON f.id = w.from_volunteer
	JOIN competition.volunteers t ON t.id = w.to_volunteer`

func scanSwap(row pgx.Row) (CrewSwap, error) {
	var w CrewSwap
	err := row.Scan(&w.ID, &w.EventID, &w.FromID, &w.ToID, &w.FromName, &w.ToName, &w.ToEmail, &w.FromEmail,
		&w.ShiftID, &w.HeatID, &w.Lane, &w.Status, &w.CreatedAt)
	return w, err
}

// InsertSwap records a proposed swap. The caller has checked, under the volunteer's row lock,
// that the place has no open swap (the unique indexes hold it too).
func (s *Store) InsertSwap(ctx context.Context, w CrewSwap) (err error) {
	defer apperr.Wrap(&err, "store.InsertSwap()")
	_, err = s.db.Exec(ctx, `INSERT INTO competition.crew_swaps (id, event_id, from_volunteer, to_volunteer, shift_id, heat_id, lane, status, created_at)
		VALUES ($1, $2, $3, $4, nullif($5, '')::uuid, nullif($6, '')::uuid, CASE WHEN $6 = '' THEN NULL ELSE $7::int END, 'proposed', $8)`,
		w.ID, w.EventID, w.FromID, w.ToID, w.ShiftID, w.HeatID, w.Lane, w.CreatedAt)
	return err
}

// OpenSwapOf returns the open (proposed or accepted) swap of a place, or ErrNotFound.
func (s *Store) OpenSwapOf(ctx context.Context, fromID, shiftID, heatID string, lane int32) (_ CrewSwap, err error) {
	defer apperr.Wrap(&err, "store.OpenSwapOf(%q)", fromID)
	w, err := scanSwap(s.db.QueryRow(ctx, swapSelect+` WHERE w.status IN ('proposed', 'accepted') AND
		((w.shift_id = nullif($2, '')::uuid AND w.from_volunteer = $1) OR (w.heat_id = nullif($3, '')::uuid AND w.lane = $4))`,
		fromID, shiftID, heatID, lane))
	return w, notFound(err)
}

// LockSwap returns an event's swap with its row locked until the transaction ends, or
// ErrNotFound.
func (s *Store) LockSwap(ctx context.Context, eventID, id string) (_ CrewSwap, err error) {
	defer apperr.Wrap(&err, "store.LockSwap(%q)", id)
	w, err := scanSwap(s.db.QueryRow(ctx, swapSelect+` WHERE w.event_id = $1 AND w.id = $2 FOR UPDATE OF w`, eventID, id))
	return w, notFound(err)
}

// SetSwapStatus records a swap's new status and when it was decided.
func (s *Store) SetSwapStatus(ctx context.Context, id, status string, at time.Time) (err error) {
	defer apperr.Wrap(&err, "store.SetSwapStatus(%q, %q)", id, status)
	_, err = s.db.Exec(ctx, `UPDATE competition.crew_swaps SET status = $2, decided_at = $3 WHERE id = $1`, id, status, at)
	return err
}

// EventSwaps returns an event's swaps, newest first.
func (s *Store) EventSwaps(ctx context.Context, eventID string) (_ []CrewSwap, err error) {
	defer apperr.Wrap(&err, "store.EventSwaps(%q)", eventID)
	return s.swaps(ctx, ` WHERE w.event_id = $1 ORDER BY w.created_at DESC, w.id`, eventID)
}

// VolunteerSwaps returns the swaps a volunteer proposed or was asked to take, newest first.
func (s *Store) VolunteerSwaps(ctx context.Context, volunteerID string) (_ []CrewSwap, err error) {
	defer apperr.Wrap(&err, "store.VolunteerSwaps(%q)", volunteerID)
	return s.swaps(ctx, ` WHERE w.from_volunteer = $1 OR w.to_volunteer = $1 ORDER BY w.created_at DESC, w.id`, volunteerID)
}

func (s *Store) swaps(ctx context.Context, where string, arg string) (_ []CrewSwap, err error) {
	defer apperr.Wrap(&err, "store.swaps()")
	rows, err := s.db.Query(ctx, swapSelect+where, arg)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (CrewSwap, error) { return scanSwap(r) })
}

// EventVolunteerByEmail returns the volunteer of an event who signed up with email, or
// ErrNotFound.
func (s *Store) EventVolunteerByEmail(ctx context.Context, eventID, email string) (_ Volunteer, err error) {
	defer apperr.Wrap(&err, "store.EventVolunteerByEmail(%q)", eventID)
	v, err := scanVolunteer(s.db.QueryRow(ctx, volunteerSelect+` WHERE v.event_id = $1 AND lower(v.email) = lower($2)`, eventID, email))
	return v, notFound(err)
}

// HandOverShift moves a volunteer's place on a shift to another, confirmed by them at at
// (they accepted it), in the caller's transaction.
func (s *Store) HandOverShift(ctx context.Context, shiftID, fromID, toID string, at time.Time) (err error) {
	defer apperr.Wrap(&err, "store.HandOverShift(%q)", shiftID)
	if err := s.Unassign(ctx, shiftID, fromID); err != nil {
		return err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.crew_assignments (shift_id, volunteer_id, assigned_at, confirmed_at)
		VALUES ($1, $2, $3, $3)`, shiftID, toID, at)
	return err
}

// SetCheckedIn records whether a volunteer of an event is at the venue; ErrNotFound when
// they are not the event's.
func (s *Store) SetCheckedIn(ctx context.Context, eventID, id string, at *time.Time) (err error) {
	defer apperr.Wrap(&err, "store.SetCheckedIn(%q)", id)
	tag, err := s.db.Exec(ctx, `UPDATE competition.volunteers SET checked_in_at = $3 WHERE event_id = $1 AND id = $2`, eventID, id, at)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return err
}
