package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pg"
)

// Submission is a team's score for an online workout and its review (docs/qualifiers.md).
type Submission struct {
	ID, EventID, DivisionID, TeamID, WorkoutID string
	Status                                     typesv1.ResultStatus
	Value                                      *float64
	CappedReps                                 *int32
	Tiebreak                                   *float64
	VideoURL                                   string
	SubmittedBy                                string
	SubmittedAt                                time.Time
	ReviewState, ReviewReason, InternalNote    string
	ReviewedBy                                 string
	ReviewedAt                                 *time.Time
}

const submissionColumns = `id::text, event_id::text, division_id::text, team_id::text, workout_id::text, status,
	value, capped_reps, tiebreak, video_url, submitted_by, submitted_at, review_state, review_reason,
	internal_note, reviewed_by, reviewed_at`

func scanSubmission(row pgx.Row) (Submission, error) {
	var s Submission
	err := row.Scan(&s.ID, &s.EventID, &s.DivisionID, &s.TeamID, &s.WorkoutID, pg.Text(&s.Status), &s.Value, &s.CappedReps,
		&s.Tiebreak, &s.VideoURL, &s.SubmittedBy, &s.SubmittedAt, &s.ReviewState, &s.ReviewReason, &s.InternalNote,
		&s.ReviewedBy, &s.ReviewedAt)
	return s, err
}

// SaveSubmission stores a team's submission (a new one or its change) by the athlete byID,
// named byName, unreviewed again, and returns it.
func (s *Store) SaveSubmission(ctx context.Context, in Input, videoURL, byName, byID string, at time.Time) (_ Submission, err error) {
	defer apperr.Wrap(&err, "store.SaveSubmission(%q, %q)", in.TeamID, in.WorkoutID)
	return scanSubmission(s.db.QueryRow(ctx, `INSERT INTO results.submissions AS s
		(event_id, division_id, team_id, workout_id, status, value, capped_reps, tiebreak, video_url, submitted_by, submitted_at, submitted_by_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::uuid)
		ON CONFLICT (team_id, workout_id) DO UPDATE SET event_id = EXCLUDED.event_id, division_id = EXCLUDED.division_id,
			status = EXCLUDED.status, value = EXCLUDED.value, capped_reps = EXCLUDED.capped_reps, tiebreak = EXCLUDED.tiebreak,
			video_url = EXCLUDED.video_url, submitted_by = EXCLUDED.submitted_by, submitted_at = EXCLUDED.submitted_at,
			submitted_by_id = EXCLUDED.submitted_by_id,
			review_state = 'unreviewed', review_reason = '', reviewed_by = '', reviewed_at = NULL
		RETURNING `+submissionColumns,
		in.EventID, in.DivisionID, in.TeamID, in.WorkoutID, in.Status.String(), in.Value, in.CappedReps, in.Tiebreak, videoURL, byName, at, byID))
}

