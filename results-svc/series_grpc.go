package resultssvc

import (
	"context"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/results-svc/scoring"
)

// ScoreSeries is internal: a series' standings from the placings public-svc read from the
// events' published standings (series.go).
func (s *Server) ScoreSeries(_ context.Context, req *resultsv1.ScoreSeriesRequest) (*resultsv1.SeriesScores, error) {
	divisions := make([]SeriesDivision, len(req.GetDivisions()))
	for i, d := range req.GetDivisions() {
		divisions[i] = SeriesDivision{ID: d.GetDivisionId(), Placings: make([]scoring.SeriesResult, len(d.GetPlacings()))}
		for j, p := range d.GetPlacings() {
			divisions[i].Placings[j] = scoring.SeriesResult{Competitor: p.GetCompetitor(), Event: int(p.GetEvent()), Place: int(p.GetPlace())}
		}
	}
	scores, err := scoreSeries(req.GetScoringTable(), req.GetCustomPoints(), int(req.GetBestN()), divisions)
	if err != nil {
		return nil, err
	}
	out := &resultsv1.SeriesScores{Divisions: make([]*resultsv1.SeriesDivisionScores, len(scores))}
	for i, d := range scores {
		div := &resultsv1.SeriesDivisionScores{DivisionId: d.ID, Standings: make([]*resultsv1.SeriesCompetitorScore, len(d.Standings))}
		for j, st := range d.Standings {
			div.Standings[j] = &resultsv1.SeriesCompetitorScore{
				Competitor: st.Competitor, Rank: int32(st.Rank), Total: st.Total, //nolint:gosec // ranks are counts of teams
				Counted: seriesPointsPB(st.Counted), Dropped: seriesPointsPB(st.Dropped), Tied: st.Tie != scoring.NotTied,
			}
		}
		out.Divisions[i] = div
	}
	return out, nil
}

func seriesPointsPB(events []scoring.EventPoints) []*resultsv1.SeriesEventPoints {
	out := make([]*resultsv1.SeriesEventPoints, len(events))
	for i, e := range events {
		out[i] = &resultsv1.SeriesEventPoints{Event: int32(e.Event), Place: int32(e.Place), Points: e.Points} //nolint:gosec // indexes and places are small
	}
	return out
}
