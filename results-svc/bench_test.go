package resultssvc

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"google.golang.org/protobuf/types/known/wrapperspb"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/results-svc/store"
)

// The load: an event of 10 divisions × 200 teams × 10 workouts (20,000 results).
// Goals on this machine: recalculation under 1 s, a 200-row batch under 150 ms. Each
// benchmark reports results/s, its share of the goal (of-…-goal, below 1 meets it) and its
// speed-up over a per-row baseline measured once in the same run (x-vs-per-row).
const (
	benchDivisions = 10
	benchTeams     = 200
	benchWorkouts  = 10
)

type benchEvent struct {
	srv  *Server
	pool *pgxpool.Pool // for the per-row baselines, which write without the store
	f    *fixture
	rng  *rand.Rand
}

func newBenchEvent(b *testing.B) *benchEvent {
	b.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rdb := pgtest.NewRedis(b)
	comp := startPair(b, changes.NewSignal(changes.NewChannel(rdb, pgtest.Namespace(b, rdb)), log))
	f := comp.event(b, "")
	types := []string{"TIME", "REPS", "MAX_WEIGHT", "POINTS"}
	for w := range benchWorkouts {
		capSeconds := int32(0)
		if types[w%4] == "TIME" {
			capSeconds = 1200
		}
		comp.createWorkout(b, f, fmt.Sprintf("W%02d", w+1), types[w%4], capSeconds, int32(w+1))
	}
	for d := range benchDivisions {
		names := make([]string, benchTeams)
		for i := range names {
			names[i] = fmt.Sprintf("D%02d Team %03d", d, i)
		}
		comp.createDivision(b, f, fmt.Sprintf("Division %02d", d), names...)
	}
	comp.reload(b, f)
	e := &benchEvent{srv: comp.results, pool: comp.pool, f: f, rng: rand.New(rand.NewPCG(1, 2))}
	for _, w := range f.es.Event.Workouts {
		for _, d := range f.es.Event.Divisions {
			if _, err := e.srv.BatchSaveResults(context.Background(), e.batch(w.Name, d.Name)); err != nil {
				b.Fatal(err)
			}
		}
	}
	return e
}

// batch is a random result for every team of a division in a workout: finishers with ties,
// some capped, a few dnf.
func (e *benchEvent) batch(workout, division string) *resultsv1.BatchSaveResultsRequest {
	w := e.f.w[workout]
	req := &resultsv1.BatchSaveResultsRequest{}
	for _, t := range e.f.es.Teams {
		if t.DivisionId != e.f.d[division].Id {
			continue
		}
		in := &resultsv1.ResultInput{TeamId: t.Id, WorkoutId: w.Id}
		switch r := e.rng.IntN(100); {
		case r < 3:
			in.Status = "dnf"
		case r < 15 && w.ScoreType == typesv1.ScoreType_TIME:
			in.Status = "capped"
			in.CappedReps = wrapperspb.Int32(int32(e.rng.IntN(150)))
		case w.ScoreType == typesv1.ScoreType_TIME:
			in.ResultValue = wrapperspb.Double(float64(300 + e.rng.IntN(900)))
		default:
			in.ResultValue = wrapperspb.Double(float64(e.rng.IntN(300)))
		}
		req.Results = append(req.Results, in)
	}
	return req
}

