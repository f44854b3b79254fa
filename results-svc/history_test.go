package resultssvc

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/wrapperspb"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// historyOf is the result's history as "actor action before→after" lines.
func (h *harness) historyOf(ctx context.Context, id string) string {
	h.t.Helper()
	hist, err := h.srv.GetResultHistory(ctx, &resultsv1.ResultRequest{Id: id})
	if err != nil {
		h.t.Fatal(err)
	}
	var lines []string
	for _, e := range hist.GetEntries() {
		lines = append(lines, fmt.Sprintf("%s %s %s→%s", e.GetActor(), e.GetAction(), snap(e.GetBefore()), snap(e.GetAfter())))
	}
	return strings.Join(lines, "\n")
}

func snap(s *resultsv1.ResultSnapshot) string {
	if s == nil {
		return "-"
	}
	v := "∅"
	if s.GetResultValue() != nil {
		v = fmt.Sprint(s.GetResultValue().GetValue())
	}
	rank := "∅"
	if s.GetRank() != nil {
		rank = fmt.Sprint(s.GetRank().GetValue())
	}
	return fmt.Sprintf("%s:%s#%s/%v", s.GetStatus(), v, rank, s.GetIsPublished())
}

func (h *harness) historyCount() int {
	h.t.Helper()
	var n int
	if err := h.pool.QueryRow(context.Background(), `SELECT count(*) FROM results.result_history`).Scan(&n); err != nil {
		h.t.Fatal(err)
	}
	return n
}

// Every action writes exactly one entry for the result it acts on, with the actor, and the
// rescoring it sets off for others is the system's; history stays after the delete.
func TestHistoryRecordsEveryActionOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ann := authn.WithCaller(context.Background(), authn.Caller{Username: "ann", Role: authn.RoleAdmin})
	bob := authn.WithCaller(context.Background(), authn.Caller{Username: "bob", Role: authn.RoleAdmin})

	alpha, err := h.srv.CreateResult(ann, input(h, "Alpha", "Fran", 522))
	if err != nil {
		t.Fatal(err)
	}
	id := alpha.GetId().GetValue()
	bravo, err := h.srv.CreateResult(ann, input(h, "Bravo", "Fran", 500)) // Bravo overtakes: Alpha is rescored
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.srv.UpdateResult(bob, &resultsv1.UpdateResultRequest{Id: id, ResultValue: wrapperspb.Double(462)}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.srv.PublishResults(ann, &resultsv1.PublicationRequest{ResultIds: []string{id}}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.srv.UnpublishResults(bob, &resultsv1.PublicationRequest{ResultIds: []string{id}}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.srv.RecalculateEvent(ann, &resultsv1.RecalculateEventRequest{EventId: h.f.eventID()}); err != nil {
		t.Fatal(err) // nothing changes: no entry
	}
	if _, err := h.srv.DeleteResult(bob, &resultsv1.ResultRequest{Id: id}); err != nil {
		t.Fatal(err)
	}

	want := strings.Join([]string{
		"ann created -→completed:522#1/false",
		"system rescored completed:522#1/false→completed:522#2/false",
		"bob updated completed:522#2/false→completed:462#1/false",
		"ann published completed:462#1/false→completed:462#1/true",
		"bob unpublished completed:462#1/true→completed:462#1/false",
		"bob deleted completed:462#1/false→-",
	}, "\n")
	if got := h.historyOf(ann, id); got != want {
		t.Errorf("history of Alpha:\n%s\nwant:\n%s", got, want)
	}
	wantBravo := strings.Join([]string{
		"ann created -→completed:500#1/false",
		"system rescored completed:500#1/false→completed:500#2/false",
		"system rescored completed:500#2/false→completed:500#1/false",
	}, "\n")
	if got := h.historyOf(ann, bravo.GetId().GetValue()); got != wantBravo {
		t.Errorf("history of Bravo:\n%s\nwant:\n%s", got, wantBravo)
	}
}

// A refused batch writes no history; a batch writes one entry per row.
func TestHistoryOfBatches(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := authn.WithCaller(context.Background(), authn.Caller{Username: "desk", Role: authn.RoleAdmin})
	bad := &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{
		input(h, "Alpha", "Fran", 300), input(h, "Bravo", "Fran", 9999), // above the 10:00 cap
	}}
	if _, err := h.srv.BatchSaveResults(ctx, bad); code(err) != codes.InvalidArgument {
		t.Fatalf("refused batch: %v", err)
	}
	if n := h.historyCount(); n != 0 {
		t.Fatalf("a refused batch wrote %d entries", n)
	}
	good := &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{
		input(h, "Alpha", "Fran", 300), input(h, "Bravo", "Fran", 400), input(h, "Charlie", "Fran", 500),
	}}
	saved, err := h.srv.BatchSaveResults(ctx, good)
	if err != nil {
		t.Fatal(err)
	}
	if n := h.historyCount(); n != 3 {
		t.Fatalf("a batch of 3 new results wrote %d entries", n)
	}
	ids := make([]string, len(saved.GetResults()))
	for i, r := range saved.GetResults() {
		ids[i] = r.GetId().GetValue()
	}
	if _, err := h.srv.PublishResults(ctx, &resultsv1.PublicationRequest{ResultIds: ids}); err != nil {
		t.Fatal(err)
	}
	if n := h.historyCount(); n != 6 {
		t.Fatalf("publishing 3 results: %d entries in all, want 6", n)
	}
	if _, err := h.srv.GetResultHistory(ctx, &resultsv1.ResultRequest{Id: "00000000-0000-4000-8000-000000000000"}); code(err) != codes.NotFound {
		t.Errorf("history of an unknown result: %v", err)
	}
}
