package agebands

import "testing"

func TestOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ born, on, want string }{
		{"1990-06-15", "2026-06-14", "35-39"}, // 35 the day before turning 36
		{"1991-06-15", "2026-06-14", "18-34"}, // 34 the day before turning 35
		{"1991-06-15", "2026-06-15", "35-39"}, // 35 on the birthday
		{"2012-03-01", "2026-03-01", "14-15"},
		{"2013-03-01", "2026-02-28", ""}, // 12: in no band
		{"1950-01-01", "2026-01-01", "65+"},
		{"2008-02-29", "2026-02-28", "16-17"}, // 17 until 1 March in a common year
		{"2008-02-29", "2026-03-01", "18-34"},
		{"", "2026-03-01", ""},
		{"1990-13-01", "2026-03-01", ""},
		{"1990-01-01", "", ""},
	} {
		if got := Of(c.born, c.on); got != c.want {
			t.Errorf("Of(%q, %q) = %q, want %q", c.born, c.on, got, c.want)
		}
	}
	if !Valid("65+") || !Valid("35-39") || Valid("35") || Valid("") {
		t.Error("Valid")
	}
}
