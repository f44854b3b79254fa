package crew

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// SignUpInput is a volunteer's sign-up form.
type SignUpInput struct {
	EventID, Name, Email, Notes, Club, TeamID string
	Roles                                     []string
	Availability                              [][2]string
	Course, Number, ValidUntil                string
	Level                                     int32
}

// SignUp records a volunteer for a visible event and mails them the link to their own page
// (through the outbox, in the same transaction). Signed in as an athlete, the account's name
// and confirmed address are used and the sign-up is confirmed at once; otherwise the link
// confirms the address.
func (s *service) SignUp(ctx context.Context, in SignUpInput) (_ store.Volunteer, err error) {
	defer apperr.Wrap(&err, "crew.SignUp(%q)", in.EventID)
	ev, err := s.visibleEvent(ctx, in.EventID)
	if err != nil {
		return store.Volunteer{}, err
	}
	v := store.Volunteer{ID: uuid.NewString(), EventID: ev.ID, Notes: strings.TrimSpace(in.Notes), Club: strings.TrimSpace(in.Club)}
	if c, ok := authn.CallerFrom(ctx); ok && c.IsAthlete() {
		a, err := s.Athletes.Athlete(ctx, c.UserID)
		if err != nil {
			return store.Volunteer{}, err
		}
		now := s.Now()
		v.AthleteID, v.Name, v.Email, v.ConfirmedAt = a.ID, a.Name, a.Email, &now
	} else {
		if v.Name, err = core.CleanName("name", "Name", in.Name); err != nil {
			return store.Volunteer{}, err
		}
		if v.Name == "" {
			return store.Volunteer{}, apperr.Invalid("name", msgNameRequired)
		}
		if v.Email, err = cleanEmail(in.Email); err != nil {
			return store.Volunteer{}, err
		}
	}
	if v.Roles, err = roleList(in.Roles); err != nil {
		return store.Volunteer{}, err
	}
	if len([]rune(v.Notes)) > maxNotes {
		return store.Volunteer{}, apperr.Invalid("notes", msgNotesTooLong)
	}
	if v.Availability, err = windows(in.Availability); err != nil {
		return store.Volunteer{}, err
	}
	if err := credential(&v, in, ev); err != nil {
		return store.Volunteer{}, err
	}
	if in.TeamID != "" {
		if v.TeamID, err = s.eventTeam(ctx, ev.ID, in.TeamID); err != nil {
			return store.Volunteer{}, err
		}
	}
	key := newKey()
	v.KeyHash = hashKey(key)
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.InsertVolunteer(ctx, v); err != nil {
			if store.Violates(err, "volunteers_email_once") {
				return apperr.Invalid("email", msgAlreadySignedUp)
			}
			return err
		}
		if err := tx.RecordActivity(ctx, byVolunteer(v, "volunteered", "volunteer", v.ID,
			fmt.Sprintf("%s signed up as a volunteer: %s", v.Name, rolesWords(v.Roles)))); err != nil {
			return err
		}
		return s.QueueMails(ctx, tx, []core.Mail{signUpMail(s.Service, ev, v, key)})
	})
	return v, err
}

// signUpMail goes to a volunteer, who has no account: in the event's default language.
func signUpMail(c *core.Service, ev store.Event, v store.Volunteer, key string) core.Mail {
	t := mailtext.For(ev.DefaultLanguage)
	args := mailtext.Args{"Name": v.Name, "Event": ev.Name, "Link": c.MailLink("/public/volunteer/"+key, nil)}
	next := "crew.signUp.confirm"
	if v.ConfirmedAt != nil {
		next = "crew.signUp.shifts"
	}
	body := t.T("crew.signUp.intro", args) + t.T(next, args) + t.T("crew.signUp.note")
	return core.Mail{To: v.Email, Subject: t.T("crew.signUp.subject", args), Body: body, Secret: true}
}

