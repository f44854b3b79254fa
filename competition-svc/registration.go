package competitionsvc

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/podium-dev/podium/competition-svc/store"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// Registration, the athlete's side (docs/registration.md): register a team, the partner
// accepts, withdraw, one's own list. Every write holds the division's settings row first
// (store.LockRegSettings), so places are counted and taken one at a time, and writes the
// registration, its athletes, its activity, its team and its mails in one transaction.

// athleteInfo is what registration needs to know of an athlete (auth-svc's profile).
type athleteInfo struct {
	ID, Name, Email string
}

// RegisterInput is a new registration.
type RegisterInput struct {
	EventID, DivisionID, TeamName, PartnerEmail string
}

// registeringEvents are the statuses whose events take registrations: those the public sees.
var registeringEvents = map[typesv1.EventStatus]bool{
	typesv1.EventStatus_PUBLISHED: true, typesv1.EventStatus_IN_PROGRESS: true, typesv1.EventStatus_UNLISTED: true,
}

// me is the signed-in athlete.
func (s *service) me(ctx context.Context) (_ athleteInfo, err error) {
	defer apperr.Wrap(&err, "competitionsvc.me()")
	c, ok := authn.CallerFrom(ctx)
	if !ok {
		return athleteInfo{}, apperr.Unauthenticated("Authentication required: sign in to continue.")
	}
	if !c.IsAthlete() {
		return athleteInfo{}, apperr.Forbidden(msgRegAthleteOnly)
	}
	return s.athletes.athlete(ctx, c.UserID)
}

// Register registers the caller's team for a division: with a place while there is one,
// on the waiting list after.
func (s *service) Register(ctx context.Context, in RegisterInput) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "competitionsvc.Register()")
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	name, err := cleanName("teamName", "Team name", in.TeamName)
	if err != nil {
		return store.Registration{}, err
	}
	if err := checkName("teamName", name, msgTeamNameShort, msgTeamNameLong); err != nil {
		return store.Registration{}, err
	}
	partnerEmail, err := cleanEmail("partnerEmail", in.PartnerEmail)
	if err != nil {
		return store.Registration{}, err
	}
	if partnerEmail != "" && strings.EqualFold(partnerEmail, me.Email) {
		return store.Registration{}, apperr.Invalid("partnerEmail", msgRegPartnerSelf)
	}
	d, err := s.divisionOfEvent(ctx, in.EventID, in.DivisionID, true)
	if err != nil {
		return store.Registration{}, err
	}
	e, err := s.store.GetEvent(ctx, d.EventID)
	if err != nil {
		return store.Registration{}, err
	}
	if !registeringEvents[e.Status] {
		return store.Registration{}, apperr.NotFound(msgRegEventNotOpen)
	}
	var id string
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		set, err := s.openSettings(ctx, tx, d.ID, time.Now())
		if err != nil {
			return err
		}
		if held, err := tx.AthleteRegistration(ctx, d.ID, me.ID); err != nil {
			return err
		} else if held != "" {
			return apperr.ConflictField("divisionId", fmt.Sprintf(msgRegDuplicate, d.Name, s.teamOf(ctx, tx, held)))
		}
		// Refused now rather than when the partner accepts (AcceptInvitation would refuse then).
		if partnerEmail != "" {
			if in, err := tx.EmailInDivision(ctx, d.ID, partnerEmail); err != nil {
				return err
			} else if in {
				return apperr.ConflictField("partnerEmail", fmt.Sprintf(msgRegPartnerTaken, partnerEmail, d.Name))
			}
		}
		if taken, err := tx.TeamNameTaken(ctx, d.ID, name, ""); err != nil {
			return err
		} else if taken {
			return apperr.ConflictField("teamName", fmt.Sprintf(msgRegTeamNameTaken, name, d.Name))
		}
		places, err := tx.CountPlaces(ctx, d.ID)
		if err != nil {
			return err
		}
		hasPlace := placesLeft(set, places) > 0
		if !hasPlace && !set.Waitlist {
			return apperr.ConflictField("divisionId", fmt.Sprintf(msgRegFull, d.Name))
		}
		r := store.Registration{EventID: d.EventID, EventName: e.Name, DivisionID: d.ID, DivisionName: d.Name, TeamName: name,
			CaptainID: me.ID, CaptainName: me.Name, CaptainEmail: me.Email, PartnerEmail: partnerEmail,
			InviteCode: newShareCode(), InviteExpiresAt: time.Now().Add(invitationLifetime),
			FeeCents: set.FeeCents, Currency: set.Currency, HoldsPlace: hasPlace}
		r.State = string(liveState(regFacts{holdsPlace: hasPlace}))
		if !hasPlace {
			r.WaitlistedAt = new(time.Now())
		}
		if id, err = tx.CreateRegistration(ctx, r); err != nil {
			return err
		}
		r.ID = id
		if holder, err := tx.ClaimAthlete(ctx, d.ID, me.ID, id); errors.Is(err, store.ErrAthleteTaken) {
			return apperr.ConflictField("divisionId", fmt.Sprintf(msgRegDuplicate, d.Name, s.teamOf(ctx, tx, holder)))
		} else if err != nil {
			return err
		}
		if err := s.queueMails(ctx, tx, s.registeredMails(r)); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, change(ctx, d.EventID, "registered", "registration", id,
			fmt.Sprintf("Team %s registered in %s by %s: %s", name, d.Name, me.Name, StateLabel(r.State))))
	})
	if err != nil {
		return store.Registration{}, err
	}
	return s.store.GetRegistration(ctx, id)
}

