package resultssvc

import (
	"context"
	"errors"
	"fmt"
	"strings"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/results-svc/store"
)

// Results by heat (docs/heats.md): competition-svc owns heats; a judge's lane result
// is the lane's team's result in the heat's workout, saved through the grid's batch path
// (same validation, same transaction and rescoring), and a heat is published as its results.

const msgHeatNotFound = "Heat not found"

// heat asks competition-svc for a heat.
func (s *service) heat(ctx context.Context, id string) (_ *competitionv1.Heat, err error) {
	defer apperr.Wrap(&err, "resultssvc.heat(%q)", id)
	id, err = parseID("heatId", "heat", id)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, structureTimeout)
	defer cancel()
	h, err := s.comp.GetHeat(ctx, &competitionv1.HeatRequest{Id: id})
	if err != nil {
		return nil, competitionErr(err)
	}
	return h, nil
}

// saveLaneResult upserts the result of the team in lane of a heat: saving the same values
// again changes nothing, so a judge's retry never makes a second result. The publication
// state of an existing result is kept, as in the grid.
//
// expected, when given, is the team the judge sees in the lane: a lane that holds another team
// by now (the organiser moved teams) saves nothing and says who races there. sub is the
// phone's id for the score and the lane's result as it knew it (judge.go).
func (s *service) saveLaneResult(ctx context.Context, heatID string, lane int32, expected string, f resultFields, sub submission) (_ *resultsv1.Result, err error) {
	defer apperr.Wrap(&err, "resultssvc.saveLaneResult(%q)", heatID)
	sub, err = sub.check()
	if err != nil {
		return nil, err
	}
	h, err := s.heat(ctx, heatID)
	if err != nil {
		return nil, err
	}
	if err := judgeMay(ctx, h, lane); err != nil {
		return nil, err
	}
	// A score sent before from this lane, by this sender, gets its answer even if the lane
	// changed since; its id sent from anywhere else is refused.
	place := store.LanePlace{EventID: h.GetEventId(), HeatID: h.GetId(), Lane: lane, Sender: senderOf(ctx)}
	if sub.clientID != "" {
		if r, ok, err := s.replayed(ctx, sub.clientID, place); ok || err != nil {
			return r, err
		}
	}
	teamID, err := laneOf(h, lane, expected)
	if err != nil {
		return nil, err
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: h.GetEventId()})
	if err != nil {
		return nil, err
	}
	saved, _, err := s.saveRowsIn(ctx, st, []rawInput{{TeamID: teamID, WorkoutID: h.GetWorkoutId(), resultFields: f}},
		func(int) string { return "" }, false, laneGuard(h, lane, st.workouts[h.GetWorkoutId()], sub, place))
	if errors.Is(err, errReplayedScore) { // the same id, sent at the same moment, got in first
		r, _, err := s.replayed(ctx, sub.clientID, place)
		return r, err
	}
	if err != nil {
		return nil, err
	}
	return saved[0], nil
}

// checkLaneResult judges a lane's entry as saveLaneResult would and saves nothing: the judge's
// confirmation step, so the phone refuses exactly what the server refuses, with its words.
func (s *service) checkLaneResult(ctx context.Context, heatID string, lane int32, expected string, f resultFields) (_ *resultsv1.Result, err error) {
	defer apperr.Wrap(&err, "resultssvc.checkLaneResult(%q)", heatID)
	h, teamID, err := s.laneTeam(ctx, heatID, lane, expected)
	if err != nil {
		return nil, err
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: h.GetEventId()})
	if err != nil {
		return nil, err
	}
	in, err := resolve(st, teamID, h.GetWorkoutId(), f, "")
	if err != nil {
		return nil, err
	}
	return &resultsv1.Result{TeamId: teamID, WorkoutId: h.GetWorkoutId(), Status: in.Status}, nil
}

// laneTeam is the heat and the team in its lane; expected, when given, must be that team.
func (s *service) laneTeam(ctx context.Context, heatID string, lane int32, expected string) (_ *competitionv1.Heat, _ string, err error) {
	defer apperr.Wrap(&err, "resultssvc.laneTeam(%q)", heatID)
	h, err := s.heat(ctx, heatID)
	if err != nil {
		return nil, "", err
	}
	if err := judgeMay(ctx, h, lane); err != nil {
		return nil, "", err
	}
	teamID, err := laneOf(h, lane, expected)
	return h, teamID, err
}

// laneOf is the team in a lane of h; expected, when given, must be that team.
func laneOf(h *competitionv1.Heat, lane int32, expected string) (string, error) {
	var in *competitionv1.HeatLane
	for _, l := range h.GetLanes() {
		if l.GetLane() == lane {
			in = l
		}
	}
	if in == nil {
		return "", apperr.NotFound(fmt.Sprintf("Lane %d of heat %d has no team", lane, h.GetNumber()))
	}
	teamID := in.GetTeamId()
	if expected = strings.ToLower(strings.TrimSpace(expected)); expected != "" && expected != teamID {
		return "", apperr.Conflict(fmt.Sprintf("Lane %d of heat %d is %s's now: the heat changed. Check the lane and save again.",
			lane, h.GetNumber(), in.GetTeamName()))
	}
	return teamID, nil
}

// publishHeat publishes every result of the heat's teams in its workout, in one transaction;
// lanes without a result stay empty.
func (s *service) publishHeat(ctx context.Context, heatID string) (_ *resultsv1.PublishHeatResponse, err error) {
	defer apperr.Wrap(&err, "resultssvc.publishHeat(%q)", heatID)
	h, err := s.heat(ctx, heatID)
	if err != nil {
		return nil, err
	}
	teams := make([]string, len(h.GetLanes()))
	for i, l := range h.GetLanes() {
		teams[i] = l.GetTeamId()
	}
	results, err := s.store.ListCell(ctx, h.GetWorkoutId(), teams)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(results))
	for i, r := range results {
		ids[i] = r.ID
	}
	n, err := s.setPublished(ctx, ids, store.Publish)
	if err != nil {
		return nil, err
	}
	return &resultsv1.PublishHeatResponse{UpdatedCount: int32(n), Entered: int32(len(results)), Total: int32(len(teams))}, nil
}
