package resultssvc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/results-svc/store"
)

type harness struct {
	t    *testing.T
	srv  *Server
	pool *pgxpool.Pool
	comp *pair
	gens *changes.Signal
	f    *fixture
}

// newHarness runs results-svc with the real competition-svc, which holds the standard event.
func newHarness(t *testing.T) *harness {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rdb := pgtest.NewRedis(t)
	gens := changes.NewSignal(changes.NewChannel(rdb, pgtest.Namespace(t, rdb)), log)
	comp := startPair(t, gens)
	return &harness{t: t, pool: comp.pool, comp: comp, gens: gens, f: comp.standard(t), srv: comp.results}
}

// other creates another standard event in competition-svc.
func (h *harness) other() *fixture { return h.comp.standard(h.t) }

// publicVersion is the event's public version (migrations/0135_public_versions.sql).
func (h *harness) publicVersion() int64 {
	h.t.Helper()
	n, err := h.srv.svc.store.PublicVersion(context.Background(), h.f.eventID())
	if err != nil {
		h.t.Fatal(err)
	}
	return n
}

// recordedCounts are the results and published results competition-svc holds for a workout
// or team (0 and 0 without a row).
func recordedCounts(t *testing.T, pool *pgxpool.Pool, id string) (results, published int32) {
	t.Helper()
	err := pool.QueryRow(context.Background(), `SELECT results, published FROM competition.result_counts
		WHERE $1::uuid IN (workout_id, team_id)`, id).Scan(&results, &published)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		t.Fatal(err)
	}
	return results, published
}

// code is the gRPC code a client would see for err.
func code(err error) codes.Code {
	st, _ := apperr.ToStatus(err)
	return st.Code()
}

func message(err error) string {
	st, _ := apperr.ToStatus(err)
	return st.Message()
}

func input(h *harness, team, workout string, v float64) *resultsv1.ResultInput {
	return &resultsv1.ResultInput{TeamId: h.f.t[team].Id, WorkoutId: h.f.w[workout].Id, ResultValue: wrapperspb.Double(v)}
}

