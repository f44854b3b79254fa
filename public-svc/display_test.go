package publicsvc

import "testing"

func ptr(v float64) *float64 { return &v }

func TestFormatTime(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0:00"}, {5, "0:05"}, {59, "0:59"}, {60, "1:00"}, {754, "12:34"}, {3599, "59:59"},
		{3600, "1:00:00"}, {3661, "1:01:01"}, {36000, "10:00:00"}, {754.5, "12:34.5"},
		{754.25, "12:34.25"}, {59.999, "1:00"}, {86399, "23:59:59"},
	} {
		if got := formatTime(tc.in); got != tc.want {
			t.Errorf("formatTime(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestResultText(t *testing.T) {
	for _, tc := range []struct {
		scoreType, status string
		raw               *float64
		want              string
	}{
		{"TIME", "completed", ptr(754), "12:34"},
		{"TIME", "completed", ptr(4000), "1:06:40"},
		{"TIME", "capped", ptr(15), "CAP +15"},
		{"TIME", "capped", nil, "CAP"},
		{"REPS", "completed", ptr(235), "235"},
		{"REPS", "completed", ptr(0), "0"},
		{"MAX_WEIGHT", "completed", ptr(102.5), "102.5"},
		{"MAX_WEIGHT", "completed", ptr(100.0), "100"},
		{"POINTS", "completed", ptr(12.75), "12.75"},
		{"POINTS", "completed", ptr(0.1 + 0.2), "0.3"},
		{"TIME", "dnf", nil, "DNF"},
		{"REPS", "dns", nil, "DNS"},
		{"REPS", "not_started", nil, ""},
		{"REPS", "completed", nil, ""},
	} {
		if got := resultText(tc.scoreType, tc.status, tc.raw); got != tc.want {
			t.Errorf("resultText(%s, %s) = %q, want %q", tc.scoreType, tc.status, got, tc.want)
		}
	}
}

func TestWorkoutType(t *testing.T) {
	for in, want := range map[string]string{"TIME": "time", "REPS": "reps", "MAX_WEIGHT": "maxweight", "POINTS": "points", "time": "time", "OTHER": "other"} {
		if got := workoutType(in); got != want {
			t.Errorf("workoutType(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestPercentAndStatus(t *testing.T) {
	if got := percent(1, 3); got != 33.33 {
		t.Errorf("percent(1,3) = %v", got)
	}
	if got := percent(2, 3); got != 66.67 {
		t.Errorf("percent(2,3) = %v", got)
	}
	if got := percent(1, 0); got != 0 {
		t.Errorf("percent(1,0) = %v", got)
	}
	if got := percent(4, 4); got != 100 {
		t.Errorf("percent(4,4) = %v", got)
	}
	for in, want := range map[string]string{"PUBLISHED": "published", "IN_PROGRESS": "in_progress", "ARCHIVED": "archived", "UNLISTED": "published"} {
		if got := publicStatus(in); got != want {
			t.Errorf("publicStatus(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestParseFilterAndIDs(t *testing.T) {
	for in, want := range map[string]string{
		"":                              "published,in_progress",
		"published":                     "published",
		" Archived , PUBLISHED":         "published,archived",
		"draft,unlisted":                "",
		"in_progress,bogus,in_progress": "in_progress",
	} {
		got := ""
		for i, s := range parseFilter(in) {
			if i > 0 {
				got += ","
			}
			got += s
		}
		if got != want {
			t.Errorf("parseFilter(%q) = %q, want %q", in, got, want)
		}
	}
	if id, ok := canonicalID(" 3F2504E0-4F89-11D3-9A0C-0305E82C3301 "); !ok || id != "3f2504e0-4f89-11d3-9a0c-0305e82c3301" {
		t.Errorf("canonicalID: %q %v", id, ok)
	}
	for _, bad := range []string{"", "abc", "3f2504e0-4f89-11d3-9a0c-0305e82c330", "3f2504e0x4f89-11d3-9a0c-0305e82c3301", "zf2504e0-4f89-11d3-9a0c-0305e82c3301"} {
		if _, ok := canonicalID(bad); ok {
			t.Errorf("canonicalID(%q) accepted", bad)
		}
	}
}
