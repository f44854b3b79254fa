package resultssvc

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"google.golang.org/protobuf/proto"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/ids"
	"github.com/podium-dev/podium/internal/resulttext"
	"github.com/podium-dev/podium/results-svc/store"
)

// Judge links and the judge's phone (docs/judging.md). A judge link's session reaches only
// the Judging RPCs (authn), and here only the lanes of its scope. A score the phone sends
// carries an id the phone made: the transaction that saves it claims the id, so a score sent
// again (the answer was lost, the phone came back online) saves nothing and gets the first
// answer. It also carries the lane's result as the phone knew it: when the server holds
// another by now, nothing is overwritten and the judge chooses.

var (
	errOtherEvent    = apperr.Unauthenticated("This judge link is for another event.")
	errJudgeOnly     = apperr.Forbidden("The judge sheet is for judge links.")
	errReplayedScore = errors.New("score sent before") // the transaction's way out, never answered
)

// judgeMay refuses a judge link the lane of heat h outside its scope; other callers pass
// (their grant was checked by the access rules).
func judgeMay(ctx context.Context, h *competitionv1.Heat, lane int32) error {
	c, ok := authn.CallerFrom(ctx)
	if !ok || c.Role != authn.RoleJudge {
		return nil
	}
	sc := c.Judge
	switch {
	case sc == nil || h.GetEventId() != sc.EventID:
		return errOtherEvent
	case !sc.Covers(h.GetWorkoutId(), h.GetId(), lane):
		return apperr.Forbidden(fmt.Sprintf("This judge link is for %s only.", sc.Label))
	}
	return nil
}

// submission is what the phone says about a score besides its values.
type submission struct {
	// clientID is the id the phone made ("" when it made none: the console's judge screen).
	clientID string
	// basedOn is the lane's result text the phone knew ("" none); nil: not checked.
	basedOn *string
}

func (sub submission) check() (submission, error) {
	if sub.clientID = strings.TrimSpace(sub.clientID); sub.clientID == "" {
		return sub, nil
	}
	id, ok := ids.Canonical(sub.clientID)
	if !ok {
		return sub, apperr.Invalid("clientId", "clientId must be a UUID")
	}
	sub.clientID = id
	return sub, nil
}

// errClientIDElsewhere refuses a score whose id was sent before from another lane, heat, event
// or sender: it is not a resend, and its answer is that place's.
var errClientIDElsewhere = apperr.ConflictField("clientId",
	"This score's id was already used for another lane or by another judge: nothing was saved. Send the score again as a new one.")

// senderOf names who sends a score: a judge link by its session (one per link, docs/judging.md),
// anyone else by their user.
func senderOf(ctx context.Context) string {
	c, _ := authn.CallerFrom(ctx)
	if c.IsJudge() {
		return "judge:" + c.SessionID
	}
	return "user:" + c.UserID
}

// replayed is the answer a score sent before from place got; ok is false when it was never
// stored. An id sent before from anywhere else is refused (errClientIDElsewhere): a resend is
// answered only where it was made, by whoever made it.
func (s *service) replayed(ctx context.Context, clientID string, place store.LanePlace) (_ *resultsv1.Result, _ bool, err error) {
	defer apperr.Wrap(&err, "resultssvc.replayed()")
	answer, at, err := s.store.SubmissionAnswer(ctx, clientID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read submission: %w", err)
	}
	if at != place {
		return nil, false, errClientIDElsewhere
	}
	if len(answer) == 0 {
		return nil, false, nil
	}
	var r resultsv1.Result
	if err := proto.Unmarshal(answer, &r); err != nil {
		return nil, false, fmt.Errorf("read submission answer: %w", err)
	}
	return &r, true, nil
}

// laneGuard claims the submission's id and checks the lane's stored result, in the save's
// transaction, after its cells are locked; it stores the answer before the commit.
func laneGuard(h *competitionv1.Heat, lane int32, w *competitionv1.Workout, sub submission, place store.LanePlace) *saveGuard {
	return &saveGuard{
		before: func(ctx context.Context, tx *store.Store, ins []store.Input) error {
			in := ins[0]
			if sub.clientID != "" {
				claimed, err := tx.ClaimSubmission(ctx, sub.clientID, place)
				if err != nil {
					return fmt.Errorf("claim submission: %w", err)
				}
				if !claimed {
					return errReplayedScore
				}
			}
			if sub.basedOn == nil {
				return nil
			}
			stored, err := tx.ListCell(ctx, in.WorkoutID, []string{in.TeamID})
			if err != nil {
				return err
			}
			now := ""
			if len(stored) > 0 {
				now = resulttext.Stored(w.GetScoreType(), stored[0].Status, stored[0].Value, stored[0].CappedReps)
			}
			mine := resulttext.Stored(w.GetScoreType(), in.Status, in.Value, in.CappedReps)
			if now != *sub.basedOn && now != mine {
				return apperr.ConflictField("basedOn", fmt.Sprintf(
					"Lane %d of heat %d holds %s now, entered by someone else; yours is %s. Choose which to keep.",
					lane, h.GetNumber(), now, mine))
			}
			return nil
		},
		after: func(ctx context.Context, tx *store.Store, out []*resultsv1.Result) error {
			if sub.clientID == "" {
				return nil
			}
			answer, err := proto.Marshal(out[0])
			if err != nil {
				return err
			}
			return tx.AnswerSubmission(ctx, sub.clientID, answer)
		},
	}
}