func (h *harness) grid(workout, division string) *resultsv1.ResultGrid {
	h.t.Helper()
	g, err := h.srv.GetResultGrid(context.Background(), &resultsv1.ResultGridRequest{
		EventId: h.f.eventID(), WorkoutId: h.f.w[workout].Id, DivisionId: h.f.d[division].Id})
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// ranks returns "team:rank/score" for each row of a grid, "-" where none.
func ranks(g *resultsv1.ResultGrid) string {
	s := ""
	for _, r := range g.Rows {
		if s != "" {
			s += " "
		}
		if r.Rank == nil {
			s += r.TeamName + ":-"
			continue
		}
		s += fmt.Sprintf("%s:%d/%g", r.TeamName, r.Rank.GetValue(), r.Score.GetValue())
	}
	return s
}

// stored returns "team:place/points" of the stored rows of a workout in a division, read from
// the table (not through the grid, which would repair stale scores).
func (h *harness) stored(workout, division string) string {
	h.t.Helper()
	results, err := h.srv.svc.store.ListCell(context.Background(), h.f.w[workout].Id, h.f.structure(h.t).teamIDs(h.f.d[division].Id))
	if err != nil {
		h.t.Fatal(err)
	}
	return h.describe(results)
}

// fresh is stored's format for the scores computed now from the raw values.
func (h *harness) fresh(workout, division string) string {
	h.t.Helper()
	st := h.f.structure(h.t)
	results, err := h.srv.svc.store.ListCell(context.Background(), h.f.w[workout].Id, st.teamIDs(h.f.d[division].Id))
	if err != nil {
		h.t.Fatal(err)
	}
	scores, err := scoreResults(st, results)
	if err != nil {
		h.t.Fatal(err)
	}
	by := map[string]store.Score{}
	for _, sc := range scores {
		by[sc.ID] = sc
	}
	for i := range results {
		results[i].Place, results[i].Points = by[results[i].ID].Place, by[results[i].ID].Points
	}
	return h.describe(results)
}

func (h *harness) describe(results []store.Result) string {
	names := map[string]string{}
	for n, tm := range h.f.t {
		names[tm.Id] = n
	}
	var parts []string
	for _, r := range results {
		if r.Place == nil {
			parts = append(parts, names[r.TeamID]+":-")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s:%d/%g", names[r.TeamID], *r.Place, *r.Points))
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

func TestCreateUpdateDeleteRescoreInTheSameChange(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	gen := h.publicVersion()

	alpha, err := h.srv.CreateResult(ctx, input(h, "Alpha", "Fran", 300))
	if err != nil {
		t.Fatal(err)
	}
	if alpha.Rank.GetValue() != 1 || alpha.Score.GetValue() != 100 || alpha.TeamName != "Alpha" || alpha.IsPublished || alpha.Status != typesv1.ResultStatus_completed {
		t.Fatalf("created %v", alpha)
	}
	bravo, err := h.srv.CreateResult(ctx, input(h, "Bravo", "Fran", 200))
	if err != nil {
		t.Fatal(err)
	}
	if bravo.Rank.GetValue() != 1 {
		t.Fatalf("bravo %v", bravo)
	}
	// Stored by the saves themselves (read from the table, not through the grid).
	if got := h.stored("Fran", "Rx"); got != "Alpha:2/95 Bravo:1/100" {
		t.Fatalf("stored after create: %s", got)
	}
	if got := ranks(h.grid("Fran", "Rx")); got != "Alpha:2/95 Bravo:1/100 Charlie:- Delta:-" {
		t.Fatalf("after create: %s", got)
	}
	if h.publicVersion() <= gen {
		t.Fatalf("public version %d, want more than %d", h.publicVersion(), gen)
	}

	_, err = h.srv.CreateResult(ctx, input(h, "Alpha", "Fran", 250))
	if code(err) != codes.FailedPrecondition || message(err) != `Team "Alpha" already has a result in workout "Fran". Edit that result instead.` {
		t.Fatalf("second create: %v", err)
	}

	up, err := h.srv.UpdateResult(ctx, &resultsv1.UpdateResultRequest{Id: alpha.Id.GetValue(), ResultValue: wrapperspb.Double(100)})
	if err != nil {
		t.Fatal(err)
	}
	if up.Rank.GetValue() != 1 || up.ResultValue.GetValue() != 100 {
		t.Fatalf("updated %v", up)
	}
	if got := h.stored("Fran", "Rx"); got != "Alpha:1/100 Bravo:2/95" {
		t.Fatalf("stored after update: %s", got)
	}
	if got := ranks(h.grid("Fran", "Rx")); got != "Alpha:1/100 Bravo:2/95 Charlie:- Delta:-" {
		t.Fatalf("after update: %s", got)
	}
	// An update to dnf: 0 points, below every finisher.
	if _, err := h.srv.UpdateResult(ctx, &resultsv1.UpdateResultRequest{Id: alpha.Id.GetValue(), Status: "dnf"}); err != nil {
		t.Fatal(err)
	}
	if got := ranks(h.grid("Fran", "Rx")); got != "Alpha:2/0 Bravo:1/100 Charlie:- Delta:-" {
		t.Fatalf("after dnf: %s", got)
	}
	_, err = h.srv.UpdateResult(ctx, &resultsv1.UpdateResultRequest{Id: alpha.Id.GetValue(), ResultValue: wrapperspb.Double(-3)})
	if code(err) != codes.InvalidArgument || message(err) != `Invalid time for team "Alpha": Time values cannot be negative` {
		t.Fatalf("bad update: %v", err)
	}
	if _, err := h.srv.UpdateResult(ctx, &resultsv1.UpdateResultRequest{Id: newID(), ResultValue: wrapperspb.Double(3)}); code(err) != codes.NotFound {
		t.Fatalf("update unknown: %v", err)
	}

	gen = h.publicVersion()
	if _, err := h.srv.DeleteResult(ctx, &resultsv1.ResultRequest{Id: bravo.Id.GetValue()}); err != nil {
		t.Fatal(err)
	}
	if got := h.stored("Fran", "Rx"); got != "Alpha:1/0" {
		t.Fatalf("stored after delete: %s", got)
	}
	if got := ranks(h.grid("Fran", "Rx")); got != "Alpha:1/0 Bravo:- Charlie:- Delta:-" {
		t.Fatalf("after delete: %s", got)
	}
	if h.publicVersion() <= gen {
		t.Fatal("delete did not bump the public version")
	}
	if _, err := h.srv.DeleteResult(ctx, &resultsv1.ResultRequest{Id: bravo.Id.GetValue()}); code(err) != codes.NotFound || message(err) != "Result not found" {
		t.Fatalf("second delete: %v", err)
	}
	if _, err := h.srv.DeleteResult(ctx, &resultsv1.ResultRequest{Id: "42"}); code(err) != codes.InvalidArgument {
		t.Fatalf("malformed id: %v", err)
	}
}

func TestCreateChecksTeamAndWorkout(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	other := h.other()

	_, err := h.srv.CreateResult(ctx, &resultsv1.ResultInput{TeamId: other.t["Alpha"].Id, WorkoutId: h.f.w["Fran"].Id, ResultValue: wrapperspb.Double(10)})
	if code(err) != codes.InvalidArgument || apperr.FieldOf(mustStatus(err)) != "teamId" {
		t.Fatalf("team of another event: %v", err)
	}
	_, err = h.srv.CreateResult(ctx, &resultsv1.ResultInput{TeamId: h.f.t["Alpha"].Id, WorkoutId: newID(), ResultValue: wrapperspb.Double(10)})
	if code(err) != codes.NotFound || message(err) != "Workout not found" {
		t.Fatalf("unknown workout: %v", err)
	}
	_, err = h.srv.CreateResult(ctx, &resultsv1.ResultInput{TeamId: "x", WorkoutId: h.f.w["Fran"].Id})
	if code(err) != codes.InvalidArgument || message(err) != `Invalid team id: "x"` {
		t.Fatalf("malformed team: %v", err)
	}
	_, err = h.srv.CreateResult(ctx, &resultsv1.ResultInput{TeamId: h.f.t["Alpha"].Id, WorkoutId: h.f.w["Fran"].Id})
	if code(err) != codes.InvalidArgument || message(err) != `Result is required for team "Alpha"` {
		t.Fatalf("no value: %v", err)
	}
	h.comp.stopCompetition()
	_, err = h.srv.CreateResult(ctx, input(h, "Alpha", "Fran", 10))
	if code(err) != codes.Unavailable {
		t.Fatalf("competition down: %v", err)
	}
}

func mustStatus(err error) *status.Status {
	st, _ := apperr.ToStatus(err)
	return st
}

func TestBatchSaveIsAllOrNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	capped := &resultsv1.ResultInput{TeamId: h.f.t["Charlie"].Id, WorkoutId: h.f.w["Fran"].Id, Status: "capped", CappedReps: wrapperspb.Int32(40)}
	batch := []*resultsv1.ResultInput{
		input(h, "Delta", "Fran", 330),
		input(h, "Alpha", "Fran", 280),
		capped,
		input(h, "Bravo", "Fran", 280),
		input(h, "Echo", "Fran", 500), // another division, same batch
	}
	resp, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: batch})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Results) != 5 || resp.Results[0].TeamName != "Delta" || resp.Results[0].Rank.GetValue() != 3 || resp.Results[4].Rank.GetValue() != 1 {
		t.Fatalf("batch answer %v", resp.Results)
	}
	if got := h.stored("Fran", "Rx"); got != "Alpha:1/100 Bravo:1/100 Charlie:4/85 Delta:3/90" {
		t.Fatalf("stored after batch: %s", got)
	}
	if got := ranks(h.grid("Fran", "Rx")); got != "Alpha:1/100 Bravo:1/100 Charlie:4/85 Delta:3/90" {
		t.Fatalf("after batch: %s", got)
	}

	// One bad row: 400 naming the team, and none of the other rows is saved.
	gen := h.publicVersion()
	bad := []*resultsv1.ResultInput{input(h, "Alpha", "Fran", 100), input(h, "Delta", "Fran", 0)}
	_, err = h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: bad})
	if code(err) != codes.InvalidArgument || message(err) != `Invalid time for team "Delta": Time must be greater than 0 seconds` ||
		apperr.FieldOf(mustStatus(err)) != "results[1].resultValue" {
		t.Fatalf("bad batch: %v", err)
	}
	if got := ranks(h.grid("Fran", "Rx")); got != "Alpha:1/100 Bravo:1/100 Charlie:4/85 Delta:3/90" {
		t.Fatalf("a failed batch changed results: %s", got)
	}
	if h.publicVersion() != gen {
		t.Fatal("a failed batch bumped the public version")
	}

	// A team twice, and a team of another event, are refused.
	dup := []*resultsv1.ResultInput{input(h, "Alpha", "Fran", 100), input(h, "Alpha", "Fran", 120)}
	if _, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: dup}); code(err) != codes.InvalidArgument ||
		message(err) != `Team "Alpha" appears more than once for workout "Fran" in this batch` {
		t.Fatalf("duplicate: %v", err)
	}
	other := h.other()
	mixed := []*resultsv1.ResultInput{input(h, "Alpha", "Fran", 100), {TeamId: other.t["Alpha"].Id, WorkoutId: other.w["Fran"].Id, ResultValue: wrapperspb.Double(1)}}
	if _, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: mixed}); code(err) != codes.InvalidArgument {
		t.Fatalf("two events in one batch: %v", err)
	}

	// Re-saving upserts: same ids, new values; a published result's change is pending, the
	// public keeps its published value.
	if _, err := h.srv.PublishResults(ctx, &resultsv1.PublicationRequest{ResultIds: []string{resp.Results[1].Id.GetValue()}}); err != nil {
		t.Fatal(err)
	}
	again, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{input(h, "Alpha", "Fran", 290)}})
	if err != nil {
		t.Fatal(err)
	}
	if r := again.Results[0]; r.Id.GetValue() != resp.Results[1].Id.GetValue() || r.ResultValue.GetValue() != 290 || r.IsPublished ||
		r.PublicResultText.GetValue() != "4:40" || r.Rank.GetValue() != 2 {
		t.Fatalf("upsert %v", r)
	}
	if got := ranks(h.grid("Fran", "Rx")); got != "Alpha:2/95 Bravo:1/100 Charlie:4/85 Delta:3/90" {
		t.Fatalf("after upsert: %s", got)
	}
	if empty, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{}); err != nil || len(empty.Results) != 0 {
		t.Fatalf("empty batch: %v %v", empty, err)
	}
}

