// Package natural orders names the way people read them: digits compare as numbers, so
// "Team 2" comes before "Team 10", and letters compare without regard to case. It is the one
// home of the team-name order (competition-svc lists, results-svc grids and standings ties);
// the web app keeps the order the server sends.
package natural

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Compare orders a and b naturally (-1, 0, +1): runs of digits by their value (then by their
// length, so "02" follows "2"), everything else by lower case. Names that differ only in case
// are then ordered by their bytes, so the order is total for distinct names.
func Compare(a, b string) int {
	if c := compareFolded(a, b); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func compareFolded(a, b string) int {
	for a != "" && b != "" {
		ra, sa := utf8.DecodeRuneInString(a)
		rb, sb := utf8.DecodeRuneInString(b)
		if isDigit(ra) && isDigit(rb) {
			da, db := digitRun(a), digitRun(b)
			if c := compareNumbers(da, db); c != 0 {
				return c
			}
			a, b = a[len(da):], b[len(db):]
			continue
		}
		la, lb := unicode.ToLower(ra), unicode.ToLower(rb)
		if la != lb {
			if la < lb {
				return -1
			}
			return 1
		}
		a, b = a[sa:], b[sb:]
	}
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -1
	default:
		return 1
	}
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func digitRun(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// compareNumbers compares two runs of ASCII digits by value without parsing (any length),
// then the shorter run (fewer leading zeros) first.
func compareNumbers(a, b string) int {
	ta, tb := strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if len(ta) != len(tb) {
		if len(ta) < len(tb) {
			return -1
		}
		return 1
	}
	if c := strings.Compare(ta, tb); c != 0 {
		return c
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}
