package store

import (
	"context"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Result counts by team and by workout (competition-svc shows them).

// PublishedByTeam counts each team's results the public sees (published, or with a change
// pending): they lock the team.
func (s *Store) PublishedByTeam(ctx context.Context, teamIDs []string) (_ map[string]int32, err error) {
	defer apperr.Wrap(&err, "store.PublishedByTeam()")
	return s.countBy(ctx, `SELECT team_id::text, count(*) FROM results.results
		WHERE team_id = ANY($1::uuid[]) AND (is_published OR public_status IS NOT NULL) GROUP BY team_id`, teamIDs)
}

// ResultsByTeam counts each team's results, published or not.
func (s *Store) ResultsByTeam(ctx context.Context, teamIDs []string) (_ map[string]int32, err error) {
	defer apperr.Wrap(&err, "store.ResultsByTeam()")
	return s.countBy(ctx, `SELECT team_id::text, count(*) FROM results.results
		WHERE team_id = ANY($1::uuid[]) GROUP BY team_id`, teamIDs)
}

// ResultsByWorkout counts each workout's results, published or not.
func (s *Store) ResultsByWorkout(ctx context.Context, workoutIDs []string) (_ map[string]int32, err error) {
	defer apperr.Wrap(&err, "store.ResultsByWorkout()")
	return s.countBy(ctx, `SELECT workout_id::text, count(*) FROM results.results
		WHERE workout_id = ANY($1::uuid[]) GROUP BY workout_id`, workoutIDs)
}

func (s *Store) countBy(ctx context.Context, sql string, ids []string) (_ map[string]int32, err error) {
	defer apperr.Wrap(&err, "store.countBy()")
	out := make(map[string]int32, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.db.Query(ctx, sql, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var n int32
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}
