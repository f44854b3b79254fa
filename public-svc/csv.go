package publicsvc

import (
	"context"
	"fmt"
	"strings"
	"time"

	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/csvfile"
	"github.com/podium-dev/podium/internal/resulttext"
)

// divisionLeaderboardCsv is the public division leaderboard as a spreadsheet: published
// results only, with the same ranks, totals and result texts. A preview (asked by a caller who
// may see it) counts unpublished results too and says so: its name ends in "preview" and a
// last column "Draft" marks every team with an unpublished result.
func (s *service) divisionLeaderboardCsv(ctx context.Context, eventID, divisionID string, asked bool) (_ *filesv1.CsvFile, err error) {
	defer apperr.Wrap(&err, "publicsvc.divisionLeaderboardCsv(%q, %q)", eventID, divisionID)
	preview, err := s.preview(ctx, eventID, asked, csvPreviewParam)
	if err != nil {
		return nil, err
	}
	lb, err := s.divisionLeaderboard(ctx, &publicv1.DivisionLeaderboardRequest{EventId: eventID, DivisionId: divisionID}, preview)
	if err != nil {
		return nil, err
	}
	what := "leaderboard"
	if preview {
		what = "leaderboard preview"
	}
	return &filesv1.CsvFile{
		FileName: csvfile.FileName(time.Now(), lb.GetEvent().GetName(), lb.GetDivision().GetName(), what),
		Content:  csvfile.Render(leaderboardRows(lb)),
	}, nil
}

// leaderboardRows: a header, then one row a team in leaderboard order; a workout's cell reads
// as the leaderboard shows it: "12:34 (#1, 100 pts)". A multi-part workout (docs/scoring.md)
// stays one row a team: a column a part, named with its workout ("Workout 3 — 3a"). A team
// has one column per athlete of its division's size (docs/rosters.md); an individual
// division's rows are athletes ("Athlete", no athlete columns).
func leaderboardRows(lb *publicv1.DivisionLeaderboard) [][]string {
	columns := csvColumns(lb.GetWorkouts())
	size := int(lb.GetDivision().GetTeamSize())
	if size == 0 {
		size = pairs
	}
	header := []string{"Rank", "Team"}
	if size == 1 {
		header[1] = "Athlete"
	} else {
		for i := 1; i <= size; i++ {
			header = append(header, fmt.Sprintf("Athlete %d", i))
		}
	}
	totalAt := len(header)
	header = append(header, "Total Points")
	for _, c := range columns {
		header = append(header, c.name)
	}
	if lb.GetIncludeUnpublished() {
		header = append(header, "Draft")
	}
	rows := [][]string{header}
	for _, st := range lb.GetStandings() {
		row := make([]string, totalAt+1)
		row[1] = st.GetTeamName()
		if size > 1 {
			names := st.GetAthleteNames()
			if len(names) == 0 {
				names = []string{st.GetAthlete1Name(), st.GetAthlete2Name()}
			}
			for i := 0; i < size && i < len(names); i++ {
				row[2+i] = names[i]
			}
		}
		if st.GetRank() != nil {
			row[0] = fmt.Sprint(st.GetRank().GetValue())
		}
		if st.GetTotalPoints() != nil {
			row[totalAt] = resulttext.Number(st.GetTotalPoints().GetValue())
		}
		byWorkout := make(map[string]*publicv1.StandingWorkoutResult, len(st.GetWorkoutResults()))
		for _, r := range st.GetWorkoutResults() {
			byWorkout[r.GetWorkoutId()] = r
		}
		draft := false
		for _, c := range columns {
			row = append(row, cellText(byWorkout[c.id]))
		}
		for _, w := range lb.GetWorkouts() {
			draft = draft || byWorkout[w.GetId()].GetDraft()
		}
		if lb.GetIncludeUnpublished() {
			row = append(row, map[bool]string{true: "draft", false: ""}[draft])
		}
		rows = append(rows, row)
	}
	return rows
}

// csvColumn is one workout column of the spreadsheet: its name and its workout's id.
type csvColumn struct{ name, id string }

// csvColumns: a column a workout with results of its own: not a workout whose parts are placed
// one by one (its parts are the columns); a combined workout's column holds the combined result,
// place and points (results-svc's standings), its parts' columns their results alone.
func csvColumns(workouts []*publicv1.LeaderboardWorkout) []csvColumn {
	byID := make(map[string]*publicv1.LeaderboardWorkout, len(workouts))
	for _, w := range workouts {
		byID[w.GetId()] = w
	}
	var out []csvColumn
	for _, w := range workouts {
		if hasBoard(w) {
			out = append(out, csvColumn{name: partName(byID[w.GetPartOf()].GetName(), w.GetName()), id: w.GetId()})
		}
	}
	return out
}

func cellText(r *publicv1.StandingWorkoutResult) string {
	if r == nil || r.GetResult() == "" {
		return ""
	}
	detail := placeText(r)
	if detail == "" {
		return r.GetResult()
	}
	return fmt.Sprintf("%s (%s)", r.GetResult(), detail)
}

// placeText is a result's place and points: "#1, 100 pts"; "" when it has neither (a part of
// a combined workout: its workout has them).
func placeText(r *publicv1.StandingWorkoutResult) string {
	var detail []string
	if r.GetRank() != nil {
		detail = append(detail, fmt.Sprintf("#%d", r.GetRank().GetValue()))
	}
	if r.GetPoints() != nil {
		detail = append(detail, resulttext.Number(r.GetPoints().GetValue())+" pts")
	}
	return strings.Join(detail, ", ")
}
