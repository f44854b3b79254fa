package registration

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Registration by team size (docs/rosters.md, "Registration by size"): pairs keep their
// captain and partner; every other size has the places after the captain's
// (store.RegPlace). These are the rules without I/O: a registration's roster, whether it is
// complete, the places a registration starts with, and the roster lock.

// pairSize is the size whose registrations keep the captain and partner columns, as before.
const pairSize = 2

const (
	msgRosterIndividual    = "An individual registers alone: there is no partner to invite"
	msgRosterTooMany       = "A team in %s invites at most %d athletes"
	msgRosterEmailTwice    = "%s is invited twice"
	msgRosterFull          = "Team %s has no open place left"
	msgRosterNotCaptain    = "Only the team's captain changes its roster; you can leave the team"
	msgRosterPairs         = "A pair's roster is its captain and partner: the partner withdraws the team instead"
	msgRosterLocked        = "The rosters of %s locked on %s: only an organiser can change them now"
	msgRosterCaptainLeave  = "The captain cannot leave the team: withdraw it instead"
	msgRosterNotMember     = "You hold no place on this team"
	msgRosterOnlyCaptain   = "Only the captain withdraws the team; you can leave it"
	msgRosterNoPlace       = "Team %s has no place %d"
	msgRosterOpenPlace     = "Place %d is open: its athlete joins with the share code"
	msgRosterPlaceTwice    = "Place %d is given twice"
	msgRosterStartMissing  = "Place %d (%s) is missing: a starting athlete is swapped, not removed"
	msgRosterNewStarting   = "A new athlete is a substitute: a starting place is swapped"
	msgRosterTooManyPlaces = "A team has at most 12 places"
	msgRosterComplete      = "The roster of team %s is already complete"
	msgRosterConfirmed     = "The roster of team %s was already confirmed by %s"
	msgRosterNoChange      = "Give a new team name or the team's athletes"
)

// placesMax is the last position a roster may use (team_athletes' and registration_places').
const placesMax = 12

// byPlaces reports whether a registration keeps places (every size but pairs).
func byPlaces(r store.Registration) bool { return r.TeamSize != pairSize }

// rosterReady is the partner fact of a registration's state (liveState): a pair's partner
// accepted; for any other size every starting place is taken, or an organiser confirmed the
// roster by hand. Every taking of a place was checked against the composition, so a roster
// with every place taken meets it.
func rosterReady(r store.Registration) bool {
	if !byPlaces(r) {
		return r.PartnerID != ""
	}
	if r.RosterConfirmedBy != "" {
		return true
	}
	for _, p := range r.Places {
		if !p.Substitute && p.Open() {
			return false
		}
	}
	return true
}

// captainPlace is the captain as the roster's first place.
func captainPlace(r store.Registration) store.RosterAthlete {
	return store.RosterAthlete{Position: 1, Name: r.CaptainName, AthleteID: r.CaptainID, Category: r.CaptainCategory,
		BirthDate: r.CaptainBirthDate, Captain: true}
}

// placeAthlete is a taken place as a roster place.
func placeAthlete(p store.RegPlace) store.RosterAthlete {
	return store.RosterAthlete{Position: p.Position, Name: p.Name, AthleteID: p.AthleteID, Category: p.Category,
		BirthDate: p.BirthDate, Substitute: p.Substitute}
}

// rosterOf is a registration's roster as its team has it: the captain, then every taken place.
func rosterOf(r store.Registration) []store.RosterAthlete {
	out := []store.RosterAthlete{captainPlace(r)}
	for _, p := range r.Places {
		if !p.Open() {
			out = append(out, placeAthlete(p))
		}
	}
	return out
}

// firstPlaces are the places a registration starts with: one per starting place after the
// captain's, the first ones reserved for the addresses invited by mail.
func firstPlaces(size int, emails []string) []store.RegPlace {
	out := make([]store.RegPlace, 0, size-1)
	for pos := 2; pos <= size; pos++ {
		p := store.RegPlace{Position: pos}
		if i := pos - 2; i < len(emails) {
			p.Email = emails[i]
		}
		out = append(out, p)
	}
	return out
}

// openPlaceFor is the index of the place an athlete with address email takes: the open place
// reserved for that address, else the first open place reserved for nobody; -1 when none.
// reservedElsewhere says whether open places are left for other addresses only.
func openPlaceFor(places []store.RegPlace, email string) (index int, reservedElsewhere bool) {
	free := -1
	for i, p := range places {
		if !p.Open() || p.Substitute {
			continue
		}
		switch {
		case p.Email != "" && strings.EqualFold(p.Email, email):
			return i, false
		case p.Email == "" && free < 0:
			free = i
		case p.Email != "":
			reservedElsewhere = true
		}
	}
	return free, reservedElsewhere && free < 0
}

