package names

import "testing"

func TestCleanRefusesNamesThatShowBlankReversedOrBroken(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want Problem
	}{
		{"\u200b\u200b", Invisible},
		{" \u200b\ufeff\u2060 ", Invisible},
		{"\u3164\u3164", Invisible},
		{"\u00ad\u034f", Invisible},
		{"\u202eevil", Bidi},
		{"Team \u2066A\u2069", Bidi},
		{"\u200fRLM", Bidi},
		{"x\r\ny", LineBreak},
		{"x\ny", LineBreak},
		{"a\tb", LineBreak},
		{"a\u2028b", LineBreak},
		{"a\u0085b", LineBreak},
		{"nul\x00", LineBreak},
	} {
		if got, p := Clean(tc.in); p != tc.want {
			t.Errorf("Clean(%q) = %q, %v; want problem %v", tc.in, got, p, tc.want)
		}
	}
}

func TestCleanKeepsNamesInNFC(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"  Müller  ":             "Müller",
		"Mu\u0308ller":           "Müller", // decomposed ü becomes one character
		"":                       "",
		"Team \u200bZero":        "Team \u200bZero", // a zero-width character beside visible ones stays
		"👨\u200d👩\u200d👧 Family": "👨\u200d👩\u200d👧 Family",
		"=HYPERLINK(\"x\")":      "=HYPERLINK(\"x\")", // spreadsheets are the CSV writer's business
		"Ελληνικά and العربية 2026": "Ελληνικά and العربية 2026",
	} {
		got, p := Clean(in)
		if p != OK || got != want {
			t.Errorf("Clean(%q) = %q, %v; want %q", in, got, p, want)
		}
	}
}

func TestMessageNamesTheField(t *testing.T) {
	t.Parallel()
	if got := Bidi.Message("Team name"); got != "Team name must not contain text direction characters" {
		t.Errorf("message %q", got)
	}
}

func TestReservedIsFormerAthleteHoweverWritten(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]bool{
		"Former athlete": true, "former ATHLETE": true, "Former  athlete": true, "Former\u200b athlete": true,
		"Formerathlete": true, "Former athletes": false, "Former": false, "Anna Former athlete": false,
	} {
		if got := Reserved(in); got != want {
			t.Errorf("Reserved(%q) = %v, want %v", in, got, want)
		}
	}
}