func TestResultGridAndMatrix(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	if _, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{
		input(h, "Bravo", "Cindy", 20), input(h, "Alpha", "Cindy", 0), input(h, "Echo", "Cindy", 5),
	}}); err != nil {
		t.Fatal(err)
	}
	g := h.grid("Cindy", "Rx")
	if got := ranks(g); got != "Alpha:2/95 Bravo:1/100 Charlie:- Delta:-" {
		t.Fatalf("grid %s", got)
	}
	if r := g.Rows[2]; r.Id != nil || r.Status != typesv1.ResultStatus_not_started || r.ScoreType != typesv1.ScoreType_REPS || r.TimeCapSeconds != nil {
		t.Fatalf("empty row %v", r)
	}
	if len(g.Cells) != 8 {
		t.Fatalf("%d cells", len(g.Cells))
	}
	var rxCindy, scaledCindy *resultsv1.MatrixCell
	for _, c := range g.Cells {
		if c.WorkoutId == h.f.w["Cindy"].Id {
			if c.DivisionId == h.f.d["Rx"].Id {
				rxCindy = c
			} else {
				scaledCindy = c
			}
		}
	}
	if rxCindy.TotalTeams != 4 || rxCindy.Entered != 2 || rxCindy.Published != 0 || len(rxCindy.ResultIds) != 2 || scaledCindy.Entered != 1 {
		t.Fatalf("cells %v %v", rxCindy, scaledCindy)
	}

	// No filter: the matrix only. A workout alone: every team of the event.
	m, err := h.srv.GetResultGrid(ctx, &resultsv1.ResultGridRequest{EventId: h.f.eventID()})
	if err != nil || len(m.Rows) != 0 || len(m.Cells) != 8 {
		t.Fatalf("matrix %v %v", m, err)
	}
	all, err := h.srv.GetResultGrid(ctx, &resultsv1.ResultGridRequest{EventId: h.f.eventID(), WorkoutId: h.f.w["Cindy"].Id})
	if err != nil || len(all.Rows) != 6 {
		t.Fatalf("workout only %v %v", all, err)
	}

	for _, c := range []struct {
		req  *resultsv1.ResultGridRequest
		code codes.Code
		msg  string
	}{
		{&resultsv1.ResultGridRequest{EventId: "nope"}, codes.InvalidArgument, `Invalid event id: "nope"`},
		{&resultsv1.ResultGridRequest{}, codes.InvalidArgument, "The event id is required"},
		{&resultsv1.ResultGridRequest{EventId: h.f.eventID(), WorkoutId: "1"}, codes.InvalidArgument, `Invalid workout id: "1"`},
		{&resultsv1.ResultGridRequest{EventId: newID()}, codes.NotFound, "Event not found"},
		{&resultsv1.ResultGridRequest{EventId: h.f.eventID(), WorkoutId: newID()}, codes.NotFound, "Workout not found in this event"},
		{&resultsv1.ResultGridRequest{EventId: h.f.eventID(), WorkoutId: h.f.w["Fran"].Id, DivisionId: newID()}, codes.NotFound, "Division not found in this event"},
	} {
		if _, err := h.srv.GetResultGrid(ctx, c.req); code(err) != c.code || message(err) != c.msg {
			t.Errorf("%v: got %v %q, want %v %q", c.req, code(err), message(err), c.code, c.msg)
		}
	}
}

