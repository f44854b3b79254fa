package series

import (
	"context"
	"errors"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/changes"
)

// Series: a season's events scored together (docs/series.md). competition-svc owns them
// because a series is setup, like the events it groups: which events, which of their
// divisions count for which series division, the table and best N. results-svc scores them
// (ScoreSeries) and public-svc shows them.

// SeriesView is a series with its divisions and events.
type SeriesView struct {
	store.Series
	Divisions []store.SeriesDivision
	Events    []store.SeriesEvent
}

// SeriesInput is a series' fields as a request gives them.
type SeriesInput struct {
	Name, Season, Description, ScoringTable string
	CustomPoints                            []float64
	BestN                                   int32
	Published                               bool
	// Ranking: store.RankByTeam or store.RankByAthlete; empty: by team.
	Ranking string
}

func (in SeriesInput) apply(s store.Series) (store.Series, error) {
	var err error
	if s.Name, err = core.CleanName("name", "Series name", in.Name); err != nil {
		return s, err
	}
	if err := core.CheckName("name", s.Name, msgSeriesNameShort, msgSeriesNameLong); err != nil {
		return s, err
	}
	s.Season = core.Trim(in.Season)
	if core.Runes(s.Season) > seasonMax {
		return s, apperr.Invalid("season", msgSeasonTooLong)
	}
	s.Description = in.Description
	if core.Runes(s.Description) > core.EventDescMax {
		return s, apperr.Invalid("description", core.MsgEventDescTooLong)
	}
	if core.Trim(in.ScoringTable) == "" {
		s.ScoringTable = core.TablePodium100
	} else if s.ScoringTable, err = core.NormalizeScoringTable(in.ScoringTable); err != nil {
		return s, err
	}
	s.CustomPoints = []float64{}
	if s.ScoringTable == core.TableCustom {
		s.CustomPoints = append(s.CustomPoints, in.CustomPoints...)
		if err := core.CheckCustomPoints(s.CustomPoints); err != nil {
			return s, err
		}
	}
	if in.BestN < 0 || in.BestN > bestNMax {
		return s, apperr.Invalid("bestN", msgBestNInvalid)
	}
	s.BestN = int(in.BestN)
	s.Published = in.Published
	switch core.Trim(in.Ranking) {
	case "", store.RankByTeam:
		s.Ranking = store.RankByTeam
	case store.RankByAthlete:
		s.Ranking = store.RankByAthlete
	default:
		return s, apperr.Invalid("ranking", msgSeriesRankingInvalid)
	}
	return s, nil
}

// mayManageSeries: creating and deleting series, and granting them, is the admins' (a series
// spans events, so no event grant covers it).
func mayManageSeries(ctx context.Context) error {
	c, ok := authn.CallerFrom(ctx)
	switch {
	case !ok:
		return apperr.Unauthenticated("Authentication required: sign in to continue.")
	case !c.IsAdmin():
		return apperr.Forbidden(msgSeriesAdminsOnly)
	}
	return nil
}

// mayWorkOnSeries: admins work on every series, an organiser on the series an admin granted
// them (another answers as a missing series, as an event without a grant does); scorers and
// athletes on none (docs/series.md, "Who manages a series").
func (s *service) mayWorkOnSeries(ctx context.Context, st *store.Store, seriesID string) (err error) {
	defer apperr.Wrap(&err, "series.mayWorkOnSeries()")
	c, ok := authn.CallerFrom(ctx)
	switch {
	case !ok:
		return apperr.Unauthenticated("Authentication required: sign in to continue.")
	case c.IsAdmin():
		return nil
	case c.Role != authn.RoleOrganiser:
		return apperr.Forbidden(msgSeriesOrganisersOnly)
	}
	granted, err := st.GrantedSeries(ctx, c.UserID)
	if err != nil {
		return err
	}
	if !granted[seriesID] {
		return apperr.NotFound(msgSeriesNotFound)
	}
	return nil
}

// seriesChanged drops every gateway's copies of the public views a series shows in (its page,
// the home page): they span events, as the event list does.
func (s *service) seriesChanged(ctx context.Context) {
	s.Changes.Changed(ctx, changes.Change{EventID: cache.AllEvents})
}

