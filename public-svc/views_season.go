package publicsvc

import (
	"fmt"
	"slices"
	"time"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/natural"
	"github.com/podium-dev/podium/internal/resulttext"
)

// The season's views (season.go): pure functions of the series structure, the events'
// published standings and the series scores.

// seriesEntry is a competitor's team in one event of a series; name is the competitor's (the
// team's, or the athlete's when the series ranks athletes).
type seriesEntry struct {
	teamID, divisionID, teamName, name, athleteID string
}

type competitorKey struct{ division, competitor string }

// seriesInput holds a series and the placings its events' published standings give.
type seriesInput struct {
	st   *competitionv1.SeriesStructure
	data []*eventData
	// placings per series division; entries per competitor and event index.
	placings map[string][]*resultsv1.SeriesPlacing
	entries  map[competitorKey]map[int]seriesEntry
	// unranked: per series division, the placed teams without an athlete account (by athlete).
	unranked map[string][]string
}

// byAthlete reports whether the series ranks athlete accounts rather than teams.
func byAthlete(sr *competitionv1.Series) bool { return sr.GetRanking() == rankByAthlete }

// newSeriesInput reads each mapped team's overall rank in each event that counts (data[i] nil:
// the event does not count). Only ranked teams with a published result place. Ranked by team,
// the competitor is the one competition-svc keys (a team's name key; an individual's athlete,
// named as the boards name them); by athlete, each athlete account on the team places
// with the team's rank, and a team without one (entered by hand) is listed as unranked
// (docs/series.md, "Ranking").
func newSeriesInput(st *competitionv1.SeriesStructure, data []*eventData) *seriesInput {
	in := &seriesInput{st: st, data: data, placings: map[string][]*resultsv1.SeriesPlacing{},
		entries: map[competitorKey]map[int]seriesEntry{}, unranked: map[string][]string{}}
	index := map[string]int{}
	for i, ev := range st.GetSeries().GetEvents() {
		index[ev.GetEventId()] = i
	}
	athletes := byAthlete(st.GetSeries())
	for _, t := range st.GetTeams() {
		i, ok := index[t.GetEventId()]
		if !ok || data[i] == nil {
			continue
		}
		d := data[i]
		team := d.team[t.GetTeamId()]
		rank, _ := d.overall(t.GetTeamId())
		if team == nil || rank == nil || d.enteredByTeam[t.GetTeamId()] == 0 {
			continue
		}
		entry := seriesEntry{teamID: team.GetId(), divisionID: team.GetDivisionId(), teamName: team.GetName(), name: team.GetName()}
		if teamSize(d.division[team.GetDivisionId()]) == 1 {
			entry.name, entry.athleteID = individualEntry(team, t.GetAthletes())
		}
		if !athletes {
			in.place(t.GetSeriesDivisionId(), t.GetCompetitor(), i, rank.GetValue(), entry)
			continue
		}
		if len(t.GetAthletes()) == 0 {
			in.unranked[t.GetSeriesDivisionId()] = append(in.unranked[t.GetSeriesDivisionId()], team.GetName())
			continue
		}
		for _, a := range t.GetAthletes() {
			entry.name, entry.athleteID = a.GetName(), a.GetAthleteId()
			in.place(t.GetSeriesDivisionId(), a.GetAthleteId(), i, rank.GetValue(), entry)
		}
	}
	for div, names := range in.unranked {
		slices.SortFunc(names, natural.Compare)
		in.unranked[div] = slices.Compact(names)
	}
	return in
}

// individualEntry is how an individual's line names them: the athlete's name as the boards
// show it, linked to their account when the place holds one.
func individualEntry(team *competitionv1.Team, accounts []*competitionv1.SeriesTeamAthlete) (name, athleteID string) {
	name = team.GetName()
	if names := startingNames(team); len(names) > 0 {
		name = names[0]
	}
	if len(accounts) > 0 {
		athleteID = accounts[0].GetAthleteId()
	}
	return name, athleteID
}

// place records a competitor's placing in event i; a competitor placed twice in one event (two
// teams of one name, or an athlete on two teams of the mapped division) counts once, the first.
func (in *seriesInput) place(division, competitor string, i int, rank int32, e seriesEntry) {
	key := competitorKey{division, competitor}
	if in.entries[key] == nil {
		in.entries[key] = map[int]seriesEntry{}
	}
	if _, twice := in.entries[key][i]; twice {
		return
	}
	in.entries[key][i] = e
	in.placings[division] = append(in.placings[division],
		&resultsv1.SeriesPlacing{Competitor: competitor, Event: int32(i), Place: rank}) //nolint:gosec // few events
}

