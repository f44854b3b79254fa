package resultssvc

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/feed"
	"github.com/podium-dev/podium/internal/resulttext"
	"github.com/podium-dev/podium/results-svc/store"
)

// activitySource is results-svc's letter in an event's activity feed (feed.Cursor).
const activitySource = "r"

// resultHistory is every change to one result, oldest first, also after it was deleted.
func (s *service) resultHistory(ctx context.Context, id string) (_ *resultsv1.ResultHistory, err error) {
	defer apperr.Wrap(&err, "resultssvc.resultHistory(%q)", id)
	id, err = parseID("id", "result", id)
	if err != nil {
		return nil, err
	}
	entries, err := s.store.ResultHistory(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, apperr.NotFound(msgResultNotFound)
	}
	if err := s.mayRead(ctx, entries[0].EventID, msgResultNotFound); err != nil {
		return nil, err
	}
	names := s.namesOf(ctx, entries[0].EventID)
	first := entries[0]
	out := &resultsv1.ResultHistory{ResultId: id, TeamName: names.team(first.TeamID), WorkoutName: names.workout(first.WorkoutID)}
	scoreType := names.scoreType(first.WorkoutID)
	if scoreType != typesv1.ScoreType_SCORE_TYPE_UNSPECIFIED {
		out.ScoreType = scoreType.String() // empty for a deleted workout
	}
	for _, e := range entries {
		out.Entries = append(out.Entries, &resultsv1.ResultHistoryEntry{At: e.At.UTC().Format(time.RFC3339), Actor: e.Actor,
			Action: e.Action, Before: snapshotPB(scoreType, e.Before), After: snapshotPB(scoreType, e.After)})
	}
	return out, nil
}

// resultActivity is an event's result changes as activity entries, newest first.
func (s *service) resultActivity(ctx context.Context, eventID, before string, pageSize int32) (_ *activityv1.ActivityPage, err error) {
	defer apperr.Wrap(&err, "resultssvc.resultActivity(%q)", eventID)
	eventID, err = parseID("eventId", "event", eventID)
	if err != nil {
		return nil, err
	}
	cursor, _, err := feed.Parse(before)
	if err != nil {
		return nil, apperr.Invalid("before", "Invalid cursor")
	}
	limit := int(pageSize)
	if limit <= 0 || limit > feed.MaxLimit {
		limit = feed.DefaultLimit
	}
	at, sourceBefore, id := cursor.Bounds(activitySource)
	entries, err := s.store.EventHistory(ctx, eventID, at, sourceBefore, id, limit)
	if err != nil {
		return nil, err
	}
	freezes, err := s.store.FreezeLog(ctx, eventID, at, sourceBefore, id, limit)
	if err != nil {
		return nil, err
	}
	names := s.namesOf(ctx, eventID)
	var all []placedEntry
	for _, e := range entries {
		all = append(all, placedEntry{feed.Cursor{At: e.At, Source: activitySource, ID: e.ID}, &activityv1.ActivityEntry{
			Actor: e.Actor, Action: e.Action, Entity: "result", EntityId: e.ResultID, Summary: names.summary(e)}})
	}
	// The freezes share the history's ids (0740_leaderboard_freezes.sql): one order, one source.
	for _, f := range freezes {
		all = append(all, placedEntry{feed.Cursor{At: f.At, Source: activitySource, ID: f.ID}, &activityv1.ActivityEntry{
			Actor: f.Actor, Action: f.Action, Entity: "event", EntityId: eventID, Summary: freezeSummary[f.Action]}})
	}
	slices.SortFunc(all, func(a, b placedEntry) int {
		if feed.Newer(a.at, b.at) {
			return -1
		}
		return 1
	})
	page := &activityv1.ActivityPage{}
	for _, p := range all[:min(limit, len(all))] {
		p.entry.At, p.entry.Cursor = p.at.At.UTC().Format(time.RFC3339), p.at.String()
		page.Entries = append(page.Entries, p.entry)
	}
	if len(all) >= limit {
		page.NextBefore = page.Entries[len(page.Entries)-1].GetCursor()
	}
	return page, nil
}

// placedEntry is an activity entry with its place in the feed.
type placedEntry struct {
	at    feed.Cursor
	entry *activityv1.ActivityEntry
}

var freezeSummary = map[string]string{
	"frozen":   "Leaderboard frozen: the public board keeps its standings until unfrozen",
	"unfrozen": "Leaderboard unfrozen: the public board shows the live standings again",
}

