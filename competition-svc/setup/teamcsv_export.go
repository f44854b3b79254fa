package setup

import (
	"context"
	"fmt"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/csvfile"
)

// A division's teams as the CSV file the team import reads (teamcsv.go): Team Name, then one
// Athlete column per athlete of the division's size ("Athlete 1" alone for individuals, two
// for pairs), the starting athletes in roster order. Substitutes are not in it, as the import
// reads none. Cells a spreadsheet would run are neutralised (csvfile).

// ExportDivisionTeams returns the file's name and content.
func (s *service) ExportDivisionTeams(ctx context.Context, divisionID string) (_ string, _ string, err error) {
	defer apperr.Wrap(&err, "setup.ExportDivisionTeams(%q)", divisionID)
	divisionID, err = core.ParseID("divisionId", divisionID, "Division")
	if err != nil {
		return "", "", err
	}
	d, err := s.division(ctx, s.Store, divisionID)
	if err != nil {
		return "", "", err
	}
	teams, err := s.Store.ListDivisionTeams(ctx, divisionID)
	if err != nil {
		return "", "", err
	}
	lines := make([][]string, len(teams))
	width := max(d.Roster.TeamSize, 1)
	for i, t := range teams {
		line := []string{t.Name}
		for _, a := range t.Roster {
			if !a.Substitute {
				line = append(line, a.Name)
			}
		}
		if len(t.Roster) == 0 { // a team written before rosters: its two names
			for _, n := range []string{t.Athlete1Name, t.Athlete2Name} {
				if n != "" {
					line = append(line, n)
				}
			}
		}
		width = max(width, len(line)-1) // a roster beyond the size loses no athlete
		lines[i] = line
	}
	header := []string{"Team Name"}
	for n := 1; n <= width; n++ {
		header = append(header, fmt.Sprintf("Athlete %d", n))
	}
	rows := [][]string{header}
	for _, line := range lines {
		for len(line) < len(header) {
			line = append(line, "")
		}
		rows = append(rows, line)
	}
	return csvfile.FileName(time.Now(), d.EventName, d.Name, "teams"), csvfile.Render(rows), nil
}
