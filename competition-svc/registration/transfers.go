package registration

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Transfers of a place to another athlete (docs/registration.md, "Transfers"). The athlete
// holding a place, or the team's captain for any place, names the new athlete's address until
// the event's roster lock (an organiser whatever the lock); the new athlete accepts by the
// mailed link, signed in with that address, and one transaction then swaps the two athletes:
// the place never sits empty. The swap is checked as a joining athlete is: the division's
// roster rules, eligibility (naming the rule) and one live registration per athlete and
// division. Every step is in the registration's history (the event's activity).

// TransferInput is an offer: the registration, the place (0: the caller's own) and the new
// athlete's address.
type TransferInput struct {
	ID       string
	Position int
	Email    string
}

// OfferTransfer is an athlete's offer: their own place, or any place for the captain; refused
// after the event's roster lock.
func (s *service) OfferTransfer(ctx context.Context, in TransferInput) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.OfferTransfer(%q)", in.ID)
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	r, err := s.myRegistration(ctx, me, in.ID)
	if err != nil {
		return store.Registration{}, err
	}
	if in.Position == 0 {
		in.Position = placeOf(r, me.ID)
	}
	if in.Position != placeOf(r, me.ID) && r.CaptainID != me.ID {
		return store.Registration{}, apperr.Forbidden(msgTransferNotYours)
	}
	role := "athlete "
	if r.CaptainID == me.ID {
		role = "captain "
	}
	return s.offer(ctx, r, in, role+me.Name, false)
}

// OfferRegistrationTransfer is the organiser's offer of any place, whatever the roster lock.
func (s *service) OfferRegistrationTransfer(ctx context.Context, in TransferInput) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.OfferRegistrationTransfer(%q)", in.ID)
	r, err := s.organiserRegistration(ctx, in.ID)
	if err != nil {
		return store.Registration{}, err
	}
	return s.offer(ctx, r, in, "organiser "+authn.Actor(ctx), true)
}

// offer writes the offer of a place with its mail and activity, in one transaction; an open
// offer of the place is replaced (its link no longer works).
func (s *service) offer(ctx context.Context, found store.Registration, in TransferInput, by string, organiser bool) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.offer(%q)", found.ID)
	email, err := cleanEmail("email", in.Email)
	if err != nil || email == "" {
		return store.Registration{}, apperr.Invalid("email", msgTransferEmail)
	}
	key := newTransferKey()
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		_, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		if RegState(r.State).Ended() {
			return apperr.Conflict(fmt.Sprintf(msgRegAlreadyEnded, strings.ToLower(StateLabel(r.State))))
		}
		if !organiser && rosterLocked(r, s.Now()) {
			return lockRefusal("position", r)
		}
		from, err := holderOf(r, in.Position)
		if err != nil {
			return err
		}
		if taken, err := tx.EmailInDivision(ctx, r.DivisionID, email); err != nil {
			return err
		} else if taken || strings.EqualFold(email, from.Email) {
			return apperr.ConflictField("email", fmt.Sprintf(msgTransferTaken, email, r.DivisionName))
		}
		t := store.Transfer{RegistrationID: r.ID, Position: in.Position, FromAthleteID: from.AthleteID, ToEmail: email,
			KeyHash: transferKeyHash(key), OfferedBy: by, ByOrganiser: organiser, ExpiresAt: s.Now().Add(transferLifetime)}
		if err := tx.OfferTransfer(ctx, t); err != nil {
			return err
		}
		if err := s.QueueMails(ctx, tx, []core.Mail{s.transferOfferMail(s.MailLanguages(ctx, r.EventLanguage, nil), r, t, from, key)}); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, core.Change(ctx, r.EventID, "transfer", "registration", r.ID,
			fmt.Sprintf("Place %d of team %s in %s (%s) offered to %s, by %s", in.Position, r.TeamName, r.DivisionName, from.Name, email, by)))
	})
	if err != nil {
		return store.Registration{}, err
	}
	s.DeliverQueued(ctx)
	return s.withTransfers(ctx)(s.Store.GetRegistration(ctx, found.ID))
}

