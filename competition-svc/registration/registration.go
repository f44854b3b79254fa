package registration

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/podium-dev/podium/competition-svc/core"
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

// RegisterInput is a new registration.
type RegisterInput struct {
	EventID, DivisionID, TeamName, PartnerEmail string
	// Divisions of other sizes than pairs (docs/rosters.md): the addresses invited by mail.
	PartnerEmails []string
	// The captain's member number, category and birth date, when the division asks for them
	// (docs/rosters.md, docs/eligibility.md).
	Eligible
	// DiscountCode is a discount code of the event, optional (discounts.go).
	DiscountCode string
}

// Eligible is what an athlete types for the division's roster rule and eligibility
// (docs/eligibility.md).
type Eligible struct {
	MemberNumber, BirthDate, Category string
}

// registeringEvents are the statuses whose events take registrations: those the public sees.
var registeringEvents = map[typesv1.EventStatus]bool{
	typesv1.EventStatus_PUBLISHED: true, typesv1.EventStatus_IN_PROGRESS: true, typesv1.EventStatus_UNLISTED: true,
}

// me is the signed-in athlete.
func (s *service) me(ctx context.Context) (_ core.AthleteInfo, err error) {
	defer apperr.Wrap(&err, "registration.me()")
	c, ok := authn.CallerFrom(ctx)
	if !ok {
		return core.AthleteInfo{}, apperr.Unauthenticated("Authentication required: sign in to continue.")
	}
	if !c.IsAthlete() {
		return core.AthleteInfo{}, apperr.Forbidden(msgRegAthleteOnly)
	}
	return s.Athletes.Athlete(ctx, c.UserID)
}

