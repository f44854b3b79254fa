package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pg"
)

// RegSettings are how a division takes registrations (table registration_settings).
type RegSettings struct {
	DivisionID       string
	EventID          string
	DivisionName     string
	OpensAt          time.Time
	ClosesAt         time.Time
	Capacity         int32
	FeeCents         int32
	Currency         string
	Waitlist         bool
	ApprovalRequired bool
	// RefundDeadline: a withdrawal before it refunds a fee paid online; nil: never.
	RefundDeadline *time.Time
}

// Registration is one team's registration for a division.
type Registration struct {
	ID           string
	EventID      string
	EventName    string
	DivisionID   string
	DivisionName string
	TeamName     string
	State        string
	HoldsPlace   bool
	CaptainID    string
	CaptainName  string
	CaptainEmail string
	// CaptainClub and CaptainCountry are the captain's profile's when they registered (written
	// by CreateRegistration only).
	CaptainClub, CaptainCountry string
	PartnerID                   string // "" until the partner accepts
	PartnerName                 string
	PartnerEmail                string
	InviteCode                  string
	InviteExpiresAt             time.Time
	FeeCents                    int32
	Currency                    string
	PaidAt                      *time.Time
	PaidBy                      string
	PaymentMethod               string
	ApprovedAt                  *time.Time
	ApprovedBy                  string
	RefusalReason               string
	TeamID                      string
	WaitlistedAt                *time.Time
	// WaitlistPosition is 1 for the next team on the list, 0 when not waitlisted.
	WaitlistPosition int32
	CreatedAt        time.Time
	UpdatedAt        time.Time
	Payment          Payment
	// BankDetails are the event's payment instructions (payment_details.go), "" when none.
	BankDetails string
	// TeamSize is the division's (2: pairs, the captain and partner columns; any other size
	// keeps its places after the captain's in Places, docs/rosters.md).
	TeamSize int
	// The captain's category and birth date (YYYY-MM-DD), when the division asks for them.
	CaptainCategory, CaptainBirthDate string
	// RosterConfirmedBy is who confirmed an incomplete roster by hand ("": nobody).
	RosterConfirmedBy string
	// Places are the places after the captain's, in position order (sizes other than pairs).
	Places []RegPlace
	// What the division and its event say of rosters: the event's roster lock (nil: never),
	// the substitutes allowed, the composition's categories, whether birth dates are asked.
	RosterLockAt       *time.Time
	SubstitutesAllowed int
	Categories         []string
	BirthDateRequired  bool
	// What a withdrawal gives back: the event's refund policy, else the division's refund
	// deadline (nil: none).
	RefundPolicy   RefundPolicy
	RefundDeadline *time.Time
	// Transfers are the open offers of the team's places (transfers.go), filled in only by
	// the reads that show them.
	Transfers []Transfer
	// The discount code redeemed ("" none) and what it took off the division's fee: FeeCents is
	// what the team owes, FeeCents+DiscountCents the fee before it (discounts.go).
	DiscountCode  string
	DiscountCents int32
	// The member numbers the captain and the partner gave (registration_eligibility, "" none).
	CaptainMemberNumber, PartnerMemberNumber string
	// OwedCents is a price difference still to pay on top of a fee already paid (a division
	// change to a dearer division, division_changes.go); paying it adds it to FeeCents.
	OwedCents int32
	// DivisionChange is the open request to move to another division (ID "" when none).
	DivisionChange DivisionChange
	// The event's default language (mails to whom chose none, docs/architecture.md,
	// "Languages") and its time zone (the times in mails).
	EventLanguage, TimeZone string
}

// Payment is what a registration's online payment and refund are at Stripe (migration
// 0420_payments.sql).
type Payment struct {
	CheckoutURL       string
	CheckoutExpiresAt *time.Time
	PaymentIntentID   string
	RefundRequestedAt *time.Time
	RefundedAt        *time.Time
	// RefundCents is what the refund decided gives back; RefundByHand: the organiser pays it
	// back (a fee taken by hand) and RefundedBy marked it done.
	RefundCents  int32
	RefundByHand bool
	RefundedBy   string
	// Pending: a call to Stripe is queued and not done; LastError: why it failed so far.
	Pending   bool
	LastError string
}