// openSettings locks a division's settings and checks that registration is open at now.
func (s *service) openSettings(ctx context.Context, tx *store.Store, divisionID string, now time.Time) (_ store.RegSettings, err error) {
	defer apperr.Wrap(&err, "competitionsvc.openSettings(%q)", divisionID)
	set, err := tx.LockRegSettings(ctx, divisionID)
	if errors.Is(err, store.ErrNotFound) {
		return set, apperr.ConflictField("divisionId", msgRegNotConfigured)
	} else if err != nil {
		return set, err
	}
	switch window(set.OpensAt, set.ClosesAt, now) {
	case windowNotYetOpen:
		return set, apperr.ConflictField("divisionId", fmt.Sprintf(msgRegNotYetOpen, set.DivisionName, set.OpensAt.UTC().Format(regTimeLayout)))
	case windowClosed:
		return set, apperr.ConflictField("divisionId", fmt.Sprintf(msgRegClosed, set.DivisionName, set.ClosesAt.UTC().Format(regTimeLayout)))
	}
	return set, nil
}

// teamOf names the team of a registration for a message ("" when it cannot be read).
func (s *service) teamOf(ctx context.Context, tx *store.Store, registrationID string) string {
	if registrationID == "" {
		return "?"
	}
	r, err := tx.GetRegistration(ctx, registrationID)
	if err != nil {
		return "?"
	}
	return r.TeamName
}

