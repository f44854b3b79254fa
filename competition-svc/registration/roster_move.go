package registration

import (
	"context"
	"errors"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// A registration moves to a division of another size only when its roster fits there
// (docs/rosters.md, "Moves across sizes"): the target's size and substitutes, its composition
// and age range, its athletes on no other team of it. Its places are then laid out as the
// target keeps them: a pair's captain and partner, or the places after the captain's.

const (
	msgMoveIncomplete = "Team %s has %s: a team in %s has %s"
	msgMoveInvited    = "Team %s has invited %s: a team in %s has %s"
)

// fitRoster refuses a move of r to division target (rules: its roster rule) that its roster
// does not fit, on divisionId with the rule's words, and returns r laid out for the target.
// Moves between two divisions of pairs asking nothing of their athletes change nothing.
func (s *service) fitRoster(ctx context.Context, tx *store.Store, r store.Registration, target store.Division, rules store.RosterRules) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.fitRoster(%q, %q)", r.ID, target.ID)
	if !byPlaces(r) && rules.TeamSize == pairSize && len(rules.Composition) == 0 && rules.AgeOn == "" {
		return r, nil
	}
	athletes, invited := movingRoster(r)
	if _, err := s.Rosters.Check("", target.Name, rules, athletes); err != nil {
		return r, onDivision(err)
	}
	others, err := tx.DivisionRosterEntries(ctx, target.ID)
	if err != nil {
		return r, err
	}
	if err := s.Rosters.CheckOnce("", r.TeamID, athletes, others); err != nil {
		return r, onDivision(err)
	}
	return layOut(r, target.Name, rules, athletes, invited)
}

// onDivision names divisionId in a refusal of the roster rules, keeping their words.
func onDivision(err error) error {
	var e *apperr.Error
	if errors.As(err, &e) {
		return apperr.ConflictField("divisionId", e.Message)
	}
	return err
}

// movingRoster is a registration's roster (the captain first, then the athletes who hold a
// place) and the addresses invited to places still open.
func movingRoster(r store.Registration) (athletes []store.RosterAthlete, invited []string) {
	if !byPlaces(r) {
		athletes = []store.RosterAthlete{captainPlace(r)}
		switch {
		case r.PartnerID != "" || (r.PartnerName != "" && r.PartnerEmail == ""):
			athletes = append(athletes, store.RosterAthlete{Position: 2, Name: r.PartnerName, AthleteID: r.PartnerID})
		case r.PartnerEmail != "":
			invited = append(invited, r.PartnerEmail)
		}
		return athletes, invited
	}
	for _, p := range r.Places {
		if p.Open() && p.Email != "" && !p.Substitute {
			invited = append(invited, p.Email)
		}
	}
	return rosterOf(r), invited
}

// layOut writes the checked roster into r as the target division keeps it: for pairs the
// partner's columns, else one place per starting place after the captain's (taken ones
// first, then open ones, the invited addresses kept on them) and the substitutes after. A
// complete roster stays complete, and every invitation keeps a place: else the move is
// refused.
func layOut(r store.Registration, division string, rules store.RosterRules, athletes []store.RosterAthlete, invited []string) (store.Registration, error) {
	var starting, subs []store.RosterAthlete
	for _, a := range athletes[1:] { // the captain stays the captain
		if a.Substitute {
			subs = append(subs, a)
		} else {
			starting = append(starting, a)
		}
	}
	open := rules.TeamSize - 1 - len(starting)
	if len(invited) > open {
		return r, apperr.ConflictField("divisionId", fmt.Sprintf(msgMoveInvited, r.TeamName,
			athletesText(len(invited)), division, athletesText(rules.TeamSize)))
	}
	if rosterReady(r) && r.RosterConfirmedBy == "" && open > 0 {
		return r, apperr.ConflictField("divisionId", fmt.Sprintf(msgMoveIncomplete, r.TeamName,
			athletesText(len(starting)+1), division, athletesText(rules.TeamSize)))
	}
	r.TeamSize = rules.TeamSize
	if rules.TeamSize == pairSize {
		if len(subs) > 0 {
			return r, apperr.ConflictField("divisionId", fmt.Sprintf("A team in %s has no substitutes", division))
		}
		r.Places, r.PartnerID, r.PartnerName, r.PartnerEmail = nil, "", "", ""
		if len(starting) == 1 {
			r.PartnerID, r.PartnerName = starting[0].AthleteID, starting[0].Name
			r.PartnerEmail = placeEmail(r, starting[0])
		} else if len(invited) == 1 {
			r.PartnerEmail = invited[0]
		}
		return r, nil
	}
	places := make([]store.RegPlace, 0, rules.TeamSize-1+len(subs))
	for _, a := range starting {
		places = append(places, regPlace(r, a, len(places)+2))
	}
	for i := 0; i < open; i++ {
		p := store.RegPlace{Position: len(places) + 2}
		if i < len(invited) {
			p.Email = invited[i]
		}
		places = append(places, p)
	}
	for _, a := range subs {
		places = append(places, regPlace(r, a, len(places)+2))
	}
	r.Places, r.PartnerID, r.PartnerName, r.PartnerEmail = places, "", "", ""
	return r, nil
}

// regPlace is a roster athlete as a registration's place at pos, with the address it had.
func regPlace(r store.Registration, a store.RosterAthlete, pos int) store.RegPlace {
	return store.RegPlace{Position: pos, Email: placeEmail(r, a), AthleteID: a.AthleteID, Name: a.Name,
		Category: a.Category, BirthDate: a.BirthDate, Substitute: a.Substitute}
}

// placeEmail is the address a roster athlete took their place with ("" for a typed name).
func placeEmail(r store.Registration, a store.RosterAthlete) string {
	if !byPlaces(r) {
		return r.PartnerEmail
	}
	for _, p := range r.Places {
		if p.Position == a.Position {
			return p.Email
		}
	}
	return ""
}

// athletesText is "1 athlete", "4 athletes".
func athletesText(n int) string {
	if n == 1 {
		return "1 athlete"
	}
	return fmt.Sprintf("%d athletes", n)
}
