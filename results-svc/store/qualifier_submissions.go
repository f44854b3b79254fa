package store

import (
	"context"
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

// SaveSubmission stores a team's submission (a new one or its change), unreviewed again, and
// returns it.
func (s *Store) SaveSubmission(ctx context.Context, in Input, videoURL, by string, at time.Time) (_ Submission, err error) {
	defer apperr.Wrap(&err, "store.SaveSubmission(%q, %q)", in.TeamID, in.WorkoutID)
	return scanSubmission(s.db.QueryRow(ctx, `INSERT INTO results.submissions AS s
		(event_id, division_id, team_id, workout_id, status, value, capped_reps, tiebreak, video_url, submitted_by, submitted_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		ON CONFLICT (team_id, workout_id) DO UPDATE SET event_id = EXCLUDED.event_id, division_id = EXCLUDED.division_id,
			status = EXCLUDED.status, value = EXCLUDED.value, capped_reps = EXCLUDED.capped_reps, tiebreak = EXCLUDED.tiebreak,
			video_url = EXCLUDED.video_url, submitted_by = EXCLUDED.submitted_by, submitted_at = EXCLUDED.submitted_at,
			review_state = 'unreviewed', review_reason = '', reviewed_by = '', reviewed_at = NULL
		RETURNING `+submissionColumns,
		in.EventID, in.DivisionID, in.TeamID, in.WorkoutID, in.Status.String(), in.Value, in.CappedReps, in.Tiebreak, videoURL, by, at))
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
