package setup_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/competition-svc/setup"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

func importTeams(t *testing.T, f *apitest.Services, req *competitionv1.ImportTeamsRequest) *competitionv1.ImportTeamsResponse {
	t.Helper()
	return apitest.Must[*competitionv1.ImportTeamsResponse](t)(f.Srv.ImportTeams(f.Ctx, req))
}

func teamNames(teams []*competitionv1.Team) string {
	names := make([]string, len(teams))
	for i, tm := range teams {
		names[i] = tm.GetName() + "/" + tm.GetAthlete1Name() + "/" + tm.GetAthlete2Name() + "/" + tm.GetDivisionName()
	}
	return strings.Join(names, "; ")
}

func TestImportTeamsReadsSpreadsheetExports(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	elite := f.Division(t, e.GetId(), "Elite")
	f.Division(t, e.GetId(), "Masters 40+")

	for _, c := range []struct {
		name, csv, division, want string
	}{
		{"comma, header in another order and case", "athlete 2,TEAM NAME,Athlete 1\r\nBea,Barbell Bros,Ann\r\n",
			elite.GetId(), "Barbell Bros/Ann/Bea/Elite"},
		{"semicolon, BOM, umlauts", "\ufeffTeam Name;Athlete 1;Athlete 2\nKraftwerk Müller;Jürgen Groß;Åsa Ødegård\n",
			elite.GetId(), "Kraftwerk Müller/Jürgen Groß/Åsa Ødegård/Elite"},
		{"quoted fields with separators and quotes", "Team Name,Athlete 1,Athlete 2\n\"Smith, Jones & Co\",\"Ann \"\"The Hammer\"\" Lee\",\n",
			elite.GetId(), `Smith, Jones & Co/Ann "The Hammer" Lee//Elite`},
		{"division by name, any case; blank lines skipped", "Team Name,Division\nOld Guard,masters 40+\n\n,\nNew Blood,ELITE\n",
			"", "Old Guard///Masters 40+; New Blood///Elite"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := teamCount(t, f)
			dry := importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), DivisionId: c.division, Csv: c.csv, DryRun: true})
			if got := teamNames(dry.GetCreated()); got != c.want || len(dry.GetErrors()) != 0 {
				t.Fatalf("dry run: %s, errors %v; want %s", got, dry.GetErrors(), c.want)
			}
			if teamCount(t, f) != before {
				t.Fatal("a dry run created teams")
			}
			done := importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), DivisionId: c.division, Csv: c.csv})
			if got := teamNames(done.GetCreated()); got != c.want || len(done.GetErrors()) != 0 {
				t.Fatalf("import: %s, errors %v; want %s", got, done.GetErrors(), c.want)
			}
			if done.GetCreated()[0].GetId() == "" || teamCount(t, f) != before+len(done.GetCreated()) {
				t.Fatal("the import did not create its teams")
			}
		})
	}
}

func TestImportTeamsWithABadRowCreatesNothing(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	f.Division(t, e.GetId(), "Elite")
	csv := "Team Name,Athlete 1,Division\n" +
		"Good Team,Ann,Elite\n" +
		"X,Bob,Elite\n" + // line 3: name too short
		"Lost Team,Cy,Scaled\n" + // line 4: no such division
		"Long Athlete," + strings.Repeat("a", 256) + ",Elite\n" + // line 5
		"No Division,Di,\n" // line 6
	resp := importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), Csv: csv})
	want := []string{
		"3: Team name must be at least 2 characters",
		`4: Division "Scaled" does not exist in this event`,
		"5: Athlete 1 name must be less than 255 characters",
		"6: Division is required",
	}
	var got []string
	for _, le := range resp.GetErrors() {
		got = append(got, fmt.Sprintf("%d: %s", le.GetLine(), le.GetMessage()))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := teamCount(t, f); n != 0 {
		t.Errorf("%d teams created by an import with errors", n)
	}
}