// AcceptInvitation makes the caller the partner of the registration whose code they give.
func (s *service) AcceptInvitation(ctx context.Context, code string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "competitionsvc.AcceptInvitation()")
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	if utf8.RuneCountInString(code) > codeInputMax {
		return store.Registration{}, apperr.Invalid("code", msgRegCodeTooLong)
	}
	code = normaliseCode(code)
	if code == "" {
		return store.Registration{}, apperr.Invalid("code", msgRegCodeRequired)
	}
	// Codes tried are limited per athlete's address, client address and both, as sign-ins
	// are (docs/access.md, "Athletes"); an accepted code takes its count back.
	attempt, wait := s.codeAttempts.Admit(ctx, me.Email, svcauth.ClientAddress(ctx))
	if wait > 0 {
		return store.Registration{}, s.codeAttempts.Refusal(wait)
	}
	found, err := s.store.RegistrationByCode(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		return store.Registration{}, apperr.NotFound(msgRegCodeUnknown)
	} else if err != nil {
		return store.Registration{}, err
	}
	var changedTeam bool
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		set, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		switch {
		case RegState(r.State).Ended():
			return apperr.ConflictField("code", fmt.Sprintf(msgRegCodeEnded, StateLabel(r.State)))
		case r.PartnerID == me.ID:
			return nil // accepted already: the same answer again
		case r.PartnerID != "":
			return apperr.ConflictField("code", msgRegCodeUsed)
		case r.CaptainID == me.ID:
			return apperr.ConflictField("code", msgRegOwnInvitation)
		case r.PartnerEmail != "" && !strings.EqualFold(r.PartnerEmail, me.Email):
			// An invitation to an address is that address's alone (its owner confirmed it
			// to sign in); a share code without an address is anyone's who holds it.
			return apperr.Forbidden(msgRegCodeOtherAddress)
		case time.Now().After(r.InviteExpiresAt):
			return apperr.ConflictField("code", fmt.Sprintf(msgRegCodeExpired, r.InviteExpiresAt.UTC().Format(regTimeLayout), r.CaptainName))
		}
		if holder, err := tx.ClaimAthlete(ctx, r.DivisionID, me.ID, r.ID); errors.Is(err, store.ErrAthleteTaken) {
			return apperr.ConflictField("code", fmt.Sprintf(msgRegPartnerInDivision, r.DivisionName, s.teamOf(ctx, tx, holder)))
		} else if err != nil {
			return err
		}
		r.PartnerID, r.PartnerName, r.PartnerEmail = me.ID, me.Name, me.Email
		entries := []store.Activity{change(ctx, r.EventID, "accepted", "registration", r.ID,
			fmt.Sprintf("%s joined team %s in %s", me.Name, r.TeamName, r.DivisionName))}
		m, e, err := s.advance(ctx, tx, &r, set)
		if err != nil {
			return err
		}
		changedTeam = r.TeamID != ""
		if err := s.queueMails(ctx, tx, append([]regMail{s.partnerJoinedMail(r)}, m...)); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, append(entries, e...)...)
	})
	if err != nil {
		return store.Registration{}, err
	}
	s.codeAttempts.Succeeded(ctx, attempt)
	if changedTeam {
		s.changed(ctx, found.EventID)
	}
	return s.store.GetRegistration(ctx, found.ID)
}

// lockRegistration holds a registration's division settings, then the registration (in that
// order, as every registration write does, so two writes never wait on each other).
func lockRegistration(ctx context.Context, tx *store.Store, id string) (store.RegSettings, store.Registration, error) {
	for {
		r, err := tx.GetRegistration(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return store.RegSettings{}, r, apperr.NotFound(msgRegNotFound)
		} else if err != nil {
			return store.RegSettings{}, r, err
		}
		set, err := tx.LockRegSettings(ctx, r.DivisionID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return set, r, err
		}
		locked, err := tx.LockRegistration(ctx, id)
		if err != nil {
			return set, locked, err
		}
		if locked.DivisionID == r.DivisionID {
			return set, locked, nil
		}
		// Moved to another division meanwhile: lock that one's settings instead. Inside a
		// transaction the first lock stays, which is harmless: nobody takes locks in the
		// other order.
	}
}

// advance sets a live registration's state from its facts and writes it; a registration that
// becomes confirmed becomes the division's team. It returns the mails and activity of the
// change.
func (s *service) advance(ctx context.Context, tx *store.Store, r *store.Registration, set store.RegSettings) (_ []regMail, _ []store.Activity, err error) {
	defer apperr.Wrap(&err, "competitionsvc.advance()")
	before := r.State
	r.State = string(liveState(regFacts{
		holdsPlace: r.HoldsPlace, partnerAccepted: r.PartnerID != "",
		feeDue: r.FeeCents > 0 && r.PaidAt == nil, approvalRequired: set.ApprovalRequired, approved: r.ApprovedAt != nil,
	}))
	if r.State != string(StateWaitlisted) {
		r.WaitlistedAt = nil
	}
	var entries []store.Activity
	if r.State == string(StateConfirmed) && r.TeamID == "" {
		teamID, err := tx.CreateTeam(ctx, store.Team{EventID: r.EventID, DivisionID: r.DivisionID, Name: r.TeamName,
			Athlete1Name: r.CaptainName, Athlete2Name: r.PartnerName})
		if pg.IsUniqueViolation(err) { // an organiser typed a team of that name meanwhile
			return nil, nil, apperr.Conflict(fmt.Sprintf(msgRegTeamNameTaken, r.TeamName, r.DivisionName))
		} else if err != nil {
			return nil, nil, fmt.Errorf("team of registration %s: %w", r.ID, err)
		}
		r.TeamID = teamID
		entries = append(entries, change(ctx, r.EventID, "created", "team", teamID,
			fmt.Sprintf("Team %s created in %s by its registration", r.TeamName, r.DivisionName)))
	}
	if err := tx.UpdateRegistration(ctx, *r); err != nil {
		return nil, nil, err
	}
	if before == r.State {
		return nil, entries, nil
	}
	entries = append(entries, change(ctx, r.EventID, "state", "registration", r.ID,
		fmt.Sprintf("Team %s in %s: %s → %s", r.TeamName, r.DivisionName, StateLabel(before), StateLabel(r.State))))
	return s.stateMails(*r), entries, nil
}

