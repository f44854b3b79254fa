package publicsvc

import (
	"testing"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

func ptr(v float64) *float64 { return &v }

// The public views spell score types with the JSON words of publicv1.WorkoutType.
func TestWorkoutType(t *testing.T) {
	t.Parallel()
	for in, want := range map[typesv1.ScoreType]string{typesv1.ScoreType_TIME: "time", typesv1.ScoreType_REPS: "reps", typesv1.ScoreType_MAX_WEIGHT: "maxweight", typesv1.ScoreType_POINTS: "points"} {
		if got := workoutType(in).String(); got != want {
			t.Errorf("workoutType(%s) = %q, want %q", in, got, want)
		}
	}
	if got := workoutType(typesv1.ScoreType_SCORE_TYPE_UNSPECIFIED); got != publicv1.WorkoutType_WORKOUT_TYPE_UNSPECIFIED {
		t.Errorf("workoutType(unspecified) = %s", got)
	}
}

func TestPercentAndStatus(t *testing.T) {
	t.Parallel()
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
	for in, want := range map[typesv1.EventStatus]string{typesv1.EventStatus_PUBLISHED: "published", typesv1.EventStatus_IN_PROGRESS: "in_progress", typesv1.EventStatus_ARCHIVED: "archived", typesv1.EventStatus_UNLISTED: "published"} {
		if got := publicStatus(in).String(); got != want {
			t.Errorf("publicStatus(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestParseFilterAndIDs(t *testing.T) {
	t.Parallel()
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
			got += s.String()
		}
		if got != want {
			t.Errorf("parseFilter(%q) = %q, want %q", in, got, want)
		}
	}
}
