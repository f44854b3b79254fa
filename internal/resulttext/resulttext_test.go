package resulttext

import (
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

func ptr(v float64) *float64 { return &v }

func TestFormatTime(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0:00"}, {5, "0:05"}, {59, "0:59"}, {60, "1:00"}, {754, "12:34"}, {3599, "59:59"},
		{3600, "1:00:00"}, {3661, "1:01:01"}, {36000, "10:00:00"}, {754.5, "12:34.5"},
		{754.25, "12:34.25"}, {59.999, "1:00"}, {86399, "23:59:59"},
	} {
		if got := Time(tc.in); got != tc.want {
			t.Errorf("Time(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestResultText(t *testing.T) {
	t.Parallel()
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
		if got := Result(typesv1.ScoreType(typesv1.ScoreType_value[tc.scoreType]), typesv1.ResultStatus(typesv1.ResultStatus_value[tc.status]), tc.raw); got != tc.want {
			t.Errorf("Result(%s, %s) = %q, want %q", tc.scoreType, tc.status, got, tc.want)
		}
	}
}

func TestStoredResultText(t *testing.T) {
	t.Parallel()
	reps := int32(15)
	if got := Stored(typesv1.ScoreType_TIME, typesv1.ResultStatus_capped, nil, &reps); got != "CAP +15" {
		t.Errorf("capped = %q, want CAP +15", got)
	}
	if got := Stored(typesv1.ScoreType_TIME, typesv1.ResultStatus_completed, ptr(522), nil); got != "8:42" {
		t.Errorf("completed = %q, want 8:42", got)
	}
}

func TestTimeCapText(t *testing.T) {
	t.Parallel()
	i32 := func(v int32) *int32 { return &v }
	for _, tc := range []struct {
		in   *int32
		want string
	}{{nil, ""}, {i32(0), ""}, {i32(60), "1:00"}, {i32(750), "12:30"}, {i32(3600), "60:00"}} {
		if got := TimeCap(tc.in); got != tc.want {
			t.Errorf("TimeCap(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
