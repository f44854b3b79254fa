package resultssvc

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/results-svc/store"
)

// Online qualifiers (docs/qualifiers.md): an athlete of a confirmed team submits the team's
// score for a released online workout until its deadline. A submission is the team's result,
// saved as the grid saves one (the same rules, its cell locked and rescored, its history
// journaled under the athlete's name) and unpublished; the submission row beside it keeps
// the video link and the review. The window is checked again inside the transaction, after
// the cell's lock, so nothing is stored after the deadline however long the queue.

// qualifierAthlete is the signed-in athlete's id.
func qualifierAthlete(ctx context.Context) (string, error) {
	c, ok := authn.CallerFrom(ctx)
	if !ok || !c.IsAthlete() || c.UserID == "" {
		return "", apperr.Forbidden(msgNotOnTeam)
	}
	return c.UserID, nil
}

// athleteTeam asks competition-svc for the caller's confirmed team in the event; ok is
// false when there is none.
func (s *service) athleteTeam(ctx context.Context, eventID, athleteID string) (_ *competitionv1.AthleteTeam, ok bool, err error) {
	defer apperr.Wrap(&err, "resultssvc.athleteTeam(%q)", eventID)
	ctx, cancel := context.WithTimeout(ctx, structureTimeout)
	defer cancel()
	t, err := s.comp.GetAthleteTeam(ctx, &competitionv1.AthleteTeamRequest{EventId: eventID, AthleteId: athleteID})
	if isNotFound(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, competitionErr(err)
	}
	return t, true, nil
}

// teamAthletes asks competition-svc for a confirmed team of the event with its athletes (the
// review mails' recipients); ok is false when the team has no confirmed registration (a team
// added by hand), which leaves a review without mail.
func (s *service) teamAthletes(ctx context.Context, eventID, teamID string) (_ *competitionv1.AthleteTeam, ok bool, err error) {
	defer apperr.Wrap(&err, "resultssvc.teamAthletes(%q, %q)", eventID, teamID)
	ctx, cancel := context.WithTimeout(ctx, structureTimeout)
	defer cancel()
	t, err := s.comp.GetAthleteTeam(ctx, &competitionv1.AthleteTeamRequest{EventId: eventID, TeamId: teamID})
	if isNotFound(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, competitionErr(err)
	}
	return t, true, nil
}

// submitterName is the signed-in athlete's name as their team's registration holds it: the
// review queue and the team name a submitter, never by address (docs/qualifiers.md). A caller
// the team does not list (it cannot happen: the team was read for the caller) is named by
// the team.
func submitterName(ctx context.Context, team *competitionv1.AthleteTeam) string {
	actor := authn.Actor(ctx)
	for _, a := range team.GetAthletes() {
		if a.GetName() != "" && strings.EqualFold(a.GetEmail(), actor) {
			return a.GetName()
		}
	}
	return team.GetTeamName()
}

// athleteStructure is the structure of an event an athlete may see: a Draft event's answers
// as a missing one (not found), so no athlete learns of it, not even its name.
func (s *service) athleteStructure(ctx context.Context, req *competitionv1.EventStructureRequest) (_ *structure, err error) {
	defer apperr.Wrap(&err, "resultssvc.athleteStructure()")
	st, err := s.structure(ctx, req)
	if err != nil {
		return nil, err
	}
	if st.draft {
		return nil, apperr.NotFound(msgEventNotFound)
	}
	return st, nil
}

