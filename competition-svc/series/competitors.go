package series

import (
	"github.com/podium-dev/podium/competition-svc/store"
)

// Who one competitor of a series is across its events, ranked by team (docs/series.md,
// "Ranking"). A pair, and a team of 3 or more, is its team's name key: the name a team keeps
// over a season while its roster may change. An individual is the athlete: their account when
// the place holds one, else their name key with their birth date when known. A name without an
// account joins the one athlete of that name in the series division it can only be (the one
// account, or the one birth date, whose known birth dates do not contradict it), so an athlete
// registered once and entered by hand once stays one line; two people sharing a name with
// different accounts or birth dates stay two.

// The competitor keys of individuals; the separator is no character a typed name keeps.
const (
	individualAccount = "athlete\x1f"
	individualName    = "name\x1f"
	individualErased  = "erased\x1f"
)

// individualCompetitors sets the competitor of every individual (team size 1) of teams.
func individualCompetitors(teams []store.SeriesTeam) {
	type group struct{ division, nameKey string }
	accounts := map[group]map[string]map[string]bool{} // account → its known birth dates
	births := map[group]map[string]bool{}              // birth dates without an account
	for _, t := range teams {
		p, ok := individual(t)
		if !ok || p.Name == store.FormerAthlete {
			continue
		}
		g := group{t.SeriesDivisionID, p.NameKey}
		switch {
		case p.AthleteID != "":
			if accounts[g] == nil {
				accounts[g] = map[string]map[string]bool{}
			}
			if accounts[g][p.AthleteID] == nil {
				accounts[g][p.AthleteID] = map[string]bool{}
			}
			if p.BirthDate != "" {
				accounts[g][p.AthleteID][p.BirthDate] = true
			}
		case p.BirthDate != "":
			if births[g] == nil {
				births[g] = map[string]bool{}
			}
			births[g][p.BirthDate] = true
		}
	}
	for i, t := range teams {
		p, ok := individual(t)
		if !ok {
			continue
		}
		g := group{t.SeriesDivisionID, p.NameKey}
		switch {
		case p.Name == store.FormerAthlete:
			teams[i].Competitor = individualErased + t.TeamID
		case p.AthleteID != "":
			teams[i].Competitor = individualAccount + p.AthleteID
		default:
			teams[i].Competitor = byName(p, accounts[g], births[g])
		}
	}
}

// individual is an individual's athlete: the roster's first starting place.
func individual(t store.SeriesTeam) (store.SeriesPlace, bool) {
	if t.TeamSize != 1 || len(t.Starting) == 0 {
		return store.SeriesPlace{}, false
	}
	return t.Starting[0], true
}

// byName is the key of an athlete without an account: the one account of their name whose
// birth dates agree, else their name and birth date; without a birth date, the one birth date
// their name carries.
func byName(p store.SeriesPlace, accounts map[string]map[string]bool, births map[string]bool) string {
	if len(accounts) == 1 {
		for id, dates := range accounts {
			if p.BirthDate == "" || len(dates) == 0 || dates[p.BirthDate] {
				return individualAccount + id
			}
		}
	}
	birth := p.BirthDate
	if birth == "" && len(accounts) == 0 && len(births) == 1 {
		for b := range births {
			birth = b
		}
	}
	return individualName + p.NameKey + "|" + birth
}
