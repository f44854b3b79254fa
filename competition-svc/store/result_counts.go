package store

import (
	"context"
	"slices"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The result counts results-svc records (migrations/1065_result_counts.sql): what the console
// shows and what refuses a delete or a move while results stand.

// ResultCount is one workout's or team's counts (one of the two ids is set). A team's are
// exact; a workout's are 0 or 1, any or none (results-svc's store.SettleCounts).
type ResultCount struct {
	WorkoutID, TeamID string
	// DivisionID is a team's: the division its results are stored under.
	DivisionID         string
	Results, Published int32
	Seq                int64
}

// Counts are the results and published results of some workouts or teams; a key missing
// has none.
type Counts struct {
	Results, Published map[string]int32
}

// CountsGone are the keys of a RecordResultCounts whose workout or team is missing, or
// whose team is in another division than its results.
type CountsGone struct {
	Workouts, Teams, Moved []string
}

// LockCountedRows takes FOR SHARE the rows of the workouts and teams counts name, in id
// order, and returns those missing or moved: a delete or move holding a row FOR UPDATE
// finishes first, and none starts before this transaction ends.
func (s *Store) LockCountedRows(ctx context.Context, counts []ResultCount) (_ CountsGone, err error) {
	defer apperr.Wrap(&err, "store.LockCountedRows()")
	var workouts, teams []string
	for _, c := range counts {
		if c.WorkoutID != "" {
			workouts = append(workouts, c.WorkoutID)
		} else {
			teams = append(teams, c.TeamID)
		}
	}
	var gone CountsGone
	found, err := s.lockedDivisions(ctx, `SELECT id::text, '' FROM competition.workouts
		WHERE id = ANY($1::uuid[]) ORDER BY id FOR SHARE`, workouts)
	if err != nil {
		return gone, err
	}
	for _, id := range workouts {
		if _, ok := found[id]; !ok {
			gone.Workouts = append(gone.Workouts, id)
		}
	}
	divisions, err := s.lockedDivisions(ctx, `SELECT id::text, division_id::text FROM competition.teams
		WHERE id = ANY($1::uuid[]) ORDER BY id FOR SHARE`, teams)
	if err != nil {
		return gone, err
	}
	for _, c := range counts {
		if c.TeamID == "" {
			continue
		}
		if d, ok := divisions[c.TeamID]; !ok {
			gone.Teams = append(gone.Teams, c.TeamID)
		} else if c.DivisionID != "" && d != c.DivisionID {
			gone.Moved = append(gone.Moved, c.TeamID)
		}
	}
	return gone, nil
}

func (s *Store) lockedDivisions(ctx context.Context, sql string, ids []string) (_ map[string]string, err error) {
	defer apperr.Wrap(&err, "store.lockedDivisions()")
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	ids = slices.Clone(ids)
	slices.Sort(ids)
	rows, err := s.db.Query(ctx, sql, slices.Compact(ids))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, division string
		if err := rows.Scan(&id, &division); err != nil {
			return nil, err
		}
		out[id] = division
	}
	return out, rows.Err()
}

