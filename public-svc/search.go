package publicsvc

import (
	"context"
	"strings"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/cache"
)

// Search across the listed events, their teams and athletes (docs/series.md, "Search"):
// competition-svc finds them and refuses a query it cannot use (field q); this shapes the hits.

// searchLimit is how many hits of each kind the search box shows.
const searchLimit = 10

var searchParam = queryParam(&publicv1.PublicSearchRequest{}, "q")

func (s *service) search(ctx context.Context, q string) (_ *publicv1.PublicSearchResponse, err error) {
	defer apperr.Wrap(&err, "publicsvc.search()")
	r, err := s.comp.Search(ctx, &competitionv1.SearchRequest{Q: q, Limit: searchLimit})
	if err != nil {
		return nil, err
	}
	// Shared, filed under the query as typed (trimmed), dropped by any event's change.
	cache.Advice{Public: true, Params: [][]string{searchParam}, Query: cache.Query(searchParam[0], strings.TrimSpace(q)),
		Event: cache.AllEvents}.Send(ctx)
	out := &publicv1.PublicSearchResponse{
		Events:   make([]*publicv1.PublicSearchEvent, len(r.GetEvents())),
		Teams:    make([]*publicv1.PublicSearchTeam, len(r.GetTeams())),
		Athletes: make([]*publicv1.PublicSearchAthlete, len(r.GetAthletes())),
	}
	for i, e := range r.GetEvents() {
		out.Events[i] = &publicv1.PublicSearchEvent{Id: e.GetEventId(), Name: e.GetName(), DateRange: e.GetDateRange(),
			Status: publicStatus(e.GetStatus())}
	}
	for i, t := range r.GetTeams() {
		out.Teams[i] = searchTeam(t)
	}
	for i, a := range r.GetAthletes() {
		hit := &publicv1.PublicSearchAthlete{Name: a.GetName(), AthleteId: a.GetAthleteId(), Teams: make([]*publicv1.PublicSearchTeam, len(a.GetTeams()))}
		for j, t := range a.GetTeams() {
			hit.Teams[j] = searchTeam(t)
		}
		out.Athletes[i] = hit
	}
	return out, nil
}

func searchTeam(t *competitionv1.SearchTeamHit) *publicv1.PublicSearchTeam {
	return &publicv1.PublicSearchTeam{Id: t.GetTeamId(), Name: t.GetName(), EventId: t.GetEventId(), EventName: t.GetEventName(),
		DivisionName: t.GetDivisionName(), Athlete1Name: t.GetAthlete1Name(), Athlete2Name: t.GetAthlete2Name()}
}