func TestImportTeamsRefusesFilesItCannotRead(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	tooMany := "Team Name\n" + strings.Repeat("Team Name Here\n", core.TeamsPerDivisionMax+1)
	// 2,000 rows over two divisions, in one import.
	f.Division(t, e.GetId(), "Scaled")
	var exactly strings.Builder
	exactly.WriteString("Team Name,Division\n")
	for i := range 1000 {
		fmt.Fprintf(&exactly, "Team %d,Elite\nTeam %d,Scaled\n", i, i)
	}
	for _, c := range []struct {
		name, event, division, csv, field, message string
	}{
		{"no event", "", d.GetId(), "Team Name\nA Team\n", "eventId", core.MsgEventRequired},
		{"empty", e.GetId(), d.GetId(), " \n", "csv", setup.MsgImportEmpty},
		{"no Team Name column", e.GetId(), d.GetId(), "Name,Athlete 1\nA Team,Ann\n", "csv", setup.MsgImportNoTeamName},
		{"no Division column and no division", e.GetId(), "", "Team Name\nA Team\n", "csv", setup.MsgImportNoDivision},
		{"more than 100,000 rows", e.GetId(), d.GetId(), tooMany, "csv", setup.MsgImportTooManyRows},
		{"not UTF-8", e.GetId(), d.GetId(), "Team Name\nM\xfcller\n", "csv", setup.MsgImportNotUTF8},
		{"a quote left open", e.GetId(), d.GetId(), "Team Name,Athlete 1,Athlete 2\nGood Team,A,B\n\"Broken quote team,A,B\nOnly,\n", "csv",
			`Line 3: a quoted cell starts here and its closing quote (") is missing`},
		{"a quote inside a cell", e.GetId(), d.GetId(), "Team Name,Athlete 1\nAnn \"The Hammer\" Lee,A\n", "csv",
			`Line 2: a quote (") is inside a cell that does not start with one; put the cell in quotes and double the quote ("")`},
		{"a row with too many cells", e.GetId(), d.GetId(), "Team Name,Athlete 1,Athlete 2\nGood Team,A,B\nBad Team,A,B,C\n", "csv",
			"Line 3 has 4 cells but the header has 3"},
		{"a row with too few cells", e.GetId(), d.GetId(), "Team Name,Athlete 1,Athlete 2\nGood Team,A,B\n\nShort Team\n", "csv",
			"Line 4 has 1 cell but the header has 3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.Srv.ImportTeams(f.Ctx, &competitionv1.ImportTeamsRequest{EventId: c.event, DivisionId: c.division, Csv: c.csv})
			st, _ := apperr.ToStatus(err)
			if apperr.FieldOf(st) != c.field || st.Message() != c.message {
				t.Errorf("got %v, want %s: %s", err, c.field, c.message)
			}
		})
	}
	if n := teamCount(t, f); n != 0 {
		t.Fatalf("%d teams created by refused imports", n)
	}
	resp := importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), Csv: exactly.String()})
	if resp.GetCreatedCount() != 2000 || !resp.GetCreatedTruncated() || len(resp.GetCreated()) != 100 || teamCount(t, f) != 2000 {
		t.Errorf("2,000 rows: created %d, listed %d (truncated %v)", resp.GetCreatedCount(), len(resp.GetCreated()), resp.GetCreatedTruncated())
	}
}

