package publicsvc

import (
	"context"
	"strconv"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// msgWhatItTakesNotFound answers a team or workout the public does not see.
const msgWhatItTakesNotFound = "Team or workout not found"

var (
	takesWorkoutParam = queryParam(&publicv1.PublicWhatItTakesRequest{}, "workout_id")
	takesRankParam    = queryParam(&publicv1.PublicWhatItTakesRequest{}, "rank")
)

// whatItTakes is "What do I need?" on a team's page (docs/competition-day.md): results-svc
// scores the path against the event as the public sees it (no held workouts, no draft), so the
// answer tells nothing the board does not. Like every view of the event, the gateway keeps it
// until the event changes.
func (s *service) whatItTakes(ctx context.Context, req *publicv1.PublicWhatItTakesRequest) (_ *publicv1.PublicWhatItTakes, err error) {
	defer apperr.Wrap(&err, "publicsvc.whatItTakes(%q)", req.GetTeamId())
	eventID, ok := ids.Canonical(req.GetEventId())
	teamID, tok := ids.Canonical(req.GetTeamId())
	workoutID, wok := ids.Canonical(req.GetWorkoutId())
	if !ok || !tok || !wok {
		return nil, apperr.NotFound(msgWhatItTakesNotFound)
	}
	if req.GetRank() < 1 {
		return nil, apperr.Invalid("rank", "Rank must be at least 1")
	}
	src, err := s.sources(ctx, eventID, s.cache.versions(ctx, eventID), false)
	if err != nil {
		return nil, notFoundAs(err, msgWhatItTakesNotFound)
	}
	ev := src.structure.GetEvent()
	if !listed(ev) {
		return nil, apperr.NotFound(msgWhatItTakesNotFound)
	}
	var workoutName string
	for _, w := range ev.GetWorkouts() {
		if w.GetId() == workoutID {
			workoutName = w.GetName()
		}
	}
	if workoutName == "" {
		return nil, apperr.NotFound(msgWhatItTakesNotFound)
	}
	p, err := s.res.GetWhatItTakes(ctx, &resultsv1.WhatItTakesRequest{EventId: eventID, TeamId: teamID, WorkoutId: workoutID,
		TargetRank: req.GetRank(), Structure: src.structure})
	if err != nil {
		return nil, notFoundAs(err, msgWhatItTakesNotFound)
	}
	// Each workout and place aimed for is its own answer, shared like the event's other views.
	cache.Advice{Public: true, Params: [][]string{takesWorkoutParam, takesRankParam},
		Query: cache.Query(takesWorkoutParam[0], workoutID, takesRankParam[0], strconv.Itoa(int(req.GetRank()))), Event: eventID}.Send(ctx)
	return &publicv1.PublicWhatItTakes{EventId: eventID, TeamId: teamID, WorkoutId: workoutID, WorkoutName: workoutName,
		Unavailable: p.GetUnavailable(), Reached: p.GetReached(), ResultText: p.GetResultText(),
		MatchedTeamName: p.GetMatchedTeamName(), WorkoutRank: p.GetWorkoutRank(), Points: p.GetPoints(),
		Total: p.GetTotal(), OverallRank: p.GetOverallRank(), TargetRank: p.GetTargetRank(), AnyResult: p.GetAnyResult()}, nil
}
