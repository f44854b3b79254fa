package competitionsvc

import (
	"fmt"
	"strings"
	"testing"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

func importTeams(t *testing.T, f *fixture, req *competitionv1.ImportTeamsRequest) *competitionv1.ImportTeamsResponse {
	t.Helper()
	return must[*competitionv1.ImportTeamsResponse](t)(f.srv.ImportTeams(f.ctx, req))
}

func teamNames(teams []*competitionv1.Team) string {
	names := make([]string, len(teams))
	for i, tm := range teams {
		names[i] = tm.GetName() + "/" + tm.GetAthlete1Name() + "/" + tm.GetAthlete2Name() + "/" + tm.GetDivisionName()
	}
	return strings.Join(names, "; ")
}

func TestImportTeamsReadsSpreadsheetExports(t *testing.T) {
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	elite := f.division(t, e.GetId(), "Elite")
	f.division(t, e.GetId(), "Masters 40+")

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
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	f.division(t, e.GetId(), "Elite")
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
	f := newFixture(t)
	e := f.event(t, "Open", "2026-01-01", "2026-01-02")
	d := f.division(t, e.GetId(), "Elite")
	tooMany := "Team Name\n" + strings.Repeat("Team Name Here\n", 2001)
	// 2,000 rows fill two divisions to their limit of 1,000 teams each.
	f.division(t, e.GetId(), "Scaled")
	exactly := "Team Name,Division\n" + strings.Repeat("Team Name Here,Elite\nTeam Name Here,Scaled\n", 1000)
	for _, c := range []struct {
		name, event, division, csv, field, message string
	}{
		{"no event", "", d.GetId(), "Team Name\nA Team\n", "eventId", msgEventRequired},
		{"empty", e.GetId(), d.GetId(), " \n", "csv", msgImportEmpty},
		{"no Team Name column", e.GetId(), d.GetId(), "Name,Athlete 1\nA Team,Ann\n", "csv", msgImportNoTeamName},
		{"no Division column and no division", e.GetId(), "", "Team Name\nA Team\n", "csv", msgImportNoDivision},
		{"more than 2,000 rows", e.GetId(), d.GetId(), tooMany, "csv", msgImportTooManyRows},
		{"not UTF-8", e.GetId(), d.GetId(), "Team Name\nM\xfcller\n", "csv", msgImportNotUTF8},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.srv.ImportTeams(f.ctx, &competitionv1.ImportTeamsRequest{EventId: c.event, DivisionId: c.division, Csv: c.csv})
			st, _ := apperr.ToStatus(err)
			if apperr.FieldOf(st) != c.field || st.Message() != c.message {
				t.Errorf("got %v, want %s: %s", err, c.field, c.message)
			}
		})
	}
	if n := teamCount(t, f); n != 0 {
		t.Fatalf("%d teams created by refused imports", n)
	}
	resp := importTeams(t, f, &competitionv1.ImportTeamsRequest{EventId: e.GetId(), Csv: exactly})
	if len(resp.GetCreated()) != 2000 || teamCount(t, f) != 2000 {
		t.Errorf("2,000 rows: created %d", len(resp.GetCreated()))
	}
}
