package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The eligibility tables (migrations/1055_eligibility.sql): an event's member list, each
// division's requirements, what an athlete gave on joining a registration and the organiser's
// overrides.

// Member is one line of an event's member list.
type Member struct {
	Number     string
	Name       string
	BirthDate  time.Time
	ValidUntil time.Time
}

// MemberImport says when the event's list was last imported.
type MemberImport struct {
	Members    int32
	ImportedBy string
	ImportedAt time.Time
}

// DivisionEligibility is a division's requirements beyond its roster rule.
type DivisionEligibility struct {
	DivisionID         string
	RequiresMembership bool
	// Level orders a series' divisions for no drop-back; 0 takes no part.
	Level int32
}

// AthleteEligibility is what an athlete gave when joining a registration.
type AthleteEligibility struct {
	RegistrationID, AthleteID string
	MemberNumber              string
	BirthDate                 *time.Time
	Category                  string
	// Overridden are the rules the organiser let the athlete past.
	Overridden []string
}

// EligibilityOverride lets one athlete past one rule of one division.
type EligibilityOverride struct {
	ID, EventID, DivisionID, DivisionName, AthleteEmail, Rule, Reason, CreatedBy string
	CreatedAt                                                                    time.Time
}

// HigherEntry is a confirmed registration of an athlete in a division of a higher level, in
// an earlier event of a series that also holds the division being entered.
type HigherEntry struct {
	SeriesName, EventName, DivisionName string
	Level                               int32
}

// ReplaceMembers makes members the event's list: the old one goes whole (an import is the
// federation's whole list).
func (s *Store) ReplaceMembers(ctx context.Context, eventID string, members []Member, by string) (err error) {
	defer apperr.Wrap(&err, "store.ReplaceMembers(%q, %d)", eventID, len(members))
	if _, err := s.db.Exec(ctx, `DELETE FROM competition.event_members WHERE event_id = $1`, eventID); err != nil {
		return err
	}
	numbers, names := make([]string, len(members)), make([]string, len(members))
	births, until := make([]time.Time, len(members)), make([]time.Time, len(members))
	for i, m := range members {
		numbers[i], names[i], births[i], until[i] = m.Number, m.Name, m.BirthDate, m.ValidUntil
	}
	// One statement for the whole list, whatever its length.
	if _, err := s.db.Exec(ctx, `INSERT INTO competition.event_members (event_id, number, name, birth_date, valid_until)
		SELECT $1, * FROM unnest($2::text[], $3::text[], $4::date[], $5::date[])`, eventID, numbers, names, births, until); err != nil {
		return err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.event_member_imports (event_id, members, imported_by) VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO UPDATE SET members = EXCLUDED.members, imported_by = EXCLUDED.imported_by, imported_at = now()`,
		eventID, len(members), by)
	return err
}

// ListMembers is the event's member list by number.
func (s *Store) ListMembers(ctx context.Context, eventID string) (_ []Member, err error) {
	defer apperr.Wrap(&err, "store.ListMembers(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT number, name, birth_date, valid_until FROM competition.event_members
		WHERE event_id = $1 ORDER BY number`, eventID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Member, error) {
		var m Member
		err := row.Scan(&m.Number, &m.Name, &m.BirthDate, &m.ValidUntil)
		return m, err
	})
}

// LastMemberImport is the event's last import, or ErrNotFound.
func (s *Store) LastMemberImport(ctx context.Context, eventID string) (_ MemberImport, err error) {
	defer apperr.Wrap(&err, "store.LastMemberImport(%q)", eventID)
	var m MemberImport
	err = s.db.QueryRow(ctx, `SELECT members, imported_by, imported_at FROM competition.event_member_imports WHERE event_id = $1`,
		eventID).Scan(&m.Members, &m.ImportedBy, &m.ImportedAt)
	return m, notFound(err)
}