// ListMyRegistrations returns the caller's registrations, as captain or partner, and the heats
// of their teams.
func (s *service) ListMyRegistrations(ctx context.Context) (_ []store.Registration, _ map[string][]store.TeamSlot, err error) {
	defer apperr.Wrap(&err, "competitionsvc.ListMyRegistrations()")
	me, err := s.me(ctx)
	if err != nil {
		return nil, nil, err
	}
	list, err := s.store.ListRegistrations(ctx, store.RegFilter{UserID: me.ID})
	if err != nil {
		return nil, nil, err
	}
	var teams []string
	for _, r := range list {
		if r.TeamID != "" {
			teams = append(teams, r.TeamID)
		}
	}
	slots, err := s.store.TeamSlots(ctx, teams)
	if err != nil {
		return nil, nil, err
	}
	return list, slotsByTeam(slots), nil
}

// WithdrawRegistration withdraws the caller's registration; a place it held goes to the first
// team on the waiting list.
func (s *service) WithdrawRegistration(ctx context.Context, id string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "competitionsvc.WithdrawRegistration(%q)", id)
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	r, err := s.myRegistration(ctx, me, id)
	if err != nil {
		return store.Registration{}, err
	}
	return s.end(ctx, r, StateWithdrawn, "", fmt.Sprintf("%s withdrew team %s from %s", me.Name, r.TeamName, r.DivisionName))
}

// end withdraws or refuses a registration: its team leaves the division (unless it has
// published results), its athletes are free again, and a place it held goes to the first team
// on the waiting list.
func (s *service) end(ctx context.Context, found store.Registration, to RegState, reason, summary string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "competitionsvc.end()")
	if RegState(found.State).Ended() {
		return found, apperr.Conflict(fmt.Sprintf(msgRegAlreadyEnded, strings.ToLower(StateLabel(found.State))))
	}
	if found.TeamID != "" {
		if _, err := s.checkUnlocked(ctx, found.TeamID); apperr.IsKind(err, apperr.KindConflict) {
			return found, apperr.Conflict(fmt.Sprintf(msgRegTeamLocked, found.TeamName))
		} else if err != nil {
			return found, err
		}
	}
	var mails []regMail
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		set, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		if RegState(r.State).Ended() {
			return apperr.Conflict(fmt.Sprintf(msgRegAlreadyEnded, strings.ToLower(StateLabel(r.State))))
		}
		before, heldPlace := r.State, r.HoldsPlace
		entries := []store.Activity{}
		if r.TeamID != "" {
			if err := tx.DeleteTeam(ctx, r.TeamID); err != nil && !errors.Is(err, store.ErrNotFound) {
				return err
			}
			entries = append(entries, change(ctx, r.EventID, "deleted", "team", r.TeamID,
				fmt.Sprintf("Team %s deleted from %s: registration %s", r.TeamName, r.DivisionName, strings.ToLower(to.Label()))))
			r.TeamID = ""
		}
		refund := refundDue(to, r, set.RefundDeadline, time.Now())
		r.State, r.HoldsPlace, r.WaitlistedAt, r.RefusalReason = string(to), false, nil, reason
		if err := tx.UpdateRegistration(ctx, r); err != nil {
			return err
		}
		if refund {
			if err := s.queueRefund(ctx, tx, r, authn.Actor(ctx)); err != nil {
				return err
			}
			entries = append(entries, change(ctx, r.EventID, "refund", "registration", r.ID,
				fmt.Sprintf("Refund of %s to team %s in %s", feeLabel(r.FeeCents, r.Currency), r.TeamName, r.DivisionName)))
		}
		if err := tx.ReleaseAthletes(ctx, r.ID); err != nil {
			return err
		}
		entries = append(entries, change(ctx, r.EventID, string(to), "registration", r.ID,
			fmt.Sprintf("%s (%s → %s)", summary, StateLabel(before), StateLabel(r.State))))
		mails = append(mails, s.endedMails(r, refund)...)
		if heldPlace && set.DivisionID != "" {
			m, e, err := s.offerPlace(ctx, tx, set)
			if err != nil {
				return err
			}
			mails, entries = append(mails, m...), append(entries, e...)
		}
		if err := s.queueMails(ctx, tx, mails); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, entries...)
	})
	if err != nil {
		return store.Registration{}, err
	}
	s.changed(ctx, found.EventID)
	s.deliverQueued(ctx)
	s.kickPayments()
	return s.store.GetRegistration(ctx, found.ID)
}