func TestPublicationStatusStandingsAndCounts(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	resp, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{
		input(h, "Alpha", "Fran", 300), input(h, "Bravo", "Fran", 200), input(h, "Charlie", "Fran", 250), input(h, "Echo", "Fran", 400),
	}})
	if err != nil {
		t.Fatal(err)
	}
	ids := func(idx ...int) []string {
		var out []string
		for _, i := range idx {
			out = append(out, resp.Results[i].Id.GetValue())
		}
		return out
	}
	status := func(req *resultsv1.PublicationStatusRequest) string {
		t.Helper()
		st, err := h.srv.GetPublicationStatus(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("%d/%d %g", st.PublishedCount, st.UnpublishedCount, st.Percentage)
	}
	ev := &resultsv1.PublicationStatusRequest{EventId: h.f.eventID()}
	if got := status(ev); got != "0/4 0" {
		t.Fatalf("status %s", got)
	}
	gen := h.publicVersion()
	n, err := h.srv.PublishResults(ctx, &resultsv1.PublicationRequest{ResultIds: append(ids(0, 2), newID())})
	if err != nil || n.UpdatedCount != 2 {
		t.Fatalf("publish %v %v", n, err)
	}
	if h.publicVersion() <= gen {
		t.Fatal("publish did not bump the public version")
	}
	if got := status(ev); got != "2/2 50" {
		t.Fatalf("status %s", got)
	}
	if got := status(&resultsv1.PublicationStatusRequest{EventId: h.f.eventID(), WorkoutId: h.f.w["Fran"].Id, DivisionId: h.f.d["Rx"].Id}); got != "2/1 66.66" {
		t.Fatalf("cell status %s", got)
	}
	if got := status(&resultsv1.PublicationStatusRequest{DivisionId: h.f.d["Scaled"].Id}); got != "0/1 0" {
		t.Fatalf("division status %s", got)
	}
	if got := status(&resultsv1.PublicationStatusRequest{EventId: h.f.eventID(), WorkoutId: h.f.w["Cindy"].Id}); got != "0/0 0" {
		t.Fatalf("empty workout status %s", got)
	}
	other := h.other()
	if _, err := h.srv.GetPublicationStatus(ctx, &resultsv1.PublicationStatusRequest{EventId: h.f.eventID(), DivisionId: other.d["Rx"].Id}); code(err) != codes.NotFound {
		t.Fatalf("division of another event: %v", err)
	}

	// Publication never changes the admin scores (they count every result)...
	if got := ranks(h.grid("Fran", "Rx")); got != "Alpha:3/90 Bravo:1/100 Charlie:2/95 Delta:-" {
		t.Fatalf("admin grid %s", got)
	}
	// ...but the public standings count published results only, placed among themselves.
	pub, err := h.srv.GetEventStandings(ctx, &resultsv1.EventStandingsRequest{EventId: h.f.eventID()})
	if err != nil {
		t.Fatal(err)
	}
	rx := pub.Divisions[0]
	if rx.Standings[0].TeamId != h.f.t["Charlie"].Id || rx.Standings[0].Placings[0].Points.GetValue() != 100 ||
		rx.Standings[1].TeamId != h.f.t["Alpha"].Id || rx.Standings[1].Rank.GetValue() != 2 || pub.LastUpdated == "" {
		t.Fatalf("public standings %v", rx)
	}
	if len(pub.Divisions[1].Standings[0].Placings) != 0 {
		t.Fatalf("unpublished result leaked: %v", pub.Divisions[1])
	}
	preview, _ := h.srv.GetEventStandings(ctx, &resultsv1.EventStandingsRequest{EventId: h.f.eventID(), IncludeUnpublished: true})
	if s := preview.Divisions[0].Standings[0]; s.TeamId != h.f.t["Bravo"].Id || s.TotalPoints.GetValue() != 100 {
		t.Fatalf("preview %v", s)
	}

	// Toggle flips each; unpublish all.
	if n, _ := h.srv.TogglePublication(ctx, &resultsv1.PublicationRequest{ResultIds: ids(0, 1)}); n.UpdatedCount != 2 {
		t.Fatalf("toggle %v", n)
	}
	if got := status(ev); got != "2/2 50" {
		t.Fatalf("after toggle %s", got)
	}
	// competition-svc's counts once the feed is delivered (count_feed.go).
	if err := h.srv.svc.deliverCounts(ctx); err != nil {
		t.Fatal(err)
	}
	for team, want := range map[string]int32{"Alpha": 0, "Bravo": 1, "Charlie": 1, "Delta": 0} {
		if _, published := recordedCounts(t, h.pool, h.f.t[team].Id); published != want {
			t.Fatalf("%s: %d published recorded, want %d", team, published, want)
		}
	}
	if fran, _ := recordedCounts(t, h.pool, h.f.w["Fran"].Id); fran != 1 { // a workout's counts are any or none
		t.Fatalf("Fran: %d results recorded", fran)
	}
	if cindy, _ := recordedCounts(t, h.pool, h.f.w["Cindy"].Id); cindy != 0 {
		t.Fatalf("Cindy: %d results recorded", cindy)
	}
	if n, _ := h.srv.UnpublishResults(ctx, &resultsv1.PublicationRequest{ResultIds: ids(0, 1, 2, 3)}); n.UpdatedCount != 2 {
		t.Fatalf("unpublish %v", n)
	}
	if _, err := h.srv.PublishResults(ctx, &resultsv1.PublicationRequest{ResultIds: []string{"bad"}}); code(err) != codes.InvalidArgument {
		t.Fatalf("malformed id: %v", err)
	}
	if n, err := h.srv.PublishResults(ctx, &resultsv1.PublicationRequest{}); err != nil || n.UpdatedCount != 0 {
		t.Fatalf("empty publish %v %v", n, err)
	}
}

