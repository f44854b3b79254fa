package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The waivers' tables (migrations/1010_waivers.sql): an event's waiver in versions, the
// athletes' acceptances and the guardians' links.

// Waiver is one version of an event's waiver.
type Waiver struct {
	EventID   string
	Version   int32
	Body      string
	CreatedBy string
	CreatedAt time.Time
}

// WaiverAcceptance is one athlete's acceptance of one version.
type WaiverAcceptance struct {
	EventID     string
	Version     int32
	AthleteID   string
	AthleteName string
	// FullName is the name typed: the athlete's, or the guardian's when Guardian.
	FullName   string
	Via        string
	Guardian   bool
	IP         string
	AcceptedBy string
	AcceptedAt time.Time
}

// GuardianLink is a link mailed to a minor's guardian.
type GuardianLink struct {
	ID, EventID, AthleteID, AthleteName, GuardianEmail string
	KeyHash                                            []byte
	CreatedAt                                          time.Time
	UsedAt                                             *time.Time
}

// CurrentWaiver is the event's highest version, or ErrNotFound when it has none.
func (s *Store) CurrentWaiver(ctx context.Context, eventID string) (_ Waiver, err error) {
	defer apperr.Wrap(&err, "store.CurrentWaiver(%q)", eventID)
	var w Waiver
	err = s.db.QueryRow(ctx, `SELECT event_id::text, version, body, created_by, created_at FROM competition.waivers
		WHERE event_id = $1 ORDER BY version DESC LIMIT 1`, eventID).Scan(&w.EventID, &w.Version, &w.Body, &w.CreatedBy, &w.CreatedAt)
	return w, notFound(err)
}

// LockWaivers holds the event's waiver versions until the transaction ends, so two new
// versions do not take the same number and no acceptance passes a version being replaced.
func (s *Store) LockWaivers(ctx context.Context, eventID string) (err error) {
	defer apperr.Wrap(&err, "store.LockWaivers(%q)", eventID)
	_, err = s.db.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('waivers:' || $1::text, 0))`, eventID)
	return err
}

// InsertWaiver adds a version.
func (s *Store) InsertWaiver(ctx context.Context, w Waiver) (err error) {
	defer apperr.Wrap(&err, "store.InsertWaiver(%q, %d)", w.EventID, w.Version)
	_, err = s.db.Exec(ctx, `INSERT INTO competition.waivers (event_id, version, body, created_by) VALUES ($1, $2, $3, $4)`,
		w.EventID, w.Version, w.Body, w.CreatedBy)
	return err
}

// InsertWaiverAcceptance records an acceptance; a second one of the same version by the same
// athlete keeps the first.
func (s *Store) InsertWaiverAcceptance(ctx context.Context, a WaiverAcceptance) (err error) {
	defer apperr.Wrap(&err, "store.InsertWaiverAcceptance(%q, %d, %q)", a.EventID, a.Version, a.AthleteID)
	_, err = s.db.Exec(ctx, `INSERT INTO competition.waiver_acceptances
		(event_id, version, athlete_id, athlete_name, full_name, via, guardian, ip, accepted_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
		a.EventID, a.Version, a.AthleteID, a.AthleteName, a.FullName, a.Via, a.Guardian, a.IP, a.AcceptedBy)
	return err
}

// LatestAcceptances is each athlete's acceptance of the highest version they accepted, by
// athlete id.
func (s *Store) LatestAcceptances(ctx context.Context, eventID string) (_ map[string]WaiverAcceptance, err error) {
	defer apperr.Wrap(&err, "store.LatestAcceptances(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT DISTINCT ON (athlete_id) event_id::text, version, athlete_id::text, athlete_name,
			full_name, via, guardian, ip, accepted_by, accepted_at
		FROM competition.waiver_acceptances WHERE event_id = $1 ORDER BY athlete_id, version DESC`, eventID)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (WaiverAcceptance, error) {
		var a WaiverAcceptance
		err := row.Scan(&a.EventID, &a.Version, &a.AthleteID, &a.AthleteName, &a.FullName, &a.Via, &a.Guardian, &a.IP,
			&a.AcceptedBy, &a.AcceptedAt)
		return a, err
	})
	out := make(map[string]WaiverAcceptance, len(list))
	for _, a := range list {
		out[a.AthleteID] = a
	}
	return out, err
}

// AcceptedVersions is, by athlete id, the newest version of the event's waiver each of the
// given athletes accepted (an athlete who accepted none is absent): the door asks of a team's
// or one athlete's waivers only.
func (s *Store) AcceptedVersions(ctx context.Context, eventID string, athleteIDs []string) (_ map[string]int32, err error) {
	defer apperr.Wrap(&err, "store.AcceptedVersions(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT athlete_id::text, max(version) FROM competition.waiver_acceptances
		WHERE event_id = $1 AND athlete_id = ANY($2::uuid[]) GROUP BY athlete_id`, eventID, athleteIDs)
	if err != nil {
		return nil, err
	}
	out := map[string]int32{}
	var id string
	var version int32
	_, err = pgx.ForEachRow(rows, []any{&id, &version}, func() error { out[id] = version; return nil })
	return out, err
}