// CancelTransfer ends the open offer of a place: by the athlete who holds it or the captain.
func (s *service) CancelTransfer(ctx context.Context, id string, position int) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.CancelTransfer(%q)", id)
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	r, err := s.myRegistration(ctx, me, id)
	if err != nil {
		return store.Registration{}, err
	}
	if position == 0 {
		position = placeOf(r, me.ID)
	}
	if position != placeOf(r, me.ID) && r.CaptainID != me.ID {
		return store.Registration{}, apperr.Forbidden(msgTransferNotYours)
	}
	return s.cancel(ctx, r, position, me.Name)
}

// CancelRegistrationTransfer is the organiser's cancellation of a place's open offer.
func (s *service) CancelRegistrationTransfer(ctx context.Context, id string, position int) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.CancelRegistrationTransfer(%q)", id)
	r, err := s.organiserRegistration(ctx, id)
	if err != nil {
		return store.Registration{}, err
	}
	return s.cancel(ctx, r, position, "organiser "+authn.Actor(ctx))
}

func (s *service) cancel(ctx context.Context, found store.Registration, position int, by string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.cancel(%q, %d)", found.ID, position)
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		_, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		open, err := tx.OpenTransfers(ctx, []string{r.ID})
		if err != nil {
			return err
		}
		for _, t := range open[r.ID] {
			if t.Position != position {
				continue
			}
			if err := tx.EndTransfer(ctx, t.ID, "cancelled"); err != nil {
				return err
			}
			return tx.RecordActivity(ctx, core.Change(ctx, r.EventID, "transfer", "registration", r.ID,
				fmt.Sprintf("Transfer of place %d of team %s in %s to %s cancelled, by %s", position, r.TeamName, r.DivisionName, t.ToEmail, by)))
		}
		return apperr.ConflictField("position", fmt.Sprintf(msgTransferNoneOpen, position))
	})
	if err != nil {
		return store.Registration{}, err
	}
	return s.withTransfers(ctx)(s.Store.GetRegistration(ctx, found.ID))
}

// TransferLink is what the holder of a transfer link learns before accepting it.
type TransferLink struct {
	Transfer     store.Transfer
	FromName     string
	Registration store.Registration
	Event        store.Event
	Asks         core.EligibilityAsks
}

// GetTransfer reads a transfer link for the new athlete's page; the key is the secret, so the
// answer is public. An unknown key, or one of an event the public does not see, is not found;
// a used, ended or expired link says so.
func (s *service) GetTransfer(ctx context.Context, key string) (_ TransferLink, err error) {
	defer apperr.Wrap(&err, "registration.GetTransfer()")
	key, err = cleanTransferKey(key)
	if err != nil {
		return TransferLink{}, err
	}
	t, err := s.Store.TransferByKey(ctx, transferKeyHash(key))
	if errors.Is(err, store.ErrNotFound) {
		return TransferLink{}, apperr.NotFound(msgTransferUnknown)
	} else if err != nil {
		return TransferLink{}, err
	}
	r, err := s.Store.GetRegistration(ctx, t.RegistrationID)
	if err != nil {
		return TransferLink{}, err
	}
	e, err := s.Store.GetEvent(ctx, r.EventID)
	if err != nil {
		return TransferLink{}, err
	}
	if !registeringEvents[e.Status] {
		return TransferLink{}, apperr.NotFound(msgTransferUnknown)
	}
	from, _ := holderOf(r, t.Position)
	if from.AthleteID != t.FromAthleteID {
		from.Name = ""
	}
	if err := transferUsable(t, from.Name, s.Now()); err != nil {
		return TransferLink{}, err
	}
	out := TransferLink{Transfer: t, FromName: from.Name, Registration: r, Event: e}
	if s.Eligibility != nil {
		if out.Asks, err = s.Eligibility.Asks(ctx, r.DivisionID); err != nil {
			return TransferLink{}, err
		}
	}
	return out, nil
}

// AcceptTransferInput is a transfer link accepted, with what the division asks of the athlete.
type AcceptTransferInput struct {
	Key string
	Eligible
}