// An import's answer lists at most 100 teams and 100 wrong lines, the first in the file's
// order, and counts them all (docs/boards.md, "Team imports").
func TestImportTeamsAnswersTheFirstHundred(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	var file strings.Builder
	file.WriteString("Team Name\n")
	for i := range 300 {
		if i%2 == 1 {
			file.WriteString("X\n") // lines 3, 5, … 301: 150 wrong
			continue
		}
		fmt.Fprintf(&file, "Team %03d\n", i)
	}
	resp := importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId(), Csv: file.String()})
	errs := resp.GetErrors()
	if resp.GetErrorCount() != 150 || len(errs) != 100 || errs[0].GetLine() != 3 || errs[99].GetLine() != 201 {
		t.Errorf("%d wrong lines counted, %d listed, want 150 and lines 3 … 201", resp.GetErrorCount(), len(errs))
	}
	created := resp.GetCreated()
	if resp.GetCreatedCount() != 150 || !resp.GetCreatedTruncated() || len(created) != 100 || created[99].GetName() != "Team 198" || created[0].GetId() != "" {
		t.Errorf("would create %d, listed %d (truncated %v), want 150 and the first 100 without ids", resp.GetCreatedCount(), len(created), resp.GetCreatedTruncated())
	}
	if n := teamCount(t, f); n != 0 {
		t.Fatalf("%d teams created by a file with wrong lines", n)
	}

	small := importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), DivisionId: d.GetId(), Csv: "Team Name\nAlpha\nBravo\n"})
	if small.GetCreatedCount() != 2 || small.GetCreatedTruncated() || len(small.GetCreated()) != 2 || small.GetErrorCount() != 0 || small.GetCreated()[1].GetId() == "" {
		t.Errorf("a file of two: %v", small)
	}
}

func TestImportTeamsRefusesNamesTakenInTheDivision(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-01-01", "2026-01-02")
	elite := f.Division(t, e.GetId(), "Elite")
	scaled := f.Division(t, e.GetId(), "Scaled")
	f.Team(t, elite.GetId(), "Barbell Bandits", "", "")
	csv := "Team Name,Division\n" +
		"Dup Team,Elite\n" + // 2
		"barbell bandits,Elite\n" + // 3: already in Elite
		"Barbell Bandits,Scaled\n" + // 4: another division, fine
		"DUP  team,Elite\n" + // 5: same as 2 and 7
		"Crème Brûlée,Scaled\n" + // 6
		"Dûp Team,Elite\n" + // 7
		"Creme Brulee,Scaled\n" // 8: same as 6
	want := []string{
		`2: Team name "Dup Team" appears more than once in this division: lines 2, 5, 7`,
		`3: A team named "Barbell Bandits" is already in this division`,
		`5: Team name "DUP  team" appears more than once in this division: lines 2, 5, 7`,
		`6: Team name "Crème Brûlée" appears more than once in this division: lines 6, 8`,
		`7: Team name "Dûp Team" appears more than once in this division: lines 2, 5, 7`,
		`8: Team name "Creme Brulee" appears more than once in this division: lines 6, 8`,
	}
	for _, dry := range []bool{true, false} {
		resp := importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), Csv: csv, DryRun: dry})
		var got []string
		for _, le := range resp.GetErrors() {
			got = append(got, fmt.Sprintf("%d: %s", le.GetLine(), le.GetMessage()))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("dry run %v, errors:\n%s\nwant:\n%s", dry, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	if n := teamCount(t, f); n != 1 {
		t.Fatalf("%d teams, want the 1 there was", n)
	}

	// The same file twice: the second time every row is already there, and nothing is created.
	file := "Team Name,Athlete 1\nAlpha,Ann\nBravo,Bea\n"
	importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), DivisionId: scaled.GetId(), Csv: file})
	again := importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), DivisionId: scaled.GetId(), Csv: file})
	var got []string
	for _, le := range again.GetErrors() {
		got = append(got, fmt.Sprintf("%d: %s", le.GetLine(), le.GetMessage()))
	}
	if want := `2: A team named "Alpha" is already in this division; 3: A team named "Bravo" is already in this division`; strings.Join(got, "; ") != want {
		t.Errorf("re-import: %s; want %s", strings.Join(got, "; "), want)
	}
	if n := teamCount(t, f); n != 3 {
		t.Fatalf("%d teams after importing a file twice, want 3", n)
	}
}