func (s *service) ListSeries(ctx context.Context) (_ []SeriesView, err error) {
	defer apperr.Wrap(&err, "series.ListSeries()")
	c, ok := authn.CallerFrom(ctx)
	switch {
	case !ok:
		return nil, apperr.Unauthenticated("Authentication required: sign in to continue.")
	case !c.IsAdmin() && c.Role != authn.RoleOrganiser:
		return nil, apperr.Forbidden(msgSeriesOrganisersOnly)
	}
	var granted map[string]bool // an organiser's series; nil for an admin: every series
	if !c.IsAdmin() {
		if granted, err = s.Store.GrantedSeries(ctx, c.UserID); err != nil {
			return nil, fmt.Errorf("granted series: %w", err)
		}
	}
	list, err := s.Store.ListSeries(ctx, false)
	if err != nil {
		return nil, fmt.Errorf("list series: %w", err)
	}
	out := make([]SeriesView, 0, len(list))
	for _, x := range list {
		if granted != nil && !granted[x.ID] {
			continue
		}
		v, err := s.seriesView(ctx, s.Store, x)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func (s *service) GetSeries(ctx context.Context, rawID string) (_ SeriesView, err error) {
	defer apperr.Wrap(&err, "series.GetSeries()")
	id, err := core.ParseID("id", rawID, "Series")
	if err != nil {
		return SeriesView{}, err
	}
	if err := s.mayWorkOnSeries(ctx, s.Store, id); err != nil {
		return SeriesView{}, err
	}
	return s.readSeries(ctx, s.Store, id, false)
}

// readSeries reads a series by a request's id (lock: for the transaction's writes).
func (s *service) readSeries(ctx context.Context, st *store.Store, rawID string, lock bool) (_ SeriesView, err error) {
	defer apperr.Wrap(&err, "series.readSeries()")
	id, err := core.ParseID("id", rawID, "Series")
	if err != nil {
		return SeriesView{}, err
	}
	x, err := st.GetSeries(ctx, id, lock)
	if errors.Is(err, store.ErrNotFound) {
		return SeriesView{}, apperr.NotFound(msgSeriesNotFound)
	}
	if err != nil {
		return SeriesView{}, fmt.Errorf("get series: %w", err)
	}
	return s.seriesView(ctx, st, x)
}

func (s *service) seriesView(ctx context.Context, st *store.Store, x store.Series) (_ SeriesView, err error) {
	defer apperr.Wrap(&err, "series.seriesView()")
	v := SeriesView{Series: x}
	if v.Divisions, err = st.SeriesDivisions(ctx, x.ID); err != nil {
		return v, fmt.Errorf("series divisions: %w", err)
	}
	if v.Events, err = st.SeriesEvents(ctx, x.ID); err != nil {
		return v, fmt.Errorf("series events: %w", err)
	}
	return v, nil
}

func (s *service) CreateSeries(ctx context.Context, in SeriesInput) (_ SeriesView, err error) {
	defer apperr.Wrap(&err, "series.CreateSeries()")
	if err := mayManageSeries(ctx); err != nil {
		return SeriesView{}, err
	}
	x, err := in.apply(store.Series{})
	if err != nil {
		return SeriesView{}, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if x, err = tx.CreateSeries(ctx, x); err != nil {
			return fmt.Errorf("create series: %w", err)
		}
		return tx.RecordSeriesActivity(ctx, seriesEntries(ctx, x.ID, created(x))...)
	})
	if err != nil {
		return SeriesView{}, err
	}
	s.seriesChanged(ctx)
	return SeriesView{Series: x, Divisions: []store.SeriesDivision{}, Events: []store.SeriesEvent{}}, nil
}

func (s *service) UpdateSeries(ctx context.Context, rawID string, in SeriesInput) (_ SeriesView, err error) {
	defer apperr.Wrap(&err, "series.UpdateSeries()")
	return s.writeSeries(ctx, rawID, func(tx *store.Store, v SeriesView) ([]seriesChange, error) {
		x, err := in.apply(v.Series)
		if err != nil {
			return nil, err
		}
		_, err = tx.UpdateSeries(ctx, x)
		return updated(v.Series, x), err
	})
}

func (s *service) DeleteSeries(ctx context.Context, rawID string) (err error) {
	defer apperr.Wrap(&err, "series.DeleteSeries()")
	if err := mayManageSeries(ctx); err != nil {
		return err
	}
	id, err := core.ParseID("id", rawID, "Series")
	if err != nil {
		return err
	}
	err = s.Store.DeleteSeries(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(msgSeriesNotFound)
	}
	if err != nil {
		return fmt.Errorf("delete series: %w", err)
	}
	s.seriesChanged(ctx)
	return nil
}

// writeSeries runs change on the locked series in one transaction, with the activity entries
// it returns, and returns the series as committed.
func (s *service) writeSeries(ctx context.Context, rawID string, change func(tx *store.Store, v SeriesView) ([]seriesChange, error)) (_ SeriesView, err error) {
	defer apperr.Wrap(&err, "series.writeSeries()")
	id, err := core.ParseID("id", rawID, "Series")
	if err != nil {
		return SeriesView{}, err
	}
	if err := s.mayWorkOnSeries(ctx, s.Store, id); err != nil {
		return SeriesView{}, err
	}
	var out SeriesView
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		v, err := s.readSeries(ctx, tx, id, true)
		if err != nil {
			return err
		}
		changes, err := change(tx, v)
		if err != nil {
			return err
		}
		if err := tx.RecordSeriesActivity(ctx, seriesEntries(ctx, v.ID, changes...)...); err != nil {
			return err
		}
		if err := tx.TouchSeries(ctx, v.ID); err != nil {
			return err
		}
		out, err = s.readSeries(ctx, tx, v.ID, false)
		return err
	})
	if err != nil {
		return SeriesView{}, err
	}
	s.seriesChanged(ctx)
	return out, nil
}

