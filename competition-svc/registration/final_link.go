package registration

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// The qualifier's final (docs/qualifiers.md, "Invitations to the final"): which in-person
// event an online qualifier sends its best teams to, and which division goes where.

// FinalLinkInput is the organiser's link; Divisions maps qualifier division ids to final
// division ids, nil to match them by name.
type FinalLinkInput struct {
	EventID, FinalEventID string
	AcceptDays            int32
	Divisions             [][2]string
}

// SetFinalLink links a qualifier to its final; the interceptor checked the organiser grant
// on both events.
func (s *service) SetFinalLink(ctx context.Context, in FinalLinkInput) (_ FinalView, err error) {
	defer apperr.Wrap(&err, "registration.SetFinalLink(%q)", in.EventID)
	q, f, err := s.finalEvents(ctx, in.EventID, in.FinalEventID)
	if err != nil {
		return FinalView{}, err
	}
	days := in.AcceptDays
	if days == 0 {
		days = defaultAcceptDays
	}
	if days < 1 || days > maxAcceptDays {
		return FinalView{}, apperr.Invalid("acceptDays", msgFinalAcceptDays)
	}
	qDivs, err := s.Store.ListEventDivisions(ctx, q.ID)
	if err != nil {
		return FinalView{}, err
	}
	fDivs, err := s.Store.ListEventDivisions(ctx, f.ID)
	if err != nil {
		return FinalView{}, err
	}
	pairs, err := pairDivisions(in.Divisions, qDivs, fDivs, f.Name)
	if err != nil {
		return FinalView{}, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if old, err := tx.GetFinalLink(ctx, q.ID); err == nil && old.FinalEventID != f.ID {
			invited, err := tx.ListQualifierInvitations(ctx, q.ID)
			if err != nil {
				return err
			}
			if len(invited) > 0 {
				return apperr.ConflictField("finalEventId", fmt.Sprintf(msgFinalChangeInvited, invited[0].FinalEventName))
			}
		} else if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if err := tx.SetFinalLink(ctx, store.FinalLink{QualifierEventID: q.ID, FinalEventID: f.ID, AcceptDays: days,
			UpdatedBy: authn.Actor(ctx), Divisions: pairs}); err != nil {
			return err
		}
		names := make([]string, 0, len(pairs))
		for _, d := range qDivs {
			if to, ok := pairs[d.ID]; ok {
				names = append(names, d.Name+" → "+divisionName(fDivs, to))
			}
		}
		return tx.RecordActivity(ctx, core.Change(ctx, q.ID, "updated", "event", q.ID,
			fmt.Sprintf("Final linked: %s (%s), %d days to accept an invitation", f.Name, strings.Join(names, ", "), days)))
	})
	if err != nil {
		return FinalView{}, err
	}
	return s.GetFinalInvitations(ctx, q.ID)
}

// finalEvents reads and checks the qualifier (online) and the final (in person).
func (s *service) finalEvents(ctx context.Context, qualifierID, finalID string) (q, f store.Event, err error) {
	defer apperr.Wrap(&err, "registration.finalEvents(%q, %q)", qualifierID, finalID)
	if q, err = s.eventByID(ctx, "eventId", qualifierID); err != nil {
		return q, f, err
	}
	if f, err = s.eventByID(ctx, "finalEventId", finalID); err != nil {
		return q, f, err
	}
	switch {
	case q.ID == f.ID:
		return q, f, apperr.Invalid("finalEventId", msgFinalSame)
	case q.Format != core.FormatOnline:
		return q, f, apperr.Invalid("eventId", fmt.Sprintf(msgFinalNotOnline, q.Name))
	case f.Format == core.FormatOnline:
		return q, f, apperr.Invalid("finalEventId", fmt.Sprintf(msgFinalNotInPerson, f.Name))
	}
	return q, f, nil
}

// eventByID reads an event named by a request's field.
func (s *service) eventByID(ctx context.Context, field, id string) (_ store.Event, err error) {
	defer apperr.Wrap(&err, "registration.eventByID(%q)", id)
	id, err = core.ParseID(field, id, "Event")
	if err != nil {
		return store.Event{}, err
	}
	e, err := s.Store.GetEvent(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return e, apperr.NotFound(core.MsgEventNotFound)
	}
	return e, err
}

