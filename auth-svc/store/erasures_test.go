package store

import (
	"context"
	"testing"

	"github.com/podium-dev/podium/internal/platform/pgtest"
)

// TestAnErasureIsDoneOnceEveryReaderHasAppliedIt: the feed gives the deletions in order,
// each reader acknowledges by asking after what it has applied, and only what every reader
// has acknowledged loses its address and name (docs/access.md, "Athletes").
func TestAnErasureIsDoneOnceEveryReaderHasAppliedIt(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := New(pgtest.NewPool(t, Migrations))
	readers := []string{"competition", "results"}
	for _, email := range []string{"ada@example.com", "bo@example.com"} {
		var id string
		if err := s.db.QueryRow(ctx, `INSERT INTO auth.users (password_hash, role, email) VALUES ('x', 'athlete', $1) RETURNING id`,
			email).Scan(&id); err != nil {
			t.Fatal(err)
		}
		if err := s.InTx(ctx, func(tx *Store) error { return tx.DeleteAthlete(ctx, id, "Name of "+email) }); err != nil {
			t.Fatal(err)
		}
	}
	read := func(reader string, after int64, limit int) ([]Erasure, map[string]int64) {
		t.Helper()
		var list []Erasure
		var positions map[string]int64
		if err := s.InTx(ctx, func(tx *Store) (err error) {
			list, positions, err = tx.ReadErasures(ctx, reader, after, limit, readers)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return list, positions
	}
	done := func() (n int) {
		t.Helper()
		if err := s.db.QueryRow(ctx, `SELECT count(*) FROM auth.athlete_erasures WHERE done_at IS NOT NULL AND email = '' AND name = ''`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	all, _ := read("competition", 0, 50)
	if len(all) != 2 || all[0].Email != "ada@example.com" || all[1].Email != "bo@example.com" || all[0].Seq >= all[1].Seq ||
		all[1].Name != "Name of bo@example.com" {
		t.Fatalf("the feed: %+v", all)
	}
	if page, _ := read("competition", 0, 1); len(page) != 1 || page[0].Seq != all[0].Seq {
		t.Fatalf("a page of one: %+v", page)
	}
	// competition-svc has applied both; results-svc none yet: nothing is done.
	rest, positions := read("competition", all[1].Seq, 50)
	if len(rest) != 0 || positions["competition"] != all[1].Seq || positions["results"] != 0 {
		t.Fatalf("after the last: %+v, positions %v", rest, positions)
	}
	if n := done(); n != 0 {
		t.Fatalf("%d erasures done before results-svc applied them", n)
	}
	// results-svc has applied the first: the first is done, the second keeps what it names.
	rest, positions = read("results", all[0].Seq, 50)
	if n := done(); n != 1 || len(rest) != 1 || rest[0].Email != "bo@example.com" || positions["results"] != all[0].Seq {
		t.Fatalf("%d done; the rest %+v, positions %v", n, rest, positions)
	}
	// A reader asking from further back (its cursor restored) is answered, and takes back no
	// acknowledgement: the erasure done stays done.
	again, positions := read("results", 0, 50)
	if len(again) != 2 || again[0].Email != "" || again[0].UserID != all[0].UserID || positions["results"] != all[0].Seq {
		t.Fatalf("read again from the start: %+v, positions %v", again, positions)
	}
	read("results", all[1].Seq, 50)
	if n := done(); n != 2 {
		t.Fatalf("%d erasures done after both readers applied both", n)
	}
}
