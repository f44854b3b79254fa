package registration

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/pg"
)

// A registered team's roster after registering (docs/rosters.md, "Registration by size"):
// until the event's roster lock its captain renames the team, swaps an athlete or a substitute
// and adds or removes substitutes; after it only an organiser does, and the activity says who.
// A member other than the captain leaves; an organiser confirms an incomplete roster by hand.
// Each change is one transaction with its mails and activity, and writes the team's few rows.

// RosterInput is a roster change: the team's new name (nil: kept) and the taken places after
// the captain's as they should be (empty: kept).
type RosterInput struct {
	TeamName *string
	Athletes []store.RegPlace
}

// ChangeMyRoster is the captain's change, refused after the event's roster lock.
func (s *service) ChangeMyRoster(ctx context.Context, id string, in RosterInput) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.ChangeMyRoster(%q)", id)
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	r, err := s.myRegistration(ctx, me, id)
	if err != nil {
		return store.Registration{}, err
	}
	if r.CaptainID != me.ID {
		return store.Registration{}, apperr.Forbidden(msgRosterNotCaptain)
	}
	return s.changeRoster(ctx, r, in, "captain "+me.Name, true)
}

// ChangeRegistrationRoster is the organiser's change, whatever the roster lock.
func (s *service) ChangeRegistrationRoster(ctx context.Context, id string, in RosterInput) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.ChangeRegistrationRoster(%q)", id)
	r, err := s.organiserRegistration(ctx, id)
	if err != nil {
		return store.Registration{}, err
	}
	return s.changeRoster(ctx, r, in, "organiser "+authn.Actor(ctx), false)
}

// changeRoster renames the team and applies the places given (swapPlaces), checked against
// the division's rule and its other teams; the athletes who leave are freed and mailed.
func (s *service) changeRoster(ctx context.Context, found store.Registration, in RosterInput, by string, captain bool) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.changeRoster(%q)", found.ID)
	field := "athletes"
	switch {
	case !byPlaces(found):
		return store.Registration{}, apperr.ConflictField(field, msgRosterPairs)
	case in.TeamName == nil && len(in.Athletes) == 0:
		return store.Registration{}, apperr.Invalid(field, msgRosterNoChange)
	case len(in.Athletes) == 0:
		field = "teamName"
	}
	var name string
	if in.TeamName != nil {
		if name, err = core.CleanName("teamName", "Team name", *in.TeamName); err != nil {
			return store.Registration{}, err
		}
		if err := core.CheckName("teamName", name, core.MsgTeamNameShort, core.MsgTeamNameLong); err != nil {
			return store.Registration{}, err
		}
	}
	var teamChanged bool
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		_, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		if RegState(r.State).Ended() {
			return apperr.Conflict(fmt.Sprintf(msgRegAlreadyEnded, strings.ToLower(StateLabel(r.State))))
		}
		if captain && rosterLocked(r, s.Now()) {
			return lockRefusal(field, r)
		}
		var changes []string
		if in.TeamName != nil && name != r.TeamName {
			if taken, err := tx.TeamNameTaken(ctx, r.DivisionID, name, r.ID); err != nil {
				return err
			} else if taken {
				return apperr.ConflictField("teamName", fmt.Sprintf(msgRegTeamNameTaken, name, r.DivisionName))
			}
			changes = append(changes, fmt.Sprintf("renamed %s", name))
			r.TeamName = name
		}
		var left []store.RegPlace
		if len(in.Athletes) > 0 {
			var c []string
			if left, c, err = s.applyPlaces(ctx, tx, &r, in.Athletes); err != nil {
				return err
			}
			changes = append(changes, c...)
		}
		if len(changes) == 0 {
			return nil
		}
		if err := s.writeRoster(ctx, tx, r, found.TeamName != r.TeamName); err != nil {
			return err
		}
		teamChanged = r.TeamID != ""
		var mails []core.Mail
		ids := make([]string, 0, len(left))
		for _, p := range left {
			ids = append(ids, p.AthleteID)
		}
		langs := s.MailLanguages(ctx, r.EventLanguage, ids)
		for _, p := range left {
			if p.AthleteID == "" {
				continue
			}
			if err := tx.ReleaseAthlete(ctx, r.ID, p.AthleteID); err != nil {
				return err
			}
			if p.Email != "" {
				mails = append(mails, s.swappedOutMail(langs, r, p, by))
			}
		}
		if err := s.QueueMails(ctx, tx, mails); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, core.Change(ctx, r.EventID, "roster", "registration", r.ID,
			fmt.Sprintf("Team %s in %s: %s, by %s", found.TeamName, r.DivisionName, strings.Join(changes, "; "), by)))
	})
	if err != nil {
		return store.Registration{}, err
	}
	s.afterRosterChange(ctx, found.EventID, teamChanged)
	return s.Store.GetRegistration(ctx, found.ID)
}