// submitScore stores the caller's team's score for an online workout.
func (s *service) submitScore(ctx context.Context, req *resultsv1.SubmitScoreRequest) (_ *resultsv1.Submission, err error) {
	defer apperr.Wrap(&err, "resultssvc.submitScore(%q)", req.GetWorkoutId())
	athleteID, err := qualifierAthlete(ctx)
	if err != nil {
		return nil, err
	}
	workoutID, err := parseID("workoutId", "workout", req.GetWorkoutId())
	if err != nil {
		return nil, err
	}
	st, err := s.athleteStructure(ctx, &competitionv1.EventStructureRequest{WorkoutId: workoutID})
	if isNotFound(err) {
		return nil, apperr.NotFound(msgWorkoutNotFound)
	}
	if err != nil {
		return nil, err
	}
	team, ok, err := s.athleteTeam(ctx, st.eventID, athleteID)
	if err != nil {
		return nil, err
	}
	if !ok || st.teams[team.GetTeamId()] == nil {
		return nil, apperr.Forbidden(msgNotOnTeam)
	}
	w := st.workouts[workoutID]
	if err := checkWindow(st, w, s.now()); err != nil {
		return nil, err
	}
	video, err := checkVideo(w, req.GetVideoUrl())
	if err != nil {
		return nil, err
	}
	// An athlete enters no penalty and no Scaled mark: the organiser's stay (docs/scoring.md).
	f := resultFields{Status: req.GetStatus(), Value: doubleIn(req.GetResultValue()), CappedReps: int32In(req.GetCappedReps()),
		Tiebreak: doubleIn(req.GetTiebreakValue()), KeepPenalty: true, KeepScaled: true}
	if _, err := resolve(st, team.GetTeamId(), workoutID, f, ""); err != nil {
		return nil, err
	}
	by, byName := authn.Actor(ctx), submitterName(ctx, team)
	var saved, previous store.Submission
	var at time.Time
	guard := &saveGuard{
		before: func(ctx context.Context, tx *store.Store, _ []store.Input) error {
			// Under the cell's lock: a submission that waited past the deadline is refused. The
			// instant checked is the one stored, so no accepted submission reads as later than
			// the deadline (the rescore between the two can take longer than what was left).
			at = s.now()
			if err := checkWindow(st, w, at); err != nil {
				return err
			}
			var err error
			if previous, err = tx.LockSubmission(ctx, workoutID, team.GetTeamId()); errors.Is(err, store.ErrNotFound) {
				return nil
			}
			return err
		},
		after: func(ctx context.Context, tx *store.Store, out []*resultsv1.Result) error {
			in, err := resolve(st, team.GetTeamId(), workoutID, f, "")
			if err != nil {
				return err
			}
			in.EventID = st.eventID
			if saved, err = tx.SaveSubmission(ctx, in, video, byName, athleteID, at); err != nil {
				return err
			}
			// The video is part of the submission: a new link is in the result's history
			// even when the score stayed the same.
			if previous.ID != "" && previous.VideoURL != video {
				if err := tx.RecordVideoChange(ctx, workoutID, team.GetTeamId(), by, previous.VideoURL, video); err != nil {
					return err
				}
			}
			if err := tx.AddReviewAction(ctx, store.ReviewAction{SubmissionID: saved.ID, Action: "submitted",
				AfterText: out[0].GetResultText(), By: byName, ByID: athleteID, At: saved.SubmittedAt}); err != nil {
				return err
			}
			subject, body := s.receivedMail(submissionMail{eventName: st.eventName, workoutName: w.GetName(), teamName: team.GetTeamName(),
				resultText: out[0].GetResultText()}, zoned(w.GetSubmissionDeadline(), st.timeZone))
			return s.queueSubmissionMails(ctx, tx, team, subject, body)
		},
	}
	rows := []rawInput{{TeamID: team.GetTeamId(), WorkoutID: workoutID, resultFields: f}}
	out, _, err := s.saveRows(ctx, rows, func(int) string { return "" }, false, guard)
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "score submitted", "event", st.eventID, "workout", workoutID, "team", team.GetTeamId())
	return submissionPB(&saved, w, out[0].GetId().GetValue()), nil
}

// mySubmissions are the released workouts of an online event with the caller's team's
// submissions; without a confirmed team, the event alone.
func (s *service) mySubmissions(ctx context.Context, eventID string) (_ *resultsv1.MySubmissions, err error) {
	defer apperr.Wrap(&err, "resultssvc.mySubmissions(%q)", eventID)
	athleteID, err := qualifierAthlete(ctx)
	if err != nil {
		return nil, err
	}
	if eventID, err = parseID("eventId", "event", eventID); err != nil {
		return nil, err
	}
	st, err := s.athleteStructure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if isNotFound(err) {
		return nil, apperr.NotFound(msgEventNotFound)
	}
	if err != nil {
		return nil, err
	}
	out := &resultsv1.MySubmissions{EventId: st.eventID, EventName: st.eventName, TimeZone: st.timeZone, Workouts: []*resultsv1.SubmissionWorkout{}}
	team, ok, err := s.athleteTeam(ctx, st.eventID, athleteID)
	if err != nil {
		return nil, err
	}
	if !ok || st.format != "online" {
		return out, nil
	}
	out.TeamId, out.TeamName = team.GetTeamId(), team.GetTeamName()
	subs, err := s.store.ListTeamSubmissions(ctx, st.eventID, team.GetTeamId())
	if err != nil {
		return nil, fmt.Errorf("list submissions: %w", err)
	}
	byWorkout := make(map[string]*store.Submission, len(subs))
	for i := range subs {
		byWorkout[subs[i].WorkoutID] = &subs[i]
	}
	// A judge's penalty is the result's (the organiser may change it in the console): the
	// athletes read it as it stands.
	results, err := s.store.ListTeamResults(ctx, st.eventID, team.GetTeamId())
	if err != nil {
		return nil, fmt.Errorf("list results: %w", err)
	}
	penalties := make(map[string]string, len(results))
	for _, r := range results {
		penalties[r.WorkoutID] = penaltyText(r.Penalty)
	}
	now := s.now()
	for _, w := range st.orderedWorkouts {
		if w.GetParts() != "" {
			continue // a workout with parts takes no result: its parts are submitted (docs/scoring.md)
		}
		window := submissionWindow(w, now)
		if window == windowNone || window == windowNotReleased {
			continue
		}
		sw := &resultsv1.SubmissionWorkout{WorkoutId: w.GetId(), Name: w.GetName(), Description: w.GetDescription(),
			ScoreType: w.GetScoreType(), ScoreTypeLabel: w.GetScoreTypeLabel(), TimeCapSeconds: w.GetTimeCapSeconds(),
			TimeCapText: w.GetTimeCapText(), ReleaseAt: w.GetReleaseAt(), SubmissionDeadline: w.GetSubmissionDeadline(),
			VideoRequired: w.GetVideoRequired(), Open: window == windowOpen}
		if sub := byWorkout[w.GetId()]; sub != nil {
			sw.Submission = submissionPB(sub, w, "")
			sw.Submission.PenaltyText = penalties[w.GetId()]
		}
		out.Workouts = append(out.Workouts, sw)
	}
	return out, nil
}
