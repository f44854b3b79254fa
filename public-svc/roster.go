package publicsvc

import (
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// What the public sees of rosters (docs/rosters.md): a division's team size (1: the boards
// say "Athlete"), every starting athlete's name on the boards, the whole roster with profile
// links on the team page. Birth dates and categories stay with the organisers.

// pairs is the team size of a division that never set one.
const pairs = 2

// teamSize is a division's athletes per team.
func teamSize(div *competitionv1.Division) int32 {
	if n := div.GetRoster().GetTeamSize(); n > 0 {
		return n
	}
	return pairs
}

// rosterOf is a team's roster; a team from before rosters has its two names.
func rosterOf(t *competitionv1.Team) []*competitionv1.RosterPlace {
	if len(t.GetAthletes()) > 0 {
		return t.GetAthletes()
	}
	var out []*competitionv1.RosterPlace
	for i, n := range []string{t.GetAthlete1Name(), t.GetAthlete2Name()} {
		if n != "" {
			id := t.GetAthlete1Id()
			if i == 1 {
				id = t.GetAthlete2Id()
			}
			out = append(out, &competitionv1.RosterPlace{Name: n, AthleteId: id, Captain: len(out) == 0})
		}
	}
	return out
}

// startingNames are the names the boards show: the roster's starting athletes, in order.
func startingNames(t *competitionv1.Team) []string {
	var out []string
	for _, a := range rosterOf(t) {
		if !a.GetSubstitute() {
			out = append(out, a.GetName())
		}
	}
	return out
}

// publicRoster is the roster as the team page shows it.
func publicRoster(t *competitionv1.Team) []*publicv1.RosterAthlete {
	roster := rosterOf(t)
	out := make([]*publicv1.RosterAthlete, len(roster))
	for i, a := range roster {
		out[i] = &publicv1.RosterAthlete{Name: a.GetName(), AthleteId: a.GetAthleteId(), Captain: a.GetCaptain(), Substitute: a.GetSubstitute()}
	}
	return out
}
