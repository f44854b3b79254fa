package publicsvc

import (
	"context"
	"fmt"
	"time"

	"golang.org/x/sync/errgroup"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/csvfile"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// The season (docs/series.md): the federation's home, the published series and their
// standings. These views span events, so they are composed on each call from the sources the
// event views cache (each event's structure and published standings, under its versions) and
// kept by the gateway like the event list: shared, dropped by a change of any event.

const (
	msgSeriesNotFound = "Series not found"
	// The series' ranking modes (competition-svc's store.RankByTeam and RankByAthlete).
	rankByTeam    = "team"
	rankByAthlete = "athlete"
	// homeRecent is how many ended events the home shows.
	homeRecent = 6
)

// adviseSeason: a season view is shared and altered by a change of any event (or series).
func adviseSeason(ctx context.Context) {
	cache.Advice{Public: true, Event: cache.AllEvents}.Send(ctx)
}

// seriesEventData reads the published standings of a series' events (DRAFT events never
// count), in season order: nil for an event that does not count.
func (s *service) seriesEventData(ctx context.Context, events []*competitionv1.SeriesEvent) (_ []*eventData, err error) {
	defer apperr.Wrap(&err, "publicsvc.seriesEventData()")
	data := make([]*eventData, len(events))
	g, gctx := errgroup.WithContext(ctx)
	for i, ev := range events {
		if ev.GetStatus() == typesv1.EventStatus_DRAFT {
			continue
		}
		g.Go(func() error {
			d, err := s.eventData(gctx, ev.GetEventId(), s.cache.versions(gctx, ev.GetEventId()), false)
			if apperr.IsKind(notFoundAs(err, msgEventNotFound), apperr.KindNotFound) {
				return nil // deleted in between: it no longer counts
			}
			if err != nil {
				return fmt.Errorf("series event %s: %w", ev.GetEventId(), err)
			}
			if d.visible() {
				data[i] = d
			}
			return nil
		})
	}
	return data, g.Wait()
}

// series is a published series with its standings per division.
func (s *service) series(ctx context.Context, rawID string) (_ *publicv1.PublicSeries, err error) {
	defer apperr.Wrap(&err, "publicsvc.series()")
	id, ok := ids.Canonical(rawID)
	if !ok {
		return nil, apperr.NotFound(msgSeriesNotFound)
	}
	st, err := s.comp.GetSeriesStructure(ctx, &competitionv1.SeriesStructureRequest{SeriesId: id})
	if err != nil {
		return nil, notFoundAs(err, msgSeriesNotFound)
	}
	data, err := s.seriesEventData(ctx, st.GetSeries().GetEvents())
	if err != nil {
		return nil, err
	}
	in := newSeriesInput(st, data)
	scores, err := s.res.ScoreSeries(ctx, in.request())
	if err != nil {
		return nil, fmt.Errorf("score series: %w", err)
	}
	adviseSeason(ctx)
	return in.view(scores), nil
}

// seriesCsv is one division of a series' standings as a spreadsheet.
func (s *service) seriesCsv(ctx context.Context, seriesID, rawDivisionID string) (_ *filesv1.CsvFile, err error) {
	defer apperr.Wrap(&err, "publicsvc.seriesCsv()")
	sr, err := s.series(ctx, seriesID)
	if err != nil {
		return nil, err
	}
	divisionID, _ := ids.Canonical(rawDivisionID)
	for _, d := range sr.GetDivisions() {
		if d.GetId() == divisionID {
			return &filesv1.CsvFile{
				FileName: fmt.Sprintf("%s - %s.csv", sr.GetName(), d.GetName()),
				Content:  csvfile.Render(seriesRows(sr, d)),
			}, nil
		}
	}
	return nil, apperr.NotFound(msgSeriesNotFound)
}

// listSeries is every published series.
func (s *service) listSeries(ctx context.Context) (_ *publicv1.ListPublicSeriesResponse, err error) {
	defer apperr.Wrap(&err, "publicsvc.listSeries()")
	list, err := s.comp.ListVisibleSeries(ctx, &competitionv1.ListVisibleSeriesRequest{})
	if err != nil {
		return nil, fmt.Errorf("list series: %w", err)
	}
	adviseSeason(ctx)
	return &publicv1.ListPublicSeriesResponse{Series: seriesSummaries(list.GetSeries())}, nil
}

// home is the federation's home: what is live, what comes next, the latest podiums and the
// series.
func (s *service) home(ctx context.Context, now time.Time) (_ *publicv1.PublicHome, err error) {
	defer apperr.Wrap(&err, "publicsvc.home()")
	all := []typesv1.PublicEventStatus_Value{typesv1.PublicEventStatus_published, typesv1.PublicEventStatus_in_progress, typesv1.PublicEventStatus_archived}
	list, err := s.eventList(ctx, all)
	if err != nil {
		return nil, err
	}
	series, err := s.comp.ListVisibleSeries(ctx, &competitionv1.ListVisibleSeriesRequest{})
	if err != nil {
		return nil, fmt.Errorf("list series: %w", err)
	}
	open, err := s.comp.ListOpenRegistrations(ctx, &competitionv1.ListOpenRegistrationsRequest{})
	if err != nil {
		return nil, fmt.Errorf("open registrations: %w", err)
	}
	plan := planHome(list.GetEvents(), now)
	// The live and recent events' standings: their last change and their podiums.
	withData := append(append([]*publicv1.PublicEvent{}, plan.live...), plan.recent...)
	data := make([]*eventData, len(withData))
	g, gctx := errgroup.WithContext(ctx)
	for i, ev := range withData {
		g.Go(func() error {
			d, err := s.eventData(gctx, ev.GetId(), s.cache.versions(gctx, ev.GetId()), false)
			if err != nil && !apperr.IsKind(notFoundAs(err, msgEventNotFound), apperr.KindNotFound) {
				return fmt.Errorf("home event %s: %w", ev.GetId(), err)
			}
			data[i] = d
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	byID := make(map[string]*eventData, len(data))
	for _, d := range data {
		if d != nil {
			byID[d.ev.GetId()] = d
		}
	}
	adviseSeason(ctx)
	out := homeView(plan, byID, series.GetSeries())
	out.RegistrationOpen = homeRegistrations(list.GetEvents(), open.GetDivisions())
	return out, nil
}

// scoreRequest is the ScoreSeries request of a series.
func (in *seriesInput) request() *resultsv1.ScoreSeriesRequest {
	sr := in.st.GetSeries()
	req := &resultsv1.ScoreSeriesRequest{ScoringTable: sr.GetScoringTable(), CustomPoints: sr.GetCustomPoints(), BestN: sr.GetBestN()}
	for _, div := range sr.GetDivisions() {
		req.Divisions = append(req.Divisions, &resultsv1.SeriesDivisionPlacings{DivisionId: div.GetId(), Placings: in.placings[div.GetId()]})
	}
	return req
}