func TestRecalculateEventFromRawResults(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	if _, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{
		input(h, "Alpha", "Fran", 300), input(h, "Bravo", "Fran", 200), input(h, "Charlie", "Cindy", 50), input(h, "Echo", "Clean", 80),
	}}); err != nil {
		t.Fatal(err)
	}
	// The organiser switched the event to ranksum (competition-svc has the scores redone),
	// then the stored scores went wrong.
	e := h.f.es.Event
	if _, err := h.comp.competition.UpdateEvent(testAdmin, &competitionv1.UpdateEventRequest{
		Id: e.Id, Name: e.Name, DateFrom: e.DateFrom, DateTo: e.DateTo, ScoringTable: strp("ranksum")}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.pool.Exec(ctx, `UPDATE results.results SET points = 7, place = 9`); err != nil {
		t.Fatal(err)
	}
	if got := h.stored("Fran", "Rx"); got != "Alpha:9/7 Bravo:9/7" {
		t.Fatalf("before: %s", got)
	}
	gen := h.publicVersion()
	n, err := h.srv.RecalculateEvent(ctx, &resultsv1.RecalculateEventRequest{EventId: h.f.eventID()})
	if err != nil || n.ResultsCount != 4 {
		t.Fatalf("recalculate %v %v", n, err)
	}
	if got := h.stored("Fran", "Rx"); got != "Alpha:2/2 Bravo:1/1" {
		t.Fatalf("stored after recalculation: %s", got)
	}
	if got := h.stored("Cindy", "Rx"); got != "Charlie:1/1" {
		t.Fatalf("stored after recalculation: %s", got)
	}
	if got := ranks(h.grid("Fran", "Rx")); got != "Alpha:2/2 Bravo:1/1 Charlie:- Delta:-" {
		t.Fatalf("after recalculation %s", got)
	}
	if got := ranks(h.grid("Clean", "Scaled")); got != "Echo:1/1 Foxtrot:-" {
		t.Fatalf("after recalculation %s", got)
	}
	if h.publicVersion() <= gen {
		t.Fatal("recalculation did not bump the public version")
	}
	if _, err := h.srv.RecalculateEvent(ctx, &resultsv1.RecalculateEventRequest{EventId: newID()}); code(err) != codes.NotFound {
		t.Fatalf("unknown event: %v", err)
	}
}