// ListTeamSubmissions returns a team's submissions in an event.
func (s *Store) ListTeamSubmissions(ctx context.Context, eventID, teamID string) (_ []Submission, err error) {
	defer apperr.Wrap(&err, "store.ListTeamSubmissions(%q, %q)", eventID, teamID)
	rows, err := s.db.Query(ctx, `SELECT `+submissionColumns+` FROM results.submissions WHERE event_id = $1 AND team_id = $2`, eventID, teamID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Submission
	for rows.Next() {
		sub, err := scanSubmission(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, sub)
	}
	return out, rows.Err()
}

// ReviewAction is one entry of a submission's review history; ByID is the athlete's account
// for an athlete's action (empty for staff).
type ReviewAction struct {
	SubmissionID, Action, Reason, InternalNote, BeforeText, AfterText, By string
	ByID                                                                  string
	At                                                                    time.Time
}

// AddReviewAction records an action on a submission.
func (s *Store) AddReviewAction(ctx context.Context, a ReviewAction) (err error) {
	defer apperr.Wrap(&err, "store.AddReviewAction(%q)", a.SubmissionID)
	_, err = s.db.Exec(ctx, `INSERT INTO results.submission_reviews
		(submission_id, action, reason, internal_note, before_text, after_text, by_name, at, by_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, nullif($9, '')::uuid)`,
		a.SubmissionID, a.Action, a.Reason, a.InternalNote, a.BeforeText, a.AfterText, a.By, a.At, a.ByID)
	return err
}

// ListReviewActions returns the actions on submissions, oldest first, by submission.
func (s *Store) ListReviewActions(ctx context.Context, ids []string) (_ map[string][]ReviewAction, err error) {
	defer apperr.Wrap(&err, "store.ListReviewActions()")
	rows, err := s.db.Query(ctx, `SELECT submission_id::text, action, reason, internal_note, before_text, after_text, by_name, at
		FROM results.submission_reviews WHERE submission_id = ANY($1::uuid[]) ORDER BY id`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]ReviewAction{}
	for rows.Next() {
		var a ReviewAction
		if err := rows.Scan(&a.SubmissionID, &a.Action, &a.Reason, &a.InternalNote, &a.BeforeText, &a.AfterText, &a.By, &a.At); err != nil {
			return nil, err
		}
		out[a.SubmissionID] = append(out[a.SubmissionID], a)
	}
	return out, rows.Err()
}

// ListWorkoutSubmissions returns a workout's submissions (in one review state when state is
// not empty), unreviewed first, then by submission time.
func (s *Store) ListWorkoutSubmissions(ctx context.Context, workoutID, state string) (_ []Submission, err error) {
	defer apperr.Wrap(&err, "store.ListWorkoutSubmissions(%q)", workoutID)
	rows, err := s.db.Query(ctx, `SELECT `+submissionColumns+` FROM results.submissions
		WHERE workout_id = $1 AND ($2 = '' OR review_state = $2)
		ORDER BY review_state <> 'unreviewed', submitted_at, id`, workoutID, state)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Submission
	for rows.Next() {
		sub, err := scanSubmission(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, sub)
	}
	return out, rows.Err()
}

// LockSubmission returns a team's submission for a workout, locked until the transaction
// ends, or ErrNotFound.
func (s *Store) LockSubmission(ctx context.Context, workoutID, teamID string) (_ Submission, err error) {
	defer apperr.Wrap(&err, "store.LockSubmission(%q, %q)", workoutID, teamID)
	sub, err := scanSubmission(s.db.QueryRow(ctx, `SELECT `+submissionColumns+` FROM results.submissions
		WHERE workout_id = $1 AND team_id = $2 FOR UPDATE`, workoutID, teamID))
	if errors.Is(err, pgx.ErrNoRows) {
		return sub, ErrNotFound
	}
	return sub, err
}

// SetReview records a review's outcome on a submission (its values when adjusted) and
// returns it.
func (s *Store) SetReview(ctx context.Context, sub Submission) (_ Submission, err error) {
	defer apperr.Wrap(&err, "store.SetReview(%q)", sub.ID)
	return scanSubmission(s.db.QueryRow(ctx, `UPDATE results.submissions SET review_state = $2, review_reason = $3,
		internal_note = $4, reviewed_by = $5, reviewed_at = $6, status = $7, value = $8, capped_reps = $9, tiebreak = $10
		WHERE id = $1 RETURNING `+submissionColumns,
		sub.ID, sub.ReviewState, sub.ReviewReason, sub.InternalNote, sub.ReviewedBy, sub.ReviewedAt,
		sub.Status.String(), sub.Value, sub.CappedReps, sub.Tiebreak))
}

// RecordVideoChange writes a history entry on the team's result for a new video link: the
// result as it stands on both sides, the links before and after (online qualifiers, where the
// video is part of the submission). It runs in the submission's transaction, after the save.
func (s *Store) RecordVideoChange(ctx context.Context, workoutID, teamID, actor, before, after string) (err error) {
	defer apperr.Wrap(&err, "store.RecordVideoChange(%q, %q)", workoutID, teamID)
	_, err = s.db.Exec(ctx, `INSERT INTO results.result_history (event_id, result_id, team_id, workout_id, actor, action,
			before_status, before_value, before_capped_reps, before_tiebreak, before_points, before_place, before_published,
			after_status, after_value, after_capped_reps, after_tiebreak, after_points, after_place, after_published,
			before_scaled, before_penalty_kind, before_penalty_amount, before_penalty_reason,
			after_scaled, after_penalty_kind, after_penalty_amount, after_penalty_reason,
			before_video_url, after_video_url)
		SELECT event_id, id, team_id, workout_id, $3, 'updated',
			status, value, capped_reps, tiebreak, points, place, is_published,
			status, value, capped_reps, tiebreak, points, place, is_published,
			scaled, penalty_kind, penalty_amount, penalty_reason,
			scaled, penalty_kind, penalty_amount, penalty_reason,
			$4, $5
		FROM results.results WHERE workout_id = $1 AND team_id = $2`, workoutID, teamID, actor, before, after)
	return err
}

// ListEventPublicLive returns the results of an online event whose board shows submitted
// scores at once (docs/qualifiers.md, "The online leaderboard"): a result with a submission
// as it stands (the team's score, or the judge's), marked Unreviewed until a judge has
// reviewed it; every other result as ListEventPublic has it.
func (s *Store) ListEventPublicLive(ctx context.Context, eventID string) (_ []Result, err error) {
	defer apperr.Wrap(&err, "store.ListEventPublicLive(%q)", eventID)
	rs, err := s.ListEvent(ctx, eventID)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT team_id::text, workout_id::text, review_state FROM results.submissions WHERE event_id = $1`, eventID)
	if err != nil {
		return nil, err
	}
	type key struct{ team, workout string }
	states := map[key]string{}
	for rows.Next() {
		var k key
		var state string
		if err := rows.Scan(&k.team, &k.workout, &state); err != nil {
			rows.Close()
			return nil, err
		}
		states[k] = state
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := rs[:0]
	for _, r := range rs {
		if state, ok := states[key{r.TeamID, r.WorkoutID}]; ok {
			r.Unreviewed, r.Public = state == "unreviewed", nil
			out = append(out, r)
			continue
		}
		if p := r.Public; p != nil {
			r.Status, r.Value, r.CappedReps, r.Tiebreak = p.Status, p.Value, p.CappedReps, p.Tiebreak
			r.Scaled, r.Penalty = p.Scaled, p.Penalty
			r.UpdatedAt, r.IsPublished, r.Public = p.UpdatedAt, true, nil
		}
		if r.IsPublished {
			out = append(out, r)
		}
	}
	return out, nil
}
