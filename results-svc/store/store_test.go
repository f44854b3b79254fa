package store_test

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"testing"
	"time"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/pgtest"
	"github.com/podium-dev/podium/results-svc/store"
)

var migrations = store.Migrations

func newID() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

func f64(v float64) *float64 { return &v }

type world struct {
	event, division, workout string
	teams                    []string
}

func newWorld(teams int) world {
	w := world{event: newID(), division: newID(), workout: newID()}
	for range teams {
		w.teams = append(w.teams, newID())
	}
	return w
}

func (w world) input(team int, v float64) store.Input {
	return store.Input{EventID: w.event, DivisionID: w.division, TeamID: w.teams[team], WorkoutID: w.workout,
		Status: typesv1.ResultStatus_completed, Value: f64(v)}
}

func count(t *testing.T, db store.DB, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestBatchUpsertIsAtomic(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.NewPool(t, migrations)
	st := store.New(pool)
	w := newWorld(3)

	// One row breaks a rule of the table (completed without a value): nothing is saved.
	bad := []store.Input{w.input(0, 100), w.input(1, 200), w.input(2, 0)}
	bad[2].Value = nil
	err := st.InTx(ctx, func(tx *store.Store) error { _, err := tx.Upsert(ctx, bad); return err })
	if err == nil {
		t.Fatal("a row without a value was accepted")
	}
	if n := count(t, pool, `SELECT count(*) FROM results.results`); n != 0 {
		t.Fatalf("%d rows saved from a failed batch", n)
	}

	// A failure after the upsert (as when rescoring fails) rolls the upsert back too.
	err = st.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.Upsert(ctx, []store.Input{w.input(0, 100)}); err != nil {
			return err
		}
		return fmt.Errorf("later step failed")
	})
	if err == nil || count(t, pool, `SELECT count(*) FROM results.results`) != 0 {
		t.Fatalf("upsert survived a failed transaction: %v", err)
	}

	// A good batch saves every row, returned in input order.
	var saved []store.Result
	err = st.InTx(ctx, func(tx *store.Store) error {
		var err error
		saved, err = tx.Upsert(ctx, []store.Input{w.input(2, 300), w.input(0, 100), w.input(1, 200)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) != 3 || saved[0].TeamID != w.teams[2] || *saved[1].Value != 100 || saved[2].ID == "" || saved[2].IsPublished {
		t.Fatalf("saved %+v", saved)
	}
}

// An unchanged save keeps a published result published; a changed one is pending: a draft
// that keeps its published values for the public until it is published
// (docs/result-invariants.md, "Pending changes").
func TestUpsertUpdatesInPlaceAndKeepsPublishedValuesPending(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.NewPool(t, migrations)
	st := store.New(pool)
	w := newWorld(1)
	first, err := st.Upsert(ctx, []store.Input{w.input(0, 100)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetPublished(ctx, []string{first[0].ID}, store.Publish, time.Now()); err != nil {
		t.Fatal(err)
	}
	published, _ := st.Get(ctx, first[0].ID)
	time.Sleep(5 * time.Millisecond)

	same, err := st.Upsert(ctx, []store.Input{w.input(0, 100)})
	if err != nil {
		t.Fatal(err)
	}
	if same[0].ID != first[0].ID || !same[0].IsPublished || !same[0].UpdatedAt.Equal(published.UpdatedAt) {
		t.Fatalf("unchanged save: %+v (before %+v)", same[0], published)
	}
	changed, err := st.Upsert(ctx, []store.Input{w.input(0, 90)})
	if err != nil {
		t.Fatal(err)
	}
	if c := changed[0]; c.ID != first[0].ID || *c.Value != 90 || c.IsPublished || !c.UpdatedAt.After(published.UpdatedAt) ||
		c.Public == nil || *c.Public.Value != 100 || !c.Public.UpdatedAt.Equal(published.UpdatedAt) {
		t.Fatalf("changed save: %+v", changed[0])
	}
	if n := count(t, pool, `SELECT count(*) FROM results.results`); n != 1 {
		t.Fatalf("%d rows", n)
	}
	// A second change keeps the published value; the public reads it, the admin the new one.
	if _, err := st.Update(ctx, first[0].ID, w.input(0, 80)); err != nil {
		t.Fatal(err)
	}
	publicValue := func() float64 {
		t.Helper()
		rs, err := st.ListEventPublic(ctx, w.event)
		if err != nil || len(rs) != 1 || !rs[0].IsPublished || rs[0].Public != nil {
			t.Fatalf("public list %+v %v", rs, err)
		}
		return *rs[0].Value
	}
	if v := publicValue(); v != 100 {
		t.Fatalf("public sees %g while the change is pending", v)
	}
	if all, _ := st.ListEvent(ctx, w.event); *all[0].Value != 80 || all[0].IsPublished {
		t.Fatalf("admin list %+v", all[0])
	}
	if _, err := st.SetPublished(ctx, []string{first[0].ID}, store.Publish, time.Now()); err != nil {
		t.Fatal(err)
	}
	if v := publicValue(); v != 80 {
		t.Fatalf("public sees %g after publication", v)
	}
	// Unpublishing a pending change takes the result off the public views.
	if _, err := st.Update(ctx, first[0].ID, w.input(0, 70)); err != nil {
		t.Fatal(err)
	}
	if events, err := st.SetPublished(ctx, []string{first[0].ID}, store.Unpublish, time.Now()); err != nil || len(events) != 1 {
		t.Fatalf("unpublish a pending change: %v %v", events, err)
	}
	if rs, _ := st.ListEventPublic(ctx, w.event); len(rs) != 0 {
		t.Fatalf("unpublished result still public: %+v", rs)
	}
}

// Two saves of the same team and workout at the same time leave one row: the second waits
// for the first on the unique index, then updates (upsert) or backs off (insert).
func TestConcurrentSavesKeepOneRow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.NewPool(t, migrations)
	st := store.New(pool)

	for _, mode := range []string{"upsert", "insert"} {
		t.Run(mode, func(t *testing.T) {
			w := newWorld(1)
			save := func(tx *store.Store, v float64) (bool, error) {
				if mode == "upsert" {
					_, err := tx.Upsert(ctx, []store.Input{w.input(0, v)})
					return true, err
				}
				_, ok, err := tx.Insert(ctx, w.input(0, v))
				return ok, err
			}
			tx1, err := pool.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer tx1.Rollback(ctx) //nolint:errcheck // committed below
			if ok, err := save(store.New(tx1), 100); err != nil || !ok {
				t.Fatalf("first save: %v %v", ok, err)
			}
			type outcome struct {
				ok  bool
				err error
			}
			second := make(chan outcome, 1)
			go func() {
				var ok bool
				err := st.InTx(ctx, func(tx *store.Store) error {
					var err error
					ok, err = save(tx, 200)
					return err
				})
				second <- outcome{ok, err}
			}()
			select {
			case o := <-second:
				t.Fatalf("second save did not wait for the first: %+v", o)
			case <-time.After(150 * time.Millisecond):
			}
			if err := tx1.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			o := <-second
			if o.err != nil {
				t.Fatalf("second save: %v", o.err)
			}
			if n := count(t, pool, `SELECT count(*) FROM results.results WHERE team_id = $1`, w.teams[0]); n != 1 {
				t.Fatalf("%d rows for one team and workout", n)
			}
			var v float64
			pool.QueryRow(ctx, `SELECT value FROM results.results WHERE team_id = $1`, w.teams[0]).Scan(&v) //nolint:errcheck // checked by value
			if mode == "upsert" && (!o.ok || v != 200) || mode == "insert" && (o.ok || v != 100) {
				t.Fatalf("%s: second ok=%v, value %v", mode, o.ok, v)
			}
		})
	}
}

func TestLockCellsSerialises(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.NewPool(t, migrations)
	st := store.New(pool)
	a := store.Cell{WorkoutID: newID(), DivisionID: newID()}
	b := store.Cell{WorkoutID: newID(), DivisionID: newID()}

	tx1, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx1.Rollback(ctx) //nolint:errcheck // committed below
	if err := store.New(tx1).LockCells(ctx, []store.Cell{a}); err != nil {
		t.Fatal(err)
	}
	// Another cell is free.
	if err := st.InTx(ctx, func(tx *store.Store) error { return tx.LockCells(ctx, []store.Cell{b}) }); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		done <- st.InTx(ctx, func(tx *store.Store) error { return tx.LockCells(ctx, []store.Cell{b, a, a}) })
	}()
	select {
	case err := <-done:
		t.Fatalf("a locked cell was locked twice (%v)", err)
	case <-time.After(150 * time.Millisecond):
	}
	tx1.Commit(ctx) //nolint:errcheck // releases the lock
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("lock not released at commit")
	}
}

func TestSetScoresWritesOnlyChanges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.NewPool(t, migrations)
	st := store.New(pool)
	w := newWorld(3)
	saved, err := st.Upsert(ctx, []store.Input{w.input(0, 1), w.input(1, 2), w.input(2, 3)})
	if err != nil {
		t.Fatal(err)
	}
	p1, p2 := int32(1), int32(2)
	scores := []store.Score{
		{ID: saved[0].ID, DivisionID: w.division, Place: &p1, Points: f64(100)},
		{ID: saved[1].ID, DivisionID: w.division, Place: &p2, Points: f64(95)},
		{ID: saved[2].ID, DivisionID: w.division}, // no place
	}
	if n, err := st.SetScores(ctx, scores); err != nil || n != 2 {
		t.Fatalf("first write changed %d rows (%v), want 2", n, err)
	}
	if n, _ := st.SetScores(ctx, scores); n != 0 {
		t.Fatalf("unchanged scores rewrote %d rows", n)
	}
	moved := newID()
	scores[2].DivisionID = moved
	if n, _ := st.SetScores(ctx, scores); n != 1 {
		t.Fatalf("division change wrote %d rows", n)
	}
	r, _ := st.Get(ctx, saved[1].ID)
	if *r.Place != 2 || *r.Points != 95 || !r.UpdatedAt.Equal(saved[1].UpdatedAt) {
		t.Fatalf("scored row %+v: scoring must not move updated_at", r)
	}
	if r, _ := st.Get(ctx, saved[2].ID); r.DivisionID != moved || r.Place != nil {
		t.Fatalf("row %+v", r)
	}
}