// historyNames tells the team and workout names of an event's history, as far as they still
// exist.
type historyNames struct{ st *structure }

func (s *service) namesOf(ctx context.Context, eventID string) historyNames {
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return historyNames{} // a deleted event or a failing peer: the entries still show, without names
	}
	return historyNames{st: st}
}

func (n historyNames) team(id string) string {
	if n.st != nil && n.st.teams[id] != nil {
		return n.st.teams[id].GetName()
	}
	return "A deleted team"
}

func (n historyNames) workout(id string) string {
	if n.st != nil && n.st.workouts[id] != nil {
		return n.st.workouts[id].GetName()
	}
	return "a deleted workout"
}

// scoreType is the workout's score type; unspecified for a deleted workout.
func (n historyNames) scoreType(workoutID string) typesv1.ScoreType {
	if n.st != nil && n.st.workouts[workoutID] != nil {
		return n.st.workouts[workoutID].GetScoreType()
	}
	return typesv1.ScoreType_SCORE_TYPE_UNSPECIFIED
}

// summary is an entry as a sentence: "Result Alpha · Grace: 8:42 → 7:42".
func (n historyNames) summary(e store.HistoryEntry) string {
	subject := fmt.Sprintf("Result %s · %s", n.team(e.TeamID), n.workout(e.WorkoutID))
	scoreType := n.scoreType(e.WorkoutID)
	show := func(s *store.Snapshot) string { return snapshotText(scoreType, s) }
	switch e.Action {
	case "created":
		return fmt.Sprintf("%s: entered %s", subject, show(e.After))
	case "updated":
		if e.Before.VideoURL != e.After.VideoURL { // an online submission's new video link
			return fmt.Sprintf("%s: video link %s → %s", subject, linkText(e.Before.VideoURL), linkText(e.After.VideoURL))
		}
		if e.Before.IsPublished && !e.After.IsPublished { // a published result's change is pending
			return fmt.Sprintf("%s: %s → %s, pending publication (the public keeps %s)", subject, show(e.Before), show(e.After), show(e.Before))
		}
		return fmt.Sprintf("%s: %s → %s", subject, show(e.Before), show(e.After))
	case "deleted":
		return fmt.Sprintf("%s: %s deleted", subject, show(e.Before))
	case "published", "unpublished":
		return fmt.Sprintf("%s: %s %s", subject, show(e.After), e.Action)
	case "rescored":
		var parts []string
		if !eqInt32(e.Before.Rank, e.After.Rank) {
			parts = append(parts, "rank "+intText(e.Before.Rank)+" → "+intText(e.After.Rank))
		}
		if !eqFloat(e.Before.Score, e.After.Score) {
			parts = append(parts, "points "+numberText(e.Before.Score)+" → "+numberText(e.After.Score))
		}
		return fmt.Sprintf("%s: rescored, %s", subject, strings.Join(parts, ", "))
	}
	return subject + ": " + e.Action
}

// snapshotText shows a result's value as the grid shows it: 7:42, CAP +12, DNF.
func snapshotText(scoreType typesv1.ScoreType, s *store.Snapshot) string {
	if s == nil {
		return "—"
	}
	return resulttext.Stored(scoreType, s.Status, s.ResultValue, s.CappedReps)
}

func linkText(url string) string {
	if url == "" {
		return "none"
	}
	return url
}

func intText(v *int32) string {
	if v == nil {
		return "none"
	}
	return fmt.Sprint(*v)
}

func numberText(v *float64) string {
	if v == nil {
		return "none"
	}
	return resulttext.Number(*v)
}

func snapshotPB(scoreType typesv1.ScoreType, s *store.Snapshot) *resultsv1.ResultSnapshot {
	if s == nil {
		return nil
	}
	out := &resultsv1.ResultSnapshot{Status: s.Status, IsPublished: s.IsPublished,
		ResultValue: doubleOrNil(s.ResultValue), CappedReps: int32OrNil(s.CappedReps),
		TiebreakValue: doubleOrNil(s.TiebreakValue), Score: doubleOrNil(s.Score), Rank: int32OrNil(s.Rank),
		ResultText: resulttext.Stored(scoreType, s.Status, s.ResultValue, s.CappedReps),
		Scaled:     s.Scaled, PenaltyText: penaltyText(s.Penalty), VideoUrl: s.VideoURL}
	return out
}