// AddSeriesEvent adds an event and maps each of its divisions to the series division of the
// same name (created when the series has none); a name two divisions of the event share maps
// the first only. Adding an event the series holds changes nothing.
func (s *service) AddSeriesEvent(ctx context.Context, rawSeriesID, rawEventID string) (_ SeriesView, err error) {
	defer apperr.Wrap(&err, "series.AddSeriesEvent()")
	eventID, err := core.ParseID("eventId", rawEventID, "Event")
	if err != nil {
		return SeriesView{}, err
	}
	return s.writeSeries(ctx, rawSeriesID, func(tx *store.Store, v SeriesView) ([]seriesChange, error) {
		ev, err := tx.GetEvent(ctx, eventID)
		if errors.Is(err, store.ErrNotFound) {
			return nil, apperr.Invalid("eventId", core.MsgEventNotFound)
		} else if err != nil {
			return nil, err
		}
		if err := mayAddEvent(ctx, tx, eventID); err != nil {
			return nil, err
		}
		added, err := tx.AddSeriesEvent(ctx, v.ID, eventID)
		if err != nil || !added {
			return nil, err
		}
		divisions, err := tx.ListEventDivisions(ctx, eventID)
		if err != nil {
			return nil, err
		}
		taken := map[string]bool{}
		var mapping []store.SeriesMapping
		var names []string
		for _, d := range divisions {
			sdID, err := tx.EnsureSeriesDivision(ctx, v.ID, d.Name)
			if err != nil {
				return nil, err
			}
			if taken[sdID] {
				names = append(names, d.Name+" → none")
				continue
			}
			taken[sdID] = true
			mapping = append(mapping, store.SeriesMapping{DivisionID: d.ID, SeriesDivisionID: sdID})
			names = append(names, d.Name+" → "+d.Name)
		}
		return []seriesChange{eventAdded(ev.Name, names)}, tx.ReplaceSeriesMapping(ctx, v.ID, eventID, mapping)
	})
}

// mayAddEvent: an organiser adds to their series only events they hold the organiser grant on;
// another event answers as a missing one.
func mayAddEvent(ctx context.Context, tx *store.Store, eventID string) (err error) {
	defer apperr.Wrap(&err, "series.mayAddEvent()")
	c, _ := authn.CallerFrom(ctx)
	if c.IsAdmin() {
		return nil
	}
	roles, err := tx.GrantRoles(ctx, c.UserID, string(access.Event), []string{eventID})
	if err != nil {
		return err
	}
	if roles[eventID] != access.GrantOrganiser {
		return apperr.Invalid("eventId", core.MsgEventNotFound)
	}
	return nil
}

// RemoveSeriesEvent takes an event out of a series: its placings no longer count.
func (s *service) RemoveSeriesEvent(ctx context.Context, rawSeriesID, rawEventID string) (_ SeriesView, err error) {
	defer apperr.Wrap(&err, "series.RemoveSeriesEvent()")
	eventID, err := core.ParseID("eventId", rawEventID, "Event")
	if err != nil {
		return SeriesView{}, err
	}
	return s.writeSeries(ctx, rawSeriesID, func(tx *store.Store, v SeriesView) ([]seriesChange, error) {
		err := tx.RemoveSeriesEvent(ctx, v.ID, eventID)
		if errors.Is(err, store.ErrNotFound) {
			return nil, apperr.NotFound(msgSeriesEventNotFound)
		}
		for _, ev := range v.Events {
			if ev.EventID == eventID {
				return []seriesChange{eventRemoved(ev.EventName)}, err
			}
		}
		return nil, err
	})
}

