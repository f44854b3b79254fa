package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// OnlineWorkout is one workout's submission window and video rule (docs/qualifiers.md).
type OnlineWorkout struct {
	WorkoutID          string
	ReleaseAt          *time.Time
	SubmissionDeadline *time.Time
	VideoRequired      bool
}

// SetEventOnline sets an event's format and time zone and returns it, or ErrNotFound.
func (s *Store) SetEventOnline(ctx context.Context, id, format, timeZone string, showUnreviewed bool) (_ Event, err error) {
	defer apperr.Wrap(&err, "store.SetEventOnline(%q)", id)
	out, err := scanEvent(s.db.QueryRow(ctx, `UPDATE competition.events AS e SET format = $2, time_zone = $3, show_unreviewed = $4,
		updated_at = now() WHERE e.id = $1 RETURNING `+eventColumns, id, format, timeZone, showUnreviewed))
	return out, notFound(err)
}

// SetWorkoutWindows sets the window of each of the event's workouts to windows' (none for a
// workout not listed) and returns how many rows changed.
func (s *Store) SetWorkoutWindows(ctx context.Context, eventID string, windows []OnlineWorkout) (_ int64, err error) {
	defer apperr.Wrap(&err, "store.SetWorkoutWindows(%q)", eventID)
	ids := make([]string, len(windows))
	release := make([]*time.Time, len(windows))
	deadline := make([]*time.Time, len(windows))
	video := make([]bool, len(windows))
	for i, w := range windows {
		ids[i], release[i], deadline[i], video[i] = w.WorkoutID, w.ReleaseAt, w.SubmissionDeadline, w.VideoRequired
	}
	tag, err := s.db.Exec(ctx, `UPDATE competition.workouts AS w SET release_at = o.release_at,
		submission_deadline = o.deadline, video_required = COALESCE(o.video, false), updated_at = now()
		FROM competition.workouts x
		LEFT JOIN unnest($2::uuid[], $3::timestamptz[], $4::timestamptz[], $5::boolean[]) AS o(id, release_at, deadline, video) ON o.id = x.id
		WHERE x.id = w.id AND w.event_id = $1 AND (w.release_at IS DISTINCT FROM o.release_at
			OR w.submission_deadline IS DISTINCT FROM o.deadline OR w.video_required IS DISTINCT FROM COALESCE(o.video, false))`,
		eventID, ids, release, deadline, video)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// ConfirmedTeam is the confirmed team an athlete is on in an event, with its athletes (the
// captain, and the partner once joined) for results-svc's submission mails.
type ConfirmedTeam struct {
	TeamID, TeamName, DivisionID string
	Athletes                     []TeamAthlete
}

// TeamAthlete is an athlete of a registration: the name and address the team registered with.
type TeamAthlete struct {
	Name, Email string
}

const confirmedTeamSelect = `SELECT t.id::text, t.name, t.division_id::text, r.captain_name, r.captain_email,
		CASE WHEN r.partner_id IS NULL THEN '' ELSE r.partner_name END,
		CASE WHEN r.partner_id IS NULL THEN '' ELSE r.partner_email END
		FROM competition.registrations r JOIN competition.teams t ON t.id = r.team_id
		WHERE r.event_id = $1 AND r.state = 'confirmed' `

func scanConfirmedTeam(row pgx.Row) (ConfirmedTeam, error) {
	var t ConfirmedTeam
	var captain, partner TeamAthlete
	if err := row.Scan(&t.TeamID, &t.TeamName, &t.DivisionID, &captain.Name, &captain.Email, &partner.Name, &partner.Email); err != nil {
		return t, err
	}
	t.Athletes = []TeamAthlete{captain}
	if partner.Email != "" {
		t.Athletes = append(t.Athletes, partner)
	}
	return t, nil
}

// GetAthleteTeam returns the team of the athlete's confirmed registration in the event
// (captain or partner), or ErrNotFound.
func (s *Store) GetAthleteTeam(ctx context.Context, eventID, athleteID string) (_ ConfirmedTeam, err error) {
	defer apperr.Wrap(&err, "store.GetAthleteTeam(%q, %q)", eventID, athleteID)
	t, err := scanConfirmedTeam(s.db.QueryRow(ctx, confirmedTeamSelect+`AND (r.captain_id = $2 OR r.partner_id = $2)
		ORDER BY r.created_at LIMIT 1`, eventID, athleteID))
	return t, notFound(err)
}

// GetConfirmedTeam returns the team when it has a confirmed registration in the event, or
// ErrNotFound (a team added by hand has none).
func (s *Store) GetConfirmedTeam(ctx context.Context, eventID, teamID string) (_ ConfirmedTeam, err error) {
	defer apperr.Wrap(&err, "store.GetConfirmedTeam(%q, %q)", eventID, teamID)
	t, err := scanConfirmedTeam(s.db.QueryRow(ctx, confirmedTeamSelect+`AND r.team_id = $2
		ORDER BY r.created_at LIMIT 1`, eventID, teamID))
	return t, notFound(err)
}
