package csvfile

import (
	"testing"
	"time"
)

// A cell a spreadsheet would run as a formula gets a leading quote; numbers, plain text and
// cells with a formula character later on stay as they are.
func TestCellNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`=HYPERLINK("http://evil","x")`: `'=HYPERLINK("http://evil","x")`,
		"@SUM(A1:A2)":                   "'@SUM(A1:A2)",
		"+1+1":                          "'+1+1",
		"-2+3":                          "'-2+3",
		"\tTab":                         "'\tTab",
		"\rCR":                          "'\rCR",
		"-":                             "'-",
		"-Inf":                          "'-Inf",
		"-0x10":                         "'-0x10",
		"-2":                            "-2",
		"-2.5":                          "-2.5",
		"+7":                            "+7",
		"1e3":                           "1e3",
		"":                              "",
		"Team 1":                        "Team 1",
		"A=B":                           "A=B",
		"5:00 (#1, 100 pts)":            "5:00 (#1, 100 pts)",
	} {
		if got := Cell(in); got != want {
			t.Errorf("Cell(%q) = %q, want %q", in, got, want)
		}
	}
}

// Render neutralises every cell, the header row included, and quotes as RFC 4180 asks.
func TestRenderNeutralisesEveryRow(t *testing.T) {
	t.Parallel()
	got := Render([][]string{{"Team", "=1+1"}, {"@evil", "-2"}})
	want := "\ufeffTeam,'=1+1\r\n'@evil,-2\r\n"
	if got != want {
		t.Errorf("Render = %q, want %q", got, want)
	}
}

func TestFileNameSaysWhatAndWhen(t *testing.T) {
	t.Parallel()
	made := time.Date(2026, 11, 25, 23, 30, 0, 0, time.FixedZone("CET", 3600))
	for _, c := range []struct {
		parts []string
		want  string
	}{
		{[]string{"Summer Games", "Rx", "leaderboard"}, "Summer Games - Rx - leaderboard - 2026-11-25.csv"},
		{[]string{"Summer Games", "", " ", "registrations"}, "Summer Games - registrations - 2026-11-25.csv"},
	} {
		if got := FileName(made, c.parts...); got != c.want {
			t.Errorf("FileName(%q) = %q, want %q", c.parts, got, c.want)
		}
	}
}