func TestDeleteResultsAndPurge(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	if _, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{
		input(h, "Alpha", "Fran", 300), input(h, "Bravo", "Fran", 200), input(h, "Echo", "Fran", 100),
		input(h, "Alpha", "Cindy", 30), input(h, "Bravo", "Cindy", 40), input(h, "Charlie", "Cindy", 50),
	}}); err != nil {
		t.Fatal(err)
	}
	del := &resultsv1.DeleteResultsRequest{EventId: h.f.eventID(), WorkoutId: h.f.w["Fran"].Id, DivisionId: h.f.d["Rx"].Id}
	n, err := h.srv.DeleteResults(ctx, del)
	if err != nil || n.DeletedCount != 2 {
		t.Fatalf("bulk delete %v %v", n, err)
	}
	if got := ranks(h.grid("Fran", "Scaled")); got != "Echo:1/100 Foxtrot:-" {
		t.Fatalf("other division touched: %s", got)
	}
	if _, err := h.srv.DeleteResults(ctx, &resultsv1.DeleteResultsRequest{EventId: h.f.eventID(), WorkoutId: h.f.w["Fran"].Id}); code(err) != codes.InvalidArgument {
		t.Fatalf("without division: %v", err)
	}
	if _, err := h.srv.DeleteResults(ctx, &resultsv1.DeleteResultsRequest{EventId: h.f.eventID(), WorkoutId: newID(), DivisionId: h.f.d["Rx"].Id}); code(err) != codes.NotFound {
		t.Fatalf("foreign workout: %v", err)
	}

	// Charlie (3rd in Cindy) is deleted in competition-svc, which has results-svc purge the
	// team's results: the rest is rescored.
	charlie := h.f.t["Charlie"].Id
	if _, err := h.comp.competition.DeleteTeam(testAdmin, &competitionv1.TeamRequest{Id: charlie}); err != nil {
		t.Fatal(err)
	}
	if got := h.stored("Cindy", "Rx"); got != "Alpha:2/95 Bravo:1/100" {
		t.Fatalf("stored after purge %s", got)
	}
	// The same purge delivered again (competition-svc retries until one is answered) deletes
	// nothing more.
	p, err := h.srv.PurgeResults(ctx, &resultsv1.PurgeResultsRequest{EventId: h.f.eventID(), TeamIds: []string{charlie}})
	if err != nil || p.DeletedCount != 0 {
		t.Fatalf("purge again %v %v", p, err)
	}
	p, err = h.srv.PurgeResults(ctx, &resultsv1.PurgeResultsRequest{EventId: h.f.eventID(), EventDeleted: true})
	if err != nil || p.DeletedCount != 3 {
		t.Fatalf("purge event %v %v", p, err)
	}
}

