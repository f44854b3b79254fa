//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestChaosPointInTimeRestore is the backup drill of docs/operations.md ("Backups and
// point-in-time recovery") on real servers: a primary archives its WAL (archive_mode,
// archive_command copying to a directory), a base backup is taken with pg_basebackup, then an
// event is run (results saved, published, edited: a pending change left unpublished). At the
// chosen moment the public boards, the organisers' grid and every result's history are
// captured and a named restore point is created; then a mistake happens (new values
// published, a result deleted). The backup restored to a new server with recovery to the
// restore point, Podium started on it serves exactly what was captured at the moment.
// serial: the chaos scenarios run one at a time, so that each meets only its own fault and load
func TestChaosPointInTimeRestore(t *testing.T) {
	sc := newScenario(t, "pg-pitr")
	w := getWorld(t)
	primary := ownServer(t, w, "pitr-primary")
	archive := filepath.Join(primary.sockDir, "wal-archive")
	ownedByServer(t, primary, archive)
	primary.configure(t, "archive_mode = on", fmt.Sprintf("archive_command = 'test ! -f %[1]s/%%f && cp %%p %[1]s/%%f'", archive))
	startOwn(t, primary)
	const dbName = "podium_pitr"
	s := newStack(t, "pitr", stackOptions{dbURL: primary.url(dbName)})

	// The nightly base backup, taken before the event: what follows is only in archived WAL.
	backup := filepath.Join(primary.sockDir, "base-backup")
	if err := primary.run("pg_basebackup", "-h", "127.0.0.1", "-p", fmt.Sprint(primary.port), "-U", "postgres",
		"-D", backup, "-X", "stream", "-c", "fast", "--no-sync"); err != nil {
		t.Fatal(err)
	}

	setup := newClient(nil)
	ev := buildEvent(t, s, eventSpec{name: "Restore Games", divisions: 2, teamsPerDiv: 6, workouts: 2, scoreType: "REPS", publishStatus: "start"})
	var rows []row
	for i, tm := range ev.Teams {
		for _, wo := range ev.Workouts {
			rows = append(rows, row{TeamID: tm.ID, WorkoutID: wo, Value: float64(20 + i)})
		}
	}
	publishAll(t, s, setup, setup.must(t, http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": rows}))
	// A published edit (history: updated, published) and a pending change nobody published.
	publishAll(t, s, setup, setup.must(t, http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": []row{
		{TeamID: ev.Teams[1].ID, WorkoutID: ev.Workouts[0], Value: 99}}}))
	pending := setup.must(t, http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": []row{
		{TeamID: ev.Teams[2].ID, WorkoutID: ev.Workouts[1], Value: 98}}})

	// The moment: what Podium serves, then the restore point.
	paths := pitrPaths(ev)
	grid := gridScores(t, s, setup, ev)
	atMoment := capture(t, s, setup, paths, grid)
	var lsn, segment string
	primary.query(t, `SELECT lsn::text, pg_walfile_name(lsn) FROM pg_create_restore_point('chaos-moment') AS lsn`, &lsn, &segment)

	// The mistake: every team's first workout overwritten and published, the pending change
	// published, a result deleted.
	rows = rows[:0]
	for _, tm := range ev.Teams {
		rows = append(rows, row{TeamID: tm.ID, WorkoutID: ev.Workouts[0], Value: 1})
	}
	publishAll(t, s, setup, setup.must(t, http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": rows}))
	publishAll(t, s, setup, pending)
	deleted := resultIDs(t, pending)[0]
	setup.must(t, http.MethodDelete, s.URL+"/api/results/"+deleted, s.token, nil)
	after := capture(t, s, setup, paths, grid)
	if len(diffMaps(atMoment, after, 1)) == 0 {
		t.Fatal("the mistake changed nothing Podium serves: the drill would prove nothing")
	}
	// The segment holding the restore point is closed and archived.
	primary.query(t, `SELECT pg_switch_wal()::text`, new(string))
	primary.waitFor(t, 60*time.Second, "the restore point's WAL archived",
		fmt.Sprintf(`SELECT coalesce(last_archived_wal >= '%s', false) FROM pg_stat_archiver`, segment))

	// The drill: the backup copied to a new server's data directory, recovery from the archive
	// to the restore point, then the server is promoted.
	began := time.Now()
	restored, err := newPostgres(w.dir, "pitr-restored")
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("cp", "-a", backup, restored.dataDir).CombinedOutput(); err != nil {
		t.Fatalf("copy the base backup: %v %s", err, out)
	}
	restored.configure(t, "archive_mode = off", fmt.Sprintf("restore_command = 'cp %s/%%f %%p'", archive),
		"recovery_target_name = 'chaos-moment'", "recovery_target_action = 'promote'")
	if err := os.WriteFile(filepath.Join(restored.dataDir, "recovery.signal"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	ownedByServer(t, restored, restored.dataDir)
	startOwn(t, restored)
	restored.waitFor(t, 2*time.Minute, "the restored server promoted", `SELECT NOT pg_is_in_recovery()`)
	restoreTook := time.Since(began)
	archived, _ := filepath.Glob(filepath.Join(archive, "0*"))
	sc.fault("base backup (%s) + archived WAL restored to a new server, recovered to restore point 'chaos-moment' (%s) in %v",
		duSize(backup), lsn, restoreTook.Round(time.Millisecond))

	// Podium on the restored server, with a Redis db of its own (nothing cached from before).
	s2 := newStack(t, "pitr-restored", stackOptions{dbURL: restored.url(dbName), existing: true})
	if err := s2.rdb.FlushDB(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	c := newClient(sc)
	got := capture(t, s2, c, paths, grid)
	for _, d := range diffMaps(atMoment, got, 10) {
		t.Errorf("the restored Podium serves otherwise than at the moment: %s", d)
	}
	restoredGrid := gridScores(t, s2, c, ev)
	for _, d := range diffMaps(grid, restoredGrid, 10) {
		t.Errorf("the restored grid differs from the moment's: %s", d)
	}
	// Every result saved before the moment is a write the restore must hold as it was.
	sc.writes(len(grid), len(grid)-countDiffering(grid, restoredGrid), 0, nil)
	sc.setNote("base backup %s, %d WAL segments archived; restored and recovered to the restore point in %v; %d views and histories compared with the moment (%d differed after the mistake)",
		duSize(backup), len(archived), restoreTook.Round(time.Millisecond), len(atMoment), len(diffMaps(atMoment, after, 1<<20)))
}

// pitrPaths are the public views of the event.
func pitrPaths(ev event) []string {
	paths := []string{"/api/public/events", "/api/public/events/" + ev.ID, "/api/public/events/" + ev.ID + "/leaderboard"}
	for _, d := range ev.Divisions {
		paths = append(paths, "/api/public/events/"+ev.ID+"/divisions/"+d+"/leaderboard")
		for _, wo := range ev.Workouts {
			paths = append(paths, "/api/public/events/"+ev.ID+"/divisions/"+d+"/workouts/"+wo+"/leaderboard")
		}
	}
	return paths
}

// capture is what a Podium serves: each public view, and each result's history (the results
// of grid, the organisers' grid at the moment) and its grid line, keyed by what they are.
func capture(t *testing.T, s *stack, c *client, paths []string, grid map[string]string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range paths {
		out[p] = normalized(t, c.must(t, http.MethodGet, s.URL+p, "", nil).body)
	}
	for id := range grid {
		r := c.get(s.URL+"/api/results/"+id+"/history", s.token)
		out["history "+id] = fmt.Sprintf("%d %s", r.status, normalized(t, r.body))
	}
	return out
}

// countDiffering counts the keys of want whose values got does not hold.
func countDiffering(want, got map[string]string) int {
	n := 0
	for k, v := range want {
		if got[k] != v {
			n++
		}
	}
	return n
}

// ownedByServer makes dir (created when missing) the server's user's, as PostgreSQL requires
// of its data directory and needs of its archive.
func ownedByServer(t *testing.T, pg *postgres, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if pg.cred == nil {
		return
	}
	if out, err := exec.Command("chown", "-R", fmt.Sprintf("%d:%d", pg.cred.Uid, pg.cred.Gid), dir).CombinedOutput(); err != nil {
		t.Fatalf("chown %s: %v %s", dir, err, out)
	}
}

// duSize is a directory's size as du prints it.
func duSize(dir string) string {
	out, err := exec.Command("du", "-sh", dir).Output()
	if err != nil {
		return "?"
	}
	return strings.Fields(string(out))[0]
}
