package roster

import (
	"fmt"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Placed is a division's roster places by athlete (athleteKey), for the rule that an athlete
// is on one team of a division only. Checking a team against it costs the team's places, not
// the division's: a division's whole import checks its teams in one pass (docs/boards.md,
// "Team imports").
type Placed struct {
	byKey map[string][]placedOn
}

type placedOn struct{ teamID, teamName string }

// NewPlaced indexes a division's roster places.
func NewPlaced(entries []store.RosterEntry) *Placed {
	p := &Placed{byKey: make(map[string][]placedOn)}
	for _, e := range entries {
		p.add(e.TeamID, e.TeamName, e.RosterAthlete)
	}
	return p
}

func (p *Placed) add(teamID, teamName string, a store.RosterAthlete) {
	if k := athleteKey(a); k != "" {
		p.byKey[k] = append(p.byKey[k], placedOn{teamID, teamName})
	}
}

// Add places a team's roster, which later checks then see.
func (p *Placed) Add(teamID, teamName string, places []store.RosterAthlete) {
	for _, a := range places {
		p.add(teamID, teamName, a)
	}
}

// other is the team (the last placed) other than teamID that has the athlete of key.
func (p *Placed) other(key, teamID string) (string, bool) {
	on := p.byKey[key]
	for i := len(on) - 1; i >= 0; i-- {
		if on[i].teamID != teamID {
			return on[i].teamName, true
		}
	}
	return "", false
}

// Check refuses a roster with an athlete twice, or an athlete already on another team placed
// (teamID: the team itself, "" for a new one); fields under prefix ("" or "teams[2].").
func (p *Placed) Check(prefix, teamID string, places []store.RosterAthlete) error {
	field := prefix + "athletes"
	mine := map[string]bool{}
	for i, a := range places {
		k := athleteKey(a)
		if k == "" {
			continue
		}
		at := fmt.Sprintf("%s[%d].name", field, i)
		if mine[k] {
			return apperr.Invalid(at, fmt.Sprintf("%s is on the team twice", a.Name))
		}
		mine[k] = true
		if team, ok := p.other(k, teamID); ok {
			return apperr.Invalid(at, fmt.Sprintf("%s is already on team %s in this division", a.Name, team))
		}
	}
	return nil
}
