package store

import (
	"slices"
	"testing"
)

func TestSearchQueryPatterns(t *testing.T) {
	t.Parallel()
	cases := []struct {
		key       string
		wordStart bool
		patterns  []string
		match     []string
		miss      []string
	}{
		{"muller", false, []string{"%muller%"}, []string{"anna muller", "mullerova", "x-muller"}, []string{"mueller"}},
		{"zz", true, []string{"zz%", "% zz%"}, []string{"zz top", "the zzz crew"}, []string{"jazz", "a-zz"}},
		{"_ew", true, []string{`\_ew%`, `% \_ew%`}, []string{"_ew crew"}, []string{"crew", "new"}},
		{"100%", false, []string{`%100\%%`}, []string{"club 100%"}, []string{"club 1000"}},
		{`a\b`, true, []string{`a\\b%`, `% a\\b%`}, []string{`a\b`}, []string{"ab"}},
	}
	for _, c := range cases {
		q := NewSearchQuery(c.key)
		if q.WordStart != c.wordStart || !slices.Equal(q.Patterns, c.patterns) {
			t.Errorf("%q: word start %v, patterns %q; want %v, %q", c.key, q.WordStart, q.Patterns, c.wordStart, c.patterns)
		}
		for _, n := range c.match {
			if !q.Matches(n) {
				t.Errorf("%q does not match %q", c.key, n)
			}
		}
		for _, n := range c.miss {
			if q.Matches(n) {
				t.Errorf("%q matches %q", c.key, n)
			}
		}
	}
}
