package resultssvc

import (
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/results-svc/scoring"
)

// Series standings (docs/series.md): the series table scores each competitor's final placing
// in each event, best N counted (scoring.SeriesStandings). The caller (public-svc) gives the
// placings from the events' published standings, so nothing unpublished counts.

// SeriesDivision is one series division's placings.
type SeriesDivision struct {
	ID       string
	Placings []scoring.SeriesResult
}

// SeriesDivisionScores is one series division's standings.
type SeriesDivisionScores struct {
	ID        string
	Standings []scoring.SeriesStanding
}

// scoreSeries ranks each division by the series' rules.
func scoreSeries(table string, custom []float64, bestN int, divisions []SeriesDivision) ([]SeriesDivisionScores, error) {
	t, err := scoring.NewTable(table, custom)
	if err != nil {
		return nil, apperr.Invalid("scoringTable", "Scoring table must be one of podium100, games2012, ranksum or custom")
	}
	if bestN < 0 {
		return nil, apperr.Invalid("bestN", "Best N must be at least 0")
	}
	rules := scoring.SeriesRules{Table: t, BestN: bestN}
	out := make([]SeriesDivisionScores, len(divisions))
	for i, d := range divisions {
		out[i] = SeriesDivisionScores{ID: d.ID, Standings: scoring.SeriesStandings(d.Placings, rules)}
	}
	return out, nil
}