func (s *service) visibleEvent(ctx context.Context, id string) (_ store.Event, err error) {
	defer apperr.Wrap(&err, "crew.visibleEvent(%q)", id)
	id, err = core.ParseID("eventId", id, "Event")
	if err != nil {
		return store.Event{}, err
	}
	ev, err := s.Store.GetEvent(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && (ev.Status == typesv1.EventStatus_DRAFT || ev.Status == typesv1.EventStatus_ARCHIVED) {
		return store.Event{}, apperr.NotFound(core.MsgEventNotFound)
	}
	return ev, err
}

func (s *service) eventTeam(ctx context.Context, eventID, teamID string) (_ string, err error) {
	defer apperr.Wrap(&err, "crew.eventTeam(%q)", teamID)
	teamID, err = core.ParseID("teamId", teamID, "Team")
	if err != nil {
		return "", err
	}
	t, err := s.Store.GetTeam(ctx, teamID)
	if errors.Is(err, store.ErrNotFound) || err == nil && t.EventID != eventID {
		return "", apperr.Invalid("teamId", msgTeamMissing)
	}
	return teamID, err
}

func windows(in [][2]string) ([]store.Window, error) {
	if len(in) > maxWindows {
		return nil, apperr.Invalid("availability", msgTooManyWindows)
	}
	out := make([]store.Window, 0, len(in))
	for _, w := range in {
		from, err := parseInstant("availability", w[0], msgWindowInvalid)
		if err != nil {
			return nil, err
		}
		to, err := parseInstant("availability", w[1], msgWindowInvalid)
		if err != nil || !to.After(from) {
			return nil, apperr.Invalid("availability", msgWindowInvalid)
		}
		out = append(out, store.Window{StartsAt: from, EndsAt: to})
	}
	return out, nil
}

// credential checks the judge credential: required of judges, valid through the event's last
// day.
func credential(v *store.Volunteer, in SignUpInput, ev store.Event) error {
	v.CredentialCourse, v.CredentialNumber = strings.TrimSpace(in.Course), strings.TrimSpace(in.Number)
	given := v.CredentialCourse != "" || v.CredentialNumber != "" || in.Level != 0 || strings.TrimSpace(in.ValidUntil) != ""
	if !given {
		if isJudge(v.Roles) {
			return apperr.Invalid("credential", msgCredRequired)
		}
		return nil
	}
	if len(v.CredentialCourse) > maxCredential || len(v.CredentialNumber) > maxCredential {
		return apperr.Invalid("credential", msgCredTooLong)
	}
	if in.Level < 1 || in.Level > maxCredLevel {
		return apperr.Invalid("credential.level", msgCredLevel)
	}
	v.CredentialLevel = in.Level
	until, err := time.Parse("2006-01-02", strings.TrimSpace(in.ValidUntil))
	if err != nil {
		return apperr.Invalid("credential.validUntil", msgCredDate)
	}
	if v.CredentialCourse == "" {
		return apperr.Invalid("credential.course", msgCredRequired)
	}
	if until.Before(lastDay(ev)) {
		return apperr.Invalid("credential.validUntil", credentialExpired(until, lastDay(ev)))
	}
	v.CredentialValidUntil = &until
	return nil
}

func lastDay(ev store.Event) time.Time {
	if ev.DateTo.IsZero() {
		return ev.DateFrom
	}
	return ev.DateTo
}

// credentialProblem flags a stored credential that no longer holds on the event's dates (the
// event moved after the sign-up); "" when it holds or there is none.
func credentialProblem(v store.Volunteer, ev store.Event) string {
	if v.CredentialValidUntil != nil && v.CredentialValidUntil.Before(lastDay(ev)) {
		return credentialExpired(*v.CredentialValidUntil, lastDay(ev))
	}
	if isJudge(v.Roles) && v.CredentialValidUntil == nil {
		return msgCredRequired
	}
	return ""
}

func newKey() string {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashKey(key string) []byte {
	h := sha256.Sum256([]byte(strings.TrimSpace(key)))
	return h[:]
}

// Mine is a volunteer's own data: their sign-up, shifts and judging places, and the swaps they
// proposed or were asked to take.
type Mine struct {
	Volunteer store.Volunteer
	Event     store.Event
	Shifts    []store.Shift
	Judging   []Slot
	Swaps     []Swap
}

// byKey is the volunteer whose link carries key.
func (s *service) byKey(ctx context.Context, key string) (_ store.Volunteer, err error) {
	defer apperr.Wrap(&err, "crew.byKey()")
	if strings.TrimSpace(key) == "" {
		return store.Volunteer{}, apperr.NotFound(msgVolunteerLink)
	}
	v, err := s.Store.VolunteerByKey(ctx, hashKey(key))
	if errors.Is(err, store.ErrNotFound) {
		return store.Volunteer{}, apperr.NotFound(msgVolunteerLink)
	}
	return v, err
}

// GetMine returns what Podium keeps of the volunteer whose link carries key (their page and
// their data download).
func (s *service) GetMine(ctx context.Context, key string) (_ Mine, err error) {
	defer apperr.Wrap(&err, "crew.GetMine()")
	v, err := s.byKey(ctx, key)
	if err != nil {
		return Mine{}, err
	}
	return s.mine(ctx, v)
}

func (s *service) mine(ctx context.Context, v store.Volunteer) (_ Mine, err error) {
	defer apperr.Wrap(&err, "crew.mine(%q)", v.ID)
	ev, err := s.Store.GetEvent(ctx, v.EventID)
	if err != nil {
		return Mine{}, err
	}
	shifts, err := s.Store.VolunteerShifts(ctx, v.ID)
	if err != nil {
		return Mine{}, err
	}
	rot, err := s.rotation(ctx, v.EventID)
	if err != nil {
		return Mine{}, err
	}
	swaps, err := s.mySwaps(ctx, v)
	if err != nil {
		return Mine{}, err
	}
	out := Mine{Volunteer: v, Event: ev, Shifts: shifts, Swaps: swaps}
	for _, sl := range rot.Slots {
		if sl.VolunteerID == v.ID {
			out.Judging = append(out.Judging, sl)
		}
	}
	return out, nil
}

// ConfirmMine confirms the volunteer's address (the mailed link was followed).
func (s *service) ConfirmMine(ctx context.Context, key string) (_ Mine, err error) {
	defer apperr.Wrap(&err, "crew.ConfirmMine()")
	v, err := s.byKey(ctx, key)
	if err != nil {
		return Mine{}, err
	}
	if v.ConfirmedAt == nil {
		now := s.Now()
		if err := s.Store.ConfirmVolunteer(ctx, v.ID, now); err != nil {
			return Mine{}, err
		}
		v.ConfirmedAt = &now
	}
	return s.mine(ctx, v)
}

// ConfirmShift records that the volunteer will work shiftID.
func (s *service) ConfirmShift(ctx context.Context, key, shiftID string) (_ Mine, err error) {
	defer apperr.Wrap(&err, "crew.ConfirmShift(%q)", shiftID)
	v, err := s.byKey(ctx, key)
	if err != nil {
		return Mine{}, err
	}
	shiftID, err = core.ParseID("shiftId", shiftID, "Shift")
	if err != nil {
		return Mine{}, err
	}
	now := s.Now()
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.ConfirmAssignment(ctx, shiftID, v.ID, now); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgNotOnShift)
		} else if err != nil {
			return err
		}
		// Confirming a shift confirms the address it was mailed to.
		return tx.ConfirmVolunteer(ctx, v.ID, now)
	})
	if err != nil {
		return Mine{}, err
	}
	return s.GetMine(ctx, key)
}

