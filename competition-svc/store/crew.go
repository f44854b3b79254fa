package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The crew's tables (migrations/0990_crew.sql): volunteers and their availability, shifts and
// who works them; the judge rotation is in crew_rotation.go.

// Window is a span of time a volunteer can work.
type Window struct{ StartsAt, EndsAt time.Time }

// Volunteer is one sign-up for one event.
type Volunteer struct {
	ID, EventID string
	// AthleteID is the athlete account they signed up with ("" without one).
	AthleteID, Name, Email string
	Roles                  []string
	Notes                  string
	CredentialCourse       string
	CredentialLevel        int32
	CredentialNumber       string
	CredentialValidUntil   *time.Time
	TeamID, Club           string
	KeyHash                []byte
	ConfirmedAt            *time.Time
	// CheckedInAt: when they were checked in at the venue on the day (nil: not yet).
	CheckedInAt  *time.Time
	CreatedAt    time.Time
	Availability []Window
}

const volunteerSelect = `SELECT v.id::text, v.event_id::text, coalesce(v.athlete_id::text, ''), v.name, v.email, v.roles,
	v.notes, v.credential_course, v.credential_level, v.credential_number, v.credential_valid_until,
	coalesce(v.team_id::text, ''), v.club, v.confirmed_at, v.checked_in_at, v.created_at
	FROM competition.volunteers v`

func scanVolunteer(row pgx.Row) (Volunteer, error) {
	var v Volunteer
	err := row.Scan(&v.ID, &v.EventID, &v.AthleteID, &v.Name, &v.Email, &v.Roles, &v.Notes, &v.CredentialCourse,
		&v.CredentialLevel, &v.CredentialNumber, &v.CredentialValidUntil, &v.TeamID, &v.Club, &v.ConfirmedAt, &v.CheckedInAt, &v.CreatedAt)
	return v, err
}

// InsertVolunteer records a sign-up and its availability, in the caller's transaction.
func (s *Store) InsertVolunteer(ctx context.Context, v Volunteer) (err error) {
	defer apperr.Wrap(&err, "store.InsertVolunteer()")
	_, err = s.db.Exec(ctx, `INSERT INTO competition.volunteers (id, event_id, athlete_id, name, email, roles, notes,
		credential_course, credential_level, credential_number, credential_valid_until, team_id, club, key_hash, confirmed_at)
		VALUES ($1, $2, nullif($3, '')::uuid, $4, $5, $6, $7, $8, $9, $10, $11, nullif($12, '')::uuid, $13, $14, $15)`,
		v.ID, v.EventID, v.AthleteID, v.Name, v.Email, v.Roles, v.Notes, v.CredentialCourse, v.CredentialLevel,
		v.CredentialNumber, v.CredentialValidUntil, v.TeamID, v.Club, v.KeyHash, v.ConfirmedAt)
	if err != nil {
		return err
	}
	for _, w := range v.Availability {
		if _, err := s.db.Exec(ctx, `INSERT INTO competition.volunteer_windows (volunteer_id, starts_at, ends_at)
			VALUES ($1, $2, $3)`, v.ID, w.StartsAt, w.EndsAt); err != nil {
			return err
		}
	}
	return nil
}

// VolunteerByKey returns the volunteer whose link's secret hashes to keyHash, or ErrNotFound.
func (s *Store) VolunteerByKey(ctx context.Context, keyHash []byte) (_ Volunteer, err error) {
	defer apperr.Wrap(&err, "store.VolunteerByKey()")
	v, err := scanVolunteer(s.db.QueryRow(ctx, volunteerSelect+` WHERE v.key_hash = $1`, keyHash))
	if err != nil {
		return Volunteer{}, notFound(err)
	}
	return v, s.withWindows(ctx, []*Volunteer{&v})
}

// EventVolunteers returns an event's volunteers by name, with their availability.
func (s *Store) EventVolunteers(ctx context.Context, eventID string) (_ []Volunteer, err error) {
	defer apperr.Wrap(&err, "store.EventVolunteers(%q)", eventID)
	rows, err := s.db.Query(ctx, volunteerSelect+` WHERE v.event_id = $1 ORDER BY lower(v.name), v.id`, eventID)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Volunteer, error) { return scanVolunteer(r) })
	if err != nil {
		return nil, err
	}
	ptrs := make([]*Volunteer, len(out))
	for i := range out {
		ptrs[i] = &out[i]
	}
	return out, s.withWindows(ctx, ptrs)
}

// EventVolunteer returns one volunteer of an event, or ErrNotFound.
func (s *Store) EventVolunteer(ctx context.Context, eventID, id string) (_ Volunteer, err error) {
	defer apperr.Wrap(&err, "store.EventVolunteer(%q)", id)
	v, err := scanVolunteer(s.db.QueryRow(ctx, volunteerSelect+` WHERE v.event_id = $1 AND v.id = $2`, eventID, id))
	if err != nil {
		return Volunteer{}, notFound(err)
	}
	return v, s.withWindows(ctx, []*Volunteer{&v})
}

