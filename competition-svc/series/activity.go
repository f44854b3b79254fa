package series

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/feed"
)

// A series' activity (docs/series.md, "What changed"): who created or edited it, added or
// removed an event, changed a division mapping or the ranking, and when. Written by the use
// cases in the same transaction as the change (writeSeries); the console's series page shows
// it. A series spans events, so its changes are kept beside it, not in one event's feed.

// seriesChange is one activity entry a series use case returns; the actor comes from the call.
type seriesChange struct {
	action, summary string
}

func seriesEntries(ctx context.Context, seriesID string, changes ...seriesChange) []store.SeriesActivity {
	out := make([]store.SeriesActivity, len(changes))
	for i, c := range changes {
		out[i] = store.SeriesActivity{SeriesID: seriesID, Actor: authn.Actor(ctx), Action: c.action, Summary: c.summary}
	}
	return out
}

func rankingText(r string) string { return "by " + r }

func bestNText(n int) string {
	if n == 0 {
		return "every event"
	}
	return strconv.Itoa(n)
}

func created(x store.Series) seriesChange {
	return seriesChange{"created", fmt.Sprintf("Series %s created: points table %s, events that count %s, ranked %s",
		x.Name, x.ScoringTable, bestNText(x.BestN), rankingText(x.Ranking))}
}

// updated names each field an edit changed: the ranking on its own entry (it changes who the
// standings rank), the rest on one.
func updated(was, now store.Series) []seriesChange {
	var parts []string
	diff := func(label, a, b string) {
		if a != b {
			parts = append(parts, fmt.Sprintf("%s: %s → %s", label, a, b))
		}
	}
	diff("Name", was.Name, now.Name)
	diff("Season", was.Season, now.Season)
	if was.Description != now.Description {
		parts = append(parts, "Description changed")
	}
	diff("Points table", was.ScoringTable, now.ScoringTable)
	if !slices.Equal(was.CustomPoints, now.CustomPoints) && now.ScoringTable == core.TableCustom && was.ScoringTable == core.TableCustom {
		parts = append(parts, "Custom points changed")
	}
	diff("Events that count", bestNText(was.BestN), bestNText(now.BestN))
	diff("Published", core.YesNo(was.Published), core.YesNo(now.Published))
	var out []seriesChange
	if was.Ranking != now.Ranking {
		out = append(out, seriesChange{"ranking_changed", fmt.Sprintf("Ranking: %s → %s", rankingText(was.Ranking), rankingText(now.Ranking))})
	}
	if len(parts) > 0 {
		out = append(out, seriesChange{"updated", strings.Join(parts, "; ")})
	}
	return out
}

func eventAdded(name string, divisions []string) seriesChange {
	summary := "Event " + name + " added"
	if len(divisions) > 0 {
		summary += ": " + strings.Join(divisions, ", ")
	}
	return seriesChange{"event_added", summary}
}

func eventRemoved(name string) seriesChange {
	return seriesChange{"event_removed", "Event " + name + " removed: its placings no longer count"}
}

// mapped names each division of the event whose series division changed.
func mapped(ev store.SeriesEvent, seriesDivisions []store.SeriesDivision, to []store.SeriesMapping) []seriesChange {
	name := map[string]string{"": "none"}
	for _, d := range seriesDivisions {
		name[d.ID] = d.Name
	}
	now := map[string]string{}
	for _, m := range to {
		now[m.DivisionID] = m.SeriesDivisionID
	}
	var parts []string
	for _, d := range ev.Divisions {
		if was := d.SeriesDivisionID; was != now[d.DivisionID] {
			parts = append(parts, fmt.Sprintf("%s → %s (was %s)", d.DivisionName, name[now[d.DivisionID]], name[was]))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return []seriesChange{{"divisions_mapped", "Event " + ev.EventName + ": " + strings.Join(parts, ", ")}}
}

// SeriesActivityPage is a page of a series' activity, newest first.
type SeriesActivityPage struct {
	Entries    []store.SeriesActivity
	NextBefore string
}

// ListSeriesActivity is a page of a series' activity, for those who work on the series.
func (s *service) ListSeriesActivity(ctx context.Context, rawID string, limit int, before string) (_ SeriesActivityPage, err error) {
	defer apperr.Wrap(&err, "series.ListSeriesActivity()")
	v, err := s.GetSeries(ctx, rawID)
	if err != nil {
		return SeriesActivityPage{}, err
	}
	switch {
	case limit < 0 || limit > feed.MaxLimit:
		return SeriesActivityPage{}, apperr.Invalid("limit", fmt.Sprintf("Limit must be between 1 and %d", feed.MaxLimit))
	case limit == 0:
		limit = feed.DefaultLimit
	}
	var beforeID int64
	if before != "" {
		if beforeID, err = strconv.ParseInt(before, 10, 64); err != nil || beforeID < 1 {
			return SeriesActivityPage{}, apperr.Invalid("before", "Invalid cursor: pass the nextBefore of the previous page")
		}
	}
	entries, err := s.Store.ListSeriesActivity(ctx, v.ID, beforeID, limit)
	if err != nil {
		return SeriesActivityPage{}, err
	}
	page := SeriesActivityPage{Entries: entries}
	if len(entries) == limit {
		page.NextBefore = strconv.FormatInt(entries[len(entries)-1].ID, 10)
	}
	return page, nil
}

func activityTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }
