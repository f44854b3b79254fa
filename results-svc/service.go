// Package resultssvc is results-svc: it owns results (schema results), their publication,
// and is the only place where places, points and standings are computed (spec/scoring.md,
// through the pure package scoring).
//
// Every change runs in one transaction that first takes the advisory locks of the workout ×
// division cells it touches, writes, and rescores those cells (admin places and points over
// all results) before committing. A trigger raises the event's public version in that same
// transaction (store/migrations/0135_public_versions.sql); after the commit the change is
// signalled (cache.Changes).
package resultssvc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/push"
	"github.com/podium-dev/podium/results-svc/store"
)

// Migrations are results-svc's schema changes (schema "results").
var Migrations = store.Migrations

// Deps are what the service needs.
type Deps struct {
	Pool        *pgxpool.Pool
	Competition competitionv1.CompetitionServiceClient
	Changes     *cache.Changes
	// Grants narrow publication to the caller's events (nil: admins only, for tests that
	// build the service alone).
	Grants access.Grants
	// Push is told about every committed change of a public view (push.go).
	Push *push.Notifier
	Log  *slog.Logger
}

// Server implements resultsv1.ResultsServiceServer.
type Server struct {
	resultsv1.UnimplementedResultsServiceServer
	pool   *pgxpool.Pool
	comp   competitionv1.CompetitionServiceClient
	gens   *cache.Changes
	grants access.Grants
	push   *push.Notifier
	log    *slog.Logger
}

var _ resultsv1.ResultsServiceServer = (*Server)(nil)

// New returns the service.
func New(d Deps) *Server {
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	return &Server{pool: d.Pool, comp: d.Competition, gens: d.Changes, grants: d.Grants, push: d.Push, log: log}
}

// structureTimeout bounds the call to competition-svc.
const structureTimeout = 5 * time.Second

// maxBatch bounds one batch save.
const maxBatch = 5000

// structure asks competition-svc for an event's structure. Its typed errors (NotFound with
// the message of the missing part, Unavailable) reach the caller as they are.
func (s *Server) structure(ctx context.Context, req *competitionv1.EventStructureRequest) (*structure, error) {
	ctx, cancel := context.WithTimeout(ctx, structureTimeout)
	defer cancel()
	es, err := s.comp.GetEventStructure(ctx, req)
	if err != nil {
		return nil, competitionErr(err)
	}
	return newStructure(es)
}

// competitionErr says that competition-svc is down or slow in words; its typed answers pass.
func competitionErr(err error) error {
	if st, ok := status.FromError(err); ok {
		switch st.Code() {
		case codes.Unavailable:
			return apperr.Unavailable("The competition service is unavailable right now. Please try again shortly.")
		case codes.DeadlineExceeded:
			return apperr.Unavailable("The competition service did not answer in time. Please try again shortly.")
		}
	}
	return err
}

func (s *Server) bump(ctx context.Context, eventIDs ...string) {
	if s.gens == nil {
		return
	}
	seen := map[string]bool{}
	for _, id := range eventIDs {
		if id != "" && !seen[id] {
			seen[id] = true
			s.gens.Bump(ctx, id)
		}
	}
}

// rescore recomputes the admin places and points of the given cells inside tx (whose cell
// locks the caller holds) and returns the new scores by result id.
func rescore(ctx context.Context, tx pgx.Tx, st *structure, cells []store.Cell) (map[string]store.Score, error) {
	out := map[string]store.Score{}
	seen := map[store.Cell]bool{}
	for _, c := range cells {
		if seen[c] || st.workouts[c.WorkoutID] == nil {
			continue
		}
		seen[c] = true
		results, err := store.ListCell(ctx, tx, c.WorkoutID, st.teamIDs(c.DivisionID))
		if err != nil {
			return nil, fmt.Errorf("rescore: %w", err)
		}
		scores, err := scoreResults(st, results)
		if err != nil {
			return nil, err
		}
		if _, err := store.SetScores(ctx, tx, scores); err != nil {
			return nil, err
		}
		for _, sc := range scores {
			out[sc.ID] = sc
		}
	}
	return out, nil
}

func applyScore(r *store.Result, scores map[string]store.Score) {
	if sc, ok := scores[r.ID]; ok {
		r.Place, r.Points, r.DivisionID = sc.Place, sc.Points, sc.DivisionID
	}
}

// --- result entry -------------------------------------------------------------------------

