package messages

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Group is the people a message goes to, resolved when it is sent.
type Group struct {
	Audience, Label, TargetID string
	Recipients                []store.MessageRecipient
}

// GroupInput names a group of an event.
type GroupInput struct {
	EventID, Audience, DivisionID, HeatID string
}

// group resolves the group: the athletes with an address of the live registrations it
// selects (captain, partner and every roster place taken with an account, as core.TeamMails
// mails them), or the crew's judges. One address is mailed once.
func (s *service) group(ctx context.Context, in GroupInput) (_ Group, err error) {
	defer apperr.Wrap(&err, "messages.group(%q, %q)", in.EventID, in.Audience)
	g := Group{Audience: strings.TrimSpace(in.Audience), Label: audienceLabels[strings.TrimSpace(in.Audience)]}
	var keep func(store.Registration) bool
	switch g.Audience {
	case AudienceAll:
		keep = func(store.Registration) bool { return true }
	case AudienceDivision:
		d, err := s.division(ctx, in.EventID, in.DivisionID)
		if err != nil {
			return Group{}, err
		}
		g.TargetID, g.Label = d.ID, "Division "+d.Name
		keep = func(r store.Registration) bool { return r.DivisionID == d.ID }
	case AudienceHeat:
		h, label, err := s.heat(ctx, in.EventID, in.HeatID)
		if err != nil {
			return Group{}, err
		}
		g.TargetID, g.Label = h.ID, label
		keep = func(r store.Registration) bool {
			return r.TeamID != "" && slices.ContainsFunc(h.Lanes, func(l store.Lane) bool { return l.TeamID == r.TeamID })
		}
	case AudienceWaiverMissing:
		missing, err := s.waivers.MissingRegistrations(ctx, in.EventID)
		if err != nil {
			return Group{}, err
		}
		keep = func(r store.Registration) bool { return missing[r.ID] }
	case AudiencePaymentMissing:
		keep = func(r store.Registration) bool { return r.State == "waiting_payment" }
	case AudienceJudges:
		g.Recipients, err = s.judges(ctx, in.EventID)
		return g, err
	default:
		return Group{}, apperr.Invalid("audience", msgAudience)
	}
	regs, err := s.Store.ListRegistrations(ctx, store.RegFilter{EventID: in.EventID})
	if err != nil {
		return Group{}, err
	}
	seen := map[string]bool{}
	add := func(r store.Registration, athleteID, name, email string) {
		if email == "" || seen[strings.ToLower(email)] {
			return
		}
		seen[strings.ToLower(email)] = true
		g.Recipients = append(g.Recipients, store.MessageRecipient{RegistrationID: r.ID, AthleteID: athleteID, Name: name, Email: email})
	}
	for _, r := range regs {
		if r.State == "withdrawn" || r.State == "refused" || !keep(r) {
			continue
		}
		add(r, r.CaptainID, r.CaptainName, r.CaptainEmail)
		if r.PartnerID != "" {
			add(r, r.PartnerID, r.PartnerName, r.PartnerEmail)
		}
		for _, p := range r.Places { // teams of other sizes than pairs (docs/rosters.md)
			if p.AthleteID != "" {
				add(r, p.AthleteID, p.Name, p.Email)
			}
		}
	}
	return g, nil
}

// judges are the event's crew volunteers with the judge or head judge role.
func (s *service) judges(ctx context.Context, eventID string) (_ []store.MessageRecipient, err error) {
	defer apperr.Wrap(&err, "messages.judges(%q)", eventID)
	vs, err := s.Store.EventVolunteers(ctx, eventID)
	if err != nil {
		return nil, err
	}
	var out []store.MessageRecipient
	seen := map[string]bool{}
	for _, v := range vs {
		judge := slices.Contains(v.Roles, "judge") || slices.Contains(v.Roles, "head_judge")
		if !judge || v.Email == "" || seen[strings.ToLower(v.Email)] {
			continue
		}
		seen[strings.ToLower(v.Email)] = true
		out = append(out, store.MessageRecipient{AthleteID: v.AthleteID, Name: v.Name, Email: v.Email})
	}
	return out, nil
}

// division is the event's division id names; not found when it is another event's.
func (s *service) division(ctx context.Context, eventID, id string) (_ store.Division, err error) {
	defer apperr.Wrap(&err, "messages.division(%q)", id)
	if strings.TrimSpace(id) == "" {
		return store.Division{}, apperr.Invalid("divisionId", msgDivisionNeeded)
	}
	id, err = core.ParseID("divisionId", id, "Division")
	if err != nil {
		return store.Division{}, err
	}
	d, err := s.Store.GetDivision(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && d.EventID != eventID {
		return store.Division{}, apperr.NotFound(core.MsgDivisionNotFound)
	}
	return d, err
}

// heat is the event's heat id names and what the screens call it; not found when it is
// another event's.
func (s *service) heat(ctx context.Context, eventID, id string) (_ store.Heat, label string, err error) {
	defer apperr.Wrap(&err, "messages.heat(%q)", id)
	if strings.TrimSpace(id) == "" {
		return store.Heat{}, "", apperr.Invalid("heatId", msgHeatNeeded)
	}
	id, err = core.ParseID("heatId", id, "Heat")
	if err != nil {
		return store.Heat{}, "", err
	}
	h, err := s.Store.GetHeat(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && h.EventID != eventID {
		return store.Heat{}, "", apperr.NotFound(msgHeatNotFound)
	} else if err != nil {
		return store.Heat{}, "", err
	}
	w, err := s.Store.GetWorkout(ctx, h.WorkoutID)
	if err != nil {
		return store.Heat{}, "", err
	}
	return h, fmt.Sprintf("Heat %d of %s", h.Number, w.Name), nil
}
