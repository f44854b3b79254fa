package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Heat reminders (migrations/1085_heat_planned_start.sql; docs/competition-day.md, "Reminders").

// HeatRemindersOn reports whether the athlete asked for heat reminders.
func (s *Store) HeatRemindersOn(ctx context.Context, athleteID string) (_ bool, err error) {
	defer apperr.Wrap(&err, "store.HeatRemindersOn(%q)", athleteID)
	var on bool
	err = s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM competition.heat_reminder_optins WHERE athlete_id = $1)`, athleteID).Scan(&on)
	return on, err
}

// SetHeatReminders records the athlete's choice.
func (s *Store) SetHeatReminders(ctx context.Context, athleteID string, on bool) (err error) {
	defer apperr.Wrap(&err, "store.SetHeatReminders(%q)", athleteID)
	if on {
		_, err = s.db.Exec(ctx, `INSERT INTO competition.heat_reminder_optins (athlete_id) VALUES ($1) ON CONFLICT DO NOTHING`, athleteID)
	} else {
		_, err = s.db.Exec(ctx, `DELETE FROM competition.heat_reminder_optins WHERE athlete_id = $1`, athleteID)
	}
	return err
}

// forgetHeatReminders removes an erased athlete's choice and sent reminders (ForgetAthlete).
func (s *Store) forgetHeatReminders(ctx context.Context, athleteID string) (err error) {
	defer apperr.Wrap(&err, "store.forgetHeatReminders(%q)", athleteID)
	if _, err := s.db.Exec(ctx, `DELETE FROM competition.heat_reminder_optins WHERE athlete_id::text = $1`, athleteID); err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM competition.heat_push_reminders_sent WHERE athlete_id::text = $1`, athleteID); err != nil {
		return err
	}
	_, err = s.db.Exec(ctx, `DELETE FROM competition.heat_reminders_sent WHERE athlete_id::text = $1`, athleteID)
	return err
}

// HeatReminder is one reminder due: an athlete who asked for them, of a team racing in a heat.
type HeatReminder struct {
	HeatID       string
	AthleteID    string
	Name         string
	Email        string
	EventName    string
	TimeZone     string
	WorkoutName  string
	TeamName     string
	HeatNumber   int32
	Lane         int32
	StartTime    time.Time
	PlannedStart time.Time
	// EventLanguage is the event's default language, the reminder's when the athlete chose none.
	EventLanguage string
}

// ClaimHeatReminders records as sent and returns up to limit reminders lead minutes ahead that
// are due at now: heats of events out of draft whose current start is at most lead and more
// than until minutes away, for each athlete of a live registration of a team in the heat who
// asked for reminders and has an address (captain, partner, a roster place), unless sent
// before. The caller queues their mails in the same transaction; a second worker's insert
// waits for this one's and finds the rows there, so each is mailed once.
func (s *Store) ClaimHeatReminders(ctx context.Context, now time.Time, lead, until int32, limit int) (_ []HeatReminder, err error) {
	defer apperr.Wrap(&err, "store.ClaimHeatReminders(%d)", lead)
	return s.claimReminders(ctx, mailReminders, now, lead, until, limit)
}

// ClaimHeatPushReminders is ClaimHeatReminders for Web Push: the athletes with a browser
// subscribed to push (push_subscriptions) instead of those who asked for mails, recorded in
// heat_push_reminders_sent, so each is pushed once beside the mail.
func (s *Store) ClaimHeatPushReminders(ctx context.Context, now time.Time, lead, until int32, limit int) (_ []HeatReminder, err error) {
	defer apperr.Wrap(&err, "store.ClaimHeatPushReminders(%d)", lead)
	return s.claimReminders(ctx, pushReminders, now, lead, until, limit)
}

// reminderChannel is what differs between the mailed and the pushed reminders: who asked for
// them and where the sent ones are recorded.
type reminderChannel struct {
	asked, sent string
}

var (
	mailReminders = reminderChannel{
		asked: `a.email <> '' AND EXISTS (SELECT 1 FROM competition.heat_reminder_optins o WHERE o.athlete_id = a.athlete_id)`,
		sent:  `competition.heat_reminders_sent`,
	}
	pushReminders = reminderChannel{
		asked: `EXISTS (SELECT 1 FROM competition.push_subscriptions p WHERE p.athlete_id = a.athlete_id)`,
		sent:  `competition.heat_push_reminders_sent`,
	}
)

func (s *Store) claimReminders(ctx context.Context, c reminderChannel, now time.Time, lead, until int32, limit int) (_ []HeatReminder, err error) {
	defer apperr.Wrap(&err, "store.claimReminders(%d)", lead)
	rows, err := s.db.Query(ctx, `WITH live AS (
			SELECT * FROM competition.registrations WHERE team_id IS NOT NULL AND state NOT IN ('withdrawn', 'refused')),
		athletes AS (
			SELECT team_id, captain_id AS athlete_id, captain_name AS name, captain_email AS email FROM live
			UNION SELECT team_id, partner_id, partner_name, partner_email FROM live WHERE partner_id IS NOT NULL
			UNION SELECT r.team_id, p.athlete_id, p.name, p.email FROM competition.registration_places p
				JOIN live r ON r.id = p.registration_id WHERE p.athlete_id IS NOT NULL),
		due AS (
			SELECT DISTINCT ON (h.id, a.athlete_id) h.id AS heat_id, a.athlete_id, a.name, a.email, e.name AS event_name,
				e.time_zone, w.name AS workout_name, t.name AS team_name, h.number, l.lane, h.start_time, h.planned_start,
				e.default_language AS event_language
			FROM competition.heats h
			JOIN competition.events e ON e.id = h.event_id AND e.status <> 'DRAFT'
			JOIN competition.workouts w ON w.id = h.workout_id
			JOIN competition.heat_lanes l ON l.heat_id = h.id
			JOIN competition.teams t ON t.id = l.team_id
			JOIN athletes a ON a.team_id = l.team_id
			WHERE `+c.asked+` AND h.start_time - make_interval(mins => $2) <= $1 AND h.start_time - make_interval(mins => $3) > $1
			AND NOT EXISTS (SELECT 1 FROM `+c.sent+` x
				WHERE x.heat_id = h.id AND x.athlete_id = a.athlete_id AND x.lead_minutes = $2)
			ORDER BY h.id, a.athlete_id LIMIT $4),
		sent AS (
			INSERT INTO `+c.sent+` (heat_id, athlete_id, lead_minutes)
			SELECT heat_id, athlete_id, $2 FROM due ON CONFLICT DO NOTHING RETURNING heat_id, athlete_id)
		SELECT d.heat_id::text, d.athlete_id::text, d.name, d.email, d.event_name, d.time_zone, d.workout_name, d.team_name,
			d.number, d.lane, d.start_time, d.planned_start, d.event_language
		FROM due d JOIN sent x ON x.heat_id = d.heat_id AND x.athlete_id = d.athlete_id`, now, lead, until, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[HeatReminder])
}