// MemberByNumber is the event's member of that number, or ErrNotFound.
func (s *Store) MemberByNumber(ctx context.Context, eventID, number string) (_ Member, err error) {
	defer apperr.Wrap(&err, "store.MemberByNumber(%q)", eventID)
	var m Member
	err = s.db.QueryRow(ctx, `SELECT number, name, birth_date, valid_until FROM competition.event_members
		WHERE event_id = $1 AND number = $2`, eventID, number).Scan(&m.Number, &m.Name, &m.BirthDate, &m.ValidUntil)
	return m, notFound(err)
}

// SameNameKey says whether two names are one person's name as team names are compared
// (team_name_key: without case, accents or repeated spaces).
func (s *Store) SameNameKey(ctx context.Context, a, b string) (same bool, err error) {
	defer apperr.Wrap(&err, "store.SameNameKey()")
	err = s.db.QueryRow(ctx, `SELECT competition.team_name_key($1) = competition.team_name_key($2)`, a, b).Scan(&same)
	return same, err
}

// MemberNumberHolder is the account that gave number in a live registration of the event
// other than athleteID's, or "".
func (s *Store) MemberNumberHolder(ctx context.Context, eventID, number, athleteID string) (holder string, err error) {
	defer apperr.Wrap(&err, "store.MemberNumberHolder(%q)", eventID)
	err = s.db.QueryRow(ctx, `SELECT x.athlete_id::text FROM competition.registration_eligibility x
		JOIN competition.registrations r ON r.id = x.registration_id
		WHERE r.event_id = $1 AND x.member_number = $2 AND x.athlete_id <> $3 AND r.state NOT IN ('withdrawn', 'refused')
		LIMIT 1`, eventID, number, athleteID).Scan(&holder)
	if err = notFound(err); errors.Is(err, ErrNotFound) {
		return "", nil
	}
	return holder, err
}

// GetDivisionEligibility is a division's requirements; none stored: none required.
func (s *Store) GetDivisionEligibility(ctx context.Context, divisionID string) (_ DivisionEligibility, err error) {
	defer apperr.Wrap(&err, "store.GetDivisionEligibility(%q)", divisionID)
	d := DivisionEligibility{DivisionID: divisionID}
	err = s.db.QueryRow(ctx, `SELECT requires_membership, level FROM competition.division_eligibility WHERE division_id = $1`,
		divisionID).Scan(&d.RequiresMembership, &d.Level)
	if err = notFound(err); errors.Is(err, ErrNotFound) {
		return d, nil
	}
	return d, err
}

// PutDivisionEligibility writes a division's requirements.
func (s *Store) PutDivisionEligibility(ctx context.Context, d DivisionEligibility) (err error) {
	defer apperr.Wrap(&err, "store.PutDivisionEligibility(%q)", d.DivisionID)
	_, err = s.db.Exec(ctx, `INSERT INTO competition.division_eligibility (division_id, requires_membership, level) VALUES ($1, $2, $3)
		ON CONFLICT (division_id) DO UPDATE SET requires_membership = EXCLUDED.requires_membership, level = EXCLUDED.level`,
		d.DivisionID, d.RequiresMembership, d.Level)
	return err
}

// HigherEntries are the athlete's confirmed registrations in divisions of a level above level,
// in events of a series that holds divisionID and that began before the event of divisionID,
// highest level first.
func (s *Store) HigherEntries(ctx context.Context, divisionID, athleteID string, level int32) (_ []HigherEntry, err error) {
	defer apperr.Wrap(&err, "store.HigherEntries(%q)", divisionID)
	rows, err := s.db.Query(ctx, `SELECT se.name, e2.name, d2.name, x.level
		FROM competition.series_division_map m
		JOIN competition.series se ON se.id = m.series_id
		JOIN competition.events e ON e.id = m.event_id
		JOIN competition.series_division_map m2 ON m2.series_id = m.series_id AND m2.event_id <> m.event_id
		JOIN competition.events e2 ON e2.id = m2.event_id AND e2.date_from < e.date_from
		JOIN competition.divisions d2 ON d2.id = m2.division_id
		JOIN competition.division_eligibility x ON x.division_id = m2.division_id AND x.level > $3
		JOIN competition.registrations r ON r.division_id = m2.division_id AND r.state = 'confirmed'
			AND (r.captain_id = $2 OR r.partner_id = $2)
		WHERE m.division_id = $1
		ORDER BY x.level DESC, e2.date_from DESC`, divisionID, athleteID, level)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (HigherEntry, error) {
		var h HigherEntry
		err := row.Scan(&h.SeriesName, &h.EventName, &h.DivisionName, &h.Level)
		return h, err
	})
}

