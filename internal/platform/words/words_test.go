package words_test

import (
	"slices"
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/words"
)

func TestParseTakesTheExactWordOnly(t *testing.T) {
	t.Parallel()
	if st, ok := words.Parse[typesv1.ScoreType]("MAX_WEIGHT"); !ok || st != typesv1.ScoreType_MAX_WEIGHT {
		t.Errorf("MAX_WEIGHT = %v, %v", st, ok)
	}
	for _, s := range []string{"", "time", " TIME", "SCORE_TYPE_UNSPECIFIED", "DISTANCE", "1"} {
		if st, ok := words.Parse[typesv1.ScoreType](s); ok || st != typesv1.ScoreType_SCORE_TYPE_UNSPECIFIED {
			t.Errorf("%q = %v, %v; want no word", s, st, ok)
		}
	}
}

func TestStrings(t *testing.T) {
	t.Parallel()
	got := words.Strings([]typesv1.ScoreType{typesv1.ScoreType_TIME, typesv1.ScoreType_POINTS})
	if want := []string{"TIME", "POINTS"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestEveryEventStatusHasOneLabel(t *testing.T) {
	t.Parallel()
	values := typesv1.EventStatus(0).Descriptor().Values()
	for i := range values.Len() {
		status := typesv1.EventStatus(values.Get(i).Number())
		n := 0
		for _, l := range words.EventStatusLabels {
			if l.Value == status {
				n++
			}
		}
		if want := min(int(status), 1); n != want {
			t.Errorf("%s has %d labels, want %d", status, n, want)
		}
	}
	if got := words.EventStatusLabelOf(typesv1.EventStatus_PUBLISHED); got != "Veröffentlicht" {
		t.Errorf("PUBLISHED = %q", got)
	}
	if got := words.EventStatusLabelOf(typesv1.EventStatus_EVENT_STATUS_UNSPECIFIED); got != "" {
		t.Errorf("unspecified = %q, want none", got)
	}
}
