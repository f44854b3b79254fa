package registration

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Registering and joining a team of another size than pairs (docs/rosters.md, "Registration
// by size"): an individual registers alone; a team of N invites N−1 athletes, each by mail or
// with the share code, and each takes the next open place with their category and birth date
// when the division asks; the team goes on when every starting place is taken.

// invite is an address invited when registering, with the request field it came in.
type invite struct{ field, email string }

// sizeInvites reads the addresses a team of another size than pairs invites by mail: at most
// the size less one, each a valid address, none the captain's, none twice. An empty entry is
// a place left to the share code.
func sizeInvites(in RegisterInput, me core.AthleteInfo, d store.Division, rules store.RosterRules) ([]invite, error) {
	var raw []invite
	if strings.TrimSpace(in.PartnerEmail) != "" && len(in.PartnerEmails) == 0 {
		raw = append(raw, invite{field: "partnerEmail", email: in.PartnerEmail})
	}
	for i, e := range in.PartnerEmails {
		raw = append(raw, invite{field: fmt.Sprintf("partnerEmails[%d]", i), email: e})
	}
	if rules.TeamSize == 1 {
		for _, inv := range raw {
			if strings.TrimSpace(inv.email) != "" {
				return nil, apperr.Invalid(inv.field, msgRosterIndividual)
			}
		}
		return nil, nil
	}
	if len(raw) > rules.TeamSize-1 {
		return nil, apperr.Invalid("partnerEmails", fmt.Sprintf(msgRosterTooMany, d.Name, rules.TeamSize-1))
	}
	seen := map[string]bool{}
	out := make([]invite, 0, len(raw))
	for _, inv := range raw {
		email, err := cleanEmail(inv.field, inv.email)
		if err != nil {
			return nil, err
		}
		key := strings.ToLower(email)
		switch {
		case email == "":
		case strings.EqualFold(email, me.Email):
			return nil, apperr.Invalid(inv.field, msgRegPartnerSelf)
		case seen[key]:
			return nil, apperr.Invalid(inv.field, fmt.Sprintf(msgRosterEmailTwice, email))
		}
		seen[key] = true
		out = append(out, invite{field: inv.field, email: email})
	}
	return out, nil
}

// athleteFields name the request's fields in a refusal of the roster rules about one athlete.
var athleteFields = map[string]string{"athletes[0].category": "category", "athletes[0].birthDate": "birthDate",
	"athletes[0].name": "birthDate", "athletes": "category"}

// checkCaptain is the captain as the first place of the roster, checked against the division's
// rule (category, birth date and age).
func (s *service) checkCaptain(in RegisterInput, me core.AthleteInfo, d store.Division, rules store.RosterRules) (_ store.RosterAthlete, err error) {
	defer apperr.Wrap(&err, "registration.checkCaptain(%q)", d.ID)
	a := store.RosterAthlete{Position: 1, Name: me.Name, AthleteID: me.ID, Captain: true,
		Category: strings.TrimSpace(in.Category), BirthDate: strings.TrimSpace(in.BirthDate)}
	out, err := s.Rosters.Check("", d.Name, rules, []store.RosterAthlete{a})
	if err != nil {
		return a, refield(err, athleteFields)
	}
	return out[0], nil
}

// captainOnce refuses a captain already on a team of the division by name and birth date
// (by account, registration_athletes refuses them).
func (s *service) captainOnce(ctx context.Context, tx *store.Store, divisionID string, captain store.RosterAthlete) (err error) {
	defer apperr.Wrap(&err, "registration.captainOnce(%q)", divisionID)
	if captain.BirthDate == "" {
		return nil
	}
	others, err := tx.DivisionRosterEntries(ctx, divisionID)
	if err != nil {
		return err
	}
	return refield(s.Rosters.CheckOnce("", "", []store.RosterAthlete{captain}, others), athleteFields)
}

// secondName is the name of a team's second place, for the name columns of teams.
func secondName(r store.Registration) string {
	if !byPlaces(r) {
		return r.PartnerName
	}
	for _, p := range r.Places {
		if p.Position == 2 {
			return p.Name
		}
	}
	return ""
}

// AcceptInput is an invitation accepted: its code, and the athlete's category and birth date
// when the division asks for them.
type AcceptInput struct {
	Code string
	// The athlete's member number, category and birth date, when the division asks for them.
	Eligible
}

// takePlace makes the caller an athlete of a registration of another size than pairs, in the
// place reserved for their address or the next open one, in AcceptInvitation's transaction.
// It reports whether the registration's team changed.
func (s *service) takePlace(ctx context.Context, tx *store.Store, me core.AthleteInfo, r *store.Registration,
	set store.RegSettings, in AcceptInput) (teamChanged bool, err error) {
	defer apperr.Wrap(&err, "registration.takePlace(%q)", r.ID)
	switch {
	case RegState(r.State).Ended():
		return false, apperr.ConflictField("code", fmt.Sprintf(msgRegCodeEnded, StateLabel(r.State)))
	case r.CaptainID == me.ID:
		return false, apperr.ConflictField("code", msgRegOwnInvitation)
	case memberPlace(*r, me.ID) >= 0:
		return false, nil // accepted already: the same answer again
	case time.Now().After(r.InviteExpiresAt):
		return false, apperr.ConflictField("code", fmt.Sprintf(msgRegCodeExpired, r.InviteExpiresAt.UTC().Format(regTimeLayout), r.CaptainName))
	}
	i, reserved := openPlaceFor(r.Places, me.Email)
	switch {
	case reserved:
		return false, apperr.Forbidden(msgRegCodeOtherAddress)
	case i < 0:
		return false, apperr.ConflictField("code", fmt.Sprintf(msgRosterFull, r.TeamName))
	}
	rules, err := tx.DivisionRosterRules(ctx, r.DivisionID)
	if err != nil {
		return false, err
	}
	p := &r.Places[i]
	p.AthleteID, p.Name, p.Email = me.ID, me.Name, me.Email
	p.Category, p.BirthDate = strings.TrimSpace(in.Category), strings.TrimSpace(in.BirthDate)
	// The newcomer first, so that the rules name the request's fields.
	roster := []store.RosterAthlete{placeAthlete(*p)}
	for _, a := range rosterOf(*r) {
		if a.Position != p.Position {
			roster = append(roster, a)
		}
	}
	cleaned, err := s.Rosters.Check("", r.DivisionName, rules, roster)
	if err != nil {
		return false, refield(err, athleteFields)
	}
	for _, a := range cleaned {
		if a.Position == p.Position {
			p.Category, p.BirthDate = a.Category, a.BirthDate
		}
	}
	others, err := tx.DivisionRosterEntries(ctx, r.DivisionID)
	if err != nil {
		return false, err
	}
	if err := s.Rosters.CheckOnce("", r.TeamID, roster[:1], others); err != nil {
		return false, refield(err, athleteFields)
	}
	if holder, err := tx.ClaimAthlete(ctx, r.DivisionID, me.ID, r.ID); errors.Is(err, store.ErrAthleteTaken) {
		return false, apperr.ConflictField("code", fmt.Sprintf(msgRegPartnerInDivision, r.DivisionName, s.teamOf(ctx, tx, holder)))
	} else if err != nil {
		return false, err
	}
	if err := tx.ReplacePlaces(ctx, r.ID, r.Places); err != nil {
		return false, err
	}
	hadTeam := r.TeamID != ""
	if hadTeam { // a place freed on a team that exists (a member left) is taken again
		if err := tx.ReplaceRoster(ctx, r.TeamID, rosterOf(*r)); err != nil {
			return false, err
		}
	}
	entries := []store.Activity{core.Change(ctx, r.EventID, "accepted", "registration", r.ID,
		fmt.Sprintf("%s joined team %s in %s (place %d)", me.Name, r.TeamName, r.DivisionName, p.Position))}
	mails := []core.Mail{s.memberJoinedMail(s.TeamLanguages(ctx, *r, me), *r, *p)}
	m, e, err := s.advance(ctx, tx, r, set)
	if err != nil {
		return false, err
	}
	if err := s.QueueMails(ctx, tx, append(mails, m...)); err != nil {
		return false, err
	}
	return hadTeam || r.TeamID != "", tx.RecordActivity(ctx, append(entries, e...)...)
}
