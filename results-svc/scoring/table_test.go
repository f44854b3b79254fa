package scoring_test

import (
	"math"
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/results-svc/scoring"
)

func mustTable(t testing.TB, name string, custom ...float64) scoring.Table {
	t.Helper()
	tb, err := scoring.NewTable(name, custom)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestTablePoints(t *testing.T) {
	t.Parallel()
	tests := []struct {
		table  string
		custom []float64
		place  int
		want   float64
	}{
		{"podium100", nil, 1, 100},
		{"podium100", nil, 2, 95},
		{"podium100", nil, 3, 90},
		{"podium100", nil, 4, 85},
		{"podium100", nil, 5, 80},
		{"podium100", nil, 6, 75},
		{"podium100", nil, 7, 73},
		{"podium100", nil, 21, 45},
		{"podium100", nil, 22, 44},
		{"podium100", nil, 60, 6},
		{"podium100", nil, 65, 1},
		{"podium100", nil, 66, 0},
		{"podium100", nil, 200, 0},
		{"podium100", nil, 0, 0}, // no place
		{"", nil, 7, 73},         // podium100 is the default
		{"games2012", nil, 6, 75},
		{"games2012", nil, 7, 73},
		{"games2012", nil, 21, 45},
		{"games2012", nil, 30, 27},
		{"games2012", nil, 31, 26},
		{"games2012", nil, 57, 0},
		{"games2012", nil, 200, 0},
		{"ranksum", nil, 1, 1},
		{"ranksum", nil, 17, 17},
		{"custom", []float64{50, 30, 10.5}, 1, 50},
		{"custom", []float64{50, 30, 10.5}, 3, 10.5},
		{"custom", []float64{50, 30, 10.5}, 4, 0}, // past the end
	}
	for _, tt := range tests {
		if got := mustTable(t, tt.table, tt.custom...).Points(tt.place); got != tt.want {
			t.Errorf("%q place %d: got %v points, want %v", tt.table, tt.place, got, tt.want)
		}
	}
}

func TestZeroTableIsPodium100(t *testing.T) {
	t.Parallel()
	var zero scoring.Table
	for place := 1; place <= 70; place++ {
		if got, want := zero.Points(place), mustTable(t, "podium100").Points(place); got != want {
			t.Fatalf("place %d: zero Table gives %v, podium100 %v", place, got, want)
		}
	}
	if zero.Name() != "podium100" || zero.LowerTotalWins() {
		t.Errorf("zero Table: name %q, lower wins %v", zero.Name(), zero.LowerTotalWins())
	}
}

func TestTablesNeverNegativeAndNeverRise(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"podium100", "games2012"} {
		tb := mustTable(t, name)
		for place := 2; place <= 300; place++ {
			if p, prev := tb.Points(place), tb.Points(place-1); p < 0 || p > prev {
				t.Fatalf("%s place %d: %v points after %v", name, place, p, prev)
			}
		}
	}
}

func TestLowerTotalWins(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{"podium100": false, "games2012": false, "ranksum": true} {
		if got := mustTable(t, name).LowerTotalWins(); got != want {
			t.Errorf("%s: LowerTotalWins %v, want %v", name, got, want)
		}
	}
	if mustTable(t, "custom", 3, 2, 1).LowerTotalWins() {
		t.Error("custom: LowerTotalWins true, want false")
	}
}

func TestNewTableErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		custom []float64
	}{
		{"olympic", nil},
		{"Podium100", nil},
		{"custom", nil},
		{"custom", []float64{}},
		{"custom", []float64{10, -1}},
		{"custom", []float64{math.NaN()}},
		{"custom", []float64{math.Inf(1)}},
	}
	for _, tt := range tests {
		if _, err := scoring.NewTable(tt.name, tt.custom); err == nil {
			t.Errorf("NewTable(%q, %v): no error", tt.name, tt.custom)
		}
	}
}

func TestCustomTableKeepsItsOwnCopy(t *testing.T) {
	t.Parallel()
	points := []float64{10, 5}
	tb := mustTable(t, "custom", points...)
	points[0] = 99
	if got := tb.Points(1); got != 10 {
		t.Errorf("place 1 after caller changed its slice: %v, want 10", got)
	}
}

func TestDirectionFor(t *testing.T) {
	t.Parallel()
	for st, want := range map[typesv1.ScoreType]scoring.Direction{
		typesv1.ScoreType_TIME:       scoring.LowerIsBetter,
		typesv1.ScoreType_REPS:       scoring.HigherIsBetter,
		typesv1.ScoreType_MAX_WEIGHT: scoring.HigherIsBetter,
		typesv1.ScoreType_POINTS:     scoring.HigherIsBetter,
	} {
		got, err := scoring.DirectionFor(st)
		if err != nil || got != want {
			t.Errorf("DirectionFor(%v) = %v, %v; want %v", st, got, err, want)
		}
	}
	for _, st := range []typesv1.ScoreType{typesv1.ScoreType_SCORE_TYPE_UNSPECIFIED, 99} {
		if _, err := scoring.DirectionFor(st); err == nil {
			t.Errorf("DirectionFor(%v): no error", st)
		}
	}
}
