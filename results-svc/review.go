package resultssvc

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/resulttext"
	"github.com/podium-dev/podium/results-svc/store"
)

// The judges' review of online submissions (docs/qualifiers.md), for callers with a scorer
// grant on the event (access.go). Every action saves the team's result as the grid does (its
// cell locked, rescored and journaled under the judge's name): accept keeps the submitted
// value, adjust sets another, reject makes it a DQ; the submission row then records the
// outcome, and submission_reviews the action with who and when. The result stays
// unpublished: publication is the organiser's, as for every result.

const (
	maxReviewReason = 500
	maxInternalNote = 2000

	msgNoSubmission   = "This team has no submission for this workout"
	msgReviewAction   = "Action must be accept, adjust, reject, penalty or note"
	msgReasonRequired = "Give the reason the athletes see"
	msgReasonTooLong  = "The reason must be at most 500 characters"
	msgNoteTooLong    = "The internal note must be at most 2000 characters"
	msgReviewState    = "Review state must be unreviewed, accepted, adjusted, rejected or penalised"
	// A penalty's reason is the one the boards show beside it (marks.go), which is shorter.
	msgPenaltyReasonTooLong = "A penalty's reason must be at most 200 characters"
)

var reviewOutcome = map[string]string{"accept": "accepted", "adjust": "adjusted", "reject": "rejected", "penalty": "penalised", "note": "noted"}

// submissionQueue is a workout's submissions for the judges, unreviewed first.
func (s *service) submissionQueue(ctx context.Context, eventID, workoutID, state string) (_ *resultsv1.SubmissionQueue, err error) {
	defer apperr.Wrap(&err, "resultssvc.submissionQueue(%q, %q)", eventID, workoutID)
	if eventID, err = parseID("eventId", "event", eventID); err != nil {
		return nil, err
	}
	if workoutID, err = parseID("workoutId", "workout", workoutID); err != nil {
		return nil, err
	}
	state = strings.ToLower(strings.TrimSpace(state))
	switch state {
	case "", "unreviewed", "accepted", "adjusted", "rejected", "penalised":
	default:
		return nil, apperr.Invalid("reviewState", msgReviewState)
	}
	st, err := s.saveStructure(ctx, workoutID)
	if isNotFound(err) {
		return nil, apperr.NotFound(msgWorkoutNotFound)
	}
	if err != nil {
		return nil, err
	}
	w := st.workouts[workoutID]
	if st.eventID != eventID || w == nil {
		return nil, apperr.NotFound(msgWorkoutNotFound)
	}
	subs, err := s.store.ListWorkoutSubmissions(ctx, workoutID, state)
	if err != nil {
		return nil, fmt.Errorf("list submissions: %w", err)
	}
	ids := make([]string, len(subs))
	for i := range subs {
		ids[i] = subs[i].ID
	}
	actions, err := s.store.ListReviewActions(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("list review actions: %w", err)
	}
	teamIDs := make([]string, len(subs))
	for i := range subs {
		teamIDs[i] = subs[i].TeamID
	}
	results, err := s.store.ListCell(ctx, workoutID, teamIDs)
	if err != nil {
		return nil, fmt.Errorf("list results: %w", err)
	}
	penalties := make(map[string]string, len(results))
	for _, r := range results {
		penalties[r.TeamID] = penaltyText(r.Penalty)
	}
	out := &resultsv1.SubmissionQueue{WorkoutId: w.GetId(), WorkoutName: w.GetName(), ScoreType: w.GetScoreType(),
		TimeCapSeconds: w.GetTimeCapSeconds(), TimeCapText: w.GetTimeCapText(), Submissions: []*resultsv1.ReviewedSubmission{}}
	for i := range subs {
		out.Submissions = append(out.Submissions, reviewedPB(st, w, &subs[i], actions[subs[i].ID], penalties[subs[i].TeamID]))
	}
	return out, nil
}