// view is the public series page.
func (in *seriesInput) view(scores *resultsv1.SeriesScores) *publicv1.PublicSeries {
	sr := in.st.GetSeries()
	out := &publicv1.PublicSeries{
		Id: sr.GetId(), Name: sr.GetName(), Season: sr.GetSeason(), Description: sr.GetDescription(),
		ScoringTable: sr.GetScoringTable(), BestN: sr.GetBestN(), Ranking: rankByTeam,
		Events: make([]*publicv1.PublicSeriesEvent, len(sr.GetEvents())),
	}
	if byAthlete(sr) {
		out.Ranking = rankByAthlete
	}
	var updated []string
	for i, ev := range sr.GetEvents() {
		out.Events[i] = &publicv1.PublicSeriesEvent{Id: ev.GetEventId(), Name: ev.GetEventName(), Status: publicStatus(ev.GetStatus())}
		if d := in.data[i]; d != nil {
			out.Events[i].DateRange = d.ev.GetDateRange()
			out.Events[i].LastUpdated = d.lastUpdated
			updated = append(updated, d.lastUpdated)
		}
	}
	out.LastUpdated = latest(updated...)
	byDivision := map[string]*resultsv1.SeriesDivisionScores{}
	for _, d := range scores.GetDivisions() {
		byDivision[d.GetDivisionId()] = d
	}
	for _, div := range sr.GetDivisions() {
		pd := &publicv1.PublicSeriesDivision{Id: div.GetId(), Name: div.GetName(), Standings: []*publicv1.PublicSeriesStanding{},
			UnrankedTeams: append([]string{}, in.unranked[div.GetId()]...)}
		for _, cs := range byDivision[div.GetId()].GetStandings() {
			pd.Standings = append(pd.Standings, in.standing(div.GetId(), cs))
		}
		out.Divisions = append(out.Divisions, pd)
	}
	return out
}

// standing is one competitor's line: its name in the most recent event it placed in, and
// every event it placed in, counted or dropped.
func (in *seriesInput) standing(divisionID string, cs *resultsv1.SeriesCompetitorScore) *publicv1.PublicSeriesStanding {
	entries := in.entries[competitorKey{divisionID, cs.GetCompetitor()}]
	out := &publicv1.PublicSeriesStanding{Rank: cs.GetRank(), TotalPoints: cs.GetTotal(), Tied: cs.GetTied()}
	add := func(points []*resultsv1.SeriesEventPoints, counted bool) {
		for _, p := range points {
			e := entries[int(p.GetEvent())]
			out.Events = append(out.Events, &publicv1.PublicSeriesContribution{
				EventIndex: p.GetEvent(), EventId: in.st.GetSeries().GetEvents()[p.GetEvent()].GetEventId(),
				DivisionId: e.divisionID, TeamId: e.teamID, TeamName: e.teamName, Place: p.GetPlace(), Points: p.GetPoints(), Counted: counted,
			})
		}
	}
	add(cs.GetCounted(), true)
	add(cs.GetDropped(), false)
	slices.SortFunc(out.Events, func(a, b *publicv1.PublicSeriesContribution) int { return int(a.GetEventIndex() - b.GetEventIndex()) })
	if n := len(out.Events); n > 0 {
		latest := entries[int(out.Events[n-1].GetEventIndex())]
		out.Name, out.AthleteId = latest.name, latest.athleteID
	}
	return out
}

// seriesRows: a header, then one row a competitor: rank, team (or athlete), total, then each
// event's place and points ("#2, 95 pts", ranked by athlete with the athlete's team there:
// "#2, 95 pts, Adler & Berg"; in brackets when best-N dropped it). Ranked by athlete, the teams
// without an athlete account follow, unranked.
func seriesRows(sr *publicv1.PublicSeries, d *publicv1.PublicSeriesDivision) [][]string {
	athletes := sr.GetRanking() == rankByAthlete
	header := []string{"Rank", "Team", "Total Points"}
	if athletes {
		header[1] = "Athlete"
	}
	for _, ev := range sr.GetEvents() {
		header = append(header, ev.GetName())
	}
	rows := [][]string{header}
	for _, st := range d.GetStandings() {
		row := []string{fmt.Sprint(st.GetRank()), st.GetName(), resulttext.Number(st.GetTotalPoints())}
		cells := make([]string, len(sr.GetEvents()))
		for _, c := range st.GetEvents() {
			text := fmt.Sprintf("#%d, %s pts", c.GetPlace(), resulttext.Number(c.GetPoints()))
			if athletes {
				text += ", " + c.GetTeamName()
			}
			if !c.GetCounted() {
				text = "(" + text + ")"
			}
			cells[c.GetEventIndex()] = text
		}
		rows = append(rows, append(row, cells...))
	}
	for _, name := range d.GetUnrankedTeams() {
		rows = append(rows, []string{"", name, "not ranked: no athlete account"})
	}
	return rows
}

func seriesSummaries(list []*competitionv1.Series) []*publicv1.PublicSeriesSummary {
	out := make([]*publicv1.PublicSeriesSummary, 0, len(list))
	for _, sr := range list {
		out = append(out, &publicv1.PublicSeriesSummary{Id: sr.GetId(), Name: sr.GetName(), Season: sr.GetSeason(), EventCount: int32(len(sr.GetEvents()))}) //nolint:gosec // few events
	}
	return out
}