// Register registers the caller's team for a division: with a place while there is one,
// on the waiting list after.
func (s *service) Register(ctx context.Context, in RegisterInput) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.Register()")
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	name, err := core.CleanName("teamName", "Team name", in.TeamName)
	if err != nil {
		return store.Registration{}, err
	}
	if err := core.CheckName("teamName", name, core.MsgTeamNameShort, core.MsgTeamNameLong); err != nil {
		return store.Registration{}, err
	}
	partnerEmail, err := cleanEmail("partnerEmail", in.PartnerEmail)
	if err != nil {
		return store.Registration{}, err
	}
	if partnerEmail != "" && strings.EqualFold(partnerEmail, me.Email) {
		return store.Registration{}, apperr.Invalid("partnerEmail", msgRegPartnerSelf)
	}
	d, err := s.DivisionOfEvent(ctx, in.EventID, in.DivisionID, true)
	if err != nil {
		return store.Registration{}, err
	}
	e, err := s.Store.GetEvent(ctx, d.EventID)
	if err != nil {
		return store.Registration{}, err
	}
	if !registeringEvents[e.Status] {
		return store.Registration{}, apperr.NotFound(msgRegEventNotOpen)
	}
	rules, err := s.Store.DivisionRosterRules(ctx, d.ID)
	if err != nil {
		return store.Registration{}, err
	}
	invites := []invite{}
	if partnerEmail != "" {
		invites = append(invites, invite{field: "partnerEmail", email: partnerEmail})
	}
	var captain store.RosterAthlete
	var places []store.RegPlace
	if rules.TeamSize != pairSize {
		if invites, err = sizeInvites(in, me, d, rules); err != nil {
			return store.Registration{}, err
		}
		if captain, err = s.checkCaptain(in, me, d, rules); err != nil {
			return store.Registration{}, err
		}
		emails := make([]string, len(invites))
		for i, inv := range invites {
			emails[i] = inv.email
		}
		places, partnerEmail = firstPlaces(rules.TeamSize, emails), ""
	}
	var id string
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
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
		for _, inv := range invites {
			if inv.email == "" {
				continue
			}
			if in, err := tx.EmailInDivision(ctx, d.ID, inv.email); err != nil {
				return err
			} else if in {
				return apperr.ConflictField(inv.field, fmt.Sprintf(msgRegPartnerTaken, inv.email, d.Name))
			}
		}
		if rules.TeamSize != pairSize {
			if err := s.captainOnce(ctx, tx, d.ID, captain); err != nil {
				return err
			}
		}
		if taken, err := tx.TeamNameTaken(ctx, d.ID, name, ""); err != nil {
			return err
		} else if taken {
			return apperr.ConflictField("teamName", fmt.Sprintf(msgRegTeamNameTaken, name, d.Name))
		}
		left, err := core.FreePlaces(ctx, tx, set)
		if err != nil {
			return err
		}
		hasPlace := left > 0
		if !hasPlace && !set.Waitlist {
			return apperr.ConflictField("divisionId", fmt.Sprintf(msgRegFull, d.Name))
		}
		r := store.Registration{EventID: d.EventID, EventName: e.Name, EventLanguage: e.DefaultLanguage, TimeZone: e.TimeZone, DivisionID: d.ID, DivisionName: d.Name, TeamName: name,
			CaptainID: me.ID, CaptainName: me.Name, CaptainEmail: me.Email, PartnerEmail: partnerEmail,
			CaptainClub: me.Club, CaptainCountry: me.Country,
			InviteCode: newShareCode(), InviteExpiresAt: time.Now().Add(invitationLifetime),
			FeeCents: set.FeeCents, Currency: set.Currency, HoldsPlace: hasPlace,
			TeamSize: rules.TeamSize, CaptainCategory: captain.Category, CaptainBirthDate: captain.BirthDate, Places: places}
		if err := s.redeemDiscount(ctx, tx, &r, d, in.DiscountCode, time.Now()); err != nil {
			return err
		}
		r.State = string(liveState(regFacts{holdsPlace: hasPlace}))
		if byPlaces(r) { // an individual is complete at once
			r.State = string(liveState(regFacts{holdsPlace: hasPlace, partnerAccepted: rosterReady(r),
				feeDue: r.FeeCents > 0, approvalRequired: set.ApprovalRequired}))
		}
		if !hasPlace {
			r.WaitlistedAt = new(time.Now())
		}
		if id, err = tx.CreateRegistration(ctx, r); err != nil {
			return err
		}
		r.ID = id
		if r.BankDetails, err = tx.EventBankDetails(ctx, d.EventID); err != nil { // the mails' payment instructions
			return err
		}
		if holder, err := tx.ClaimAthlete(ctx, d.ID, me.ID, id); errors.Is(err, store.ErrAthleteTaken) {
			return apperr.ConflictField("divisionId", fmt.Sprintf(msgRegDuplicate, d.Name, s.teamOf(ctx, tx, holder)))
		} else if err != nil {
			return err
		}
		overrides, err := s.admit(ctx, tx, r, me, in.Eligible)
		if err != nil {
			return err
		}
		entries := append([]store.Activity{core.Change(ctx, d.EventID, "registered", "registration", id,
			fmt.Sprintf("Team %s registered in %s by %s: %s%s", name, d.Name, me.Name, StateLabel(r.State), discountNote(r)))}, overrides...)
		mails := s.registeredMails(s.TeamLanguages(ctx, r, me), r)
		if byPlaces(r) {
			if err := tx.ReplacePlaces(ctx, id, places); err != nil {
				return err
			}
			m, e, err := s.advance(ctx, tx, &r, set) // the team of an individual confirmed at once
			if err != nil {
				return err
			}
			mails, entries = append(mails, m...), append(entries, e...)
		}
		if err := s.QueueMails(ctx, tx, mails); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, entries...)
	})
	if err != nil {
		return store.Registration{}, err
	}
	return s.Store.GetRegistration(ctx, id)
}

// openSettings locks a division's settings and checks that registration is open at now.
func (s *service) openSettings(ctx context.Context, tx *store.Store, divisionID string, now time.Time) (_ store.RegSettings, err error) {
	defer apperr.Wrap(&err, "registration.openSettings(%q)", divisionID)
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
func (s *service) AcceptInvitation(ctx context.Context, in AcceptInput) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.AcceptInvitation()")
	code := in.Code
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	if utf8.RuneCountInString(code) > codeInputMax {
		return store.Registration{}, apperr.Invalid("code", msgRegCodeTooLong)
	}
	code = core.NormaliseCode(code)
	if code == "" {
		return store.Registration{}, apperr.Invalid("code", msgRegCodeRequired)
	}
	// Codes tried are limited per athlete's address, client address and both, as sign-ins
	// are (docs/access.md, "Athletes"); an accepted code takes its count back.
	attempt, wait := s.CodeAttempts.Admit(ctx, me.Email, svcauth.ClientAddress(ctx))
	if wait > 0 {
		return store.Registration{}, s.CodeAttempts.Refusal(wait)
	}
	found, err := s.Store.RegistrationByCode(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		return store.Registration{}, apperr.NotFound(msgRegCodeUnknown)
	} else if err != nil {
		return store.Registration{}, err
	}
	var changedTeam bool
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		set, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		if byPlaces(r) {
			if changedTeam, err = s.takePlace(ctx, tx, me, &r, set, in); err != nil {
				return err
			}
			overrides, err := s.admit(ctx, tx, r, me, in.Eligible)
			if err != nil {
				return err
			}
			return tx.RecordActivity(ctx, overrides...)
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
		overrides, err := s.admit(ctx, tx, r, me, in.Eligible)
		if err != nil {
			return err
		}
		r.PartnerID, r.PartnerName, r.PartnerEmail = me.ID, me.Name, me.Email
		entries := append([]store.Activity{core.Change(ctx, r.EventID, "accepted", "registration", r.ID,
			fmt.Sprintf("%s joined team %s in %s", me.Name, r.TeamName, r.DivisionName))}, overrides...)
		m, e, err := s.advance(ctx, tx, &r, set)
		if err != nil {
			return err
		}
		changedTeam = r.TeamID != ""
		if err := s.QueueMails(ctx, tx, append([]core.Mail{s.partnerJoinedMail(s.TeamLanguages(ctx, r, me), r)}, m...)); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, append(entries, e...)...)
	})
	if err != nil {
		return store.Registration{}, err
	}
	s.CodeAttempts.Succeeded(ctx, attempt)
	if changedTeam {
		s.Changed(ctx, found.EventID)
	}
	return s.Store.GetRegistration(ctx, found.ID)
}