// pairDivisions checks the organiser's pairs, or pairs divisions of the same name (case
// ignored) when none are given.
func pairDivisions(given [][2]string, qDivs, fDivs []store.Division, finalName string) (map[string]string, error) {
	out := map[string]string{}
	if given == nil {
		for _, q := range qDivs {
			for _, f := range fDivs {
				if strings.EqualFold(strings.TrimSpace(q.Name), strings.TrimSpace(f.Name)) {
					out[q.ID] = f.ID
				}
			}
		}
		if len(out) == 0 {
			return nil, apperr.Invalid("divisions", fmt.Sprintf(msgFinalNoDivision, finalName))
		}
		return out, nil
	}
	for i, p := range given {
		qid, err := core.ParseID(fmt.Sprintf("divisions[%d].qualifierDivisionId", i), p[0], "Division")
		if err != nil {
			return nil, err
		}
		if divisionName(qDivs, qid) == "" {
			return nil, apperr.Invalid(fmt.Sprintf("divisions[%d].qualifierDivisionId", i), msgFinalQualifierDiv)
		}
		if _, twice := out[qid]; twice {
			return nil, apperr.Invalid(fmt.Sprintf("divisions[%d].qualifierDivisionId", i), msgFinalDivisionTwice)
		}
		if strings.TrimSpace(p[1]) == "" {
			continue // not sent to the final
		}
		fid, err := core.ParseID(fmt.Sprintf("divisions[%d].finalDivisionId", i), p[1], "Division")
		if err != nil {
			return nil, err
		}
		if divisionName(fDivs, fid) == "" {
			return nil, apperr.Invalid(fmt.Sprintf("divisions[%d].finalDivisionId", i), msgFinalFinalDiv)
		}
		out[qid] = fid
	}
	if len(out) == 0 {
		return nil, apperr.Invalid("divisions", fmt.Sprintf(msgFinalNoDivision, finalName))
	}
	return out, nil
}

// divisionName is the name of the division id among divs ("" when absent).
func divisionName(divs []store.Division, id string) string {
	for _, d := range divs {
		if d.ID == id {
			return d.Name
		}
	}
	return ""
}

// FinalRow is one team of a qualifier division's published standings.
type FinalRow struct {
	TeamID, TeamName, Athletes string
	Rank                       int32
	NotInvitable               string
	Invitation                 *store.FinalInvitation
}

// FinalDivisionView is a qualifier division, its final division and its standings.
type FinalDivisionView struct {
	Division          store.Division
	FinalDivisionID   string
	FinalDivisionName string
	Capacity, Taken   int32
	Rows              []FinalRow
}

// FinalView is the qualifier's Invitations page.
type FinalView struct {
	EventID                 string
	FinalEventID, FinalName string
	AcceptDays              int32
	Divisions               []FinalDivisionView
}