// applyPlaces sets r's places from those given, after the division's rules: the roster's
// rule (size, substitutes, composition, ages) and an athlete on one team of the division.
func (s *service) applyPlaces(ctx context.Context, tx *store.Store, r *store.Registration, given []store.RegPlace) (left []store.RegPlace, changes []string, err error) {
	defer apperr.Wrap(&err, "registration.applyPlaces(%q)", r.ID)
	places, ordered, left, changes, err := swapPlaces(*r, given)
	if err != nil {
		return nil, nil, err
	}
	rules, err := tx.DivisionRosterRules(ctx, r.DivisionID)
	if err != nil {
		return nil, nil, err
	}
	// The places given first, in the request's order, so that the rules name its fields.
	roster := make([]store.RosterAthlete, 0, len(ordered)+len(places)+1)
	for _, p := range ordered {
		roster = append(roster, placeAthlete(p))
	}
	for _, p := range places {
		if !p.Open() && !slices.ContainsFunc(ordered, func(o store.RegPlace) bool { return o.Position == p.Position }) {
			roster = append(roster, placeAthlete(p))
		}
	}
	roster = append(roster, captainPlace(*r))
	cleaned, err := s.Rosters.Check("", r.DivisionName, rules, roster)
	if err != nil {
		return nil, nil, err
	}
	for i := range places {
		for _, a := range cleaned {
			if a.Position == places[i].Position {
				places[i].Name, places[i].Category, places[i].BirthDate = a.Name, a.Category, a.BirthDate
			}
		}
	}
	others, err := tx.DivisionRosterEntries(ctx, r.DivisionID)
	if err != nil {
		return nil, nil, err
	}
	if err := s.Rosters.CheckOnce("", r.TeamID, roster, others); err != nil {
		return nil, nil, err
	}
	r.Places = places
	return left, changes, nil
}

// writeRoster writes a registration's name and places, and its team's when it has one.
func (s *service) writeRoster(ctx context.Context, tx *store.Store, r store.Registration, renamed bool) (err error) {
	defer apperr.Wrap(&err, "registration.writeRoster(%q)", r.ID)
	if err := tx.UpdateRegistration(ctx, r); err != nil {
		return err
	}
	if err := tx.ReplacePlaces(ctx, r.ID, r.Places); err != nil {
		return err
	}
	if r.TeamID == "" {
		return nil
	}
	if renamed {
		err := tx.RenameRegisteredTeam(ctx, r.TeamID, r.TeamName)
		if pg.IsUniqueViolation(err) { // an organiser typed a team of that name meanwhile
			return apperr.ConflictField("teamName", fmt.Sprintf(msgRegTeamNameTaken, r.TeamName, r.DivisionName))
		} else if err != nil {
			return err
		}
	}
	return tx.ReplaceRoster(ctx, r.TeamID, rosterOf(r))
}