// ErrAthleteTaken is returned when an athlete already is in a live registration of the
// division.
var ErrAthleteTaken = errors.New("athlete already registered in the division")

const regSettingsSelect = `SELECT s.division_id::text, s.event_id::text, d.name, s.opens_at, s.closes_at,
	s.capacity, s.fee_cents, s.currency, s.waitlist, s.approval_required, s.refund_deadline
	FROM competition.registration_settings s JOIN competition.divisions d ON d.id = s.division_id`

func scanRegSettings(row pgx.Row) (RegSettings, error) {
	var r RegSettings
	err := row.Scan(&r.DivisionID, &r.EventID, &r.DivisionName, &r.OpensAt, &r.ClosesAt, &r.Capacity,
		&r.FeeCents, &r.Currency, &r.Waitlist, &r.ApprovalRequired, &r.RefundDeadline)
	return r, notFound(err)
}

// GetRegSettings returns a division's registration settings or ErrNotFound.
func (s *Store) GetRegSettings(ctx context.Context, divisionID string) (_ RegSettings, err error) {
	defer apperr.Wrap(&err, "store.GetRegSettings(%q)", divisionID)
	return scanRegSettings(s.db.QueryRow(ctx, regSettingsSelect+` WHERE s.division_id = $1`, divisionID))
}

// LockRegSettings returns a division's settings and holds its row until the transaction ends:
// every write that takes or frees a place of the division holds it first, so places are
// counted and taken one registration at a time.
func (s *Store) LockRegSettings(ctx context.Context, divisionID string) (_ RegSettings, err error) {
	defer apperr.Wrap(&err, "store.LockRegSettings(%q)", divisionID)
	return scanRegSettings(s.db.QueryRow(ctx, regSettingsSelect+` WHERE s.division_id = $1 FOR UPDATE OF s`, divisionID))
}

// ListEventRegSettings returns the settings of an event's divisions that have them.
func (s *Store) ListEventRegSettings(ctx context.Context, eventID string) (_ []RegSettings, err error) {
	defer apperr.Wrap(&err, "store.ListEventRegSettings(%q)", eventID)
	rows, err := s.db.Query(ctx, regSettingsSelect+` WHERE s.event_id = $1`, eventID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (RegSettings, error) { return scanRegSettings(row) })
}

// PutRegSettings creates or replaces a division's settings.
func (s *Store) PutRegSettings(ctx context.Context, r RegSettings) (err error) {
	defer apperr.Wrap(&err, "store.PutRegSettings()")
	_, err = s.db.Exec(ctx, `INSERT INTO competition.registration_settings
		(division_id, event_id, opens_at, closes_at, capacity, fee_cents, currency, waitlist, approval_required, refund_deadline)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (division_id) DO UPDATE SET opens_at = EXCLUDED.opens_at, closes_at = EXCLUDED.closes_at,
		capacity = EXCLUDED.capacity, fee_cents = EXCLUDED.fee_cents, currency = EXCLUDED.currency,
		waitlist = EXCLUDED.waitlist, approval_required = EXCLUDED.approval_required,
		refund_deadline = EXCLUDED.refund_deadline, updated_at = now()`,
		r.DivisionID, r.EventID, r.OpensAt, r.ClosesAt, r.Capacity, r.FeeCents, r.Currency, r.Waitlist, r.ApprovalRequired, r.RefundDeadline)
	return err
}

// Places are a division's taken places and its waiting list.
type Places struct {
	Taken    int32
	Waitlist int32
}

// CountPlaces counts a division's taken places: the registrations that hold one, the
// teams an organiser added by hand (teams of no live registration) and the open invitations
// from a qualifier (registration/final_invitations.go).
func (s *Store) CountPlaces(ctx context.Context, divisionID string) (_ Places, err error) {
	defer apperr.Wrap(&err, "store.CountPlaces(%q)", divisionID)
	var p Places
	err = s.db.QueryRow(ctx, `SELECT `+placesColumns("$1::uuid"), divisionID).Scan(&p.Taken, &p.Waitlist)
	return p, err
}