// MapSeriesDivisions replaces an event's division mapping. Every division named must be the
// event's and named once; a series division takes at most one division of the event.
func (s *service) MapSeriesDivisions(ctx context.Context, rawSeriesID, rawEventID string, in []store.SeriesMapping) (_ SeriesView, err error) {
	defer apperr.Wrap(&err, "series.MapSeriesDivisions()")
	eventID, err := core.ParseID("eventId", rawEventID, "Event")
	if err != nil {
		return SeriesView{}, err
	}
	return s.writeSeries(ctx, rawSeriesID, func(tx *store.Store, v SeriesView) ([]seriesChange, error) {
		var ev *store.SeriesEvent
		for i := range v.Events {
			if v.Events[i].EventID == eventID {
				ev = &v.Events[i]
			}
		}
		if ev == nil {
			return nil, apperr.NotFound(msgSeriesEventNotFound)
		}
		mapping, err := checkMapping(*ev, v.Divisions, in)
		if err != nil {
			return nil, err
		}
		return mapped(*ev, v.Divisions, mapping), tx.ReplaceSeriesMapping(ctx, v.ID, eventID, mapping)
	})
}

// checkMapping reads a requested mapping against the event's divisions and the series'.
func checkMapping(ev store.SeriesEvent, seriesDivisions []store.SeriesDivision, in []store.SeriesMapping) ([]store.SeriesMapping, error) {
	eventDivision := map[string]string{}
	for _, d := range ev.Divisions {
		eventDivision[d.DivisionID] = d.DivisionName
	}
	seriesDivision := map[string]string{}
	for _, d := range seriesDivisions {
		seriesDivision[d.ID] = d.Name
	}
	seen := map[string]bool{}
	takenBy := map[string]string{}
	out := make([]store.SeriesMapping, 0, len(in))
	for _, m := range in {
		divID, err := core.ParseID("divisions", m.DivisionID, "Division")
		if err != nil {
			return nil, err
		}
		name, ok := eventDivision[divID]
		if !ok {
			return nil, apperr.Invalid("divisions", core.MsgDivisionOtherEvent)
		}
		if seen[divID] {
			return nil, apperr.Invalid("divisions", fmt.Sprintf(msgDivisionMappedTwice, name))
		}
		seen[divID] = true
		if m.SeriesDivisionID == "" {
			continue
		}
		sdID, err := core.ParseID("divisions", m.SeriesDivisionID, "Series division")
		if err != nil {
			return nil, err
		}
		sdName, ok := seriesDivision[sdID]
		if !ok {
			return nil, apperr.Invalid("divisions", msgSeriesDivisionNotFound)
		}
		if other, taken := takenBy[sdID]; taken {
			return nil, apperr.Invalid("divisions", fmt.Sprintf(msgSeriesDivisionTaken, sdName, other, name))
		}
		takenBy[sdID] = name
		out = append(out, store.SeriesMapping{DivisionID: divID, SeriesDivisionID: sdID})
	}
	return out, nil
}

// CreateSeriesDivision adds a division to a series (for mappings the names do not make).
func (s *service) CreateSeriesDivision(ctx context.Context, rawSeriesID, rawName string) (_ SeriesView, err error) {
	defer apperr.Wrap(&err, "series.CreateSeriesDivision()")
	name, err := core.CleanName("name", "Division name", rawName)
	if err != nil {
		return SeriesView{}, err
	}
	if err := core.CheckName("name", name, core.MsgDivisionNameShort, core.MsgDivisionNameLong); err != nil {
		return SeriesView{}, err
	}
	return s.writeSeries(ctx, rawSeriesID, func(tx *store.Store, v SeriesView) ([]seriesChange, error) {
		err := tx.CreateSeriesDivision(ctx, v.ID, name)
		if errors.Is(err, store.ErrDuplicate) {
			return nil, apperr.ConflictField("name", fmt.Sprintf(msgSeriesDivisionExists, name))
		}
		return []seriesChange{{"division_created", "Series division " + name + " created"}}, err
	})
}

// SeriesStructure is a published series with the teams of its mapped divisions (public-svc
// scores it). An unpublished series is not found.
func (s *service) SeriesStructure(ctx context.Context, rawID string) (_ SeriesView, _ []store.SeriesTeam, err error) {
	defer apperr.Wrap(&err, "series.SeriesStructure()")
	v, err := s.readSeries(ctx, s.Store, rawID, false)
	if err != nil {
		return v, nil, err
	}
	if !v.Published {
		return v, nil, apperr.NotFound(msgSeriesNotFound)
	}
	teams, err := s.Store.SeriesTeams(ctx, v.ID)
	if err != nil {
		return v, nil, fmt.Errorf("series teams: %w", err)
	}
	individualCompetitors(teams)
	return v, teams, nil
}

// ListVisibleSeries is every published series with its events.
func (s *service) ListVisibleSeries(ctx context.Context) (_ []SeriesView, err error) {
	defer apperr.Wrap(&err, "series.ListVisibleSeries()")
	list, err := s.Store.ListSeries(ctx, true)
	if err != nil {
		return nil, fmt.Errorf("list series: %w", err)
	}
	out := make([]SeriesView, 0, len(list))
	for _, x := range list {
		v, err := s.seriesView(ctx, s.Store, x)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}
