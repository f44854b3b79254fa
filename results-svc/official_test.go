package resultssvc

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/wrapperspb"

	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// caller is a signed-in user holding role on the harness's event (a grant row, as
// competition-svc writes it).
func (h *harness) caller(name, role string) context.Context {
	h.t.Helper()
	id := newID()
	if _, err := h.pool.Exec(context.Background(), `INSERT INTO competition.event_grants (event_id, user_id, role) VALUES ($1, $2, $3)`,
		h.f.eventID(), id, role); err != nil {
		h.t.Fatal(err)
	}
	return authn.WithCaller(context.Background(), authn.Caller{UserID: id, Username: name, Role: role})
}

// publicFran is the public standings' raw Fran value of a team of Rx.
func (h *harness) publicFran(team string) float64 {
	h.t.Helper()
	pub, err := h.srv.GetEventStandings(context.Background(), &resultsv1.EventStandingsRequest{EventId: h.f.eventID()})
	if err != nil {
		h.t.Fatal(err)
	}
	for _, s := range pub.Divisions[0].Standings {
		if s.TeamId == h.f.t[team].Id && len(s.Placings) > 0 {
			return s.Placings[0].RawResult.GetValue()
		}
	}
	return -1
}

// A scorer's edit of a published result is pending: the grid shows both values, the public
// keeps the published one and its standings, the history says so; the organiser's publication
// makes it public. Scorers delete no result the public sees and do not save with publication.
func TestPublishedChangesWaitForPublication(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	scorer, organiser := h.caller("sam", "scorer"), h.caller("olga", "organiser")
	saved, err := h.srv.BatchSaveResults(organiser, &resultsv1.BatchSaveResultsRequest{Publish: true,
		Results: []*resultsv1.ResultInput{input(h, "Alpha", "Fran", 239), input(h, "Bravo", "Fran", 220)}})
	if err != nil {
		t.Fatal(err)
	}
	alpha := saved.Results[0].Id.GetValue()
	if !saved.Results[0].IsPublished || h.publicFran("Alpha") != 239 {
		t.Fatalf("save and publish: %v, public %g", saved.Results[0], h.publicFran("Alpha"))
	}

	edited, err := h.srv.BatchSaveResults(scorer, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{input(h, "Alpha", "Fran", 210)}})
	if err != nil {
		t.Fatal(err)
	}
	if r := edited.Results[0]; r.IsPublished || r.ResultText != "3:30" || r.PublicResultText.GetValue() != "3:59" || r.Rank.GetValue() != 1 {
		t.Fatalf("pending row %v", r)
	}
	if v := h.publicFran("Alpha"); v != 239 {
		t.Fatalf("the public sees %g before publication", v)
	}
	if got := h.grid("Fran", "Rx").Cells[0]; got.Entered != 2 || got.Published != 1 {
		t.Fatalf("matrix counts the pending change as published: %v", got)
	}
	if _, err := h.srv.BatchSaveResults(scorer, &resultsv1.BatchSaveResultsRequest{Publish: true,
		Results: []*resultsv1.ResultInput{input(h, "Alpha", "Fran", 200)}}); code(err) != codes.PermissionDenied {
		t.Fatalf("a scorer's save and publish: %v", err)
	}
	if _, err := h.srv.DeleteResult(scorer, &resultsv1.ResultRequest{Id: alpha}); code(err) != codes.PermissionDenied {
		t.Fatalf("a scorer deleting a pending published result: %v", err)
	}
	if _, err := h.srv.DeleteResults(scorer, &resultsv1.DeleteResultsRequest{EventId: h.f.eventID(),
		WorkoutId: h.f.w["Fran"].Id, DivisionId: h.f.d["Rx"].Id}); code(err) != codes.PermissionDenied {
		t.Fatalf("a scorer deleting a cell with published results: %v", err)
	}
	if v := h.publicFran("Alpha"); v != 239 || len(h.grid("Fran", "Rx").Cells[0].ResultIds) != 2 {
		t.Fatalf("a refused delete changed something: public %g", v)
	}

	if _, err := h.srv.PublishResults(organiser, &resultsv1.PublicationRequest{ResultIds: []string{alpha}}); err != nil {
		t.Fatal(err)
	}
	if v := h.publicFran("Alpha"); v != 210 {
		t.Fatalf("the public sees %g after publication", v)
	}
	history := h.historyOf(context.Background(), alpha)
	want := "olga created -→completed:239#2/true\nsam updated completed:239#2/true→completed:210#1/false\nolga published completed:210#1/false→completed:210#1/true"
	if !strings.Contains(history, want) {
		t.Fatalf("history:\n%s\nwant it to hold\n%s", history, want)
	}
	feed, err := h.srv.ListResultActivity(context.Background(), &activityv1.ActivityRequest{EventId: h.f.eventID()})
	if err != nil {
		t.Fatal(err)
	}
	var summaries []string
	for _, e := range feed.Entries {
		summaries = append(summaries, e.GetSummary())
	}
	if all := strings.Join(summaries, "\n"); !strings.Contains(all, "Result Alpha · Fran: 3:59 → 3:30, pending publication (the public keeps 3:59)") ||
		!strings.Contains(all, "Result Alpha · Fran: 3:30 published") {
		t.Fatalf("activity:\n%s", all)
	}

	// A draft the public never saw is the scorer's to delete.
	draft, err := h.srv.BatchSaveResults(scorer, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{input(h, "Charlie", "Fran", 300)}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.srv.DeleteResult(scorer, &resultsv1.ResultRequest{Id: draft.Results[0].Id.GetValue()}); err != nil {
		t.Fatalf("a scorer deleting a draft: %v", err)
	}
}