// PutAthleteEligibility records what an athlete gave on joining a registration.
func (s *Store) PutAthleteEligibility(ctx context.Context, a AthleteEligibility) (err error) {
	defer apperr.Wrap(&err, "store.PutAthleteEligibility(%q)", a.RegistrationID)
	overridden := a.Overridden
	if overridden == nil {
		overridden = []string{}
	}
	_, err = s.db.Exec(ctx, `INSERT INTO competition.registration_eligibility
		(registration_id, athlete_id, member_number, birth_date, category, overridden) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (registration_id, athlete_id) DO UPDATE SET member_number = EXCLUDED.member_number,
			birth_date = EXCLUDED.birth_date, category = EXCLUDED.category, overridden = EXCLUDED.overridden`,
		a.RegistrationID, a.AthleteID, a.MemberNumber, a.BirthDate, a.Category, overridden)
	return err
}

// RegistrationCategories are the categories the registration's other athletes gave.
func (s *Store) RegistrationCategories(ctx context.Context, registrationID, exceptAthlete string) (_ []string, err error) {
	defer apperr.Wrap(&err, "store.RegistrationCategories(%q)", registrationID)
	rows, err := s.db.Query(ctx, `SELECT category FROM competition.registration_eligibility
		WHERE registration_id = $1 AND athlete_id <> $2 AND category <> ''`, registrationID, exceptAthlete)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// EventAthleteEligibility is what the athletes of the event's registrations gave, by
// registration id.
func (s *Store) EventAthleteEligibility(ctx context.Context, eventID string) (_ map[string][]AthleteEligibility, err error) {
	defer apperr.Wrap(&err, "store.EventAthleteEligibility(%q)", eventID)
	rows, err := s.db.Query(ctx, `SELECT x.registration_id::text, x.athlete_id::text, x.member_number, x.birth_date, x.category, x.overridden
		FROM competition.registration_eligibility x JOIN competition.registrations r ON r.id = x.registration_id
		WHERE r.event_id = $1 ORDER BY x.registration_id, x.athlete_id`, eventID)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, scanAthleteEligibility)
	out := map[string][]AthleteEligibility{}
	for _, a := range list {
		out[a.RegistrationID] = append(out[a.RegistrationID], a)
	}
	return out, err
}

// MyEligibility is what the athlete gave in their registrations of a division.
func (s *Store) MyEligibility(ctx context.Context, divisionID, athleteID string) (_ []AthleteEligibility, err error) {
	defer apperr.Wrap(&err, "store.MyEligibility(%q)", divisionID)
	rows, err := s.db.Query(ctx, `SELECT x.registration_id::text, x.athlete_id::text, x.member_number, x.birth_date, x.category, x.overridden
		FROM competition.registration_eligibility x JOIN competition.registrations r ON r.id = x.registration_id
		WHERE r.division_id = $1 AND x.athlete_id = $2 AND r.state NOT IN ('withdrawn', 'refused')`, divisionID, athleteID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanAthleteEligibility)
}

func scanAthleteEligibility(row pgx.CollectableRow) (AthleteEligibility, error) {
	var a AthleteEligibility
	err := row.Scan(&a.RegistrationID, &a.AthleteID, &a.MemberNumber, &a.BirthDate, &a.Category, &a.Overridden)
	return a, err
}

// InsertOverride stores an override; ErrOverrideExists when the athlete already has one for
// that rule of the division.
func (s *Store) InsertOverride(ctx context.Context, o EligibilityOverride) (err error) {
	defer apperr.Wrap(&err, "store.InsertOverride(%q)", o.DivisionID)
	tag, err := s.db.Exec(ctx, `INSERT INTO competition.eligibility_overrides
		(id, event_id, division_id, athlete_email, rule, reason, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (division_id, athlete_email, rule) DO NOTHING`,
		o.ID, o.EventID, o.DivisionID, o.AthleteEmail, o.Rule, o.Reason, o.CreatedBy)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrOverrideExists
	}
	return err
}