// RecordResultCounts writes counts over older ones (by seq); the caller holds their rows
// (LockCountedRows) and passes only counts of workouts and teams that exist.
func (s *Store) RecordResultCounts(ctx context.Context, counts []ResultCount) (err error) {
	defer apperr.Wrap(&err, "store.RecordResultCounts()")
	var wIDs, tIDs []string
	var wResults, wPublished, tResults, tPublished []int32
	var wSeq, tSeq []int64
	for _, c := range counts {
		if c.WorkoutID != "" {
			wIDs, wResults, wPublished, wSeq = append(wIDs, c.WorkoutID), append(wResults, c.Results), append(wPublished, c.Published), append(wSeq, c.Seq)
		} else {
			tIDs, tResults, tPublished, tSeq = append(tIDs, c.TeamID), append(tResults, c.Results), append(tPublished, c.Published), append(tSeq, c.Seq)
		}
	}
	// One count per key: the newest (a batch may repeat a key).
	if len(wIDs) > 0 {
		if _, err := s.db.Exec(ctx, `INSERT INTO competition.result_counts (workout_id, results, published, seq)
			SELECT DISTINCT ON (id) id, results, published, seq
			FROM unnest($1::uuid[], $2::int4[], $3::int4[], $4::int8[]) AS c(id, results, published, seq)
			ORDER BY id, seq DESC
			ON CONFLICT (workout_id) WHERE workout_id IS NOT NULL DO UPDATE
			SET results = EXCLUDED.results, published = EXCLUDED.published, seq = EXCLUDED.seq
			WHERE result_counts.seq < EXCLUDED.seq`, wIDs, wResults, wPublished, wSeq); err != nil {
			return err
		}
	}
	if len(tIDs) > 0 {
		if _, err := s.db.Exec(ctx, `INSERT INTO competition.result_counts (team_id, results, published, seq)
			SELECT DISTINCT ON (id) id, results, published, seq
			FROM unnest($1::uuid[], $2::int4[], $3::int4[], $4::int8[]) AS c(id, results, published, seq)
			ORDER BY id, seq DESC
			ON CONFLICT (team_id) WHERE team_id IS NOT NULL DO UPDATE
			SET results = EXCLUDED.results, published = EXCLUDED.published, seq = EXCLUDED.seq
			WHERE result_counts.seq < EXCLUDED.seq`, tIDs, tResults, tPublished, tSeq); err != nil {
			return err
		}
	}
	return nil
}

// TeamResultCounts reads the counts of teams.
func (s *Store) TeamResultCounts(ctx context.Context, teamIDs []string) (_ Counts, err error) {
	defer apperr.Wrap(&err, "store.TeamResultCounts()")
	return s.resultCounts(ctx, `SELECT team_id::text, results, published FROM competition.result_counts
		WHERE team_id = ANY($1::uuid[])`, teamIDs)
}

// WorkoutResultCounts reads the counts of workouts.
func (s *Store) WorkoutResultCounts(ctx context.Context, workoutIDs []string) (_ Counts, err error) {
	defer apperr.Wrap(&err, "store.WorkoutResultCounts()")
	return s.resultCounts(ctx, `SELECT workout_id::text, results, published FROM competition.result_counts
		WHERE workout_id = ANY($1::uuid[])`, workoutIDs)
}

func (s *Store) resultCounts(ctx context.Context, sql string, ids []string) (_ Counts, err error) {
	defer apperr.Wrap(&err, "store.resultCounts()")
	out := Counts{Results: map[string]int32{}, Published: map[string]int32{}}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.db.Query(ctx, sql, ids)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var results, published int32
		if err := rows.Scan(&id, &results, &published); err != nil {
			return out, err
		}
		out.Results[id], out.Published[id] = results, published
	}
	return out, rows.Err()
}

// LockTeamRow takes a team's row FOR UPDATE, so no first result of the team commits until
// this transaction ends (a raise waits on it); ErrNotFound when it is gone.
func (s *Store) LockTeamRow(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.LockTeamRow(%q)", id)
	return notFound(s.db.QueryRow(ctx, `SELECT id FROM competition.teams WHERE id = $1 FOR UPDATE`, id).Scan(new(string)))
}

// LockDivisionTeamRows takes the rows of a division's teams FOR UPDATE (LockTeamRow).
func (s *Store) LockDivisionTeamRows(ctx context.Context, divisionID string) (err error) {
	defer apperr.Wrap(&err, "store.LockDivisionTeamRows(%q)", divisionID)
	_, err = s.db.Exec(ctx, `SELECT id FROM competition.teams WHERE division_id = $1 ORDER BY id FOR UPDATE`, divisionID)
	return err
}

// LockWorkoutRow takes a workout's row FOR UPDATE (LockTeamRow); ErrNotFound when it is gone.
func (s *Store) LockWorkoutRow(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "store.LockWorkoutRow(%q)", id)
	return notFound(s.db.QueryRow(ctx, `SELECT id FROM competition.workouts WHERE id = $1 FOR UPDATE`, id).Scan(new(string)))
}
