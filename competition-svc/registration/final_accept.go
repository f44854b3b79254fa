package registration

import (
	"context"
	"errors"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/zonetime"
)

// The invited athletes' side (docs/qualifiers.md, "Invitations to the final"): either
// athlete of the team accepts (the team's registration in the final, then payment and
// approval as usual) or declines (the place goes to the next team of the standings).

// MyInvitation is an invitation of the caller's team and whether the caller may decline it.
type MyInvitation struct {
	store.FinalInvitation
	MayDecline bool
}

// ListMyFinalInvitations returns the invitations of the caller's teams, newest first.
func (s *service) ListMyFinalInvitations(ctx context.Context) (_ []MyInvitation, err error) {
	defer apperr.Wrap(&err, "registration.ListMyFinalInvitations()")
	me, err := s.me(ctx)
	if err != nil {
		return nil, err
	}
	list, err := s.Store.ListAthleteInvitations(ctx, me.ID)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	out := make([]MyInvitation, len(list))
	for i, inv := range list {
		inv.State = invitationState(inv.State, inv.Deadline, now)
		out[i] = MyInvitation{FinalInvitation: inv, MayDecline: mayDecline(inv, me.ID)}
	}
	return out, nil
}

// myInvitation reads an invitation of the caller's team; another team's is not found.
func (s *service) myInvitation(ctx context.Context, id string) (_ core.AthleteInfo, _ store.FinalInvitation, err error) {
	defer apperr.Wrap(&err, "registration.myInvitation(%q)", id)
	me, err := s.me(ctx)
	if err != nil {
		return me, store.FinalInvitation{}, err
	}
	id, err = core.ParseID("id", id, "Invitation")
	if err != nil {
		return me, store.FinalInvitation{}, err
	}
	inv, err := s.Store.GetFinalInvitation(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && inv.CaptainID != me.ID && inv.PartnerID != me.ID {
		return me, inv, apperr.NotFound(msgInvitationNotFound)
	}
	return me, inv, err
}

// lockInvitation holds the final division's settings, then the invitation, and checks that
// it is still open at now.
func (s *service) lockInvitation(ctx context.Context, tx *store.Store, found store.FinalInvitation) (_ store.RegSettings, _ store.FinalInvitation, err error) {
	defer apperr.Wrap(&err, "registration.lockInvitation(%q)", found.ID)
	set, err := tx.LockRegSettings(ctx, found.FinalDivisionID)
	if err != nil {
		return set, found, err
	}
	inv, err := tx.LockFinalInvitation(ctx, found.ID)
	if err != nil {
		return set, inv, err
	}
	// Past its deadline it says so, whether or not the worker has recorded the expiry yet.
	switch state := invitationState(inv.State, inv.Deadline, s.Now()); state {
	case InvitationInvited:
		return set, inv, nil
	case InvitationExpired:
		return set, inv, apperr.ConflictField("id", fmt.Sprintf(msgInvitationExpired, zonetime.Format(inv.Deadline, inv.FinalTimeZone)))
	default:
		return set, inv, apperr.ConflictField("id", fmt.Sprintf(msgInvitationEnded, state))
	}
}

// AcceptFinalInvitation turns the invitation's place into the team's registration in the
// final, with both athletes; it continues as any registration (payment, approval).
func (s *service) AcceptFinalInvitation(ctx context.Context, id string) (_ store.FinalInvitation, err error) {
	defer apperr.Wrap(&err, "registration.AcceptFinalInvitation(%q)", id)
	me, found, err := s.myInvitation(ctx, id)
	if err != nil {
		return found, err
	}
	if found.State == InvitationAccepted {
		return found, nil // accepted already: the same answer again
	}
	var teamCreated bool
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		set, inv, err := s.lockInvitation(ctx, tx, found)
		if err != nil {
			return err
		}
		if taken, err := tx.TeamNameTaken(ctx, inv.FinalDivisionID, inv.TeamName, ""); err != nil {
			return err
		} else if taken {
			return apperr.ConflictField("id", fmt.Sprintf(msgInvitationNameTaken, inv.TeamName, inv.FinalDivisionName, inv.FinalEventName))
		}
		now := s.Now()
		r := store.Registration{EventID: inv.FinalEventID, EventName: inv.FinalEventName, DivisionID: inv.FinalDivisionID,
			DivisionName: inv.FinalDivisionName, TeamName: inv.TeamName, CaptainID: inv.CaptainID, CaptainName: inv.CaptainName,
			CaptainEmail: inv.CaptainEmail, PartnerEmail: inv.PartnerEmail, InviteCode: newShareCode(), InviteExpiresAt: now,
			FeeCents: set.FeeCents, Currency: set.Currency, HoldsPlace: true, State: string(StateWaitingPartner)}
		if r.ID, err = tx.CreateRegistration(ctx, r); err != nil {
			return err
		}
		for _, a := range []struct{ id, name string }{{inv.CaptainID, inv.CaptainName}, {inv.PartnerID, inv.PartnerName}} {
			if holder, err := tx.ClaimAthlete(ctx, inv.FinalDivisionID, a.id, r.ID); errors.Is(err, store.ErrAthleteTaken) {
				return apperr.ConflictField("id", fmt.Sprintf(msgInvitationInFinal, a.name, s.teamOf(ctx, tx, holder), inv.FinalEventName))
			} else if err != nil {
				return err
			}
		}
		r.PartnerID, r.PartnerName = inv.PartnerID, inv.PartnerName
		mails, entries, err := s.advance(ctx, tx, &r, set)
		if err != nil {
			return err
		}
		teamCreated = r.TeamID != ""
		inv.State, inv.DecidedBy, inv.DecidedAt, inv.RegistrationID = InvitationAccepted, me.Name, &now, r.ID
		if err := tx.DecideFinalInvitation(ctx, inv); err != nil {
			return err
		}
		if err := s.QueueMails(ctx, tx, append(s.invitationAcceptedMails(s.invitationLanguages(ctx, inv), inv, r), mails...)); err != nil {
			return err
		}
		summary := fmt.Sprintf("%s accepted team %s's invitation to %s, %s: %s", me.Name, inv.TeamName, inv.FinalEventName,
			inv.FinalDivisionName, StateLabel(r.State))
		return tx.RecordActivity(ctx, append(entries,
			core.Change(ctx, inv.FinalEventID, "accepted", "registration", r.ID, summary),
			core.Change(ctx, inv.QualifierEventID, "accepted", "invitation", inv.ID, summary))...)
	})
	if err != nil {
		return store.FinalInvitation{}, err
	}
	if teamCreated {
		s.Changed(ctx, found.FinalEventID)
	}
	return s.Store.GetFinalInvitation(ctx, found.ID)
}

