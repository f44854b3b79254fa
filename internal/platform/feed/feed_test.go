package feed

import (
	"testing"
	"time"
)

func TestCursorRoundTripAndOrder(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 5, 1, 10, 0, 0, 123456000, time.UTC)
	c := Cursor{At: at, Source: "r", ID: 42}
	back, ok, err := Parse(c.String())
	if err != nil || !ok || back != (Cursor{At: at, Source: "r", ID: 42}) {
		t.Fatalf("round trip: %v %v %v", back, ok, err)
	}
	if _, ok, err := Parse(""); ok || err != nil {
		t.Errorf("empty cursor: %v %v", ok, err)
	}
	for _, bad := range []string{"x", "2026-05-01~r", "yesterday~r~1", "2026-05-01T10:00:00Z~~1", "2026-05-01T10:00:00Z~r~one"} {
		if _, _, err := Parse(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	later := Cursor{At: at.Add(time.Millisecond), Source: "c", ID: 1}
	if !Newer(later, c) || Newer(c, later) {
		t.Error("time decides first")
	}
	if !Newer(Cursor{At: at, Source: "r", ID: 1}, Cursor{At: at, Source: "c", ID: 99}) {
		t.Error("then the source")
	}
	if !Newer(Cursor{At: at, Source: "r", ID: 43}, c) {
		t.Error("then the id")
	}
}