// ErrOverrideExists is returned for a second override of one rule for one athlete.
var ErrOverrideExists = errors.New("eligibility override exists")

const overrideSelect = `SELECT o.id::text, o.event_id::text, o.division_id::text, d.name, o.athlete_email, o.rule, o.reason,
	o.created_by, o.created_at FROM competition.eligibility_overrides o JOIN competition.divisions d ON d.id = o.division_id`

func scanOverride(row pgx.CollectableRow) (EligibilityOverride, error) {
	var o EligibilityOverride
	err := row.Scan(&o.ID, &o.EventID, &o.DivisionID, &o.DivisionName, &o.AthleteEmail, &o.Rule, &o.Reason, &o.CreatedBy, &o.CreatedAt)
	return o, err
}

// ListOverrides is the event's overrides, newest first.
func (s *Store) ListOverrides(ctx context.Context, eventID string) (_ []EligibilityOverride, err error) {
	defer apperr.Wrap(&err, "store.ListOverrides(%q)", eventID)
	rows, err := s.db.Query(ctx, overrideSelect+` WHERE o.event_id = $1 ORDER BY o.created_at DESC, o.id`, eventID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanOverride)
}

// AthleteOverrides is the overrides of a division for one address, by rule.
func (s *Store) AthleteOverrides(ctx context.Context, divisionID, email string) (_ map[string]EligibilityOverride, err error) {
	defer apperr.Wrap(&err, "store.AthleteOverrides(%q)", divisionID)
	rows, err := s.db.Query(ctx, overrideSelect+` WHERE o.division_id = $1 AND o.athlete_email = lower($2)`, divisionID, email)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, scanOverride)
	out := make(map[string]EligibilityOverride, len(list))
	for _, o := range list {
		out[o.Rule] = o
	}
	return out, err
}

// forgetEligibility erases what a deleted athlete gave (member number, birth date, category)
// and the overrides for their address.
func (s *Store) forgetEligibility(ctx context.Context, userID, email string) (err error) {
	defer apperr.Wrap(&err, "store.forgetEligibility(%q)", userID)
	if _, err := s.db.Exec(ctx, `DELETE FROM competition.registration_eligibility WHERE athlete_id = $1`, userID); err != nil {
		return err
	}
	if email == "" {
		return nil
	}
	_, err = s.db.Exec(ctx, `DELETE FROM competition.eligibility_overrides WHERE athlete_email = lower($1)`, email)
	return err
}

// DivisionSeriesNames are the names of the series a division counts for.
func (s *Store) DivisionSeriesNames(ctx context.Context, divisionID string) (_ []string, err error) {
	defer apperr.Wrap(&err, "store.DivisionSeriesNames(%q)", divisionID)
	rows, err := s.db.Query(ctx, `SELECT se.name FROM competition.series_division_map m
		JOIN competition.series se ON se.id = m.series_id WHERE m.division_id = $1 ORDER BY se.name`, divisionID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// DeleteOverride deletes one override of the event and returns it, or ErrNotFound.
func (s *Store) DeleteOverride(ctx context.Context, eventID, id string) (_ EligibilityOverride, err error) {
	defer apperr.Wrap(&err, "store.DeleteOverride(%q)", id)
	rows, err := s.db.Query(ctx, `WITH gone AS (DELETE FROM competition.eligibility_overrides
			WHERE event_id = $1 AND id = $2 RETURNING *)
		SELECT o.id::text, o.event_id::text, o.division_id::text, d.name, o.athlete_email, o.rule, o.reason,
			o.created_by, o.created_at FROM gone o JOIN competition.divisions d ON d.id = o.division_id`, eventID, id)
	if err != nil {
		return EligibilityOverride{}, err
	}
	o, err := pgx.CollectExactlyOneRow(rows, scanOverride)
	return o, notFound(err)
}