// DeclineFinalInvitation ends the invitation; its place goes to the next team of the
// standings.
func (s *service) DeclineFinalInvitation(ctx context.Context, id string) (_ store.FinalInvitation, err error) {
	defer apperr.Wrap(&err, "registration.DeclineFinalInvitation(%q)", id)
	me, found, err := s.myInvitation(ctx, id)
	if err != nil {
		return found, err
	}
	if found.State == InvitationDeclined {
		return found, nil
	}
	if !mayDecline(found, me.ID) {
		return found, apperr.Forbidden(fmt.Sprintf(msgInvitationCaptain, found.CaptainName))
	}
	facts, err := s.qualifierData(ctx, found.QualifierEventID)
	if err != nil {
		return found, err
	}
	if err := s.endInvitation(ctx, found, InvitationDeclined, me.Name, facts); err != nil {
		return found, err
	}
	return s.Store.GetFinalInvitation(ctx, found.ID)
}

// endInvitation declines or expires an open invitation and offers its place to the next team,
// in one transaction. An invitation another worker or athlete ended meanwhile is left alone.
func (s *service) endInvitation(ctx context.Context, found store.FinalInvitation, to, by string, facts qualifierFacts) (err error) {
	defer apperr.Wrap(&err, "registration.endInvitation(%q, %s)", found.ID, to)
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		set, inv, err := s.lockInvitation(ctx, tx, found)
		if to == InvitationExpired && apperr.IsKind(err, apperr.KindConflict) && inv.State == InvitationInvited {
			err = nil // past its deadline: what the worker is here for
		}
		if err != nil {
			return err
		}
		now := s.Now()
		inv.State, inv.DecidedBy, inv.DecidedAt = to, by, &now
		if err := tx.DecideFinalInvitation(ctx, inv); err != nil {
			return err
		}
		summary := fmt.Sprintf("Team %s declined its invitation to %s, %s (%s)", inv.TeamName, inv.FinalEventName, inv.FinalDivisionName, by)
		if to == InvitationExpired {
			summary = fmt.Sprintf("Team %s's invitation to %s, %s expired: not accepted by %s", inv.TeamName, inv.FinalEventName,
				inv.FinalDivisionName, inv.Deadline.UTC().Format(regTimeLayout))
		}
		entries := []store.Activity{core.Change(ctx, inv.QualifierEventID, to, "invitation", inv.ID, summary),
			core.Change(ctx, inv.FinalEventID, to, "invitation", inv.ID, summary)}
		if err := s.QueueMails(ctx, tx, s.invitationEndedMails(s.invitationLanguages(ctx, inv), inv)); err != nil {
			return err
		}
		more, err := s.offerNext(ctx, tx, set, inv, facts)
		if err != nil {
			return err
		}
		return tx.RecordActivity(ctx, append(entries, more...)...)
	})
	if err != nil {
		return err
	}
	s.Changed(ctx, found.FinalEventID)
	return nil
}