// homePlan sorts the listed events into the home's sections: in progress; published and not
// yet over (soonest first); over (archived, or published and past its last day; newest first,
// at most homeRecent).
type homePlan struct {
	live, comingUp, recent []*publicv1.PublicEvent
}

func planHome(events []*publicv1.PublicEvent, now time.Time) homePlan {
	today := now.UTC().Format(time.DateOnly)
	var p homePlan
	for _, ev := range events {
		switch {
		case ev.GetStatus() == typesv1.PublicEventStatus_in_progress:
			p.live = append(p.live, ev)
		case ev.GetStatus() == typesv1.PublicEventStatus_published && ev.GetDateTo() >= today:
			p.comingUp = append(p.comingUp, ev)
		default:
			p.recent = append(p.recent, ev)
		}
	}
	slices.Reverse(p.recent) // the list is oldest first
	if len(p.recent) > homeRecent {
		p.recent = p.recent[:homeRecent]
	}
	return p
}

// homeView is the federation's home; data holds the live and recent events' standings.
func homeView(p homePlan, data map[string]*eventData, series []*competitionv1.Series) *publicv1.PublicHome {
	out := &publicv1.PublicHome{
		Live: []*publicv1.HomeEvent{}, ComingUp: []*publicv1.HomeEvent{}, Recent: []*publicv1.HomeEvent{},
		Series: seriesSummaries(series),
	}
	for _, ev := range p.live {
		h := homeEvent(ev)
		if d := data[ev.GetId()]; d != nil && d.entered > 0 {
			h.LastUpdated = d.lastUpdated
		}
		out.Live = append(out.Live, h)
	}
	for _, ev := range p.comingUp {
		out.ComingUp = append(out.ComingUp, homeEvent(ev))
	}
	for _, ev := range p.recent {
		h := homeEvent(ev)
		if d := data[ev.GetId()]; d != nil {
			h.LastUpdated = d.lastUpdated
			h.Podiums = podiums(d)
		}
		out.Recent = append(out.Recent, h)
	}
	return out
}

func homeEvent(ev *publicv1.PublicEvent) *publicv1.HomeEvent {
	return &publicv1.HomeEvent{
		Id: ev.GetId(), Name: ev.GetName(), DateFrom: ev.GetDateFrom(), DateRange: ev.GetDateRange(), Location: ev.GetLocation(),
		Status: ev.GetStatus(), StatusLabel: ev.GetStatusLabel(), DetailsVisible: ev.GetDetailsVisible(),
	}
}

// homeRegistrations groups the open divisions by event, in their order (soonest event first),
// keeping the events of the public list.
func homeRegistrations(listed []*publicv1.PublicEvent, open []*competitionv1.OpenRegistration) []*publicv1.HomeRegistration {
	events := make(map[string]*publicv1.PublicEvent, len(listed))
	for _, ev := range listed {
		events[ev.GetId()] = ev
	}
	out := []*publicv1.HomeRegistration{}
	byEvent := map[string]*publicv1.HomeRegistration{}
	for _, o := range open {
		ev := events[o.GetEventId()]
		if ev == nil {
			continue
		}
		h := byEvent[ev.GetId()]
		if h == nil {
			h = &publicv1.HomeRegistration{EventId: ev.GetId(), EventName: ev.GetName(), DateRange: ev.GetDateRange(), Location: ev.GetLocation()}
			byEvent[ev.GetId()] = h
			out = append(out, h)
		}
		h.Divisions = append(h.Divisions, &publicv1.HomeRegistrationDivision{DivisionId: o.GetDivisionId(), DivisionName: o.GetDivisionName(),
			PlacesLeft: o.GetPlacesLeft(), WaitlistOnly: o.GetWaitlistOnly(), WindowLabel: o.GetWindowLabel(), FeeLabel: o.GetFeeLabel()})
	}
	return out
}

// podiums are each division's ranks 1 to 3 (ties included), divisions that have any.
func podiums(d *eventData) []*publicv1.HomePodium {
	var out []*publicv1.HomePodium
	for _, div := range d.divisions {
		p := &publicv1.HomePodium{DivisionId: div.GetId(), DivisionName: div.GetName()}
		for _, t := range d.ordered[div.GetId()] {
			rank, total := d.overall(t.GetId())
			if rank == nil || rank.GetValue() > 3 || d.enteredByTeam[t.GetId()] == 0 {
				continue
			}
			p.Places = append(p.Places, &publicv1.HomePodiumPlace{Rank: rank.GetValue(), TeamId: t.GetId(), TeamName: t.GetName(), TotalPoints: total.GetValue()})
		}
		if len(p.Places) > 0 {
			out = append(out, p)
		}
	}
	return out
}
