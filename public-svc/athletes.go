package publicsvc

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// The athlete's public profile (docs/registration.md, "The athlete's public profile"): the
// account's name, club and country from competition-svc (which asks auth-svc), the teams it
// is on with their published placings, and the series standings they appear in. It spans
// events, so it is composed on each call from the sources the event views cache (each event's
// structure and published standings, under its versions) and shared like the season's views.

const msgAthleteNotFound = "Athlete not found"

// athlete is an athlete account's public profile; a deleted account is only "Former athlete".
func (s *service) athlete(ctx context.Context, rawID string) (_ *publicv1.PublicAthlete, err error) {
	defer apperr.Wrap(&err, "publicsvc.athlete(%q)", rawID)
	id, ok := ids.Canonical(rawID)
	if !ok {
		return nil, apperr.NotFound(msgAthleteNotFound)
	}
	p, err := s.comp.GetPublicAthleteProfile(ctx, &competitionv1.PublicAthleteProfileRequest{AthleteId: id})
	if err != nil {
		return nil, notFoundAs(err, msgAthleteNotFound)
	}
	if p.GetFormer() {
		adviseSeason(ctx)
		return &publicv1.PublicAthlete{Id: id, Name: p.GetName(), Former: true, Teams: []*publicv1.PublicAthleteTeam{},
			Series: []*publicv1.PublicAthleteSeries{}}, nil
	}
	data, err := s.athleteEventData(ctx, p.GetTeams())
	if err != nil {
		return nil, err
	}
	out := athleteView(id, p, data)
	if len(out.GetTeams()) == 0 {
		return nil, apperr.NotFound(msgAthleteNotFound) // no team the public may see
	}
	if out.Series, err = s.athleteSeries(ctx, id, out.GetTeams()); err != nil {
		return nil, err
	}
	adviseSeason(ctx)
	return out, nil
}

// athleteEventData reads the published standings of each event the athlete's teams are in:
// nil for an event the public does not see (DRAFT, or deleted in between).
func (s *service) athleteEventData(ctx context.Context, teams []*competitionv1.PublicAthleteTeamRef) (_ map[string]*eventData, err error) {
	defer apperr.Wrap(&err, "publicsvc.athleteEventData()")
	events := []string{}
	seen := map[string]bool{}
	for _, t := range teams {
		if !seen[t.GetEventId()] {
			seen[t.GetEventId()] = true
			events = append(events, t.GetEventId())
		}
	}
	data := make([]*eventData, len(events))
	g, gctx := errgroup.WithContext(ctx)
	for i, eventID := range events {
		g.Go(func() error {
			d, err := s.eventData(gctx, eventID, s.cache.versions(gctx, eventID), false)
			if apperr.IsKind(notFoundAs(err, msgEventNotFound), apperr.KindNotFound) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("athlete's event %s: %w", eventID, err)
			}
			if d.visible() {
				data[i] = d
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	out := make(map[string]*eventData, len(events))
	for i, eventID := range events {
		if data[i] != nil {
			out[eventID] = data[i]
		}
	}
	return out, nil
}

// athleteSeries are the published series' standings of the athlete: by athlete, their own; by
// team, those that count one of their teams.
func (s *service) athleteSeries(ctx context.Context, athleteID string, teams []*publicv1.PublicAthleteTeam) (_ []*publicv1.PublicAthleteSeries, err error) {
	defer apperr.Wrap(&err, "publicsvc.athleteSeries()")
	events := map[string]bool{}
	for _, t := range teams {
		events[t.GetEventId()] = true
	}
	list, err := s.comp.ListVisibleSeries(ctx, &competitionv1.ListVisibleSeriesRequest{})
	if err != nil {
		return nil, fmt.Errorf("list series: %w", err)
	}
	var ids []string
	for _, sr := range list.GetSeries() {
		for _, ev := range sr.GetEvents() {
			if events[ev.GetEventId()] {
				ids = append(ids, sr.GetId())
				break
			}
		}
	}
	series := make([]*publicv1.PublicSeries, len(ids))
	g, gctx := errgroup.WithContext(ctx)
	for i, id := range ids {
		g.Go(func() error {
			sr, err := s.series(gctx, id)
			if apperr.IsKind(err, apperr.KindNotFound) {
				return nil // unpublished or deleted in between
			}
			series[i] = sr
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return athleteSeriesView(athleteID, teams, series), nil
}