// Concurrent saves into one workout and division take turns on the cell lock, so the stored
// places always match the results: no save rescores without seeing the other's row.
func TestConcurrentSavesRescoreConsistently(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	teams := []string{"Alpha", "Bravo", "Charlie", "Delta"}
	for round := range 5 {
		var wg sync.WaitGroup
		errs := make(chan error, len(teams))
		for i, name := range teams {
			wg.Add(1)
			go func() {
				defer wg.Done()
				v := float64(100 + (i*7+round*13)%50)
				_, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{input(h, name, "Fran", v)}})
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if stored, fresh := h.stored("Fran", "Rx"), h.fresh("Fran", "Rx"); stored != fresh {
			t.Fatalf("round %d: stored scores %s, recomputed %s", round, stored, fresh)
		}
	}
	var n int
	h.pool.QueryRow(ctx, `SELECT count(*) FROM results.results`).Scan(&n) //nolint:errcheck // checked by value
	if n != 4 {
		t.Fatalf("%d rows", n)
	}
}

// After a structure change (here: the workout's score type) the grid shows the scores of the
// new structure at once, and reading it writes nothing; the rescore competition-svc queues
// (a purge with no ids) then stores them, with the system as the actor.
func TestGridReadsScoreWithoutWriting(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := context.Background()
	if _, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{
		input(h, "Alpha", "Cindy", 30), input(h, "Bravo", "Cindy", 40), input(h, "Echo", "Cindy", 5),
	}}); err != nil {
		t.Fatal(err)
	}
	if got := h.stored("Cindy", "Rx"); got != "Alpha:2/95 Bravo:1/100" {
		t.Fatalf("stored %s", got)
	}
	// The organiser makes Cindy a time (now lower is better) while competition-svc cannot
	// reach results-svc: its rescore stays queued, and the stored scores stay the old ones.
	h.comp.stopResults()
	cindy := h.f.w["Cindy"]
	if _, err := h.comp.competition.UpdateWorkout(testAdmin, &competitionv1.UpdateWorkoutRequest{
		EventId: h.f.eventID(), Id: cindy.Id, Name: cindy.Name, ScoreType: "TIME", WorkoutOrder: cindy.WorkoutOrder}); err != nil {
		t.Fatal(err)
	}
	version, entries := h.publicVersion(), h.historyCount()
	for range 2 {
		if got := ranks(h.grid("Cindy", "Rx")); got != "Alpha:1/100 Bravo:2/95 Charlie:- Delta:-" {
			t.Fatalf("grid %s", got)
		}
	}
	if got := h.stored("Cindy", "Rx"); got != "Alpha:2/95 Bravo:1/100" {
		t.Fatalf("stored after the grid reads: %s", got)
	}
	if h.publicVersion() != version || h.historyCount() != entries {
		t.Fatal("a grid read wrote")
	}

	// The queued rescore is delivered.
	if _, err := h.srv.PurgeResults(ctx, &resultsv1.PurgeResultsRequest{EventId: h.f.eventID()}); err != nil {
		t.Fatal(err)
	}
	if got := h.stored("Cindy", "Rx"); got != "Alpha:1/100 Bravo:2/95" {
		t.Fatalf("stored after the rescore: %s", got)
	}
	if h.publicVersion() <= version {
		t.Fatal("the rescore did not raise the public version")
	}
	var rescored int
	if err := h.pool.QueryRow(ctx, `SELECT count(*) FROM results.result_history WHERE action = 'rescored' AND actor = 'system'`).Scan(&rescored); err != nil {
		t.Fatal(err)
	}
	if rescored != 2 {
		t.Fatalf("%d rescored entries by the system, want 2 (Alpha and Bravo)", rescored)
	}
}