// memberPlace is the index of the place userID holds, -1 for none.
func memberPlace(r store.Registration, userID string) int {
	for i, p := range r.Places {
		if p.AthleteID != "" && p.AthleteID == userID {
			return i
		}
	}
	return -1
}

// rosterLocked says whether the captain's changes have ended at now.
func rosterLocked(r store.Registration, now time.Time) bool {
	return r.RosterLockAt != nil && !now.Before(*r.RosterLockAt)
}

// lockRefusal is the captain's refusal after the lock, on the field of the change asked.
func lockRefusal(field string, r store.Registration) error {
	return apperr.ConflictField(field, fmt.Sprintf(msgRosterLocked, r.EventName, r.RosterLockAt.UTC().Format(regTimeLayout)))
}

// refield names another request field in a refusal of the roster rules (their fields are a
// roster's, "athletes[0].category"; the request's may be "category").
func refield(err error, fields map[string]string) error {
	var e *apperr.Error
	if errors.As(err, &e) {
		if to, ok := fields[e.Field]; ok {
			return &apperr.Error{Kind: e.Kind, Field: to, Message: e.Message}
		}
	}
	return err
}

// swapPlaces applies a roster change to a registration's places (given: the taken places after
// the captain's as they should be). It returns the new places, the place each given entry
// became (in the request's order, for the rules' field names), the places whose athlete left,
// and the changes for the activity. A name changed is a swap (the account leaves with its
// athlete); a substitute left out is removed; a starting athlete left out is refused.
func swapPlaces(r store.Registration, given []store.RegPlace) (places, ordered, out []store.RegPlace, changes []string, err error) {
	byPos := map[int]int{}
	last := r.TeamSize
	for i, p := range r.Places {
		byPos[p.Position] = i
		last = max(last, p.Position)
	}
	next := map[int]store.RegPlace{}
	var added []store.RegPlace
	for i, a := range given {
		at := fmt.Sprintf("athletes[%d]", i)
		a.Name = strings.Join(strings.Fields(a.Name), " ")
		a.Category, a.BirthDate = strings.TrimSpace(a.Category), strings.TrimSpace(a.BirthDate)
		if a.Position == 0 {
			if !a.Substitute {
				return nil, nil, nil, nil, apperr.Invalid(at+".substitute", msgRosterNewStarting)
			}
			if last++; last > placesMax {
				return nil, nil, nil, nil, apperr.Invalid("athletes", msgRosterTooManyPlaces)
			}
			p := store.RegPlace{Position: last, Name: a.Name, Category: a.Category, BirthDate: a.BirthDate, Substitute: true}
			added, ordered = append(added, p), append(ordered, p)
			changes = append(changes, fmt.Sprintf("%s added as a substitute", a.Name))
			continue
		}
		j, ok := byPos[a.Position]
		switch {
		case !ok:
			return nil, nil, nil, nil, apperr.Invalid(at+".position", fmt.Sprintf(msgRosterNoPlace, r.TeamName, a.Position))
		case next[a.Position].Position != 0:
			return nil, nil, nil, nil, apperr.Invalid(at+".position", fmt.Sprintf(msgRosterPlaceTwice, a.Position))
		case r.Places[j].Open():
			return nil, nil, nil, nil, apperr.Invalid(at+".position", fmt.Sprintf(msgRosterOpenPlace, a.Position))
		}
		cur := r.Places[j]
		p := cur
		if strings.EqualFold(a.Name, cur.Name) {
			// The same athlete: the account stays; a birth date not sent back is kept.
			p.Category = a.Category
			if a.BirthDate != "" {
				p.BirthDate = a.BirthDate
			}
		} else {
			p = store.RegPlace{Position: cur.Position, Name: a.Name, Category: a.Category, BirthDate: a.BirthDate, Substitute: cur.Substitute}
			out = append(out, cur)
			changes = append(changes, fmt.Sprintf("%s swapped for %s (place %d)", cur.Name, nameOrBlank(a.Name), cur.Position))
		}
		next[a.Position] = p
		ordered = append(ordered, p)
	}
	for _, cur := range r.Places {
		p, ok := next[cur.Position]
		switch {
		case cur.Open():
			places = append(places, cur)
		case ok:
			places = append(places, p)
		case !cur.Substitute:
			return nil, nil, nil, nil, apperr.Invalid("athletes", fmt.Sprintf(msgRosterStartMissing, cur.Position, cur.Name))
		default:
			out = append(out, cur)
			changes = append(changes, fmt.Sprintf("substitute %s removed", cur.Name))
		}
	}
	return append(places, added...), ordered, out, changes, nil
}

func nameOrBlank(name string) string {
	if name == "" {
		return "(no name)"
	}
	return name
}

// categoryNames are a composition's categories, in its order.
func categoryNames(c []store.CompositionRule) []string {
	out := make([]string, len(c))
	for i, r := range c {
		out[i] = r.Category
	}
	return out
}
