package natural

import (
	"slices"
	"testing"
)

func TestCompareOrdersNumbersByValue(t *testing.T) {
	t.Parallel()
	names := []string{"Team 10", "team 3", "Team 2", "Team 1b", "Team 1", "Alpha", "alpha", "Team 02", "Team", "Bravo 9", "Bravo 10", "Ärzte 1"}
	slices.SortFunc(names, Compare)
	want := []string{"Alpha", "alpha", "Bravo 9", "Bravo 10", "Team", "Team 1", "Team 1b", "Team 2", "Team 02", "team 3", "Team 10", "Ärzte 1"}
	if !slices.Equal(names, want) {
		t.Errorf("sorted = %q\nwant     %q", names, want)
	}
}

func TestCompareIsAntisymmetric(t *testing.T) {
	t.Parallel()
	pairs := [][2]string{{"Team 2", "Team 10"}, {"a", "B"}, {"x1", "x01"}, {"9", "12345678901234567890"}, {"", "a"}}
	for _, p := range pairs {
		if Compare(p[0], p[1]) != -1 || Compare(p[1], p[0]) != 1 {
			t.Errorf("Compare(%q, %q) = %d, reverse %d", p[0], p[1], Compare(p[0], p[1]), Compare(p[1], p[0]))
		}
	}
	if Compare("Team 7", "Team 7") != 0 {
		t.Error("equal names must compare 0")
	}
}