// Every caller is judged against a grant source: the service refuses to start without one.
func TestNewRequiresGrants(t *testing.T) {
	t.Parallel()
	if _, err := New(Deps{}); err == nil {
		t.Fatal("New without grants succeeded")
	}
}

// A save says which of its results it left as they were: typing the same value again (a
// capped result written "CAP+25" over "CAP +25") changes nothing and records no history; with
// publication, a result already published as it is changes nothing either.
func TestSaveSaysWhatItLeftUnchanged(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := h.caller("olga", "organiser")
	capped := func() *resultsv1.ResultInput {
		return &resultsv1.ResultInput{TeamId: h.f.t["Charlie"].Id, WorkoutId: h.f.w["Fran"].Id, Status: "capped", CappedReps: wrapperspb.Int32(25)}
	}
	first, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{capped(), input(h, "Alpha", "Fran", 239)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(first.UnchangedIds) != 0 {
		t.Fatalf("a first save left %v unchanged", first.UnchangedIds)
	}
	charlie, alpha := first.Results[0].Id.GetValue(), first.Results[1].Id.GetValue()

	again, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Results: []*resultsv1.ResultInput{capped(), input(h, "Alpha", "Fran", 230)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(again.UnchangedIds, ","); got != charlie {
		t.Fatalf("unchanged %q, want Charlie's %s", got, charlie)
	}
	if hist := h.historyOf(context.Background(), charlie); strings.Count(hist, "\n") != 0 || !strings.Contains(hist, "created") {
		t.Fatalf("the same values again made history:\n%s", hist)
	}

	// Save and publish: an unpublished result that is not changed is still published (a change),
	// then saving and publishing it again changes nothing.
	published, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Publish: true, Results: []*resultsv1.ResultInput{capped()}})
	if err != nil || len(published.UnchangedIds) != 0 {
		t.Fatalf("save and publish of a draft: unchanged %v, %v", published.GetUnchangedIds(), err)
	}
	twice, err := h.srv.BatchSaveResults(ctx, &resultsv1.BatchSaveResultsRequest{Publish: true, Results: []*resultsv1.ResultInput{capped(), input(h, "Alpha", "Fran", 230)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(twice.UnchangedIds, ","); got != charlie {
		t.Fatalf("save and publish again: unchanged %q, want Charlie's %s (Alpha %s was a draft)", got, charlie, alpha)
	}
}
