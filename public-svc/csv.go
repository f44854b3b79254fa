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
// as the leaderboard shows it: "12:34 (#1, 100 pts)".
func leaderboardRows(lb *publicv1.DivisionLeaderboard) [][]string {
	header := []string{"Rank", "Team", "Athlete 1", "Athlete 2", "Total Points"}
	for _, w := range lb.GetWorkouts() {
		header = append(header, w.GetName())
	}
	if lb.GetIncludeUnpublished() {
		header = append(header, "Draft")
	}
	rows := [][]string{header}
	for _, st := range lb.GetStandings() {
		row := []string{"", st.GetTeamName(), st.GetAthlete1Name(), st.GetAthlete2Name(), ""}
		if st.GetRank() != nil {
			row[0] = fmt.Sprint(st.GetRank().GetValue())
		}
		if st.GetTotalPoints() != nil {
			row[4] = resulttext.Number(st.GetTotalPoints().GetValue())
		}
		byWorkout := make(map[string]*publicv1.StandingWorkoutResult, len(st.GetWorkoutResults()))
		for _, r := range st.GetWorkoutResults() {
			byWorkout[r.GetWorkoutId()] = r
		}
		draft := false
		for _, w := range lb.GetWorkouts() {
			row = append(row, cellText(byWorkout[w.GetId()]))
			draft = draft || byWorkout[w.GetId()].GetDraft()
		}
		if lb.GetIncludeUnpublished() {
			row = append(row, map[bool]string{true: "draft", false: ""}[draft])
		}
		rows = append(rows, row)
	}
	return rows
}

func cellText(r *publicv1.StandingWorkoutResult) string {
	if r == nil || r.GetResult() == "" {
		return ""
	}
	var detail []string
	if r.GetRank() != nil {
		detail = append(detail, fmt.Sprintf("#%d", r.GetRank().GetValue()))
	}
	if r.GetPoints() != nil {
		detail = append(detail, resulttext.Number(r.GetPoints().GetValue())+" pts")
	}
	if len(detail) == 0 {
		return r.GetResult()
	}
	return fmt.Sprintf("%s (%s)", r.GetResult(), strings.Join(detail, ", "))
}
