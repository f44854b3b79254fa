package publicsvc

import "testing"

func ptr(v float64) *float64 { return &v }

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
}