// PendingGuardians is, by athlete id, the address of the last unused guardian link of the
// event's athletes.
func (s *Store) PendingGuardians(ctx context.Context, eventID string) (_ map[string]string, err error) {
	defer apperr.Wrap(&err, "store.PendingGuardians(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT DISTINCT ON (athlete_id) athlete_id::text, guardian_email
		FROM competition.waiver_guardian_links WHERE event_id = $1 AND used_at IS NULL
		ORDER BY athlete_id, created_at DESC`, eventID)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	var id, email string
	_, err = pgx.ForEachRow(rows, []any{&id, &email}, func() error { out[id] = email; return nil })
	return out, err
}

// InsertGuardianLink stores a guardian's link.
func (s *Store) InsertGuardianLink(ctx context.Context, l GuardianLink) (err error) {
	defer apperr.Wrap(&err, "store.InsertGuardianLink(%q)", l.ID)
	_, err = s.db.Exec(ctx, `INSERT INTO competition.waiver_guardian_links
		(id, event_id, athlete_id, athlete_name, guardian_email, key_hash) VALUES ($1, $2, $3, $4, $5, $6)`,
		l.ID, l.EventID, l.AthleteID, l.AthleteName, l.GuardianEmail, l.KeyHash)
	return err
}

const guardianLinkSelect = `SELECT id::text, event_id::text, athlete_id::text, athlete_name, guardian_email, key_hash,
	created_at, used_at FROM competition.waiver_guardian_links`

func scanGuardianLink(row pgx.Row) (GuardianLink, error) {
	var l GuardianLink
	err := row.Scan(&l.ID, &l.EventID, &l.AthleteID, &l.AthleteName, &l.GuardianEmail, &l.KeyHash, &l.CreatedAt, &l.UsedAt)
	return l, notFound(err)
}

// GuardianLinkByHash is the link whose secret hashes to hash, or ErrNotFound.
func (s *Store) GuardianLinkByHash(ctx context.Context, hash []byte) (_ GuardianLink, err error) {
	defer apperr.Wrap(&err, "store.GuardianLinkByHash()")
	return scanGuardianLink(s.db.QueryRow(ctx, guardianLinkSelect+` WHERE key_hash = $1`, hash))
}

// ErrLinkUsed is returned when a guardian link was used before.
var ErrLinkUsed = errors.New("guardian link used")

// UseGuardianLink marks the link used; ErrLinkUsed when it was already (two tabs at once: one wins).
func (s *Store) UseGuardianLink(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.UseGuardianLink(%q)", id)
	tag, err := s.db.Exec(ctx, `UPDATE competition.waiver_guardian_links SET used_at = now() WHERE id = $1 AND used_at IS NULL`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrLinkUsed
	}
	return err
}

// forgetWaivers erases a deleted athlete from the waivers (docs/waivers.md): the acceptances
// keep their event, version, time and way, but no name or address of the athlete or the
// guardian who typed it; the links to their guardians go.
func (s *Store) forgetWaivers(ctx context.Context, userID, email string) (err error) {
	defer apperr.Wrap(&err, "store.forgetWaivers(%q)", userID)
	if _, err := s.db.Exec(ctx, `UPDATE competition.waiver_acceptances SET athlete_name = $2, full_name = $2, ip = '',
		accepted_by = CASE WHEN $3 <> '' AND lower(accepted_by) = lower($3) THEN $2 WHEN via = 'guardian' THEN 'guardian' ELSE accepted_by END
		WHERE athlete_id = $1`, userID, FormerAthlete, email); err != nil {
		return err
	}
	_, err = s.db.Exec(ctx, `DELETE FROM competition.waiver_guardian_links WHERE athlete_id = $1`, userID)
	return err
}