// reviewInput is a validated ReviewSubmissionRequest.
type reviewInput struct {
	action, reason, note string
}

func checkReview(req *resultsv1.ReviewSubmissionRequest) (reviewInput, error) {
	in := reviewInput{action: strings.ToLower(strings.TrimSpace(req.GetAction())), reason: strings.TrimSpace(req.GetReason()),
		note: strings.TrimSpace(req.GetInternalNote())}
	if _, ok := reviewOutcome[in.action]; !ok {
		return in, apperr.Invalid("action", msgReviewAction)
	}
	if in.reason == "" && (in.action == "adjust" || in.action == "reject" || in.action == "penalty") {
		return in, apperr.Invalid("reason", msgReasonRequired)
	}
	if in.action == "penalty" && utf8.RuneCountInString(in.reason) > maxReasonLength {
		return in, apperr.Invalid("reason", msgPenaltyReasonTooLong)
	}
	if utf8.RuneCountInString(in.reason) > maxReviewReason {
		return in, apperr.Invalid("reason", msgReasonTooLong)
	}
	if utf8.RuneCountInString(in.note) > maxInternalNote {
		return in, apperr.Invalid("internalNote", msgNoteTooLong)
	}
	return in, nil
}

// reviewSubmission applies a judge's action to a team's submission.
func (s *service) reviewSubmission(ctx context.Context, req *resultsv1.ReviewSubmissionRequest) (_ *resultsv1.ReviewedSubmission, err error) {
	defer apperr.Wrap(&err, "resultssvc.reviewSubmission(%q, %q)", req.GetWorkoutId(), req.GetTeamId())
	workoutID, err := parseID("workoutId", "workout", req.GetWorkoutId())
	if err != nil {
		return nil, err
	}
	teamID, err := parseID("teamId", "team", req.GetTeamId())
	if err != nil {
		return nil, err
	}
	// What the request addresses first, so a missing workout or team answers as a hidden one.
	st, err := s.saveStructure(ctx, workoutID)
	if isNotFound(err) {
		return nil, apperr.NotFound(msgWorkoutNotFound)
	}
	if err != nil {
		return nil, err
	}
	w := st.workouts[workoutID]
	if st.teams[teamID] == nil {
		return nil, apperr.NotFound(msgTeamNotFound)
	}
	in, err := checkReview(req)
	if err != nil {
		return nil, err
	}
	current, err := s.store.LockSubmission(ctx, workoutID, teamID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperr.NotFound(msgNoSubmission)
	}
	if err != nil {
		return nil, err
	}
	// The value the result gets: the submitted one, the judge's, or a DQ.
	f := resultFields{Status: current.Status.String(), Value: current.Value, CappedReps: current.CappedReps, Tiebreak: current.Tiebreak, KeepPenalty: true, KeepScaled: true}
	switch in.action {
	case "adjust":
		f = resultFields{Status: req.GetStatus(), Value: doubleIn(req.GetResultValue()), CappedReps: int32In(req.GetCappedReps()),
			Tiebreak: doubleIn(req.GetTiebreakValue()), KeepPenalty: true, KeepScaled: true}
	case "reject":
		f = resultFields{Status: typesv1.ResultStatus_dq.String(), KeepPenalty: true, KeepScaled: true}
	case "penalty":
		// The submitted value with the judge's penalty, checked by the grid's penalty rules
		// (marks.go): its reason is the one the athletes read.
		p := penaltyIn(req.GetPenalty())
		if p == nil {
			p = &penaltyFields{}
		}
		p.Reason = in.reason
		f.KeepPenalty, f.Penalty = false, p
	}
	if _, err := resolve(st, teamID, workoutID, f, ""); err != nil {
		return nil, err
	}
	// The team's athletes for the outcome's mail, asked before the transaction (submission_mail.go).
	team, _, err := s.teamAthletes(ctx, st.eventID, teamID)
	if err != nil {
		return nil, err
	}
	by, now := authn.Actor(ctx), s.now()
	var saved store.Submission
	var penalty string
	guard := &saveGuard{
		before: func(ctx context.Context, tx *store.Store, _ []store.Input) error {
			var err error
			saved, err = tx.LockSubmission(ctx, workoutID, teamID)
			if errors.Is(err, store.ErrNotFound) {
				return apperr.NotFound(msgNoSubmission)
			}
			return err
		},
		after: func(ctx context.Context, tx *store.Store, out []*resultsv1.Result) error {
			before := resulttext.Stored(w.GetScoreType(), saved.Status, saved.Value, saved.CappedReps)
			r := out[0]
			penalty = r.GetPenaltyText()
			if in.action != "note" {
				saved.ReviewState, saved.ReviewReason = reviewOutcome[in.action], in.reason
				saved.ReviewedBy, saved.ReviewedAt = by, &now
				saved.Status, saved.Value, saved.CappedReps, saved.Tiebreak = r.GetStatus(), doubleIn(r.GetResultValue()),
					int32In(r.GetCappedReps()), doubleIn(r.GetTiebreakValue())
			}
			if in.note != "" {
				saved.InternalNote = in.note
			}
			var err error
			if saved, err = tx.SetReview(ctx, saved); err != nil {
				return err
			}
			if err := tx.AddReviewAction(ctx, store.ReviewAction{SubmissionID: saved.ID, Action: reviewOutcome[in.action], Reason: in.reason,
				InternalNote: in.note, BeforeText: before, AfterText: r.GetResultText(), By: by, At: now}); err != nil {
				return err
			}
			if in.action == "note" { // the internal note is the judges' alone: no mail
				return nil
			}
			subject, body := s.reviewedMail(submissionMail{eventName: st.eventName, workoutName: w.GetName(), teamName: st.teams[teamID].GetName(),
				resultText: r.GetResultText(), penaltyText: r.GetPenaltyText(), reason: in.reason}, reviewOutcome[in.action])
			return s.queueSubmissionMails(ctx, tx, team, subject, body)
		},
	}
	rows := []rawInput{{TeamID: teamID, WorkoutID: workoutID, resultFields: f}}
	if _, _, err := s.saveRows(ctx, rows, func(int) string { return "" }, false, guard); err != nil {
		return nil, err
	}
	actions, err := s.store.ListReviewActions(ctx, []string{saved.ID})
	if err != nil {
		return nil, fmt.Errorf("list review actions: %w", err)
	}
	s.log.InfoContext(ctx, "submission reviewed", "event", st.eventID, "workout", workoutID, "team", teamID, "action", in.action)
	return reviewedPB(st, w, &saved, actions[saved.ID], penalty), nil
}

// reviewedPB is a submission as the judges see it, with its result's penalty as the boards mark it.
func reviewedPB(st *structure, w *competitionv1.Workout, sub *store.Submission, actions []store.ReviewAction, penalty string) *resultsv1.ReviewedSubmission {
	out := &resultsv1.ReviewedSubmission{Submission: submissionPB(sub, w, ""), InternalNote: sub.InternalNote, ReviewedBy: sub.ReviewedBy,
		History: make([]*resultsv1.ReviewAction, len(actions))}
	out.Submission.PenaltyText = penalty
	if sub.ReviewedAt != nil {
		out.ReviewedAt = instant(*sub.ReviewedAt)
	}
	if t := st.teams[sub.TeamID]; t != nil {
		out.TeamName = t.GetName()
		if d := st.divisions[t.GetDivisionId()]; d != nil {
			out.DivisionName = d.GetName()
		}
	}
	for i, a := range actions {
		out.History[i] = &resultsv1.ReviewAction{Action: a.Action, Reason: a.Reason, InternalNote: a.InternalNote,
			BeforeText: a.BeforeText, AfterText: a.AfterText, By: a.By, At: instant(a.At)}
	}
	return out
}
