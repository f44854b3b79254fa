package setup

import (
	"context"
	"fmt"
	"slices"
	"time"

	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/feed"
)

// An event's activity: every change to its setup, written by the use cases in the same
// transaction as the change (store.RecordActivity), merged with the result changes that
// results-svc keeps (ListResultActivity) into one feed, newest first.

// activitySource is competition-svc's letter in the feed (feed.Cursor).
const activitySource = "c"

// ListEventActivity is a page of an event's activity feed, setup and results together.
func (s *service) ListEventActivity(ctx context.Context, req *activityv1.ActivityRequest) (_ *activityv1.ActivityPage, err error) {
	defer apperr.Wrap(&err, "setup.ListEventActivity()")
	eventID, err := s.ExistingEvent(ctx, "eventId", req.GetEventId())
	if err != nil {
		return nil, err
	}
	cursor, _, err := feed.Parse(req.GetBefore())
	if err != nil {
		return nil, apperr.Invalid("before", "Invalid cursor: pass the nextBefore of the previous page")
	}
	limit := int(req.GetLimit())
	switch {
	case req.GetLimit() < 0 || limit > feed.MaxLimit:
		return nil, apperr.Invalid("limit", fmt.Sprintf("Limit must be between 1 and %d", feed.MaxLimit))
	case limit == 0:
		limit = feed.DefaultLimit
	}
	at, sourceBefore, id := cursor.Bounds(activitySource)
	own, err := s.Store.ListActivity(ctx, eventID, at, sourceBefore, id, limit)
	if err != nil {
		return nil, err
	}
	results, err := s.Results.ListResultActivity(ctx, &activityv1.ActivityRequest{EventId: eventID, Limit: int32(limit), Before: req.GetBefore()})
	if err != nil {
		return nil, s.CountErr(err)
	}
	type placed struct {
		at    feed.Cursor
		entry *activityv1.ActivityEntry
	}
	var all []placed
	for _, a := range own {
		c := feed.Cursor{At: a.At, Source: activitySource, ID: a.ID}
		all = append(all, placed{c, &activityv1.ActivityEntry{At: a.At.UTC().Format(time.RFC3339), Actor: a.Actor, Action: a.Action,
			Entity: a.Entity, EntityId: a.EntityID, Summary: a.Summary, Cursor: c.String()}})
	}
	for _, e := range results.GetEntries() {
		c, _, err := feed.Parse(e.GetCursor())
		if err != nil {
			return nil, fmt.Errorf("results-svc activity cursor %q: %w", e.GetCursor(), err)
		}
		all = append(all, placed{c, e})
	}
	slices.SortFunc(all, func(a, b placed) int {
		if feed.Newer(a.at, b.at) {
			return -1
		}
		return 1
	})
	page := &activityv1.ActivityPage{}
	for _, p := range all[:min(limit, len(all))] {
		page.Entries = append(page.Entries, p.entry)
	}
	// More follow when the merge left entries out, or when either source filled its page.
	if len(all) > limit || len(own) == limit || results.GetNextBefore() != "" {
		page.NextBefore = page.Entries[len(page.Entries)-1].GetCursor()
	}
	return page, nil
}
