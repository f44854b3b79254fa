package csvfile

import "testing"

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
