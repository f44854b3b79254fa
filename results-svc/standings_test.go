package resultssvc

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

// A caller that read the structure already passes it (public-svc's rebuilds): the standings
// are scored against it, the same as against the one competition-svc answers, without asking
// competition-svc.
func TestEventStandingsAgainstAGivenStructure(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	if _, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{
		input(h, "Alpha", "Fran", 300), input(h, "Bravo", "Fran", 200),
	}}); err != nil {
		t.Fatal(err)
	}
	asked, err := h.srv.GetEventStandings(ctx, &resultsv1.EventStandingsRequest{EventId: h.f.eventID(), IncludeUnpublished: true})
	if err != nil {
		t.Fatal(err)
	}
	before := h.comp.structureCalls.Load()
	got, err := h.srv.GetEventStandings(ctx, &resultsv1.EventStandingsRequest{EventId: h.f.eventID(), IncludeUnpublished: true, Structure: h.f.es})
	if err != nil {
		t.Fatal(err)
	}
	if h.comp.structureCalls.Load() != before {
		t.Error("competition-svc was asked for a structure the caller passed")
	}
	if !proto.Equal(got, asked) {
		t.Errorf("standings against the given structure differ:\n%v\n%v", got, asked)
	}

	// Another event's structure is refused.
	_, err = h.srv.GetEventStandings(ctx, &resultsv1.EventStandingsRequest{EventId: h.f.eventID(), Structure: h.other().es})
	if code(err) != codes.InvalidArgument {
		t.Errorf("another event's structure: %v", err)
	}
}

// The standings carry the scoring's own tie decision and each team's rank before the latest
// workout, so the boards' "tied on 185; ahead on countback" and ▲2 / ▼1 are never worked out
// a second time.
func TestEventStandingsCarryTiesAndMovement(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	// Fran: Alpha, Bravo, Charlie, Delta. Cindy: Charlie, Delta, Bravo, Alpha.
	// Totals: Charlie 90+100 = 190, Alpha 100+85 = 185, Bravo 95+90 = 185, Delta 85+95 = 180;
	// Alpha's 1st place beats Bravo's best on countback.
	if _, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{
		input(h, "Alpha", "Fran", 300), input(h, "Bravo", "Fran", 310), input(h, "Charlie", "Fran", 320), input(h, "Delta", "Fran", 330),
		input(h, "Alpha", "Cindy", 70), input(h, "Bravo", "Cindy", 80), input(h, "Charlie", "Cindy", 100), input(h, "Delta", "Cindy", 90),
	}}); err != nil {
		t.Fatal(err)
	}
	got, err := h.srv.GetEventStandings(ctx, &resultsv1.EventStandingsRequest{EventId: h.f.eventID(), IncludeUnpublished: true})
	if err != nil {
		t.Fatal(err)
	}
	rx := got.Divisions[0]
	if rx.LatestWorkoutId != h.f.w["Cindy"].Id {
		t.Errorf("latest workout %q, want Cindy's", rx.LatestWorkoutId)
	}
	name := map[string]string{}
	for n, team := range h.f.t {
		name[team.Id] = n
	}
	var lines []string
	for _, s := range rx.Standings {
		prev := "-"
		if s.PreviousRank != nil {
			prev = fmt.Sprint(s.PreviousRank.GetValue())
		}
		lines = append(lines, fmt.Sprintf("%s %d %v %s <-%s", name[s.TeamId], s.Rank.GetValue(), s.TotalPoints.GetValue(), s.Tie, prev))
	}
	// Before Cindy: Alpha 1st, Bravo 2nd, Charlie 3rd, Delta 4th.
	want := "Charlie 1 190 not_tied <-3; Alpha 2 185 ahead <-1; Bravo 3 185 behind <-2; Delta 4 180 not_tied <-4"
	if got := strings.Join(lines, "; "); got != want {
		t.Errorf("standings:\n got %s\nwant %s", got, want)
	}

	// The Scaled division has no result: no latest workout, no movement, nobody tied.
	sc := got.Divisions[1]
	if sc.LatestWorkoutId != "" {
		t.Errorf("Scaled latest workout %q", sc.LatestWorkoutId)
	}
	for _, s := range sc.Standings {
		if s.PreviousRank != nil || s.Tie != typesv1.StandingTie_not_tied {
			t.Errorf("Scaled standing %v", s)
		}
	}
}
