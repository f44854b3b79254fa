package words_test

import (
	"slices"
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/words"
)

func TestParseTakesTheExactWordOnly(t *testing.T) {
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
	got := words.Strings([]typesv1.ScoreType{typesv1.ScoreType_TIME, typesv1.ScoreType_POINTS})
	if want := []string{"TIME", "POINTS"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
