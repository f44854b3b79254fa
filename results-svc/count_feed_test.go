package resultssvc

import (
	"testing"

	"github.com/podium-dev/podium/results-svc/store"
)

// A raise made before a change stands only while no other change of its key was settled
// after it; otherwise the change raises again.
func TestRaisedCountsMissing(t *testing.T) {
	t.Parallel()
	team, workout, other := store.CountKey{Team: true, ID: "t"}, store.CountKey{ID: "w"}, store.CountKey{ID: "o"}
	raised := raisedCounts{team: 10, workout: 10}
	rose := []store.FeedCount{
		{Key: team, WasSeq: 9},     // settled before the raise: it stands
		{Key: workout, WasSeq: 11}, // settled after the raise: raise again
		{Key: other},               // never raised
	}
	got := raised.missing(rose)
	if len(got) != 2 || got[0].Key != workout || got[1].Key != other {
		t.Fatalf("missing %+v, want the workout and the other key", got)
	}
	if len(raisedCounts{}.missing(nil)) != 0 {
		t.Fatal("nothing rose, nothing is missing")
	}
}