// offerPlace gives a free place of the division to the first team on its waiting list, if
// any and if the division has room.
func (s *service) offerPlace(ctx context.Context, tx *store.Store, set store.RegSettings) (_ []regMail, _ []store.Activity, err error) {
	defer apperr.Wrap(&err, "competitionsvc.offerPlace()")
	places, err := tx.CountPlaces(ctx, set.DivisionID)
	if err != nil || placesLeft(set, places) == 0 {
		return nil, nil, err
	}
	next, err := tx.FirstWaitlisted(ctx, set.DivisionID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, nil
	} else if err != nil {
		return nil, nil, err
	}
	next.HoldsPlace = true
	mails, entries, err := s.advance(ctx, tx, &next, set)
	if err != nil {
		return nil, nil, err
	}
	return append(s.placeOfferedMails(next), mails...), entries, nil
}

// StateLabel is a state word's label.
func StateLabel(state string) string { return RegState(state).Label() }

// shareCodeAlphabet leaves out letters and digits people confuse (0/O, 1/I/L).
const shareCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// newShareCode is a random code of shareCodeLength characters (about 50 bits).
func newShareCode() string { return newCode(shareCodeLength) }

// newCode is a random code of n characters of shareCodeAlphabet (invitations, judge cards).
func newCode(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	for i := range b {
		b[i] = shareCodeAlphabet[int(b[i])%len(shareCodeAlphabet)]
	}
	return string(b)
}

// normaliseCode reads a code as people type it: any case, with spaces or dashes.
func normaliseCode(code string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(code)))
}

// PublicDivision is one division's registration as the public sees it.
type PublicDivision struct {
	Division   store.Division
	Settings   store.RegSettings
	Configured bool
	Places     store.Places
}

// EventRegistration is what an event's public page offers: every division that takes
// registrations, with its window and places. Events the public does not see are not found.
func (s *service) EventRegistration(ctx context.Context, eventID string) (_ store.Event, _ []PublicDivision, err error) {
	defer apperr.Wrap(&err, "competitionsvc.EventRegistration(%q)", eventID)
	id, err := parseID("eventId", eventID, "Event")
	if err != nil {
		return store.Event{}, nil, err
	}
	e, err := s.store.GetEvent(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && !registeringEvents[e.Status] {
		return e, nil, apperr.NotFound(msgEventNotFound)
	} else if err != nil {
		return e, nil, err
	}
	settings, err := s.store.ListEventRegSettings(ctx, id)
	if err != nil {
		return e, nil, err
	}
	divisions, err := s.store.ListEventDivisions(ctx, id)
	if err != nil {
		return e, nil, err
	}
	out := []PublicDivision{}
	for _, d := range divisions {
		for _, set := range settings {
			if set.DivisionID != d.ID {
				continue
			}
			places, err := s.store.CountPlaces(ctx, d.ID)
			if err != nil {
				return e, nil, err
			}
			out = append(out, PublicDivision{Division: d, Settings: set, Configured: true, Places: places})
		}
	}
	return e, out, nil
}