// perRowRecalculation is the baseline measured in the same run: the same recalculation
// writing one UPDATE per result instead of one bulk statement.
func (e *benchEvent) perRowRecalculation(b *testing.B) time.Duration {
	b.Helper()
	ctx := context.Background()
	if _, err := e.pool.Exec(ctx, `UPDATE results.results SET points = NULL, place = NULL`); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	st := e.f.structure(b)
	err := pg.InTx(ctx, e.pool, func(tx pgx.Tx) error {
		txStore := store.New(tx)
		if err := txStore.LockCells(ctx, st.allCells()); err != nil {
			return err
		}
		results, err := txStore.ListEvent(ctx, st.eventID)
		if err != nil {
			return err
		}
		scores, err := scoreResults(st, results)
		if err != nil {
			return err
		}
		for _, sc := range scores {
			if _, err := tx.Exec(ctx, `UPDATE results.results SET place = $2, points = $3, division_id = $4 WHERE id = $1`,
				sc.ID, sc.Place, sc.Points, sc.DivisionID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return time.Since(start)
}

func BenchmarkRecalculateEvent(b *testing.B) {
	e := newBenchEvent(b)
	ctx := context.Background()
	req := &resultsv1.RecalculateEventRequest{EventId: e.f.eventID()}
	baseline := e.perRowRecalculation(b)
	run := func(b *testing.B, reset bool) {
		for b.Loop() {
			if reset {
				// Every stored score is wrong (as after a change of scoring table): the
				// recalculation rewrites all 20,000 rows.
				b.StopTimer()
				if _, err := e.pool.Exec(ctx, `UPDATE results.results SET points = NULL, place = NULL`); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
			n, err := e.srv.RecalculateEvent(ctx, req)
			if err != nil || n.ResultsCount != benchDivisions*benchTeams*benchWorkouts {
				b.Fatalf("%v %v", n, err)
			}
		}
		perOp := b.Elapsed() / time.Duration(b.N)
		b.ReportMetric(float64(benchDivisions*benchTeams*benchWorkouts)/perOp.Seconds(), "results/s")
		b.ReportMetric(perOp.Seconds()/time.Second.Seconds(), "of-1s-goal")
		b.ReportMetric(baseline.Seconds()/perOp.Seconds(), "x-vs-per-row")
	}
	b.Run("rewrite-all", func(b *testing.B) { run(b, true) })
	b.Run("unchanged", func(b *testing.B) { run(b, false) })
}

// perRowBatch is the baseline measured in the same run: the same 200 results saved with one
// INSERT … ON CONFLICT per row, then rescored.
func (e *benchEvent) perRowBatch(b *testing.B, req *resultsv1.BatchSaveResultsRequest) time.Duration {
	b.Helper()
	ctx := context.Background()
	start := time.Now()
	st := e.f.structure(b)
	err := pg.InTx(ctx, e.pool, func(tx pgx.Tx) error {
		var cells []store.Cell
		for i, r := range req.Results {
			in, err := resolve(st, r.TeamId, r.WorkoutId, fieldsOf(r), fmt.Sprintf("results[%d].", i))
			if err != nil {
				return err
			}
			cells = append(cells, store.Cell{WorkoutID: in.WorkoutID, DivisionID: in.DivisionID})
			if _, err := tx.Exec(ctx, `INSERT INTO results.results
				(event_id, division_id, team_id, workout_id, status, value, capped_reps, tiebreak)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
				ON CONFLICT (team_id, workout_id) DO UPDATE SET status = EXCLUDED.status, value = EXCLUDED.value,
					capped_reps = EXCLUDED.capped_reps, tiebreak = EXCLUDED.tiebreak, updated_at = now()`,
				in.EventID, in.DivisionID, in.TeamID, in.WorkoutID, in.Status, in.Value, in.CappedReps, in.Tiebreak); err != nil {
				return err
			}
		}
		txStore := store.New(tx)
		if err := txStore.LockCells(ctx, cells[:1]); err != nil {
			return err
		}
		_, err := rescore(ctx, txStore, st, cells[:1])
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return time.Since(start)
}

func BenchmarkBatchSave200(b *testing.B) {
	e := newBenchEvent(b)
	ctx := context.Background()
	w, d := e.f.es.Event.Workouts[0], e.f.es.Event.Divisions[0]
	baseline := e.perRowBatch(b, e.batch(w.Name, d.Name))
	i := 0
	for b.Loop() {
		b.StopTimer()
		w := e.f.es.Event.Workouts[i%benchWorkouts]
		d := e.f.es.Event.Divisions[(i/benchWorkouts)%benchDivisions]
		req := e.batch(w.Name, d.Name) // new values for 200 existing results: upsert + rescore
		i++
		b.StartTimer()
		if _, err := e.srv.BatchSaveResults(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
	perOp := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(benchTeams)/perOp.Seconds(), "results/s")
	b.ReportMetric(perOp.Seconds()/(150*time.Millisecond).Seconds(), "of-150ms-goal")
	b.ReportMetric(baseline.Seconds()/perOp.Seconds(), "x-vs-per-row")
}

// BenchmarkBatchSave200History is what the result history costs a 200-row batch save: the
// transaction of a batch save (cell locks, upsert, rescore) without the journal, and the same
// with it (scope kept before, one entry per changed row after). Every iteration saves one batch
// each way, in alternating order, so both see the same load on a shared machine; the goal is
// that history adds at most 25 % (make bench prints the median over runs).
func BenchmarkBatchSave200History(b *testing.B) {
	e := newBenchEvent(b)
	ctx := context.Background()
	st := e.f.structure(b)
	prepare := func(i int) ([]store.Input, []store.Cell) {
		w := e.f.es.Event.Workouts[i%benchWorkouts]
		d := e.f.es.Event.Divisions[(i/benchWorkouts)%benchDivisions]
		req := e.batch(w.Name, d.Name)
		ins := make([]store.Input, len(req.Results))
		for j, r := range req.Results {
			in, err := resolve(st, r.TeamId, r.WorkoutId, fieldsOf(r), "")
			if err != nil {
				b.Fatal(err)
			}
			ins[j] = in
		}
		return ins, []store.Cell{{WorkoutID: w.Id, DivisionID: d.Id}}
	}
	body := func(ins []store.Input, cells []store.Cell) func(*store.Store) error {
		return func(tx *store.Store) error {
			if _, err := tx.Upsert(ctx, ins); err != nil {
				return err
			}
			_, err := rescore(ctx, tx, st, cells)
			return err
		}
	}
	variants := [2]func(ins []store.Input, cells []store.Cell) error{
		func(ins []store.Input, cells []store.Cell) error { // without history
			return e.srv.svc.store.InTx(ctx, func(tx *store.Store) error {
				if err := tx.LockCells(ctx, cells); err != nil {
					return err
				}
				return body(ins, cells)(tx)
			})
		},
		func(ins []store.Input, cells []store.Cell) error { // with history
			return e.srv.svc.journaled(ctx, cells, inCells(st, cells), rescoredBySystem, body(ins, cells))
		},
	}
	// Medians, not means: a spike of another process on the machine lands on one save, and the
	// ratio is taken within each pair.
	var without, with, ratio []float64
	n := 0
	for b.Loop() {
		var spent [2]time.Duration
		for k := range 2 {
			v := (n + k) % 2
			b.StopTimer()
			ins, cells := prepare(2*n + k)
			b.StartTimer()
			start := time.Now()
			if err := variants[v](ins, cells); err != nil {
				b.Fatal(err)
			}
			spent[v] = time.Since(start)
		}
		without, with = append(without, spent[0].Seconds()*1000), append(with, spent[1].Seconds()*1000)
		ratio = append(ratio, spent[1].Seconds()/spent[0].Seconds())
		n++
	}
	b.ReportMetric(median(without), "ms-without-history")
	b.ReportMetric(median(with), "ms-with-history")
	b.ReportMetric(100*(median(ratio)-1), "%history")
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