// afterRosterChange tells the public views that a team changed, and sends the mails queued.
func (s *service) afterRosterChange(ctx context.Context, eventID string, teamChanged bool) {
	if teamChanged {
		s.Changed(ctx, eventID)
	}
	s.DeliverQueued(ctx)
}

// LeaveTeam takes the caller (a member, not the captain) off the team: a starting place opens
// again for the share code (the team waits for an athlete again), a substitute's place goes.
func (s *service) LeaveTeam(ctx context.Context, id string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.LeaveTeam(%q)", id)
	me, err := s.me(ctx)
	if err != nil {
		return store.Registration{}, err
	}
	found, err := s.myRegistration(ctx, me, id)
	if err != nil {
		return store.Registration{}, err
	}
	switch {
	case !byPlaces(found):
		return store.Registration{}, apperr.Conflict(msgRosterPairs)
	case found.CaptainID == me.ID:
		return store.Registration{}, apperr.Conflict(msgRosterCaptainLeave)
	}
	var teamChanged bool
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		set, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		if RegState(r.State).Ended() {
			return apperr.Conflict(fmt.Sprintf(msgRegAlreadyEnded, strings.ToLower(StateLabel(r.State))))
		}
		i := memberPlace(r, me.ID)
		if i < 0 {
			return apperr.NotFound(msgRosterNotMember)
		}
		gone := r.Places[i]
		if gone.Substitute {
			r.Places = slices.Delete(r.Places, i, i+1)
		} else {
			r.Places[i] = store.RegPlace{Position: gone.Position}
			r.RosterConfirmedBy = "" // an organiser's confirmation was of the roster before
			r.InviteExpiresAt = time.Now().Add(invitationLifetime)
			if err := tx.RenewInvitation(ctx, r.ID, r.InviteExpiresAt); err != nil {
				return err
			}
		}
		if err := tx.ReplacePlaces(ctx, r.ID, r.Places); err != nil {
			return err
		}
		if err := tx.ReleaseAthlete(ctx, r.ID, me.ID); err != nil {
			return err
		}
		if r.TeamID != "" {
			if err := tx.ReplaceRoster(ctx, r.TeamID, rosterOf(r)); err != nil {
				return err
			}
			teamChanged = true
		}
		entries := []store.Activity{core.Change(ctx, r.EventID, "left", "registration", r.ID,
			fmt.Sprintf("%s left team %s in %s (place %d)", me.Name, r.TeamName, r.DivisionName, gone.Position))}
		m, e, err := s.advance(ctx, tx, &r, set)
		if err != nil {
			return err
		}
		if err := s.QueueMails(ctx, tx, append([]core.Mail{s.memberLeftMail(s.TeamLanguages(ctx, r, me), r, gone)}, m...)); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, append(entries, e...)...)
	})
	if err != nil {
		return store.Registration{}, err
	}
	s.afterRosterChange(ctx, found.EventID, teamChanged)
	return s.Store.GetRegistration(ctx, found.ID)
}

// ConfirmRoster is the organiser's confirmation of an incomplete roster: the registration goes
// on (payment, approval) as if every place were taken.
func (s *service) ConfirmRoster(ctx context.Context, id string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.ConfirmRoster(%q)", id)
	return s.decide(ctx, id, func(r *store.Registration) (string, error) {
		switch {
		case !byPlaces(*r):
			return "", apperr.Conflict(msgRosterPairs)
		case r.RosterConfirmedBy != "":
			return "", apperr.Conflict(fmt.Sprintf(msgRosterConfirmed, r.TeamName, r.RosterConfirmedBy))
		case rosterReady(*r):
			return "", apperr.Conflict(fmt.Sprintf(msgRosterComplete, r.TeamName))
		}
		r.RosterConfirmedBy = authn.Actor(ctx)
		return fmt.Sprintf("Roster of team %s in %s confirmed by hand by %s", r.TeamName, r.DivisionName, r.RosterConfirmedBy), nil
	})
}
