package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Web Push (migrations/1095_web_push.sql; docs/competition-day.md, "Web Push").

// PushSubscription is one browser an athlete allowed to show notifications.
type PushSubscription struct {
	Endpoint, P256dh, Auth string
}

// SavePushSubscription records the browser for the athlete; a browser subscribed before, under
// this account or another, is the athlete's now with its new keys.
func (s *Store) SavePushSubscription(ctx context.Context, athleteID string, sub PushSubscription) (err error) {
	defer apperr.Wrap(&err, "store.SavePushSubscription(%q)", athleteID)
	_, err = s.db.Exec(ctx, `INSERT INTO competition.push_subscriptions (athlete_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
		ON CONFLICT (endpoint) DO UPDATE SET athlete_id = EXCLUDED.athlete_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth`,
		athleteID, sub.Endpoint, sub.P256dh, sub.Auth)
	return err
}

// DeletePushSubscription removes the athlete's browser (another account's is left alone) and
// its pushes not yet sent.
func (s *Store) DeletePushSubscription(ctx context.Context, athleteID, endpoint string) (err error) {
	defer apperr.Wrap(&err, "store.DeletePushSubscription(%q)", athleteID)
	_, err = s.db.Exec(ctx, `DELETE FROM competition.push_subscriptions WHERE athlete_id = $1 AND endpoint = $2`, athleteID, endpoint)
	return err
}

// forgetPush removes an erased athlete's browsers and their pushes (ForgetAthlete).
func (s *Store) forgetPush(ctx context.Context, athleteID string) (err error) {
	defer apperr.Wrap(&err, "store.forgetPush(%q)", athleteID)
	_, err = s.db.Exec(ctx, `DELETE FROM competition.push_subscriptions WHERE athlete_id::text = $1`, athleteID)
	return err
}

// Push is one notification to every browser of one athlete.
type Push struct {
	AthleteID, Title, Body, URL string
}