// judgeSheet is what a judge link may score: its heats and lanes, their teams and results.
func (s *service) judgeSheet(ctx context.Context) (_ *resultsv1.JudgeSheet, err error) {
	defer apperr.Wrap(&err, "resultssvc.judgeSheet()")
	c, ok := authn.CallerFrom(ctx)
	if !ok || !c.IsJudge() {
		return nil, errJudgeOnly
	}
	sc := c.Judge
	st, err := s.saveStructure(ctx, sc.WorkoutID)
	if err != nil {
		return nil, err
	}
	w := st.workouts[sc.WorkoutID]
	if w == nil || st.eventID != sc.EventID {
		return nil, apperr.NotFound("The workout of this judge link was deleted.")
	}
	heats, err := s.judgeHeats(ctx, sc)
	if err != nil {
		return nil, err
	}
	var teamIDs []string
	for _, h := range heats {
		for _, l := range h.GetLanes() {
			teamIDs = append(teamIDs, l.GetTeamId())
		}
	}
	results, err := s.store.ListCell(ctx, sc.WorkoutID, teamIDs)
	if err != nil {
		return nil, err
	}
	texts := make(map[string]string, len(results))
	for _, r := range results {
		texts[r.TeamID] = resulttext.Stored(w.GetScoreType(), r.Status, r.Value, r.CappedReps)
	}
	out := &resultsv1.JudgeSheet{
		EventId: st.eventID, EventName: st.eventName, Label: sc.Label, WorkoutId: w.GetId(), WorkoutName: w.GetName(),
		ScoreType: w.GetScoreType(), ScoreTypeLabel: w.GetScoreTypeLabel(), TimeCapSeconds: w.GetTimeCapSeconds(), TimeCapText: w.GetTimeCapText(),
		Heats: []*resultsv1.JudgeHeat{},
	}
	for _, h := range heats {
		jh := &resultsv1.JudgeHeat{Id: h.GetId(), Number: h.GetNumber(), StartTime: h.GetStartTime(), PlannedStartTime: h.GetPlannedStartTime(), Lanes: []*resultsv1.JudgeLane{}}
		for _, l := range h.GetLanes() {
			if !sc.Covers(h.GetWorkoutId(), h.GetId(), l.GetLane()) {
				continue
			}
			division := ""
			if d := st.divisions[l.GetDivisionId()]; d != nil {
				division = d.GetName()
			}
			jh.Lanes = append(jh.Lanes, &resultsv1.JudgeLane{Lane: l.GetLane(), TeamId: l.GetTeamId(), TeamName: l.GetTeamName(),
				DivisionName: division, ResultText: texts[l.GetTeamId()], AthleteNames: l.GetAthleteNames(), TeamSize: l.GetTeamSize()})
		}
		out.Heats = append(out.Heats, jh)
	}
	return out, nil
}

// judgeHeats are the heats of a scope: its heat, or every heat of its workout by number.
func (s *service) judgeHeats(ctx context.Context, sc *authn.JudgeScope) (_ []*competitionv1.Heat, err error) {
	defer apperr.Wrap(&err, "resultssvc.judgeHeats()")
	if sc.HeatID != "" {
		h, err := s.heat(ctx, sc.HeatID)
		if isNotFound(err) {
			return nil, apperr.NotFound("The heat of this judge link was deleted.")
		}
		if err != nil {
			return nil, err
		}
		return []*competitionv1.Heat{h}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, structureTimeout)
	defer cancel()
	all, err := s.comp.ListEventHeats(ctx, &competitionv1.ListEventHeatsRequest{EventId: sc.EventID})
	if err != nil {
		return nil, competitionErr(err)
	}
	var out []*competitionv1.Heat
	for _, h := range all.GetHeats() {
		if h.GetWorkoutId() == sc.WorkoutID {
			out = append(out, h)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].GetNumber() < out[j].GetNumber() })
	return out, nil
}
