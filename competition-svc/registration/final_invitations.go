package registration

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Inviting a qualifier's teams to the final (docs/qualifiers.md, "Invitations to the
// final"). An open invitation holds a place of the final's division: every write that opens
// or ends one holds the division's settings row first (store.LockRegSettings), as
// registration does, so the capacity is never exceeded.

// InviteInput invites the top teams of a qualifier division and teams picked by hand.
type InviteInput struct {
	EventID, DivisionID string
	Top                 int32
	TeamIDs             []string
}

// InviteToFinal invites teams of a qualifier division to its division of the final.
func (s *service) InviteToFinal(ctx context.Context, in InviteInput) (_ FinalView, err error) {
	defer apperr.Wrap(&err, "registration.InviteToFinal(%q, %q)", in.EventID, in.DivisionID)
	q, err := s.eventByID(ctx, "eventId", in.EventID)
	if err != nil {
		return FinalView{}, err
	}
	divisionID, err := core.ParseID("divisionId", in.DivisionID, "Division")
	if err != nil {
		return FinalView{}, err
	}
	if in.Top < 0 || in.Top > maxInviteTop {
		return FinalView{}, apperr.Invalid("top", msgFinalTop)
	}
	picks := make([]string, len(in.TeamIDs))
	for i, id := range in.TeamIDs {
		if picks[i], err = core.ParseID(fmt.Sprintf("teamIds[%d]", i), id, "Team"); err != nil {
			return FinalView{}, err
		}
	}
	if in.Top == 0 && len(picks) == 0 {
		return FinalView{}, apperr.Invalid("top", msgFinalNothing)
	}
	link, err := s.Store.GetFinalLink(ctx, q.ID)
	if errors.Is(err, store.ErrNotFound) {
		return FinalView{}, apperr.ConflictField("finalEventId", msgFinalNotLinked)
	} else if err != nil {
		return FinalView{}, err
	}
	d, err := s.Store.GetDivision(ctx, divisionID)
	if errors.Is(err, store.ErrNotFound) || err == nil && d.EventID != q.ID {
		return FinalView{}, apperr.NotFound(core.MsgDivisionNotFound)
	} else if err != nil {
		return FinalView{}, err
	}
	finalDivision := link.Divisions[d.ID]
	if finalDivision == "" {
		return FinalView{}, apperr.ConflictField("divisionId", fmt.Sprintf(msgFinalDivNotLinked, d.Name))
	}
	f, err := s.Store.GetEvent(ctx, link.FinalEventID)
	if err != nil {
		return FinalView{}, err
	}
	// The final is another event than the one the interceptor checked.
	if role, err := access.Role(ctx, core.Grants{Store: s.Store}, access.Event, f.ID); err != nil {
		return FinalView{}, err
	} else if role != authn.RoleAdmin && role != access.GrantOrganiser {
		return FinalView{}, apperr.Forbidden(fmt.Sprintf(msgFinalNotOrganiser, f.Name))
	}
	facts, err := s.qualifierData(ctx, q.ID)
	if err != nil {
		return FinalView{}, err
	}
	for i, id := range picks {
		if !inStandings(facts.standings[d.ID], id) {
			return FinalView{}, apperr.Invalid(fmt.Sprintf("teamIds[%d]", i), msgFinalTeamNotHere)
		}
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		set, err := tx.LockRegSettings(ctx, finalDivision)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.ConflictField("divisionId", fmt.Sprintf(msgFinalNoRegistration, divisionName(mustDivisions(ctx, tx, f.ID), finalDivision), f.Name))
		} else if err != nil {
			return err
		}
		inv := invitingTo{q: q, f: f, division: d, set: set, link: link, facts: facts}
		// Read again under the lock: another invitation may have been written meanwhile.
		if err := inv.reload(ctx, tx); err != nil {
			return err
		}
		var chosen []chosenTeam
		for i, id := range picks {
			if old, ok := inv.facts.invitations[invKey{finalDivision, id}]; ok {
				return apperr.ConflictField(fmt.Sprintf("teamIds[%d]", i), fmt.Sprintf(msgFinalTeamInvited, old.TeamName,
					invitationState(old.State, old.Deadline, s.Now())))
			}
			r, ok := inv.facts.regs[id]
			if !ok {
				return apperr.ConflictField(fmt.Sprintf("teamIds[%d]", i), fmt.Sprintf(msgFinalTeamNoAccounts, facts.teamNames[id]))
			}
			if free, err := athletesFree(ctx, tx, finalDivision, r); err != nil {
				return err
			} else if !free {
				return apperr.ConflictField(fmt.Sprintf("teamIds[%d]", i), fmt.Sprintf(msgFinalTeamInFinal, r.TeamName, f.Name))
			}
			chosen = append(chosen, chosenTeam{id, rankOf(facts.standings[d.ID], id)})
		}
		if in.Top > 0 {
			more, err := inv.top(ctx, tx, int(in.Top)-inv.live(), chosen)
			if err != nil {
				return err
			}
			chosen = append(chosen, more...)
		}
		left, err := core.FreePlaces(ctx, tx, set)
		if err != nil {
			return err
		}
		if int32(len(chosen)) > left {
			field := "top"
			if in.Top == 0 {
				field = "teamIds"
			}
			return apperr.ConflictField(field, fmt.Sprintf(msgFinalFull, set.DivisionName, f.Name, left))
		}
		for _, c := range chosen {
			if err := inv.invite(ctx, s, tx, c, authn.Actor(ctx)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return FinalView{}, err
	}
	s.Changed(ctx, f.ID)
	return s.GetFinalInvitations(ctx, q.ID)
}

// mustDivisions lists an event's divisions for a message (none when they cannot be read).
func mustDivisions(ctx context.Context, tx *store.Store, eventID string) []store.Division {
	divs, _ := tx.ListEventDivisions(ctx, eventID)
	return divs
}

type chosenTeam struct {
	teamID string
	rank   int32
}

func inStandings(list []rankedTeam, teamID string) bool { return rankOf(list, teamID) > 0 }

func rankOf(list []rankedTeam, teamID string) int32 {
	for _, t := range list {
		if t.teamID == teamID {
			return t.rank
		}
	}
	return 0
}

// athletesFree reports whether neither athlete of a qualifier registration is in a live
// registration of the final's division.
func athletesFree(ctx context.Context, tx *store.Store, finalDivision string, r store.Registration) (bool, error) {
	for _, id := range []string{r.CaptainID, r.PartnerID} {
		held, err := tx.AthleteRegistration(ctx, finalDivision, id)
		if err != nil || held != "" {
			return false, err
		}
	}
	return true, nil
}

// invitingTo is one qualifier division inviting to its division of the final, inside the
// transaction that holds the final division's settings.
type invitingTo struct {
	q, f     store.Event
	division store.Division
	set      store.RegSettings
	link     store.FinalLink
	facts    qualifierFacts
}

// reload reads the invitations again inside the transaction.
func (v *invitingTo) reload(ctx context.Context, tx *store.Store) error {
	invs, err := tx.ListQualifierInvitations(ctx, v.q.ID)
	if err != nil {
		return err
	}
	v.facts.invitations = map[invKey]store.FinalInvitation{}
	for _, i := range invs {
		v.facts.invitations[invKey{i.FinalDivisionID, i.TeamID}] = i
	}
	return nil
}

// live counts the division's invitations that are open or accepted.
func (v *invitingTo) live() int {
	n := 0
	for k, i := range v.facts.invitations {
		if k.finalDivisionID == v.set.DivisionID && i.QualifierDivisionID == v.division.ID &&
			(i.State == InvitationInvited || i.State == InvitationAccepted) {
			n++
		}
	}
	return n
}

// top returns up to n more teams of the standings, best first: teams never invited to the
// division, with athletes' accounts, whose athletes are not in the final's division already.
func (v *invitingTo) top(ctx context.Context, tx *store.Store, n int, skip []chosenTeam) ([]chosenTeam, error) {
	var out []chosenTeam
	for _, t := range v.facts.standings[v.division.ID] {
		if len(out) >= n {
			break
		}
		if _, invited := v.facts.invitations[invKey{v.set.DivisionID, t.teamID}]; invited {
			continue
		}
		if picked(skip, t.teamID) {
			continue
		}
		r, ok := v.facts.regs[t.teamID]
		if !ok {
			continue
		}
		if free, err := athletesFree(ctx, tx, v.set.DivisionID, r); err != nil {
			return nil, err
		} else if !free {
			continue
		}
		out = append(out, chosenTeam(t))
	}
	return out, nil
}

func picked(list []chosenTeam, teamID string) bool {
	for _, c := range list {
		if c.teamID == teamID {
			return true
		}
	}
	return false
}

// invite writes one invitation with its mails and activity.
func (v *invitingTo) invite(ctx context.Context, s *service, tx *store.Store, c chosenTeam, by string) error {
	r := v.facts.regs[c.teamID]
	now := s.Now()
	i := store.FinalInvitation{QualifierEventID: v.q.ID, QualifierEventName: v.q.Name, QualifierDivisionID: v.division.ID,
		FinalEventID: v.f.ID, FinalEventName: v.f.Name, FinalTimeZone: v.f.TimeZone, FinalDivisionID: v.set.DivisionID, FinalDivisionName: v.set.DivisionName,
		TeamID: c.teamID, TeamName: v.facts.teamNames[c.teamID], Rank: c.rank,
		CaptainID: r.CaptainID, CaptainName: r.CaptainName, CaptainEmail: r.CaptainEmail,
		PartnerID: r.PartnerID, PartnerName: r.PartnerName, PartnerEmail: r.PartnerEmail,
		State: InvitationInvited, Deadline: now.Add(time.Duration(v.link.AcceptDays) * 24 * time.Hour), InvitedBy: by, InvitedAt: now}
	id, err := tx.CreateFinalInvitation(ctx, i)
	if err != nil {
		return err
	}
	if id == "" {
		return apperr.Conflict(fmt.Sprintf(msgFinalTeamInvited, i.TeamName, InvitationInvited))
	}
	i.ID = id
	v.facts.invitations[invKey{i.FinalDivisionID, i.TeamID}] = i
	if err := s.QueueMails(ctx, tx, s.invitationMails(s.invitationLanguages(ctx, i), i)); err != nil {
		return err
	}
	summary := fmt.Sprintf("Team %s (rank %d in %s) invited to %s, %s by %s; accept by %s", i.TeamName, i.Rank, v.division.Name,
		i.FinalEventName, i.FinalDivisionName, by, i.Deadline.UTC().Format(regTimeLayout))
	return tx.RecordActivity(ctx,
		core.Change(ctx, i.QualifierEventID, "invited", "invitation", id, summary),
		core.Change(ctx, i.FinalEventID, "invited", "invitation", id, summary))
}

// offerNext gives the place an ended invitation freed to the next team of the standings
// with a new invitation; without one, to the final division's waiting list.
func (s *service) offerNext(ctx context.Context, tx *store.Store, set store.RegSettings, ended store.FinalInvitation, facts qualifierFacts) (_ []store.Activity, err error) {
	defer apperr.Wrap(&err, "registration.offerNext(%q)", ended.ID)
	link, err := tx.GetFinalLink(ctx, ended.QualifierEventID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	q, err := tx.GetEvent(ctx, ended.QualifierEventID)
	if err != nil {
		return nil, err
	}
	f, err := tx.GetEvent(ctx, ended.FinalEventID)
	if err != nil {
		return nil, err
	}
	d, err := tx.GetDivision(ctx, ended.QualifierDivisionID)
	if err != nil {
		return nil, err
	}
	v := invitingTo{q: q, f: f, division: d, set: set, link: link, facts: facts}
	if err := v.reload(ctx, tx); err != nil {
		return nil, err
	}
	if left, err := core.FreePlaces(ctx, tx, set); err != nil || left == 0 {
		return nil, err
	}
	next, err := v.top(ctx, tx, 1, nil)
	if err != nil {
		return nil, err
	}
	if len(next) == 0 {
		mails, entries, err := s.offerPlace(ctx, tx, set)
		if err != nil {
			return nil, err
		}
		return entries, s.QueueMails(ctx, tx, mails)
	}
	return nil, v.invite(ctx, s, tx, next[0], authn.SystemActor)
}