// DeleteMine erases the volunteer: their sign-up, availability, shifts and judging places.
func (s *service) DeleteMine(ctx context.Context, key string) (err error) {
	defer apperr.Wrap(&err, "crew.DeleteMine()")
	v, err := s.byKey(ctx, key)
	if err != nil {
		return err
	}
	m, err := s.mine(ctx, v)
	if err != nil {
		return err
	}
	// The entry names the places now free (who to find instead of them), not the volunteer.
	var freed []string
	for _, sh := range m.Shifts {
		freed = append(freed, shiftWords(sh))
	}
	for _, sl := range m.Judging {
		freed = append(freed, placeWords(sl))
	}
	summary := fmt.Sprintf("A volunteer (%s) withdrew and erased their data", rolesWords(v.Roles))
	if len(freed) > 0 {
		summary += "; free now: " + strings.Join(freed, "; ")
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.DeleteVolunteer(ctx, v, formerVolunteer); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, store.Activity{EventID: v.EventID, Actor: formerVolunteer, Action: "withdrew",
			Entity: "volunteer", EntityID: v.ID, Summary: summary})
	})
	if err != nil {
		return err
	}
	s.Changed(ctx, v.EventID)
	return nil
}

// Listed is an event's volunteers for the organiser, each with their shifts, and the no-reply
// list: those with a shift they have not confirmed.
type Listed struct {
	Event       store.Event
	Volunteers  []store.Volunteer
	Shifts      map[string][]store.Shift
	Unconfirmed []string
}

// ListVolunteers returns an event's volunteers.
func (s *service) ListVolunteers(ctx context.Context, eventID string) (_ Listed, err error) {
	defer apperr.Wrap(&err, "crew.ListVolunteers(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return Listed{}, err
	}
	ev, err := s.Store.GetEvent(ctx, eventID)
	if err != nil {
		return Listed{}, err
	}
	vols, err := s.Store.EventVolunteers(ctx, eventID)
	if err != nil {
		return Listed{}, err
	}
	shifts, err := s.Store.EventShifts(ctx, eventID)
	if err != nil {
		return Listed{}, err
	}
	out := Listed{Event: ev, Volunteers: vols, Shifts: map[string][]store.Shift{}, Unconfirmed: []string{}}
	waiting := map[string]bool{}
	for _, sh := range shifts {
		for _, sv := range sh.Volunteers {
			one := sh
			one.Volunteers = []store.ShiftVolunteer{sv}
			out.Shifts[sv.VolunteerID] = append(out.Shifts[sv.VolunteerID], one)
			if sv.ConfirmedAt == nil && !waiting[sv.VolunteerID] {
				waiting[sv.VolunteerID] = true
			}
		}
	}
	for _, v := range vols {
		if waiting[v.ID] {
			out.Unconfirmed = append(out.Unconfirmed, v.ID)
		}
	}
	return out, nil
}

func volunteerGone(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperr.Invalid("volunteerId", msgVolunteerMissing)
	}
	return err
}