// admit checks an athlete joining registration r against its division's eligibility, in the
// registration's transaction: a refusal writes nothing (docs/eligibility.md).
func (s *service) admit(ctx context.Context, tx *store.Store, r store.Registration, me core.AthleteInfo, in Eligible) (_ []store.Activity, err error) {
	defer apperr.Wrap(&err, "registration.admit(%q)", r.ID)
	if s.Eligibility == nil {
		return nil, nil
	}
	return s.Eligibility.Admit(ctx, tx, core.EligibilityInput{EventID: r.EventID, DivisionID: r.DivisionID, DivisionName: r.DivisionName,
		RegistrationID: r.ID, TeamName: r.TeamName, AthleteID: me.ID, AthleteName: me.Name, AthleteEmail: me.Email,
		MemberNumber: in.MemberNumber, BirthDate: in.BirthDate, Category: in.Category})
}

// lockRegistration holds a registration's division settings, then the registration (in that
// order, as every registration write does, so two writes never wait on each other).
func lockRegistration(ctx context.Context, tx *store.Store, id string) (store.RegSettings, store.Registration, error) {
	for {
		r, err := tx.GetRegistration(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return store.RegSettings{}, r, apperr.NotFound(MsgRegNotFound)
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
func (s *service) advance(ctx context.Context, tx *store.Store, r *store.Registration, set store.RegSettings) (_ []core.Mail, _ []store.Activity, err error) {
	defer apperr.Wrap(&err, "registration.advance()")
	before := r.State
	r.State = string(liveState(regFacts{
		holdsPlace: r.HoldsPlace, partnerAccepted: rosterReady(*r),
		feeDue: dueCents(*r) > 0, approvalRequired: set.ApprovalRequired, approved: r.ApprovedAt != nil,
	}))
	if r.State != string(StateWaitlisted) {
		r.WaitlistedAt = nil
	}
	var entries []store.Activity
	if r.State == string(StateConfirmed) && r.TeamID == "" {
		teamID, err := tx.CreateTeam(ctx, store.Team{EventID: r.EventID, DivisionID: r.DivisionID, Name: r.TeamName,
			Athlete1Name: r.CaptainName, Athlete2Name: secondName(*r)})
		if pg.IsUniqueViolation(err) { // an organiser typed a team of that name meanwhile
			return nil, nil, apperr.Conflict(fmt.Sprintf(msgRegTeamNameTaken, r.TeamName, r.DivisionName))
		} else if err != nil {
			return nil, nil, fmt.Errorf("team of registration %s: %w", r.ID, err)
		}
		r.TeamID = teamID
		// A roster of another size than pairs is written whole, accounts with it; a pair's
		// places 1 and 2 (the trigger writes their names) get the captain's and partner's.
		if byPlaces(*r) {
			if err := tx.ReplaceRoster(ctx, teamID, rosterOf(*r)); err != nil {
				return nil, nil, err
			}
		} else if err := s.seatAccounts(ctx, tx, *r); err != nil {
			return nil, nil, err
		}
		entries = append(entries, core.Change(ctx, r.EventID, "created", "team", teamID,
			fmt.Sprintf("Team %s created in %s by its registration", r.TeamName, r.DivisionName)))
	}
	if err := tx.UpdateRegistration(ctx, *r); err != nil {
		return nil, nil, err
	}
	if before == r.State {
		return nil, entries, nil
	}
	entries = append(entries, core.Change(ctx, r.EventID, "state", "registration", r.ID,
		fmt.Sprintf("Team %s in %s: %s → %s", r.TeamName, r.DivisionName, StateLabel(before), StateLabel(r.State))))
	return s.stateMails(s.TeamLanguages(ctx, *r), *r), entries, nil
}

// ListMyRegistrations returns the caller's registrations, as captain or partner, and the heats
// of their teams.
func (s *service) ListMyRegistrations(ctx context.Context) (_ []store.Registration, _ map[string][]store.TeamSlot, err error) {
	defer apperr.Wrap(&err, "registration.ListMyRegistrations()")
	me, err := s.me(ctx)
	if err != nil {
		return nil, nil, err
	}
	list, err := s.Store.ListRegistrations(ctx, store.RegFilter{UserID: me.ID})
	if err != nil {
		return nil, nil, err
	}
	if list, err = s.listWithTransfers(ctx, list); err != nil {
		return nil, nil, err
	}
	var teams []string
	for _, r := range list {
		if r.TeamID != "" {
			teams = append(teams, r.TeamID)
		}
	}
	slots, err := s.Store.TeamSlots(ctx, teams)
	if err != nil {
		return nil, nil, err
	}
	return list, core.SlotsByTeam(slots), nil
}

// WithdrawRegistration withdraws the caller's registration; a place it held goes to the first
// team on the waiting list.
func (s *service) WithdrawRegistration(ctx context.Context, id string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.WithdrawRegistration(%q)", id)
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	r, err := s.myRegistration(ctx, me, id)
	if err != nil {
		return store.Registration{}, err
	}
	if byPlaces(r) && r.CaptainID != me.ID { // a member leaves instead (LeaveTeam)
		return store.Registration{}, apperr.Forbidden(msgRosterOnlyCaptain)
	}
	return s.end(ctx, r, StateWithdrawn, "", fmt.Sprintf("%s withdrew team %s from %s", me.Name, r.TeamName, r.DivisionName))
}

// end withdraws or refuses a registration: its team leaves the division (unless it has
// published results), its athletes are free again, and a place it held goes to the first team
// on the waiting list.
func (s *service) end(ctx context.Context, found store.Registration, to RegState, reason, summary string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.end()")
	if RegState(found.State).Ended() {
		return found, apperr.Conflict(fmt.Sprintf(msgRegAlreadyEnded, strings.ToLower(StateLabel(found.State))))
	}
	var mails []core.Mail
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		set, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		if RegState(r.State).Ended() {
			return apperr.Conflict(fmt.Sprintf(msgRegAlreadyEnded, strings.ToLower(StateLabel(r.State))))
		}
		if _, err := s.registeredTeamUnlocked(ctx, tx, r); err != nil {
			return err
		}
		before, heldPlace := r.State, r.HoldsPlace
		entries := []store.Activity{}
		if r.TeamID != "" {
			if err := tx.DeleteTeam(ctx, r.TeamID); err != nil && !errors.Is(err, store.ErrNotFound) {
				return err
			}
			entries = append(entries, core.Change(ctx, r.EventID, "deleted", "team", r.TeamID,
				fmt.Sprintf("Team %s deleted from %s: registration %s", r.TeamName, r.DivisionName, strings.ToLower(to.Label()))))
			r.TeamID = ""
		}
		refund := refundFor(to, r, time.Now())
		r.State, r.HoldsPlace, r.WaitlistedAt, r.RefusalReason = string(to), false, nil, reason
		if err := tx.UpdateRegistration(ctx, r); err != nil {
			return err
		}
		if refund.Cents > 0 {
			if err := s.queueRefund(ctx, tx, r, authn.Actor(ctx), refund); err != nil {
				return err
			}
			how := "by Stripe"
			if refund.ByHand {
				how = "due, to be paid back by hand"
			}
			entries = append(entries, core.Change(ctx, r.EventID, "refund", "registration", r.ID,
				fmt.Sprintf("Refund of %s to team %s in %s (%s)", refundOf(refund.Cents, r), r.TeamName, r.DivisionName, how)))
		}
		if err := tx.ReleaseAthletes(ctx, r.ID); err != nil {
			return err
		}
		entries = append(entries, core.Change(ctx, r.EventID, string(to), "registration", r.ID,
			fmt.Sprintf("%s (%s → %s)", summary, StateLabel(before), StateLabel(r.State))))
		mails = append(mails, s.endedMails(s.TeamLanguages(ctx, r), r, refund)...)
		return s.leaveDivision(ctx, tx, heldPlace, set, mails, entries)
	})
	if err != nil {
		return store.Registration{}, err
	}
	s.Changed(ctx, found.EventID)
	s.DeliverQueued(ctx)
	s.kickPayments()
	return s.Store.GetRegistration(ctx, found.ID)
}

// registeredTeamUnlocked refuses to take a registration out of its division while its team
// has published results; it returns the team's count of results (0 without a team). It locks
// the team's row in tx, so no first result of the team commits before tx ends
// (core.CheckUnlockedIn).
func (s *service) registeredTeamUnlocked(ctx context.Context, tx *store.Store, r store.Registration) (results int32, err error) {
	defer apperr.Wrap(&err, "registration.registeredTeamUnlocked(%q)", r.ID)
	if r.TeamID == "" {
		return 0, nil
	}
	results, err = s.CheckUnlockedIn(ctx, tx, r.TeamID)
	if apperr.IsKind(err, apperr.KindConflict) {
		return results, apperr.Conflict(fmt.Sprintf(msgRegTeamLocked, r.TeamName))
	}
	return results, err
}

// leaveDivision is the tail of every change that takes a registration out of a division (it
// ends, or moves to another), in the change's transaction: the place it held goes to the
// division's waiting list, and the change's mails and activity are written with the offer's.
// from is the division's settings; a division without them has no waiting list.
func (s *service) leaveDivision(ctx context.Context, tx *store.Store, heldPlace bool, from store.RegSettings,
	mails []core.Mail, entries []store.Activity) (err error) {
	defer apperr.Wrap(&err, "registration.leaveDivision()")
	if heldPlace && from.DivisionID != "" {
		m, e, err := s.offerPlace(ctx, tx, from)
		if err != nil {
			return err
		}
		mails, entries = append(mails, m...), append(entries, e...)
	}
	if err := s.QueueMails(ctx, tx, mails); err != nil {
		return err
	}
	return tx.RecordActivity(ctx, entries...)
}

// offerPlace gives a free place of the division to the first team on its waiting list, if
// any and if the division has room.
func (s *service) offerPlace(ctx context.Context, tx *store.Store, set store.RegSettings) (_ []core.Mail, _ []store.Activity, err error) {
	defer apperr.Wrap(&err, "registration.offerPlace()")
	if left, err := core.FreePlaces(ctx, tx, set); err != nil || left == 0 {
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
	return append(s.placeOfferedMails(s.TeamLanguages(ctx, next), next), mails...), entries, nil
}

// StateLabel is a state word's label.
func StateLabel(state string) string { return RegState(state).Label() }

// newShareCode is a random code of shareCodeLength characters (about 50 bits).
func newShareCode() string { return core.NewCode(shareCodeLength) }

// PublicDivision is one division's registration as the public sees it.
type PublicDivision struct {
	Division   store.Division
	Settings   store.RegSettings
	Configured bool
	Places     store.Places
	// Asks is what registering asks of each athlete (docs/eligibility.md).
	Asks core.EligibilityAsks
	// Rules is the division's roster rule: what registering asks (docs/rosters.md).
	Rules store.RosterRules
}

// EventRegistration is what an event's public page offers: every division that takes
// registrations, with its window and places. Events the public does not see are not found.
func (s *service) EventRegistration(ctx context.Context, eventID string) (_ store.Event, _ []PublicDivision, err error) {
	defer apperr.Wrap(&err, "registration.EventRegistration(%q)", eventID)
	id, err := core.ParseID("eventId", eventID, "Event")
	if err != nil {
		return store.Event{}, nil, err
	}
	e, err := s.Store.GetEvent(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && !registeringEvents[e.Status] {
		return e, nil, apperr.NotFound(core.MsgEventNotFound)
	} else if err != nil {
		return e, nil, err
	}
	settings, err := s.Store.ListEventRegSettings(ctx, id)
	if err != nil {
		return e, nil, err
	}
	divisions, err := s.Store.ListEventDivisions(ctx, id)
	if err != nil {
		return e, nil, err
	}
	rules, err := s.Store.EventRosterRules(ctx, id)
	if err != nil {
		return e, nil, err
	}
	out := []PublicDivision{}
	for _, d := range divisions {
		for _, set := range settings {
			if set.DivisionID != d.ID {
				continue
			}
			places, err := s.Store.CountPlaces(ctx, d.ID)
			if err != nil {
				return e, nil, err
			}
			var asks core.EligibilityAsks
			if s.Eligibility != nil {
				if asks, err = s.Eligibility.Asks(ctx, d.ID); err != nil {
					return e, nil, err
				}
			}
			out = append(out, PublicDivision{Division: d, Settings: set, Configured: true, Places: places, Asks: asks, Rules: rules[d.ID]})
		}
	}
	return e, out, nil
}
