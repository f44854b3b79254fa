package resultssvc

import (
	"context"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/resulttext"
	"github.com/podium-dev/podium/results-svc/store"
)

// The online qualifier RPCs (docs/qualifiers.md).

// SubmitScore is an athlete's score for an online workout of their confirmed team.
func (s *Server) SubmitScore(ctx context.Context, req *resultsv1.SubmitScoreRequest) (*resultsv1.Submission, error) {
	return s.svc.submitScore(ctx, req)
}

// ListMySubmissions are the released workouts of an online event with the caller's team's
// submissions.
func (s *Server) ListMySubmissions(ctx context.Context, req *resultsv1.MySubmissionsRequest) (*resultsv1.MySubmissions, error) {
	return s.svc.mySubmissions(ctx, req.GetEventId())
}

// ListSubmissionQueue is a workout's submissions for its judges (scorer grant).
func (s *Server) ListSubmissionQueue(ctx context.Context, req *resultsv1.SubmissionQueueRequest) (*resultsv1.SubmissionQueue, error) {
	return s.svc.submissionQueue(ctx, req.GetEventId(), req.GetWorkoutId(), req.GetReviewState())
}

// ReviewSubmission is a judge's action on a team's submission (scorer grant).
func (s *Server) ReviewSubmission(ctx context.Context, req *resultsv1.ReviewSubmissionRequest) (*resultsv1.ReviewedSubmission, error) {
	return s.svc.reviewSubmission(ctx, req)
}

// GetLeaderboardFreeze is whether the event's public board is frozen (organiser grant).
func (s *Server) GetLeaderboardFreeze(ctx context.Context, req *resultsv1.LeaderboardFreezeRequest) (*resultsv1.LeaderboardFreeze, error) {
	return s.svc.leaderboardFreeze(ctx, req.GetEventId())
}

// FreezeLeaderboard keeps the event's public board as it is (organiser grant).
func (s *Server) FreezeLeaderboard(ctx context.Context, req *resultsv1.LeaderboardFreezeRequest) (*resultsv1.LeaderboardFreeze, error) {
	return s.svc.freezeLeaderboard(ctx, req.GetEventId())
}

// UnfreezeLeaderboard gives the event's public board the live standings again (organiser grant).
func (s *Server) UnfreezeLeaderboard(ctx context.Context, req *resultsv1.LeaderboardFreezeRequest) (*resultsv1.LeaderboardFreeze, error) {
	return s.svc.unfreezeLeaderboard(ctx, req.GetEventId())
}

// submissionPB is what an athlete sees of a submission: never the internal note.
func submissionPB(sub *store.Submission, w *competitionv1.Workout, resultID string) *resultsv1.Submission {
	return &resultsv1.Submission{
		Id: sub.ID, EventId: sub.EventID, WorkoutId: sub.WorkoutID, TeamId: sub.TeamID, ResultId: resultID,
		ResultText:  resulttext.Stored(w.GetScoreType(), sub.Status, sub.Value, sub.CappedReps),
		Status:      sub.Status,
		ResultValue: doubleOrNil(sub.Value), CappedReps: int32OrNil(sub.CappedReps), TiebreakValue: doubleOrNil(sub.Tiebreak),
		VideoUrl: sub.VideoURL, SubmittedBy: sub.SubmittedBy, SubmittedAt: instant(sub.SubmittedAt),
		ReviewState: sub.ReviewState, ReviewReason: sub.ReviewReason,
	}
}
