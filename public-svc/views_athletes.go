package publicsvc

import (
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// The athlete's public profile (athletes.go): pure functions of the profile, the events'
// published standings and the series standings.

// athleteView is the profile with each team of an event the public sees (data holds those
// events), in the order competition-svc gives (newest event first). A team's rank and total
// are its published ones: none before its first published result.
func athleteView(id string, p *competitionv1.PublicAthleteProfile, data map[string]*eventData) *publicv1.PublicAthlete {
	out := &publicv1.PublicAthlete{Id: id, Name: p.GetName(), Club: p.GetClub(), Country: p.GetCountry(),
		Teams: []*publicv1.PublicAthleteTeam{}, Series: []*publicv1.PublicAthleteSeries{}}
	for _, ref := range p.GetTeams() {
		d := data[ref.GetEventId()]
		if d == nil {
			continue
		}
		t := d.team[ref.GetTeamId()]
		if t == nil {
			continue // moved or deleted in between
		}
		div := d.division[t.GetDivisionId()]
		row := &publicv1.PublicAthleteTeam{
			TeamId: t.GetId(), TeamName: t.GetName(), Athlete1Name: t.GetAthlete1Name(), Athlete2Name: t.GetAthlete2Name(), AthleteNames: startingNames(t),
			EventId: d.ev.GetId(), EventName: d.ev.GetName(), DateRange: d.ev.GetDateRange(), EventStatus: publicStatus(d.ev.GetStatus()),
			DivisionId: div.GetId(), DivisionName: div.GetName(), TotalTeams: int32(d.teamCount(div.GetId())), //nolint:gosec // teams per division are capped
			Withdrawn: d.standing[t.GetId()].GetWithdrawn(),
		}
		if d.enteredByTeam[t.GetId()] > 0 {
			row.Rank, row.TotalPoints = d.overall(t.GetId())
		}
		out.Teams = append(out.Teams, row)
	}
	return out
}

// athleteSeriesView: each series standing of the athlete: ranked by athlete, their own line;
// ranked by team, each line one of their teams placed in (a team is in at most one standing of
// a series' division).
func athleteSeriesView(athleteID string, teams []*publicv1.PublicAthleteTeam, series []*publicv1.PublicSeries) []*publicv1.PublicAthleteSeries {
	mine := make(map[string]bool, len(teams))
	for _, t := range teams {
		mine[t.GetTeamId()] = true
	}
	out := []*publicv1.PublicAthleteSeries{}
	for _, sr := range series {
		for _, div := range sr.GetDivisions() {
			for _, st := range div.GetStandings() {
				if sr.GetRanking() == rankByAthlete && st.GetAthleteId() != athleteID ||
					sr.GetRanking() != rankByAthlete && !placedAny(st, mine) {
					continue
				}
				out = append(out, &publicv1.PublicAthleteSeries{
					SeriesId: sr.GetId(), SeriesName: sr.GetName(), Season: sr.GetSeason(), DivisionId: div.GetId(), DivisionName: div.GetName(),
					Name: st.GetName(), Rank: st.GetRank(), TotalPoints: st.GetTotalPoints(), Tied: st.GetTied(),
				})
			}
		}
	}
	return out
}

func placedAny(st *publicv1.PublicSeriesStanding, teams map[string]bool) bool {
	for _, c := range st.GetEvents() {
		if teams[c.GetTeamId()] {
			return true
		}
	}
	return false
}