func TestPublicationChanges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.NewPool(t, migrations)
	st := store.New(pool)
	w := newWorld(3)
	saved, err := st.Upsert(ctx, []store.Input{w.input(0, 1), w.input(1, 2), w.input(2, 3)})
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{saved[0].ID, saved[1].ID, saved[2].ID}
	status := func() (int, int) {
		p, u, err := st.PublicationCounts(ctx, store.Filter{EventID: w.event})
		if err != nil {
			t.Fatal(err)
		}
		return p, u
	}
	if p, u := status(); p != 0 || u != 3 {
		t.Fatalf("new results published: %d/%d", p, u)
	}
	events, err := st.SetPublished(ctx, append(ids[:2:2], newID()), store.Publish, time.Now())
	if err != nil || len(events) != 2 || events[0] != w.event {
		t.Fatalf("publish: %v %v (unknown id must be ignored)", events, err)
	}
	if events, _ := st.SetPublished(ctx, ids[:2], store.Publish, time.Now()); len(events) != 0 {
		t.Fatalf("publishing published results changed %d", len(events))
	}
	if p, u := status(); p != 2 || u != 1 {
		t.Fatalf("after publish: %d/%d", p, u)
	}
	if events, _ := st.SetPublished(ctx, ids, store.Toggle, time.Now()); len(events) != 3 {
		t.Fatalf("toggle changed %d", len(events))
	}
	if p, u := status(); p != 1 || u != 2 {
		t.Fatalf("after toggle: %d/%d", p, u)
	}
	if events, _ := st.SetPublished(ctx, ids, store.Unpublish, time.Now()); len(events) != 1 {
		t.Fatalf("unpublish changed %d", len(events))
	}
	if p, u := status(); p != 0 || u != 3 {
		t.Fatalf("after unpublish: %d/%d", p, u)
	}
	st.SetPublished(ctx, ids[:1], store.Publish, time.Now()) //nolint:errcheck // checked by the counts
	if p, u, _ := st.PublicationCounts(ctx, store.Filter{TeamIDs: w.teams[1:]}); p != 0 || u != 2 {
		t.Fatalf("team filter: %d/%d", p, u)
	}
	if p, u, _ := st.PublicationCounts(ctx, store.Filter{TeamIDs: []string{}}); p != 0 || u != 0 {
		t.Fatalf("empty team filter must match nothing: %d/%d", p, u)
	}
	if p, u, _ := st.PublicationCounts(ctx, store.Filter{WorkoutID: newID()}); p+u != 0 {
		t.Fatal("workout filter")
	}
	// The feed of counts: a first settle raises every key (a team exactly, a workout as any or
	// none), a second finds nothing new.
	keys := []store.CountKey{{Team: true, ID: w.teams[0]}, {Team: true, ID: w.teams[1]}, {ID: w.workout}, {ID: newID()}}
	settle := func() []store.FeedCount {
		var rose []store.FeedCount
		if err := st.InTx(ctx, func(tx *store.Store) (err error) {
			rose, err = tx.SettleCounts(ctx, keys, false)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return rose
	}
	rose := settle()
	got := map[string][2]int32{}
	for _, c := range rose {
		got[c.Key.ID] = [2]int32{c.Results, c.Published}
	}
	if len(rose) != 3 || got[w.teams[0]] != [2]int32{1, 1} || got[w.teams[1]] != [2]int32{1, 0} || got[w.workout] != [2]int32{1, 1} { // a workout's counts: any or none
		t.Fatalf("first settle rose %v", got)
	}
	if again := settle(); len(again) != 0 {
		t.Fatalf("second settle rose %v", again)
	}
	unsent, err := st.UnsentCounts(ctx, 10)
	if err != nil || len(unsent) != 3 {
		t.Fatalf("unsent %v %v", unsent, err)
	}
	if err := st.MarkCountsSent(ctx, unsent); err != nil {
		t.Fatal(err)
	}
	if unsent, err := st.UnsentCounts(ctx, 10); err != nil || len(unsent) != 0 {
		t.Fatalf("unsent after sending %v %v", unsent, err)
	}
	// A key whose counts fall to none keeps its row once sent, so its next rise says which
	// seq it rose over: a raise made before that change stands only above it.
	if _, _, err := st.DeleteCell(ctx, w.event, w.workout, w.teams[1:2]); err != nil {
		t.Fatal(err)
	}
	keys = []store.CountKey{{Team: true, ID: w.teams[1]}}
	if fell := settle(); len(fell) != 0 {
		t.Fatalf("a fall raised %v", fell)
	}
	unsent, err = st.UnsentCounts(ctx, 10)
	if err != nil || len(unsent) != 1 || unsent[0].Results != 0 {
		t.Fatalf("the fall's counts %v %v", unsent, err)
	}
	if err := st.MarkCountsSent(ctx, unsent); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Upsert(ctx, []store.Input{w.input(1, 5)}); err != nil {
		t.Fatal(err)
	}
	if rose := settle(); len(rose) != 1 || rose[0].WasSeq != unsent[0].Seq || rose[0].Seq <= rose[0].WasSeq {
		t.Fatalf("the rise after a fall %+v, want it over seq %d", rose, unsent[0].Seq)
	}
}

func TestDeleteAndPurge(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.NewPool(t, migrations)
	st := store.New(pool)
	w := newWorld(4)
	other := newWorld(1)
	if _, err := st.Upsert(ctx, []store.Input{w.input(0, 1), w.input(1, 2), w.input(2, 3), w.input(3, 4), other.input(0, 1)}); err != nil {
		t.Fatal(err)
	}
	if n, _, err := st.DeleteCell(ctx, w.event, w.workout, w.teams[:2]); err != nil || n != 2 {
		t.Fatalf("delete cell: %d %v", n, err)
	}
	if n, err := st.Purge(ctx, w.event, false, w.teams[2:3], nil, nil); err != nil || n != 1 {
		t.Fatalf("purge team: %d %v", n, err)
	}
	if n, err := st.Purge(ctx, w.event, false, nil, nil, []string{newID()}); err != nil || n != 0 {
		t.Fatalf("purge unknown division: %d %v", n, err)
	}
	if n, err := st.Purge(ctx, w.event, true, nil, nil, nil); err != nil || n != 1 {
		t.Fatalf("purge event: %d %v", n, err)
	}
	if n := count(t, pool, `SELECT count(*) FROM results.results`); n != 1 {
		t.Fatalf("other event's result lost: %d left", n)
	}
	if _, err := st.Delete(ctx, newID()); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("delete unknown: %v", err)
	}
}

// The cell locks last as long as a transaction, so a store on the pool refuses to take them
// for a journal.
func TestLockAndReadBeforeNeedsATransaction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := store.New(pgtest.NewPool(t, migrations))
	cells := []store.Cell{{WorkoutID: newID(), DivisionID: newID()}}
	if _, err := st.LockAndReadBefore(ctx, cells, store.Scope{WorkoutIDs: []string{cells[0].WorkoutID}}); err == nil {
		t.Fatal("a store on the pool took transaction locks")
	}
	err := st.InTx(ctx, func(tx *store.Store) error {
		_, err := tx.LockAndReadBefore(ctx, cells, store.Scope{WorkoutIDs: []string{cells[0].WorkoutID}})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
