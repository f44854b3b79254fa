package resultssvc

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
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
