package scoring

import (
	"errors"
	"fmt"
	"math"
)

// Table gives the points for each place. The zero Table is
// podium100, the default.
type Table struct {
	name   string
	custom []float64
}

// NewTable returns the named table. name "" means podium100; custom is used
// only by "custom", which needs a non-empty list of non-negative points.
func NewTable(name string, custom []float64) (Table, error) {
	switch name {
	case "", "podium100":
		return Table{name: "podium100"}, nil
	case "games2012", "ranksum", "pscore":
		return Table{name: name}, nil
	case "custom":
		if len(custom) == 0 {
			return Table{}, errors.New("scoring: custom table needs at least one value")
		}
		for i, p := range custom {
			if !(p >= 0) || math.IsInf(p, 1) { // !(p >= 0) also rejects NaN
				return Table{}, fmt.Errorf("scoring: custom points for place %d must be a finite number >= 0, got %v", i+1, p)
			}
		}
		// Copied so a caller reusing its slice cannot change a table in use.
		return Table{name: name, custom: append([]float64(nil), custom...)}, nil
	}
	return Table{}, fmt.Errorf("scoring: unknown scoring table %q", name)
}

// Name is the table's name as accepted by NewTable.
func (t Table) Name() string {
	if t.name == "" {
		return "podium100"
	}
	return t.name
}

// Points returns the points for a place (1 = first); 0 for no place.
func (t Table) Points(place int) float64 {
	if place < 1 {
		return 0
	}
	switch t.name {
	case "ranksum":
		return float64(place)
	case "custom":
		if place > len(t.custom) {
			return 0
		}
		return t.custom[place-1]
	case "games2012":
		return stepTable(place, 30)
	}
	return stepTable(place, 21)
}

// isPScore is true for P-Score, whose points come from the results' values, not their places
// (pscore.go).
func (t Table) isPScore() bool { return t.name == "pscore" }

// LowerTotalWins is true for ranksum, where totals are sums of places.
func (t Table) LowerTotalWins() bool { return t.name == "ranksum" }

// stepTable is the shape shared by podium100 and games2012: 100, 95, 90, 85,
// 80, 75, then 2 fewer per place up to place twoStepEnd, then 1 fewer per
// place, never below 0.
func stepTable(place, twoStepEnd int) float64 {
	if place <= 6 {
		return float64(100 - 5*(place-1))
	}
	if place <= twoStepEnd {
		return float64(75 - 2*(place-6))
	}
	last := 75 - 2*(twoStepEnd-6)
	return float64(max(0, last-(place-twoStepEnd)))
}