// placesColumns are the two columns of Places (taken, waiting list) of the division whose id
// is the SQL expression division: the one count of a division's places, for CountPlaces and
// every list that shows them.
func placesColumns(division string) string {
	return strings.NewReplacer("DIVISION", division).Replace(`
		(SELECT count(*) FROM competition.registrations WHERE division_id = DIVISION AND holds_place)
		+ (SELECT count(*) FROM competition.teams t WHERE t.division_id = DIVISION AND NOT EXISTS
			(SELECT 1 FROM competition.registrations r WHERE r.team_id = t.id AND r.holds_place))
		+ (SELECT count(*) FROM competition.final_invitations WHERE final_division_id = DIVISION AND state = 'invited'),
		(SELECT count(*) FROM competition.registrations WHERE division_id = DIVISION AND state = 'waitlisted')`)
}

// TeamNameTaken reports whether a team or a live registration of the division (other than
// exceptRegistration and its team) has the name, compared as team names are
// (team_name_key, migration 0320_team_names_unique.sql).
func (s *Store) TeamNameTaken(ctx context.Context, divisionID, name, exceptRegistration string) (_ bool, err error) {
	defer apperr.Wrap(&err, "store.TeamNameTaken(%q)", divisionID)
	var taken bool
	err = s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM competition.teams t WHERE t.division_id = $1
			AND competition.team_name_key(t.name) = competition.team_name_key($2)
			AND NOT EXISTS (SELECT 1 FROM competition.registrations r WHERE r.team_id = t.id AND r.id::text = $3))
		OR EXISTS (SELECT 1 FROM competition.registrations r WHERE r.division_id = $1
			AND competition.team_name_key(r.team_name) = competition.team_name_key($2)
			AND r.state NOT IN ('withdrawn', 'refused') AND r.id::text <> $3)`,
		divisionID, name, exceptRegistration).Scan(&taken)
	return taken, err
}

const regSelect = `SELECT r.id::text, r.event_id::text, e.name, r.division_id::text, d.name, r.team_name, r.state,
	r.holds_place, r.captain_id::text, r.captain_name, r.captain_email, coalesce(r.partner_id::text, ''),
	r.partner_name, r.partner_email, r.invite_code, r.invite_expires_at, r.fee_cents, r.currency, r.paid_at,
	r.paid_by, r.payment_method, r.approved_at, r.approved_by, r.refusal_reason, coalesce(r.team_id::text, ''),
	r.waitlisted_at,
	CASE WHEN r.state = 'waitlisted' THEN (SELECT count(*) FROM competition.registrations w
		WHERE w.division_id = r.division_id AND w.state = 'waitlisted'
		AND (w.waitlisted_at, w.id) <= (r.waitlisted_at, r.id)) ELSE 0 END,
	r.created_at, r.updated_at,
	r.checkout_url, r.checkout_expires_at, r.payment_intent_id, r.refund_requested_at, r.refunded_at,
	EXISTS (SELECT 1 FROM competition.payment_outbox j WHERE j.registration_id = r.id AND j.done_at IS NULL),
	coalesce((SELECT j.last_error FROM competition.payment_outbox j WHERE j.registration_id = r.id AND j.done_at IS NULL
		ORDER BY j.created_at DESC LIMIT 1), ''),
	coalesce((SELECT pd.bank_details FROM competition.event_payment_details pd WHERE pd.event_id = r.event_id), ''),
	d.team_size, r.captain_category, coalesce(to_char(r.captain_birth_date, 'YYYY-MM-DD'), ''), r.roster_confirmed_by,
	e.roster_lock_at, d.substitutes,
	coalesce((SELECT array_agg(c->>'category') FROM jsonb_array_elements(d.composition) c), '{}'), d.age_on IS NOT NULL,
	r.refund_cents, r.refund_by_hand, r.refunded_by, rp.full_until, rp.partial_until, coalesce(rp.partial_percent, 0),
	(SELECT rs.refund_deadline FROM competition.registration_settings rs WHERE rs.division_id = r.division_id),
	r.discount_code, r.discount_cents,
	coalesce((SELECT re.member_number FROM competition.registration_eligibility re
		WHERE re.registration_id = r.id AND re.athlete_id = r.captain_id), ''),
	coalesce((SELECT re.member_number FROM competition.registration_eligibility re
		WHERE re.registration_id = r.id AND re.athlete_id = r.partner_id), ''),
	r.owed_cents, ` + divisionChangeColumns + `,
	e.default_language, e.time_zone
	FROM competition.registrations r
	JOIN competition.divisions d ON d.id = r.division_id
	JOIN competition.events e ON e.id = r.event_id
	LEFT JOIN competition.event_refund_policies rp ON rp.event_id = r.event_id
	` + divisionChangeJoin

func scanRegistration(row pgx.Row) (Registration, error) {
	var r Registration
	var codePercent, codeAmount int32
	err := row.Scan(&r.ID, &r.EventID, &r.EventName, &r.DivisionID, &r.DivisionName, &r.TeamName, &r.State,
		&r.HoldsPlace, &r.CaptainID, &r.CaptainName, &r.CaptainEmail, &r.PartnerID, &r.PartnerName,
		&r.PartnerEmail, &r.InviteCode, &r.InviteExpiresAt, &r.FeeCents, &r.Currency, &r.PaidAt, &r.PaidBy,
		&r.PaymentMethod, &r.ApprovedAt, &r.ApprovedBy, &r.RefusalReason, &r.TeamID, &r.WaitlistedAt,
		&r.WaitlistPosition, &r.CreatedAt, &r.UpdatedAt,
		&r.Payment.CheckoutURL, &r.Payment.CheckoutExpiresAt, &r.Payment.PaymentIntentID, &r.Payment.RefundRequestedAt,
		&r.Payment.RefundedAt, &r.Payment.Pending, &r.Payment.LastError, &r.BankDetails,
		&r.TeamSize, &r.CaptainCategory, &r.CaptainBirthDate, &r.RosterConfirmedBy,
		&r.RosterLockAt, &r.SubstitutesAllowed, &r.Categories, &r.BirthDateRequired,
		&r.Payment.RefundCents, &r.Payment.RefundByHand, &r.Payment.RefundedBy, &r.RefundPolicy.FullUntil,
		&r.RefundPolicy.PartialUntil, &r.RefundPolicy.PartialPercent, &r.RefundDeadline,
		&r.DiscountCode, &r.DiscountCents, &r.CaptainMemberNumber, &r.PartnerMemberNumber,
		&r.OwedCents, &r.DivisionChange.ID, &r.DivisionChange.ToDivisionID, &r.DivisionChange.ToDivisionName,
		&r.DivisionChange.ToFeeCents, &r.DivisionChange.Note, &r.DivisionChange.RequestedBy, &r.DivisionChange.CreatedAt,
		&codePercent, &codeAmount, &r.EventLanguage, &r.TimeZone)
	r.DivisionChange.setCode(codePercent, codeAmount)
	return r, notFound(err)
}

func collectRegistrations(rows pgx.Rows, err error) ([]Registration, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Registration, error) { return scanRegistration(row) })
}

// GetRegistration returns one registration or ErrNotFound.
func (s *Store) GetRegistration(ctx context.Context, id string) (_ Registration, err error) {
	defer apperr.Wrap(&err, "store.GetRegistration(%q)", id)
	return s.withPlaces(ctx)(scanRegistration(s.db.QueryRow(ctx, regSelect+` WHERE r.id = $1`, id)))
}

// LockRegistration returns a registration and holds its row until the transaction ends.
func (s *Store) LockRegistration(ctx context.Context, id string) (_ Registration, err error) {
	defer apperr.Wrap(&err, "store.LockRegistration(%q)", id)
	return s.withPlaces(ctx)(scanRegistration(s.db.QueryRow(ctx, regSelect+` WHERE r.id = $1 FOR UPDATE OF r`, id)))
}

// RegistrationByCode returns the registration whose invitation has code, or ErrNotFound.
func (s *Store) RegistrationByCode(ctx context.Context, code string) (_ Registration, err error) {
	defer apperr.Wrap(&err, "store.RegistrationByCode()")
	return s.withPlaces(ctx)(scanRegistration(s.db.QueryRow(ctx, regSelect+` WHERE r.invite_code = $1`, code)))
}

// RegFilter selects registrations; empty fields select all.
type RegFilter struct {
	EventID    string
	DivisionID string
	State      string
	// UserID keeps the registrations the user is captain, partner or on a place of.
	UserID string
}

// ListRegistrations returns the registrations filter selects, oldest first.
func (s *Store) ListRegistrations(ctx context.Context, f RegFilter) (_ []Registration, err error) {
	defer apperr.Wrap(&err, "store.ListRegistrations()")
	return s.listWithPlaces(ctx)(collectRegistrations(s.db.Query(ctx, regSelect+` WHERE ($1 = '' OR r.event_id::text = $1)
		AND ($2 = '' OR r.division_id::text = $2) AND ($3 = '' OR r.state = $3)
		AND ($4 = '' OR r.captain_id::text = $4 OR r.partner_id::text = $4 OR EXISTS (SELECT 1
			FROM competition.registration_places p WHERE p.registration_id = r.id AND p.athlete_id::text = $4))
		ORDER BY r.created_at, r.id`, f.EventID, f.DivisionID, f.State, f.UserID)))
}

// FirstWaitlisted returns the division's next team on the waiting list, or ErrNotFound.
func (s *Store) FirstWaitlisted(ctx context.Context, divisionID string) (_ Registration, err error) {
	defer apperr.Wrap(&err, "store.FirstWaitlisted(%q)", divisionID)
	return s.withPlaces(ctx)(scanRegistration(s.db.QueryRow(ctx, regSelect+` WHERE r.division_id = $1 AND r.state = 'waitlisted'
		ORDER BY r.waitlisted_at, r.id LIMIT 1 FOR UPDATE OF r`, divisionID)))
}

// CreateRegistration inserts a registration and returns its id.
func (s *Store) CreateRegistration(ctx context.Context, r Registration) (_ string, err error) {
	defer apperr.Wrap(&err, "store.CreateRegistration(event %q, division %q)", r.EventID, r.DivisionID)
	var id string
	err = s.db.QueryRow(ctx, `INSERT INTO competition.registrations (event_id, division_id, team_name, state,
		holds_place, captain_id, captain_name, captain_email, partner_email, invite_code, invite_expires_at,
		fee_cents, currency, waitlisted_at, captain_club, captain_country, captain_category, captain_birth_date,
		discount_code, discount_cents)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, nullif($18, '')::date, $19, $20)
		RETURNING id::text`,
		r.EventID, r.DivisionID, r.TeamName, r.State, r.HoldsPlace, r.CaptainID, r.CaptainName, r.CaptainEmail,
		r.PartnerEmail, r.InviteCode, r.InviteExpiresAt, r.FeeCents, r.Currency, r.WaitlistedAt,
		r.CaptainClub, r.CaptainCountry, r.CaptainCategory, r.CaptainBirthDate, r.DiscountCode, r.DiscountCents).Scan(&id)
	return id, err
}

// UpdateRegistration writes a registration's changing fields, or returns ErrNotFound.
func (s *Store) UpdateRegistration(ctx context.Context, r Registration) (err error) {
	defer apperr.Wrap(&err, "store.UpdateRegistration(%q)", r.ID)
	var partner *string
	if r.PartnerID != "" {
		partner = &r.PartnerID
	}
	var team *string
	if r.TeamID != "" {
		team = &r.TeamID
	}
	tag, err := s.db.Exec(ctx, `UPDATE competition.registrations SET division_id = $2, team_name = $3,
		state = $4, holds_place = $5, partner_id = $6, partner_name = $7, paid_at = $8, paid_by = $9,
		payment_method = $10, approved_at = $11, approved_by = $12, refusal_reason = $13, team_id = $14,
		waitlisted_at = $15, partner_email = $16, roster_confirmed_by = $17, fee_cents = $18, discount_cents = $19,
		owed_cents = $20, updated_at = now() WHERE id = $1`,
		r.ID, r.DivisionID, r.TeamName, r.State, r.HoldsPlace, partner, r.PartnerName, r.PaidAt, r.PaidBy,
		r.PaymentMethod, r.ApprovedAt, r.ApprovedBy, r.RefusalReason, team, r.WaitlistedAt, r.PartnerEmail, r.RosterConfirmedBy,
		r.FeeCents, r.DiscountCents, r.OwedCents)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// ClaimAthlete puts userID into registrationID for the division, or returns ErrAthleteTaken
// (with the registration that holds the athlete) when the athlete is in one already.
func (s *Store) ClaimAthlete(ctx context.Context, divisionID, userID, registrationID string) (_ string, err error) {
	defer apperr.Wrap(&err, "store.ClaimAthlete(%q, %q, %q)", divisionID, userID, registrationID)
	var holder string
	err = s.db.QueryRow(ctx, `WITH ins AS (INSERT INTO competition.registration_athletes (division_id, user_id, registration_id)
			VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING registration_id)
		SELECT coalesce((SELECT registration_id::text FROM ins),
			(SELECT registration_id::text FROM competition.registration_athletes WHERE division_id = $1 AND user_id = $2), '')`,
		divisionID, userID, registrationID).Scan(&holder)
	if err != nil {
		return "", err
	}
	if holder != registrationID {
		return holder, ErrAthleteTaken
	}
	return holder, nil
}

// AthleteRegistration returns the live registration userID is in for the division ("" for
// none).
func (s *Store) AthleteRegistration(ctx context.Context, divisionID, userID string) (_ string, err error) {
	defer apperr.Wrap(&err, "store.AthleteRegistration(%q, %q)", divisionID, userID)
	var id string
	err = s.db.QueryRow(ctx, `SELECT registration_id::text FROM competition.registration_athletes
		WHERE division_id = $1 AND user_id = $2`, divisionID, userID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// EmailInDivision says whether an athlete with this address (compared without case) is in a
// live registration of the division already: its captain, or its partner once accepted.
func (s *Store) EmailInDivision(ctx context.Context, divisionID, email string) (_ bool, err error) {
	defer apperr.Wrap(&err, "store.EmailInDivision(%q)", divisionID)
	var in bool
	err = s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM competition.registrations
		WHERE division_id = $1 AND state NOT IN ('withdrawn', 'refused')
		AND (lower(captain_email) = lower($2) OR (partner_id IS NOT NULL AND lower(partner_email) = lower($2))
			OR EXISTS (SELECT 1 FROM competition.registration_places p WHERE p.registration_id = registrations.id
				AND p.athlete_id IS NOT NULL AND lower(p.email) = lower($2))))`,
		divisionID, email).Scan(&in)
	return in, err
}

// ReleaseAthletes frees a registration's athletes (it was withdrawn or refused).
func (s *Store) ReleaseAthletes(ctx context.Context, registrationID string) (err error) {
	defer apperr.Wrap(&err, "store.ReleaseAthletes(%q)", registrationID)
	_, err = s.db.Exec(ctx, `DELETE FROM competition.registration_athletes WHERE registration_id = $1`, registrationID)
	return err
}

// MoveAthletes moves a registration's athletes to another division.
func (s *Store) MoveAthletes(ctx context.Context, registrationID, divisionID string) (err error) {
	defer apperr.Wrap(&err, "store.MoveAthletes(%q, %q)", registrationID, divisionID)
	_, err = s.db.Exec(ctx, `UPDATE competition.registration_athletes SET division_id = $2 WHERE registration_id = $1`,
		registrationID, divisionID)
	if pg.IsUniqueViolation(err) {
		return ErrAthleteTaken
	}
	return err
}