func (s *Store) withWindows(ctx context.Context, vs []*Volunteer) (err error) {
	defer apperr.Wrap(&err, "store.withWindows()")
	if len(vs) == 0 {
		return nil
	}
	byID := make(map[string]*Volunteer, len(vs))
	ids := make([]string, len(vs))
	for i, v := range vs {
		byID[v.ID], ids[i] = v, v.ID
	}
	rows, err := s.db.Query(ctx, `SELECT volunteer_id::text, starts_at, ends_at FROM competition.volunteer_windows
		WHERE volunteer_id = ANY($1::uuid[]) ORDER BY starts_at`, ids)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var w Window
		if err := rows.Scan(&id, &w.StartsAt, &w.EndsAt); err != nil {
			return err
		}
		byID[id].Availability = append(byID[id].Availability, w)
	}
	return rows.Err()
}

// ConfirmVolunteer marks the volunteer's address confirmed (once; later calls keep the first
// time).
func (s *Store) ConfirmVolunteer(ctx context.Context, id string, at time.Time) (err error) {
	defer apperr.Wrap(&err, "store.ConfirmVolunteer(%q)", id)
	_, err = s.db.Exec(ctx, `UPDATE competition.volunteers SET confirmed_at = coalesce(confirmed_at, $2) WHERE id = $1`, id, at)
	return err
}

// DeleteVolunteer erases a volunteer: their availability, shifts, swaps and rotation places go
// with them (ON DELETE CASCADE), and the event's activity names them no more: in their own
// entries and those of their swaps (found before the swaps go), name and actor become former.
func (s *Store) DeleteVolunteer(ctx context.Context, v Volunteer, former string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteVolunteer(%q)", v.ID)
	_, err = s.db.Exec(ctx, `UPDATE competition.activity SET summary = replace(summary, $3, $4),
			actor = CASE WHEN actor = $3 THEN $4 ELSE actor END
		WHERE event_id = $1 AND $3 <> '' AND (strpos(summary, $3) > 0 OR actor = $3)
		AND (entity = 'volunteer' AND entity_id = $2
			OR entity = 'swap' AND entity_id IN (SELECT id FROM competition.crew_swaps WHERE from_volunteer = $2 OR to_volunteer = $2))`,
		v.EventID, v.ID, v.Name, former)
	if err != nil {
		return fmt.Errorf("forget in the activity: %w", err)
	}
	_, err = s.db.Exec(ctx, `DELETE FROM competition.volunteers WHERE id = $1`, v.ID)
	return err
}

// Shift is a role for a time window with the number of volunteers it needs.
type Shift struct {
	ID, EventID, Role string
	StartsAt, EndsAt  time.Time
	Needed            int32
	Volunteers        []ShiftVolunteer
}

// ShiftVolunteer is a volunteer working a shift.
type ShiftVolunteer struct {
	ShiftID, VolunteerID, Name string
	ConfirmedAt                *time.Time
}

// InsertShift records a new shift.
func (s *Store) InsertShift(ctx context.Context, sh Shift) (err error) {
	defer apperr.Wrap(&err, "store.InsertShift()")
	_, err = s.db.Exec(ctx, `INSERT INTO competition.crew_shifts (id, event_id, role, starts_at, ends_at, needed)
		VALUES ($1, $2, $3, $4, $5, $6)`, sh.ID, sh.EventID, sh.Role, sh.StartsAt, sh.EndsAt, sh.Needed)
	return err
}

// DeleteShift deletes an event's shift and who works it; ErrNotFound when it is not the event's.
func (s *Store) DeleteShift(ctx context.Context, eventID, id string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteShift(%q)", id)
	tag, err := s.db.Exec(ctx, `DELETE FROM competition.crew_shifts WHERE event_id = $1 AND id = $2`, eventID, id)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return err
}

// LockShift returns an event's shift with its volunteers, its row locked until the
// transaction ends (assignments count against its places), or ErrNotFound.
func (s *Store) LockShift(ctx context.Context, eventID, id string) (_ Shift, err error) {
	defer apperr.Wrap(&err, "store.LockShift(%q)", id)
	var sh Shift
	err = s.db.QueryRow(ctx, `SELECT id::text, event_id::text, role, starts_at, ends_at, needed FROM competition.crew_shifts
		WHERE event_id = $1 AND id = $2 FOR UPDATE`, eventID, id).
		Scan(&sh.ID, &sh.EventID, &sh.Role, &sh.StartsAt, &sh.EndsAt, &sh.Needed)
	if err != nil {
		return Shift{}, notFound(err)
	}
	vols, err := s.shiftVolunteers(ctx, `a.shift_id = $1`, id)
	sh.Volunteers = vols
	return sh, err
}