// AcceptTransfer makes the caller the athlete of the offered place, in one transaction: the
// athlete who held it leaves the team and is mailed, the caller takes their place.
func (s *service) AcceptTransfer(ctx context.Context, in AcceptTransferInput) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.AcceptTransfer()")
	key, err := cleanTransferKey(in.Key)
	if err != nil {
		return store.Registration{}, err
	}
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	found, err := s.Store.TransferByKey(ctx, transferKeyHash(key))
	if errors.Is(err, store.ErrNotFound) {
		return store.Registration{}, apperr.NotFound(msgTransferUnknown)
	} else if err != nil {
		return store.Registration{}, err
	}
	var eventID string
	var teamChanged bool
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		_, r, err := lockRegistration(ctx, tx, found.RegistrationID)
		if err != nil {
			return err
		}
		eventID = r.EventID
		t, err := tx.LockTransfer(ctx, found.ID)
		if err != nil {
			return err
		}
		from, _ := holderOf(r, t.Position)
		switch {
		case RegState(r.State).Ended():
			return apperr.ConflictField("key", fmt.Sprintf(msgRegCodeEnded, StateLabel(r.State)))
		case !strings.EqualFold(t.ToEmail, me.Email):
			return apperr.Forbidden(msgTransferOtherAddress)
		}
		if err := transferUsable(t, from.Name, s.Now()); err != nil {
			return err
		}
		switch {
		case from.AthleteID != t.FromAthleteID:
			return apperr.ConflictField("key", fmt.Sprintf(msgTransferHolderGone, from.Name))
		case from.AthleteID == me.ID:
			return apperr.ConflictField("key", msgTransferOwn)
		case !t.ByOrganiser && rosterLocked(r, s.Now()):
			return lockRefusal("key", r)
		}
		if err := s.swapIn(ctx, tx, &r, t.Position, from, me, in.Eligible); err != nil {
			return err
		}
		if err := tx.EndTransfer(ctx, t.ID, "accepted"); err != nil {
			return err
		}
		teamChanged = r.TeamID != ""
		if err := s.QueueMails(ctx, tx, s.transferredMails(s.MailLanguages(ctx, r.EventLanguage, []string{from.AthleteID, r.CaptainID}, me), r, from, me)); err != nil {
			return err
		}
		overrides, err := s.admit(ctx, tx, r, me, in.Eligible)
		if err != nil {
			return err
		}
		return tx.RecordActivity(ctx, append([]store.Activity{core.Change(ctx, r.EventID, "transferred", "registration", r.ID,
			fmt.Sprintf("%s took place %d of team %s in %s from %s (transfer offered by %s)",
				me.Name, t.Position, r.TeamName, r.DivisionName, from.Name, t.OfferedBy))}, overrides...)...)
	})
	if err != nil {
		return store.Registration{}, err
	}
	if teamChanged {
		s.Changed(ctx, eventID)
	}
	s.DeliverQueued(ctx)
	return s.withTransfers(ctx)(s.Store.GetRegistration(ctx, found.RegistrationID))
}