// QueuePushes writes one push per browser of each athlete, in the caller's transaction (the
// change that causes them); an athlete without a browser subscribed gets none.
func (s *Store) QueuePushes(ctx context.Context, pushes []Push) (err error) {
	defer apperr.Wrap(&err, "store.QueuePushes(%d)", len(pushes))
	if len(pushes) == 0 {
		return nil
	}
	athletes, titles, bodies, urls := make([]string, len(pushes)), make([]string, len(pushes)), make([]string, len(pushes)), make([]string, len(pushes))
	for i, p := range pushes {
		athletes[i], titles[i], bodies[i], urls[i] = p.AthleteID, p.Title, p.Body, p.URL
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.push_outbox (subscription_id, title, body, url)
		SELECT s.id, p.title, p.body, p.url
		FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS p (athlete_id, title, body, url)
		JOIN competition.push_subscriptions s ON s.athlete_id = p.athlete_id`, athletes, titles, bodies, urls)
	return err
}

// QueuedPush is a push due, with the browser it goes to.
type QueuedPush struct {
	ID, SubscriptionID string
	Subscription       PushSubscription
	Title, Body, URL   string
	Attempts           int
}

// ClaimPush locks the next push due that no other sender holds (FOR UPDATE SKIP LOCKED, for
// the caller's transaction); ok is false when none is due.
func (s *Store) ClaimPush(ctx context.Context) (_ QueuedPush, ok bool, err error) {
	defer apperr.Wrap(&err, "store.ClaimPush()")
	var p QueuedPush
	err = s.db.QueryRow(ctx, `SELECT o.id::text, s.id::text, s.endpoint, s.p256dh, s.auth, o.title, o.body, o.url, o.attempts
		FROM competition.push_outbox o JOIN competition.push_subscriptions s ON s.id = o.subscription_id
		WHERE o.sent_at IS NULL AND o.next_attempt_at <= now()
		ORDER BY o.next_attempt_at, o.created_at LIMIT 1 FOR UPDATE OF o SKIP LOCKED`).Scan(
		&p.ID, &p.SubscriptionID, &p.Subscription.Endpoint, &p.Subscription.P256dh, &p.Subscription.Auth, &p.Title, &p.Body, &p.URL, &p.Attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, false, nil
	}
	return p, err == nil, err
}

// MarkPushSent records a push the push service accepted.
func (s *Store) MarkPushSent(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.MarkPushSent(%q)", id)
	_, err = s.db.Exec(ctx, `UPDATE competition.push_outbox SET attempts = attempts + 1, last_error = '', sent_at = now() WHERE id = $1`, id)
	return err
}

// MarkPushFailed records a failed attempt; the push is tried again after wait.
func (s *Store) MarkPushFailed(ctx context.Context, id, problem string, wait time.Duration) (err error) {
	defer apperr.Wrap(&err, "store.MarkPushFailed(%q)", id)
	_, err = s.db.Exec(ctx, `UPDATE competition.push_outbox SET attempts = attempts + 1, last_error = $2,
		next_attempt_at = now() + $3::interval WHERE id = $1`, id, problem, wait.String())
	return err
}

// DeleteGoneSubscription removes a browser the push service no longer knows, with its pushes.
func (s *Store) DeleteGoneSubscription(ctx context.Context, subscriptionID string) (err error) {
	defer apperr.Wrap(&err, "store.DeleteGoneSubscription(%q)", subscriptionID)
	_, err = s.db.Exec(ctx, `DELETE FROM competition.push_subscriptions WHERE id = $1`, subscriptionID)
	return err
}

// DevVAPIDKeys returns the development stack's VAPID key pair, made by generate and kept on
// the first call (migrations/1095_web_push.sql): concurrent first starts keep one of theirs.
func (s *Store) DevVAPIDKeys(ctx context.Context, generate func() (public, private string, err error)) (public, private string, err error) {
	defer apperr.Wrap(&err, "store.DevVAPIDKeys()")
	err = s.db.QueryRow(ctx, `SELECT public_key, private_key FROM competition.push_dev_vapid`).Scan(&public, &private)
	if err == nil || !errors.Is(err, pgx.ErrNoRows) {
		return public, private, err
	}
	if public, private, err = generate(); err != nil {
		return "", "", err
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO competition.push_dev_vapid (public_key, private_key) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
		public, private); err != nil {
		return "", "", err
	}
	err = s.db.QueryRow(ctx, `SELECT public_key, private_key FROM competition.push_dev_vapid`).Scan(&public, &private)
	return public, private, err
}

// HeatAthlete is an athlete racing in a heat, as a shift tells them.
type HeatAthlete struct {
	AthleteID    string
	EventName    string
	TimeZone     string
	WorkoutName  string
	HeatNumber   int32
	StartTime    time.Time
	PlannedStart time.Time
}

// HeatAthletes are the athletes of the live registrations of the teams in the given heats
// (captain, partner, a roster place taken with an account), one row per heat and athlete.
func (s *Store) HeatAthletes(ctx context.Context, heatIDs []string) (_ []HeatAthlete, err error) {
	defer apperr.Wrap(&err, "store.HeatAthletes(%d)", len(heatIDs))
	rows, err := s.db.Query(ctx, `WITH live AS (
			SELECT * FROM competition.registrations WHERE team_id IS NOT NULL AND state NOT IN ('withdrawn', 'refused')),
		athletes AS (
			SELECT team_id, captain_id AS athlete_id FROM live
			UNION SELECT team_id, partner_id FROM live WHERE partner_id IS NOT NULL
			UNION SELECT r.team_id, p.athlete_id FROM competition.registration_places p
				JOIN live r ON r.id = p.registration_id WHERE p.athlete_id IS NOT NULL)
		SELECT DISTINCT ON (h.id, a.athlete_id) a.athlete_id::text, e.name, e.time_zone, w.name, h.number, h.start_time, h.planned_start
		FROM competition.heats h
		JOIN competition.events e ON e.id = h.event_id AND e.status <> 'DRAFT'
		JOIN competition.workouts w ON w.id = h.workout_id
		JOIN competition.heat_lanes l ON l.heat_id = h.id
		JOIN athletes a ON a.team_id = l.team_id
		WHERE h.id = ANY($1::uuid[])
		ORDER BY h.id, a.athlete_id`, heatIDs)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[HeatAthlete])
}