// resolve finds the team and workout of an input in the event and validates its values.
func resolve(st *structure, teamID, workoutID string, f resultFields, field string) (store.Input, error) {
	w := st.workouts[workoutID]
	if w == nil {
		return store.Input{}, apperr.Invalid(field+"workoutId", "Workout not found in this event")
	}
	team := st.teams[teamID]
	if team == nil {
		return store.Input{}, apperr.Invalid(field+"teamId",
			fmt.Sprintf("Team %s is not part of the event of workout %q: team and workout must belong to the same event", teamID, w.GetName()))
	}
	in, err := validateResult(team, w, f, field)
	in.EventID = st.eventID
	return in, err
}

func (s *Server) createResult(ctx context.Context, teamID, workoutID string, f resultFields) (*resultsv1.Result, error) {
	teamID, err := parseID("teamId", "team", teamID)
	if err != nil {
		return nil, err
	}
	workoutID, err = parseID("workoutId", "workout", workoutID)
	if err != nil {
		return nil, err
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{WorkoutId: workoutID})
	if err != nil {
		return nil, err
	}
	in, err := resolve(st, teamID, workoutID, f, "")
	if err != nil {
		return nil, err
	}
	var r store.Result
	cell := store.Cell{WorkoutID: in.WorkoutID, DivisionID: in.DivisionID}
	err = s.journaled(ctx, []store.Cell{cell}, inCells(st, []store.Cell{cell}), rescoredBySystem, func(tx pgx.Tx) error {
		var ok bool
		r, ok, err = store.Insert(ctx, tx, in)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Conflict(fmt.Sprintf("Team %q already has a result in workout %q. Edit that result instead.",
				st.teams[teamID].GetName(), st.workouts[workoutID].GetName()))
		}
		scores, err := rescore(ctx, tx, st, []store.Cell{cell})
		applyScore(&r, scores)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.bump(ctx, st.eventID)
	return resultPB(&r, st.teams[r.TeamID], st.workouts[r.WorkoutID]), nil
}

func (s *Server) updateResult(ctx context.Context, id string, f resultFields) (*resultsv1.Result, error) {
	id, err := parseID("id", "result", id)
	if err != nil {
		return nil, err
	}
	old, err := store.Get(ctx, s.pool, id)
	if err != nil {
		return nil, notFound(err, "Result not found")
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{WorkoutId: old.WorkoutID})
	if err != nil {
		return nil, err
	}
	in, err := resolve(st, old.TeamID, old.WorkoutID, f, "")
	if err != nil {
		return nil, err
	}
	var r store.Result
	cells := []store.Cell{{WorkoutID: in.WorkoutID, DivisionID: in.DivisionID}}
	if old.DivisionID != in.DivisionID { // the team moved: its old cell changes too
		cells = append(cells, store.Cell{WorkoutID: old.WorkoutID, DivisionID: old.DivisionID})
	}
	err = s.journaled(ctx, cells, inCells(st, cells), rescoredBySystem, func(tx pgx.Tx) error {
		r, err = store.Update(ctx, tx, id, in)
		if err != nil {
			return notFound(err, "Result not found")
		}
		scores, err := rescore(ctx, tx, st, cells)
		applyScore(&r, scores)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.bump(ctx, st.eventID)
	if old.IsPublished {
		s.pushCells(ctx, st.eventID, []store.Cell{{WorkoutID: old.WorkoutID, DivisionID: old.DivisionID}, {WorkoutID: r.WorkoutID, DivisionID: r.DivisionID}})
	}
	return resultPB(&r, st.teams[r.TeamID], st.workouts[r.WorkoutID]), nil
}

// rawInput is one row of a batch as the client sent it.
type rawInput struct {
	TeamID, WorkoutID string
	resultFields
}

func (s *Server) batchSave(ctx context.Context, rows []rawInput) ([]*resultsv1.Result, error) {
	if len(rows) == 0 {
		return []*resultsv1.Result{}, nil
	}
	if len(rows) > maxBatch {
		return nil, apperr.Invalid("results", fmt.Sprintf("A batch can hold at most %d results", maxBatch))
	}
	fieldOf := func(i int) string { return fmt.Sprintf("results[%d].", i) }
	for i := range rows {
		var err error
		if rows[i].TeamID, err = parseID(fieldOf(i)+"teamId", "team", rows[i].TeamID); err != nil {
			return nil, err
		}
		if rows[i].WorkoutID, err = parseID(fieldOf(i)+"workoutId", "workout", rows[i].WorkoutID); err != nil {
			return nil, err
		}
	}
	return s.saveRows(ctx, rows, fieldOf)
}

// saveRows validates rows (their ids parsed already) against the event of the first row's
// workout and upserts them in one transaction: the grid's batch save and a judge's lane
// result (heats.go) alike. fieldOf(i) prefixes the fields a message names for row i.
func (s *Server) saveRows(ctx context.Context, rows []rawInput, fieldOf func(int) string) ([]*resultsv1.Result, error) {
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{WorkoutId: rows[0].WorkoutID})
	if err != nil {
		return nil, err
	}
	ins := make([]store.Input, len(rows))
	seen := make(map[[2]string]bool, len(rows))
	var cells []store.Cell
	seenCell := map[store.Cell]bool{}
	for i, row := range rows {
		field := fieldOf(i)
		in, err := resolve(st, row.TeamID, row.WorkoutID, row.resultFields, field)
		if err != nil {
			return nil, err
		}
		k := [2]string{in.TeamID, in.WorkoutID}
		if seen[k] {
			return nil, apperr.Invalid(field+"teamId", fmt.Sprintf("Team %q appears more than once for workout %q in this batch",
				st.teams[in.TeamID].GetName(), st.workouts[in.WorkoutID].GetName()))
		}
		seen[k] = true
		ins[i] = in
		c := store.Cell{WorkoutID: in.WorkoutID, DivisionID: in.DivisionID}
		if !seenCell[c] {
			seenCell[c] = true
			cells = append(cells, c)
		}
	}
	var saved []store.Result
	err = s.journaled(ctx, cells, inCells(st, cells), rescoredBySystem, func(tx pgx.Tx) error {
		saved, err = store.Upsert(ctx, tx, ins)
		if err != nil {
			return err
		}
		scores, err := rescore(ctx, tx, st, cells)
		for i := range saved {
			applyScore(&saved[i], scores)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	s.bump(ctx, st.eventID)
	s.pushPublished(ctx, st.eventID, saved)
	out := make([]*resultsv1.Result, len(saved))
	for i := range saved {
		out[i] = resultPB(&saved[i], st.teams[saved[i].TeamID], st.workouts[saved[i].WorkoutID])
	}
	return out, nil
}

func (s *Server) deleteResult(ctx context.Context, id string) error {
	id, err := parseID("id", "result", id)
	if err != nil {
		return err
	}
	old, err := store.Get(ctx, s.pool, id)
	if err != nil {
		return notFound(err, "Result not found")
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{WorkoutId: old.WorkoutID})
	if isNotFound(err) {
		st, err = nil, nil // the workout is gone: nothing left to rescore
	}
	if err != nil {
		return err
	}
	cells := []store.Cell{{WorkoutID: old.WorkoutID, DivisionID: old.DivisionID}}
	if st != nil {
		if team := st.teams[old.TeamID]; team != nil && team.GetDivisionId() != old.DivisionID {
			cells = append(cells, store.Cell{WorkoutID: old.WorkoutID, DivisionID: team.GetDivisionId()})
		}
	}
	scope := inWorkouts([]string{old.WorkoutID}) // the workout is gone: no cells to narrow it to
	if st != nil {
		scope = inCells(st, cells)
	}
	err = s.journaled(ctx, cells, scope, rescoredBySystem, func(tx pgx.Tx) error {
		if _, err := store.Delete(ctx, tx, id); err != nil {
			return notFound(err, "Result not found")
		}
		if st == nil {
			return nil
		}
		_, err := rescore(ctx, tx, st, cells)
		return err
	})
	if err != nil {
		return err
	}
	s.bump(ctx, old.EventID)
	if old.IsPublished {
		s.pushCells(ctx, old.EventID, cells)
	}
	return nil
}

func (s *Server) deleteResults(ctx context.Context, eventID, workoutID, divisionID string) (int, error) {
	eventID, err := parseID("eventId", "event", eventID)
	if err != nil {
		return 0, err
	}
	if workoutID == "" {
		return 0, apperr.Invalid("workoutId", "Workout is required")
	}
	if divisionID == "" {
		return 0, apperr.Invalid("divisionId", "Division is required")
	}
	if workoutID, err = parseID("workoutId", "workout", workoutID); err != nil {
		return 0, err
	}
	if divisionID, err = parseID("divisionId", "division", divisionID); err != nil {
		return 0, err
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return 0, err
	}
	if err := st.checkCell(workoutID, divisionID); err != nil {
		return 0, err
	}
	cell := store.Cell{WorkoutID: workoutID, DivisionID: divisionID}
	var n, published int
	err = s.journaled(ctx, []store.Cell{cell}, inCells(st, []store.Cell{cell}), rescoredBySystem, func(tx pgx.Tx) error {
		n, published, err = store.DeleteCell(ctx, tx, eventID, workoutID, st.teamIDs(divisionID))
		return err
	})
	if err != nil {
		return 0, err
	}
	if n > 0 {
		s.bump(ctx, eventID)
	}
	if published > 0 {
		s.pushCells(ctx, eventID, []store.Cell{cell})
	}
	return n, nil
}

// checkCell reports a workout or division that is not in the event.
func (st *structure) checkCell(workoutID, divisionID string) error {
	if workoutID != "" && st.workouts[workoutID] == nil {
		return apperr.NotFound("Workout not found in this event")
	}
	if divisionID != "" && st.divisions[divisionID] == nil {
		return apperr.NotFound("Division not found in this event")
	}
	return nil
}

// recalculateEvent recomputes every admin place and points of an event from the raw
// results, in one transaction holding every cell lock of the event.
func (s *Server) recalculateEvent(ctx context.Context, eventID string) (int, error) {
	eventID, err := parseID("eventId", "event", eventID)
	if err != nil {
		return 0, err
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return 0, err
	}
	n, err := s.recalculate(ctx, st)
	if err != nil {
		return 0, err
	}
	s.bump(ctx, eventID)
	return n, nil
}

// recalculate is recalculateEvent after the structure is known; it returns the number of
// results of the event.
func (s *Server) recalculate(ctx context.Context, st *structure) (int, error) {
	var n int
	err := s.journaled(ctx, st.allCells(), inEvent(st.eventID), rescoredByUser, func(tx pgx.Tx) error {
		results, err := store.ListEvent(ctx, tx, st.eventID, false)
		if err != nil {
			return err
		}
		n = len(results)
		scores, err := scoreResults(st, results)
		if err != nil {
			return err
		}
		changed, err := store.SetScores(ctx, tx, scores)
		if err == nil {
			s.log.InfoContext(ctx, "scores recalculated", "event", st.eventID, "results", n, "changed", changed)
		}
		return err
	})
	return n, err
}

// --- publication ----------------------------------------------------------------------------

// setPublished changes the publication of the given results. Unknown ids are ignored: the
// count says how many results changed. Publication never changes the admin places and points
// (they count every result); the public standings are computed at read time.
func (s *Server) setPublished(ctx context.Context, ids []string, p store.Publication) (int, error) {
	clean := make([]string, 0, len(ids))
	seen := map[string]bool{}
	for _, id := range ids {
		id, err := parseID("resultIds", "result", id)
		if err != nil {
			return 0, err
		}
		if !seen[id] {
			seen[id] = true
			clean = append(clean, id)
		}
	}
	if len(clean) == 0 {
		return 0, nil
	}
	// The cells are found first, then locked: a result that moves meanwhile keeps its id, and
	// publication does not depend on the cell.
	located, err := store.Locate(ctx, s.pool, clean)
	if err != nil {
		return 0, err
	}
	if located, err = s.publishable(ctx, located); err != nil {
		return 0, err
	}
	clean = clean[:0]
	for _, l := range located {
		clean = append(clean, l.ID)
	}
	cells := make([]store.Cell, len(located))
	for i, l := range located {
		cells[i] = l.Cell
	}
	var events []string
	err = s.journaled(ctx, cells, inResults(clean), rescoredBySystem, func(tx pgx.Tx) error {
		var err error
		events, err = store.SetPublished(ctx, tx, clean, p)
		return err
	})
	if err != nil {
		return 0, err
	}
	s.bump(ctx, events...)
	s.pushPublication(ctx, events, located)
	return len(events), nil
}

func (s *Server) publicationStatus(ctx context.Context, eventID, workoutID, divisionID string) (*resultsv1.PublicationStatus, error) {
	// Admin RPCs always carry a caller (the interceptor); in-process calls act as the service.
	if c, ok := authn.CallerFrom(ctx); ok && !c.IsAdmin() {
		// Counts over every event are for admins; the others name their event, and an event
		// they have no grant on counts nothing, like a missing one.
		if eventID == "" {
			return nil, apperr.Invalid("eventId", "Event is required")
		}
		if s.grants == nil {
			return &resultsv1.PublicationStatus{}, nil
		}
		role, err := access.Role(ctx, s.grants, access.Event, eventID)
		if err != nil {
			return nil, err
		}
		if role == "" {
			return &resultsv1.PublicationStatus{}, nil
		}
	}
	var err error
	if eventID != "" {
		if eventID, err = parseID("eventId", "event", eventID); err != nil {
			return nil, err
		}
	}
	if workoutID != "" {
		if workoutID, err = parseID("workoutId", "workout", workoutID); err != nil {
			return nil, err
		}
	}
	f := store.Filter{EventID: eventID, WorkoutID: workoutID}
	if divisionID != "" {
		if divisionID, err = parseID("divisionId", "division", divisionID); err != nil {
			return nil, err
		}
		// The division's teams come from competition-svc, so a team that changed division is
		// counted where it is now.
		st, err := s.structure(ctx, &competitionv1.EventStructureRequest{DivisionId: divisionID})
		if err != nil {
			return nil, err
		}
		if eventID != "" && st.eventID != eventID {
			return nil, apperr.NotFound("Division not found in this event")
		}
		if err := st.checkCell(workoutID, ""); err != nil {
			return nil, err
		}
		f.TeamIDs = st.teamIDs(divisionID)
		if f.TeamIDs == nil {
			f.TeamIDs = []string{}
		}
	}
	pub, unpub, err := store.PublicationCounts(ctx, s.pool, f)
	if err != nil {
		return nil, err
	}
	return &resultsv1.PublicationStatus{
		PublishedCount:   int32(pub),
		UnpublishedCount: int32(unpub),
		Percentage:       percentage(pub, unpub),
	}, nil
}

// percentage is the published share, 0–100, floored to two decimals (so 100 means every
// result is published); 0 when there are no results.
func percentage(pub, unpub int) float64 {
	total := pub + unpub
	if total == 0 {
		return 0
	}
	return float64(pub*10000/total) / 100
}

// --- reads ----------------------------------------------------------------------------------

// eventCell checks an event id and an optional workout and division of it, and returns the
// event's structure with the ids in canonical form.
func (s *Server) eventCell(ctx context.Context, eventID, workoutID, divisionID string) (st *structure, workout, division string, err error) {
	if eventID, err = parseID("eventId", "event", eventID); err != nil {
		return nil, "", "", err
	}
	if workoutID != "" {
		if workoutID, err = parseID("workoutId", "workout", workoutID); err != nil {
			return nil, "", "", err
		}
	}
	if divisionID != "" {
		if divisionID, err = parseID("divisionId", "division", divisionID); err != nil {
			return nil, "", "", err
		}
	}
	if st, err = s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID}); err != nil {
		return nil, "", "", err
	}
	return st, workoutID, divisionID, st.checkCell(workoutID, divisionID)
}

func (s *Server) resultGrid(ctx context.Context, eventID, workoutID, divisionID string) (*resultsv1.ResultGrid, error) {
	st, workoutID, divisionID, err := s.eventCell(ctx, eventID, workoutID, divisionID)
	if err != nil {
		return nil, err
	}
	eventID = st.eventID
	briefs, err := store.ListEventBrief(ctx, s.pool, eventID)
	if err != nil {
		return nil, err
	}
	grid := &resultsv1.ResultGrid{Rows: []*resultsv1.Result{}, Cells: matrixCells(st, briefs)}
	if workoutID == "" {
		return grid, nil
	}
	teams := st.allTeams
	if divisionID != "" {
		teams = st.divisionTeams[divisionID]
	}
	ids := make([]string, len(teams))
	for i, t := range teams {
		ids[i] = t.GetId()
	}
	results, err := store.ListCell(ctx, s.pool, workoutID, ids)
	if err != nil {
		return nil, err
	}
	if err := scoreForDisplay(st, results); err != nil {
		return nil, err
	}
	grid.Rows = gridRows(teams, st.workouts[workoutID], results)
	return grid, nil
}

// scoreForDisplay gives results the places and points of the current structure. Stored
// scores follow a structure change (a workout's score type or cap, the scoring table, a team's
// division) through competition-svc's rescore outbox, moments later; the grid never shows the
// old ones meanwhile, and a read never writes.
func scoreForDisplay(st *structure, results []store.Result) error {
	fresh, err := scoreResults(st, results)
	if err != nil {
		return err
	}
	scores := make(map[string]store.Score, len(fresh))
	for _, sc := range fresh {
		scores[sc.ID] = sc
	}
	for i := range results {
		applyScore(&results[i], scores)
	}
	return nil
}

func eqInt32(a, b *int32) bool   { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
func eqFloat(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func (s *Server) eventStandings(ctx context.Context, eventID string, includeUnpublished bool) (*resultsv1.EventStandings, error) {
	eventID, err := parseID("eventId", "event", eventID)
	if err != nil {
		return nil, err
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return nil, err
	}
	results, err := store.ListEvent(ctx, s.pool, eventID, !includeUnpublished)
	if err != nil {
		return nil, err
	}
	return eventStandings(st, results)
}

func (s *Server) countResults(ctx context.Context, teamIDs, workoutIDs []string) (*resultsv1.CountResultsResponse, error) {
	teams, err := parseIDs("teamIds", "team", teamIDs)
	if err != nil {
		return nil, err
	}
	workouts, err := parseIDs("workoutIds", "workout", workoutIDs)
	if err != nil {
		return nil, err
	}
	byTeam, err := store.PublishedByTeam(ctx, s.pool, teams)
	if err != nil {
		return nil, err
	}
	allByTeam, err := store.ResultsByTeam(ctx, s.pool, teams)
	if err != nil {
		return nil, err
	}
	byWorkout, err := store.ResultsByWorkout(ctx, s.pool, workouts)
	if err != nil {
		return nil, err
	}
	// Every id asked for gets an entry, 0 when it has no results.
	out := &resultsv1.CountResultsResponse{
		PublishedByTeam:  make(map[string]int32, len(teamIDs)),
		ResultsByTeam:    make(map[string]int32, len(teamIDs)),
		ResultsByWorkout: make(map[string]int32, len(workoutIDs)),
	}
	for i, id := range teams {
		out.PublishedByTeam[teamIDs[i]] = byTeam[id]
		out.ResultsByTeam[teamIDs[i]] = allByTeam[id]
	}
	for i, id := range workouts {
		out.ResultsByWorkout[workoutIDs[i]] = byWorkout[id]
	}
	return out, nil
}

// purge deletes the results of deleted teams, workouts or divisions (or of a deleted event)
// and rescores what remains of the event.
func (s *Server) purge(ctx context.Context, req *resultsv1.PurgeResultsRequest) (int, error) {
	eventID, err := parseID("eventId", "event", req.GetEventId())
	if err != nil {
		return 0, err
	}
	teams, err := parseIDs("teamIds", "team", req.GetTeamIds())
	if err != nil {
		return 0, err
	}
	workouts, err := parseIDs("workoutIds", "workout", req.GetWorkoutIds())
	if err != nil {
		return 0, err
	}
	divisions, err := parseIDs("divisionIds", "division", req.GetDivisionIds())
	if err != nil {
		return 0, err
	}
	var st *structure
	if !req.GetEventDeleted() {
		st, err = s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
		if isNotFound(err) {
			st, err = nil, nil // the event went too: nothing to rescore
		}
		if err != nil {
			return 0, err
		}
	}
	var n int
	var cells []store.Cell
	if st != nil {
		cells = st.allCells()
	}
	err = s.journaled(ctx, cells, inEvent(eventID), rescoredBySystem, func(tx pgx.Tx) error {
		n, err = store.Purge(ctx, tx, eventID, req.GetEventDeleted() || st == nil && len(teams)+len(workouts)+len(divisions) == 0,
			teams, workouts, divisions)
		if err != nil || st == nil {
			return err
		}
		results, err := store.ListEvent(ctx, tx, eventID, false)
		if err != nil {
			return err
		}
		scores, err := scoreResults(st, results)
		if err != nil {
			return err
		}
		_, err = store.SetScores(ctx, tx, scores)
		return err
	})
	if err != nil {
		return 0, err
	}
	s.log.InfoContext(ctx, "results purged and rescored", "event", eventID, "deleted", n, "eventDeleted", req.GetEventDeleted())
	s.bump(ctx, eventID)
	return n, nil
}

// isNotFound reports a NotFound answer, typed or as a gRPC status.
func isNotFound(err error) bool {
	return err != nil && (apperr.IsKind(err, apperr.KindNotFound) || status.Code(err) == codes.NotFound)
}

func notFound(err error, msg string) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(msg)
	}
	return err
}