// EventShifts returns an event's shifts by start, each with its volunteers by name.
func (s *Store) EventShifts(ctx context.Context, eventID string) (_ []Shift, err error) {
	defer apperr.Wrap(&err, "store.EventShifts(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT id::text, event_id::text, role, starts_at, ends_at, needed FROM competition.crew_shifts
		WHERE event_id = $1 ORDER BY starts_at, role, id`, eventID)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Shift, error) {
		var sh Shift
		return sh, r.Scan(&sh.ID, &sh.EventID, &sh.Role, &sh.StartsAt, &sh.EndsAt, &sh.Needed)
	})
	if err != nil {
		return nil, err
	}
	vols, err := s.shiftVolunteers(ctx, `s.event_id = $1`, eventID)
	if err != nil {
		return nil, err
	}
	byShift := map[string][]ShiftVolunteer{}
	for _, v := range vols {
		byShift[v.ShiftID] = append(byShift[v.ShiftID], v)
	}
	for i := range out {
		out[i].Volunteers = byShift[out[i].ID]
	}
	return out, nil
}

func (s *Store) shiftVolunteers(ctx context.Context, where string, arg any) (_ []ShiftVolunteer, err error) {
	defer apperr.Wrap(&err, "store.shiftVolunteers()")
	rows, err := s.db.Query(ctx, `SELECT a.shift_id::text, a.volunteer_id::text, v.name, a.confirmed_at
		FROM competition.crew_assignments a
		JOIN competition.crew_shifts s ON s.id = a.shift_id
		JOIN competition.volunteers v ON v.id = a.volunteer_id
		WHERE `+where+` ORDER BY lower(v.name), v.id`, arg)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ShiftVolunteer, error) {
		var v ShiftVolunteer
		return v, r.Scan(&v.ShiftID, &v.VolunteerID, &v.Name, &v.ConfirmedAt)
	})
}

// VolunteerShifts returns the shifts a volunteer works, by start.
func (s *Store) VolunteerShifts(ctx context.Context, volunteerID string) (_ []Shift, err error) {
	defer apperr.Wrap(&err, "store.VolunteerShifts(%q)", volunteerID)
	rows, err := s.db.Query(ctx, `SELECT s.id::text, s.event_id::text, s.role, s.starts_at, s.ends_at, s.needed, a.confirmed_at
		FROM competition.crew_assignments a JOIN competition.crew_shifts s ON s.id = a.shift_id
		WHERE a.volunteer_id = $1 ORDER BY s.starts_at, s.id`, volunteerID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Shift, error) {
		var sh Shift
		var v ShiftVolunteer
		err := r.Scan(&sh.ID, &sh.EventID, &sh.Role, &sh.StartsAt, &sh.EndsAt, &sh.Needed, &v.ConfirmedAt)
		v.ShiftID, v.VolunteerID = sh.ID, volunteerID
		sh.Volunteers = []ShiftVolunteer{v}
		return sh, err
	})
}

// Assign puts a volunteer on a shift at the time given (nothing when they work it already).
func (s *Store) Assign(ctx context.Context, shiftID, volunteerID string, at time.Time) (err error) {
	defer apperr.Wrap(&err, "store.Assign(%q, %q)", shiftID, volunteerID)
	_, err = s.db.Exec(ctx, `INSERT INTO competition.crew_assignments (shift_id, volunteer_id, assigned_at) VALUES ($1, $2, $3)
		ON CONFLICT DO NOTHING`, shiftID, volunteerID, at)
	return err
}

// Unassign takes a volunteer off a shift; ErrNotFound when they did not work it.
func (s *Store) Unassign(ctx context.Context, shiftID, volunteerID string) (err error) {
	defer apperr.Wrap(&err, "store.Unassign(%q, %q)", shiftID, volunteerID)
	tag, err := s.db.Exec(ctx, `DELETE FROM competition.crew_assignments WHERE shift_id = $1 AND volunteer_id = $2`, shiftID, volunteerID)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return err
}

// ConfirmAssignment records that the volunteer confirmed their shift; ErrNotFound when they
// do not work it.
func (s *Store) ConfirmAssignment(ctx context.Context, shiftID, volunteerID string, at time.Time) (err error) {
	defer apperr.Wrap(&err, "store.ConfirmAssignment(%q, %q)", shiftID, volunteerID)
	tag, err := s.db.Exec(ctx, `UPDATE competition.crew_assignments SET confirmed_at = coalesce(confirmed_at, $3)
		WHERE shift_id = $1 AND volunteer_id = $2`, shiftID, volunteerID, at)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return err
}

// RotationSettings are the rules an event's rotation was last made with.
type RotationSettings struct {
	HeatMinutes, RestAfter int32
	AvoidOwnClub           bool
	// Levels: workout id → the credential level it requires.
	Levels map[string]int32
}

// RotationPlace is one judge on one lane of one heat (lane 0: the head judge).
type RotationPlace struct {
	HeatID      string
	Lane        int32
	VolunteerID string
}

// GetRotationSettings returns an event's rotation rules, or ErrNotFound before the first
// rotation.
func (s *Store) GetRotationSettings(ctx context.Context, eventID string) (_ RotationSettings, err error) {
	defer apperr.Wrap(&err, "store.GetRotationSettings(%q)", eventID)
	return s.rotationSettings(ctx, eventID, "")
}

// LockRotationSettings is GetRotationSettings with the row locked until the transaction
// ends: changes by hand to one rotation are checked one after the other.
func (s *Store) LockRotationSettings(ctx context.Context, eventID string) (_ RotationSettings, err error) {
	defer apperr.Wrap(&err, "store.LockRotationSettings(%q)", eventID)
	return s.rotationSettings(ctx, eventID, " FOR UPDATE")
}

func (s *Store) rotationSettings(ctx context.Context, eventID, lock string) (_ RotationSettings, err error) {
	defer apperr.Wrap(&err, "store.rotationSettings(%q)", eventID)
	var out RotationSettings
	var levels []byte
	err = s.db.QueryRow(ctx, `SELECT heat_minutes, rest_after, avoid_own_club, levels FROM competition.judge_rotation_settings
		WHERE event_id = $1`+lock, eventID).Scan(&out.HeatMinutes, &out.RestAfter, &out.AvoidOwnClub, &levels)
	if err != nil {
		return RotationSettings{}, notFound(err)
	}
	return out, json.Unmarshal(levels, &out.Levels)
}

// ReplaceRotation stores an event's rules and its whole rotation (a generation), in the
// caller's transaction.
func (s *Store) ReplaceRotation(ctx context.Context, eventID string, set RotationSettings, places []RotationPlace) (err error) {
	defer apperr.Wrap(&err, "store.ReplaceRotation(%q)", eventID)
	levels, err := json.Marshal(set.Levels)
	if err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO competition.judge_rotation_settings (event_id, heat_minutes, rest_after, avoid_own_club, levels)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO UPDATE SET heat_minutes = $2, rest_after = $3,
		avoid_own_club = $4, levels = $5`, eventID, set.HeatMinutes, set.RestAfter, set.AvoidOwnClub, levels); err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM competition.judge_rotation WHERE event_id = $1`, eventID); err != nil {
		return err
	}
	for _, p := range places {
		if _, err := s.db.Exec(ctx, `INSERT INTO competition.judge_rotation (heat_id, lane, event_id, volunteer_id)
			VALUES ($1, $2, $3, $4)`, p.HeatID, p.Lane, eventID, p.VolunteerID); err != nil {
			return err
		}
	}
	return nil
}

// SetRotationPlace puts a judge on one place, or leaves it empty when volunteerID is "".
func (s *Store) SetRotationPlace(ctx context.Context, eventID string, p RotationPlace) (err error) {
	defer apperr.Wrap(&err, "store.SetRotationPlace(%q, %d)", p.HeatID, p.Lane)
	if p.VolunteerID == "" {
		_, err = s.db.Exec(ctx, `DELETE FROM competition.judge_rotation WHERE heat_id = $1 AND lane = $2`, p.HeatID, p.Lane)
		return err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.judge_rotation (heat_id, lane, event_id, volunteer_id) VALUES ($1, $2, $3, $4)
		ON CONFLICT (heat_id, lane) DO UPDATE SET volunteer_id = $4`, p.HeatID, p.Lane, eventID, p.VolunteerID)
	return err
}

// EventRotation returns an event's rotation places.
func (s *Store) EventRotation(ctx context.Context, eventID string) (_ []RotationPlace, err error) {
	defer apperr.Wrap(&err, "store.EventRotation(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT heat_id::text, lane, volunteer_id::text FROM competition.judge_rotation
		WHERE event_id = $1`, eventID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (RotationPlace, error) {
		var p RotationPlace
		return p, r.Scan(&p.HeatID, &p.Lane, &p.VolunteerID)
	})
}

// LockVolunteer locks a volunteer of an event until the transaction ends (their shifts are
// checked against each other), or ErrNotFound.
func (s *Store) LockVolunteer(ctx context.Context, eventID, id string) (_ Volunteer, err error) {
	defer apperr.Wrap(&err, "store.LockVolunteer(%q)", id)
	v, err := scanVolunteer(s.db.QueryRow(ctx, volunteerSelect+` WHERE v.event_id = $1 AND v.id = $2 FOR UPDATE`, eventID, id))
	if err != nil {
		return Volunteer{}, notFound(err)
	}
	return v, s.withWindows(ctx, []*Volunteer{&v})
}