// swapIn puts me in place position of r instead of from, checked as a joining athlete: the
// division's roster rules and one live registration per athlete and division. It writes the
// registration, its places and its team's roster.
func (s *service) swapIn(ctx context.Context, tx *store.Store, r *store.Registration, position int, from placeHolder,
	me core.AthleteInfo, in Eligible) (err error) {
	defer apperr.Wrap(&err, "registration.swapIn(%q, %d)", r.ID, position)
	if err := tx.ReleaseAthlete(ctx, r.ID, from.AthleteID); err != nil {
		return err
	}
	// What the leaving athlete gave goes with them: the newcomer's category is counted
	// against the others'.
	if err := tx.DropAthleteEligibility(ctx, r.ID, from.AthleteID); err != nil {
		return err
	}
	if holder, err := tx.ClaimAthlete(ctx, r.DivisionID, me.ID, r.ID); errors.Is(err, store.ErrAthleteTaken) {
		return apperr.ConflictField("key", fmt.Sprintf(msgRegPartnerInDivision, r.DivisionName, s.teamOf(ctx, tx, holder)))
	} else if err != nil {
		return err
	}
	category, birth := strings.TrimSpace(in.Category), strings.TrimSpace(in.BirthDate)
	newcomer := store.RosterAthlete{Position: position, Name: me.Name, AthleteID: me.ID, Category: category, BirthDate: birth}
	switch {
	case position == 1:
		r.CaptainID, r.CaptainName, r.CaptainEmail = me.ID, me.Name, me.Email
		r.CaptainCategory, r.CaptainBirthDate = category, birth
		// The team's club and country are its captain's (docs/boards.md): the newcomer's now.
		r.CaptainClub, r.CaptainCountry = me.Club, me.Country
		newcomer.Captain = true
	case !byPlaces(*r):
		r.PartnerID, r.PartnerName, r.PartnerEmail = me.ID, me.Name, me.Email
	default:
		for i := range r.Places {
			if r.Places[i].Position == position {
				p := &r.Places[i]
				p.AthleteID, p.Name, p.Email, p.Category, p.BirthDate = me.ID, me.Name, me.Email, category, birth
				newcomer.Substitute = p.Substitute
			}
		}
	}
	if byPlaces(*r) {
		if err := s.checkNewcomer(ctx, tx, r, newcomer); err != nil {
			return err
		}
	}
	if position == 1 {
		if err := tx.SetCaptain(ctx, *r); err != nil {
			return err
		}
	}
	if err := tx.UpdateRegistration(ctx, *r); err != nil {
		return err
	}
	if byPlaces(*r) {
		if err := tx.ReplacePlaces(ctx, r.ID, r.Places); err != nil {
			return err
		}
	}
	if r.TeamID == "" {
		return nil
	}
	if byPlaces(*r) {
		return tx.ReplaceRoster(ctx, r.TeamID, rosterOf(*r))
	}
	return tx.SwapPairAthlete(ctx, r.TeamID, position, me.Name, me.ID)
}

// checkNewcomer checks the roster with the newcomer against the division's rule (size,
// composition, ages) and its other teams, naming the request's fields, and keeps the
// newcomer's cleaned category and birth date.
func (s *service) checkNewcomer(ctx context.Context, tx *store.Store, r *store.Registration, newcomer store.RosterAthlete) (err error) {
	defer apperr.Wrap(&err, "registration.checkNewcomer(%q)", r.ID)
	rules, err := tx.DivisionRosterRules(ctx, r.DivisionID)
	if err != nil {
		return err
	}
	// The newcomer first, so that the rules name the request's fields.
	roster := []store.RosterAthlete{newcomer}
	for _, a := range rosterOf(*r) {
		if a.Position != newcomer.Position {
			roster = append(roster, a)
		}
	}
	cleaned, err := s.Rosters.Check("", r.DivisionName, rules, roster)
	if err != nil {
		return refield(err, athleteFields)
	}
	others, err := tx.DivisionRosterEntries(ctx, r.DivisionID)
	if err != nil {
		return err
	}
	if err := s.Rosters.CheckOnce("", r.TeamID, roster[:1], others); err != nil {
		return refield(err, athleteFields)
	}
	for _, a := range cleaned {
		if a.Position != newcomer.Position {
			continue
		}
		if a.Position == 1 {
			r.CaptainCategory, r.CaptainBirthDate = a.Category, a.BirthDate
		}
		for i := range r.Places {
			if r.Places[i].Position == a.Position {
				r.Places[i].Category, r.Places[i].BirthDate = a.Category, a.BirthDate
			}
		}
	}
	return nil
}

// withTransfers fills in a registration's open transfers.
func (s *service) withTransfers(ctx context.Context) func(store.Registration, error) (store.Registration, error) {
	return func(r store.Registration, err error) (store.Registration, error) {
		if err != nil {
			return r, err
		}
		list, err := s.listWithTransfers(ctx, []store.Registration{r})
		if err != nil {
			return r, err
		}
		return list[0], nil
	}
}

// listWithTransfers fills in the open transfers of the registrations listed, in one query.
func (s *service) listWithTransfers(ctx context.Context, list []store.Registration) (_ []store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.listWithTransfers()")
	ids := make([]string, len(list))
	for i, r := range list {
		ids[i] = r.ID
	}
	open, err := s.Store.OpenTransfers(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range list {
		list[i].Transfers = open[list[i].ID]
	}
	return list, nil
}
