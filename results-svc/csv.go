package resultssvc

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/csvfile"
	"github.com/podium-dev/podium/internal/platform/nilorder"
	"github.com/podium-dev/podium/internal/resulttext"
	"github.com/podium-dev/podium/results-svc/store"
)

// exportResultsCsv is every result of an event, or of one division and/or workout, as a
// spreadsheet for the organisers: drafts included, with the admin points and ranks.
func (s *service) exportResultsCsv(ctx context.Context, eventID, workoutID, divisionID string) (_ *filesv1.CsvFile, err error) {
	defer apperr.Wrap(&err, "resultssvc.exportResultsCsv(%q, %q, %q)", eventID, workoutID, divisionID)
	st, workoutID, divisionID, err := s.eventCell(ctx, eventID, workoutID, divisionID)
	if err != nil {
		return nil, err
	}
	results, err := s.store.ListEvent(ctx, st.eventID)
	if err != nil {
		return nil, err
	}
	results = slices.DeleteFunc(results, func(r store.Result) bool {
		return (workoutID != "" && r.WorkoutID != workoutID) || (divisionID != "" && r.DivisionID != divisionID) ||
			st.teams[r.TeamID] == nil || st.workouts[r.WorkoutID] == nil
	})
	st.sortForExport(results)
	return &filesv1.CsvFile{FileName: st.exportFileName(workoutID, divisionID, time.Now()), Content: csvfile.Render(st.resultRows(results))}, nil
}

// exportFileName says what the organisers' export holds: the event, the division and workout
// it is narrowed to, that drafts are in it, and the day.
func (st *structure) exportFileName(workoutID, divisionID string, made time.Time) string {
	what := "results with drafts"
	if workoutID == "" && divisionID == "" {
		what = "all " + what
	}
	return csvfile.FileName(made, st.eventName, st.divisions[divisionID].GetName(), st.workouts[workoutID].GetName(), what)
}

// sortForExport orders results as the console does: division by name, workout by order, then
// place and team name.
func (st *structure) sortForExport(results []store.Result) {
	divisionRank := indexOf(st.orderedDivisions)
	workoutRank := indexOf(st.orderedWorkouts)
	slices.SortStableFunc(results, func(a, b store.Result) int {
		return cmp.Or(
			cmp.Compare(divisionRank[st.teams[a.TeamID].GetDivisionId()], divisionRank[st.teams[b.TeamID].GetDivisionId()]),
			cmp.Compare(workoutRank[a.WorkoutID], workoutRank[b.WorkoutID]),
			nilorder.Compare(a.Place, b.Place), /* ranked first, by place */
			cmp.Compare(st.teams[a.TeamID].GetName(), st.teams[b.TeamID].GetName()),
		)
	})
}

// resultRows: one row a result, as stored (a pending change's new value, a draft: Published
// "no"); Public result is what the public sees of it, so a pending change is never silent:
// the published value beside the pending one.
func (st *structure) resultRows(results []store.Result) [][]string {
	rows := [][]string{{"Division", "Workout", "Team", "Status", "Result", "Tiebreak", "Points", "Rank", "Published", "Public result", "Scaled", "Penalty"}}
	for _, r := range results {
		team, w := st.teams[r.TeamID], st.workouts[r.WorkoutID]
		text := resulttext.Stored(w.GetScoreType(), r.Status, r.Value, r.CappedReps)
		public := ""
		switch {
		case r.IsPublished:
			public = text
		case r.Public != nil:
			public = resulttext.Stored(w.GetScoreType(), r.Public.Status, r.Public.Value, r.Public.CappedReps) + " (change pending)"
		}
		rows = append(rows, []string{
			st.divisions[team.GetDivisionId()].GetName(), w.GetName(), team.GetName(), r.Status.String(), text,
			numberOrEmpty(r.Tiebreak), numberOrEmpty(r.Points), placeOrEmpty(r.Place), yesNo(r.IsPublished), public,
			yesNo(r.Scaled), penaltyText(r.Penalty),
		})
	}
	return rows
}

func indexOf[T interface{ GetId() string }](ordered []T) map[string]int {
	out := make(map[string]int, len(ordered))
	for i, x := range ordered {
		out[x.GetId()] = i
	}
	return out
}

func numberOrEmpty(v *float64) string {
	if v == nil {
		return ""
	}
	return resulttext.Number(*v)
}

func placeOrEmpty(v *int32) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(*v)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