// GetFinalInvitations returns the qualifier's link and, per division, its published
// standings with each team's invitation.
func (s *service) GetFinalInvitations(ctx context.Context, eventID string) (_ FinalView, err error) {
	defer apperr.Wrap(&err, "registration.GetFinalInvitations(%q)", eventID)
	q, err := s.eventByID(ctx, "eventId", eventID)
	if err != nil {
		return FinalView{}, err
	}
	view := FinalView{EventID: q.ID}
	link, err := s.Store.GetFinalLink(ctx, q.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return view, err
	}
	var fDivs []store.Division
	if err == nil {
		f, err := s.Store.GetEvent(ctx, link.FinalEventID)
		if err != nil {
			return view, err
		}
		view.FinalEventID, view.FinalName, view.AcceptDays = f.ID, f.Name, link.AcceptDays
		if fDivs, err = s.Store.ListEventDivisions(ctx, f.ID); err != nil {
			return view, err
		}
	}
	ctxData, err := s.qualifierData(ctx, q.ID)
	if err != nil {
		return view, err
	}
	now := s.Now()
	for _, d := range ctxData.divisions {
		dv := FinalDivisionView{Division: d, FinalDivisionID: link.Divisions[d.ID]}
		if dv.FinalDivisionID != "" {
			dv.FinalDivisionName = divisionName(fDivs, dv.FinalDivisionID)
			set, err := s.Store.GetRegSettings(ctx, dv.FinalDivisionID)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				return view, err
			}
			if err == nil {
				places, err := s.Store.CountPlaces(ctx, dv.FinalDivisionID)
				if err != nil {
					return view, err
				}
				dv.Capacity, dv.Taken = set.Capacity, places.Taken
			}
		}
		for _, st := range ctxData.standings[d.ID] {
			row := FinalRow{TeamID: st.teamID, TeamName: ctxData.teamNames[st.teamID], Rank: st.rank}
			if r, ok := ctxData.regs[st.teamID]; ok {
				row.Athletes = r.CaptainName + " & " + r.PartnerName
			} else {
				row.NotInvitable = notInvitableAccounts
			}
			if inv, ok := ctxData.invitations[invKey{dv.FinalDivisionID, st.teamID}]; ok {
				inv.State = invitationState(inv.State, inv.Deadline, now)
				row.Invitation = &inv
			}
			dv.Rows = append(dv.Rows, row)
		}
		view.Divisions = append(view.Divisions, dv)
	}
	return view, nil
}

// rankedTeam is a team of a division's published standings.
type rankedTeam struct {
	teamID string
	rank   int32
}

type invKey struct{ finalDivisionID, teamID string }

// qualifierFacts are what inviting reads of a qualifier: its divisions, published standings
// by division (best first), team names, confirmed registrations by team and invitations.
type qualifierFacts struct {
	divisions   []store.Division
	standings   map[string][]rankedTeam
	teamNames   map[string]string
	regs        map[string]store.Registration
	invitations map[invKey]store.FinalInvitation
}

// qualifierData reads a qualifier's facts; the standings are results-svc's published ones.
func (s *service) qualifierData(ctx context.Context, eventID string) (_ qualifierFacts, err error) {
	defer apperr.Wrap(&err, "registration.qualifierData(%q)", eventID)
	out := qualifierFacts{standings: map[string][]rankedTeam{}, teamNames: map[string]string{},
		regs: map[string]store.Registration{}, invitations: map[invKey]store.FinalInvitation{}}
	if out.divisions, err = s.Store.ListEventDivisions(ctx, eventID); err != nil {
		return out, err
	}
	teams, err := s.Store.ListEventTeams(ctx, eventID)
	if err != nil {
		return out, err
	}
	teamDivision := map[string]string{}
	for _, t := range teams {
		out.teamNames[t.ID] = t.Name
		teamDivision[t.ID] = t.DivisionID
	}
	ranks, err := s.PublishedRanks(ctx, eventID)
	if err != nil {
		return out, err
	}
	for id, rank := range ranks {
		if d, ok := teamDivision[id]; ok {
			out.standings[d] = append(out.standings[d], rankedTeam{teamID: id, rank: rank})
		}
	}
	for d := range out.standings {
		sort.Slice(out.standings[d], func(i, j int) bool {
			a, b := out.standings[d][i], out.standings[d][j]
			if a.rank != b.rank {
				return a.rank < b.rank
			}
			return out.teamNames[a.teamID] < out.teamNames[b.teamID]
		})
	}
	regs, err := s.Store.ListRegistrations(ctx, store.RegFilter{EventID: eventID, State: string(StateConfirmed)})
	if err != nil {
		return out, err
	}
	for _, r := range regs {
		if r.TeamID != "" && r.PartnerID != "" {
			out.regs[r.TeamID] = r
		}
	}
	invs, err := s.Store.ListQualifierInvitations(ctx, eventID)
	if err != nil {
		return out, err
	}
	for _, i := range invs {
		out.invitations[invKey{i.FinalDivisionID, i.TeamID}] = i
	}
	return out, nil
}