// A pending change of marks alone (Scaled, the penalty) keeps the published marks beside the new
// ones, so the console can say that the marks changed, not "3:40 public → 3:40 pending".
func TestPendingMarksKeepThePublishedMarks(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	scorer, organiser := h.caller("sam", "scorer"), h.caller("olga", "organiser")
	saved, err := h.srv.BatchSaveResults(organiser, &resultsv1.BatchSaveResultsRequest{Publish: true,
		Results: []*resultsv1.ResultInput{input(h, "Bravo", "Fran", 220)}})
	if err != nil {
		t.Fatal(err)
	}
	if r := saved.Results[0]; r.PublicScaled || r.PublicPenaltyText != "" {
		t.Fatalf("a published result with public marks of its own: %v", r)
	}
	edited, err := h.srv.UpdateResult(scorer, &resultsv1.UpdateResultRequest{Id: saved.Results[0].Id.GetValue(),
		ResultValue: wrapperspb.Double(220), Scaled: true,
		Penalty: &resultsv1.Penalty{Kind: "time", Amount: wrapperspb.Double(30), Reason: "no-rep"}})
	if err != nil {
		t.Fatal(err)
	}
	if edited.IsPublished || edited.PublicResultText.GetValue() != "3:40" || edited.ResultText != "3:40" ||
		edited.PublicScaled || !edited.Scaled || edited.PublicPenaltyText != "" || edited.PenaltyText != "+0:30: no-rep" {
		t.Fatalf("pending marks %v", edited)
	}
}

// A pending change of the tiebreak alone keeps the published tiebreak beside the new one, so
// the console can say that the tiebreak changed.
func TestPendingTiebreakKeepsThePublishedTiebreak(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	scorer, organiser := h.caller("sam", "scorer"), h.caller("olga", "organiser")
	in := input(h, "Bravo", "Fran", 220)
	in.TiebreakValue = wrapperspb.Double(95)
	saved, err := h.srv.BatchSaveResults(organiser, &resultsv1.BatchSaveResultsRequest{Publish: true, Results: []*resultsv1.ResultInput{in}})
	if err != nil {
		t.Fatal(err)
	}
	if r := saved.Results[0]; r.PublicTiebreakValue != nil {
		t.Fatalf("a published result with a public tiebreak of its own: %v", r)
	}
	edited, err := h.srv.UpdateResult(scorer, &resultsv1.UpdateResultRequest{Id: saved.Results[0].Id.GetValue(),
		ResultValue: wrapperspb.Double(220), TiebreakValue: wrapperspb.Double(90)})
	if err != nil {
		t.Fatal(err)
	}
	if edited.IsPublished || edited.PublicResultText.GetValue() != "3:40" || edited.PublicTiebreakValue.GetValue() != 95 || edited.TiebreakValue.GetValue() != 90 {
		t.Fatalf("pending tiebreak %v", edited)
	}
}
