package resultssvc

import (
	"context"
	"testing"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// A stream of saves reads the event's structure (every team of the event) from
// competition-svc only when the event changed: the saves between ask for its version alone,
// so a save costs the same at 100 teams and at 100,000. A team added since is found at once.
func TestSavesReadTheStructureOnlyWhenTheEventChanged(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	save := func(rows ...*resultsv1.ResultInput) []*resultsv1.Result {
		t.Helper()
		out, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: rows})
		if err != nil {
			t.Fatal(err)
		}
		return out.GetResults()
	}
	// The first saves learn the event and its version.
	save(input(h, "Alpha", "Fran", 300))
	save(input(h, "Bravo", "Fran", 200))

	before := h.comp.structureCalls.Load()
	save(input(h, "Charlie", "Fran", 250))
	save(input(h, "Delta", "Cindy", 40), input(h, "Alpha", "Cindy", 50))
	save(input(h, "Echo", "Fran", 310))
	if n := h.comp.structureCalls.Load() - before; n != 0 {
		t.Fatalf("three saves of an unchanged event read its structure %d times, want 0", n)
	}

	// A team registered since: the version moved, the next save reads the structure again and
	// knows the team.
	created, err := h.comp.competition.BulkCreateTeams(testAdmin, &competitionv1.BulkCreateTeamsRequest{
		EventId: h.f.eventID(), DivisionId: h.f.d["Rx"].GetId(), Teams: []*competitionv1.NewTeam{{Name: "Golf"}}})
	if err != nil {
		t.Fatal(err)
	}
	golf := created.GetTeams()[0]
	before = h.comp.structureCalls.Load()
	got := save(&resultsv1.ResultInput{TeamId: golf.GetId(), WorkoutId: h.f.w["Fran"].GetId(), ResultValue: wrapperspb.Double(100)})
	if n := h.comp.structureCalls.Load() - before; n != 1 {
		t.Errorf("a save after a new team read the structure %d times, want 1", n)
	}
	if len(got) != 1 || got[0].GetRank().GetValue() != 1 {
		t.Errorf("the new team's result: %v, want place 1 (fastest of Rx)", got)
	}
}
