package resultssvc

import (
	"strings"
	"testing"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

func TestPercentageAndIDs(t *testing.T) {
	for _, c := range []struct {
		pub, unpub int
		want       float64
	}{{0, 0, 0}, {1, 0, 100}, {1, 2, 33.33}, {2, 1, 66.66}, {0, 5, 0}} {
		if got := percentage(c.pub, c.unpub); got != c.want {
			t.Errorf("percentage(%d, %d) = %v, want %v", c.pub, c.unpub, got, c.want)
		}
	}
	id := newID()
	if got, err := parseID("teamId", "team", strings.ToUpper(id)); err != nil || got != id {
		t.Errorf("upper-case id: %q %v", got, err)
	}
	for _, bad := range []string{"", "nope", id[:35] + "g", id + "0", strings.ReplaceAll(id, "-", "")} {
		if _, err := parseID("teamId", "team", bad); !apperr.IsKind(err, apperr.KindInvalid) {
			t.Errorf("%q accepted", bad)
		}
	}
}
