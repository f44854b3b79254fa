//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// failoverDetection is how long the primary stays dead before the standby is promoted: the
// operator's detection (CloudNativePG notices a lost primary within seconds).
const failoverDetection = 2 * time.Second

// TestChaosPostgresFailover plays a real failover on two PostgreSQL servers: a primary and a
// streaming standby made with pg_basebackup, synchronous commit on (a commit waits for the
// standby). Podium finds the primary the two ways docs/operations.md offers: through a proxy
// that plays the operator's read-write Service (switched to the promoted server), or with a
// URL naming both servers and target_session_attrs=read-write (pgx tries each, keeping the one
// that accepts writes). Three judges (scorers of the event) save two-row batches, and the
// organiser publishes each (round 1 new results, round 2 pending changes of published ones),
// while a spectator reads the board; the primary is killed (SIGKILL, every process of it) and
// the standby promoted after the operator's detection. Then, on the promoted server:
//   - every acknowledged save is there with exactly its values, every acknowledged
//     publication published;
//   - no batch is half written (both rows hold the same marker);
//   - saves succeed again without restarting Podium, every refusal an error with a message;
//   - the public board is served before and after; with no primary it answers from the
//     gateway's copy or 503 with a message.
//
// serial: it kills its own primary under load and times the failover, which a neighbour's load would stretch
func TestChaosPostgresFailover(t *testing.T) {
	t.Run("read-write Service", func(t *testing.T) { playFailover(t, "pg-failover", false) })
	t.Run("multi-host URL", func(t *testing.T) { playFailover(t, "pg-failover-url", true) })
}

// playFailover is one failover; multiHost says how Podium finds the primary.
func playFailover(t *testing.T, name string, multiHost bool) {
	sc := newScenario(t, name)
	w := getWorld(t)
	primary := ownServer(t, w, name+"-primary")
	primary.configure(t, "synchronous_standby_names = '*'", "synchronous_commit = on")
	startOwn(t, primary)
	standby := ownStandby(t, w, name+"-standby", primary)
	primary.waitFor(t, 60*time.Second, "the standby streams synchronously",
		`SELECT count(*) = 1 FROM pg_stat_replication WHERE sync_state = 'sync' AND state = 'streaming'`)
	const dbName = "podium_failover"
	dbURL := func(hosts string) string {
		return fmt.Sprintf("postgres://postgres@%s/%s?sslmode=disable&connect_timeout=5", hosts, dbName)
	}
	var service *serviceProxy
	podiumURL := dbURL(fmt.Sprintf("127.0.0.1:%d,127.0.0.1:%d", primary.port, standby.port)) + "&target_session_attrs=read-write"
	if !multiHost {
		service = newServiceProxy(t, primary.port)
		podiumURL = dbURL(fmt.Sprintf("127.0.0.1:%d", service.port()))
	}
	s := newStack(t, name, stackOptions{dbURL: podiumURL})
	ev := buildEvent(t, s, eventSpec{name: "Failover Games", divisions: 1, teamsPerDiv: 30, workouts: 4, scoreType: "POINTS", publishStatus: "start"})

	// A group is one team's two workouts of a pair: 30 teams × 2 pairs.
	type group struct {
		keys   [2][2]string // team, workout
		marker float64      // the last acknowledged save's value
		acked  bool         // a save of the last round was acknowledged
		pub    bool         // …and its publication after it
		tried  []float64    // markers of saves answered with an error
	}
	var groups []*group
	for _, tm := range ev.Teams {
		for pair := 0; pair < 2; pair++ {
			groups = append(groups, &group{keys: [2][2]string{{tm.ID, ev.Workouts[pair*2]}, {tm.ID, ev.Workouts[pair*2+1]}}})
		}
	}

	organiser := eventUser(t, s, ev, "organiser-1", "organiser")
	var judges []string
	for i := range 3 {
		judges = append(judges, eventUser(t, s, ev, fmt.Sprintf("judge-%d", i+1), "scorer"))
	}

	var (
		seq        atomic.Int64
		savesAcked atomic.Int64
		mu         sync.Mutex
		problems   []string
		refused    = map[string]int{} // save answers other than 200, by status
		pubRefused int
		killedAt   time.Time
		promotedAt time.Time
		firstAfter time.Time // the first acknowledged save sent after the kill
		reads      = map[string]map[int]int{"primary": {}, "none": {}, "promoted": {}}
		ackedAfter int // saves acknowledged after the promotion
	)
	problem := func(format string, args ...any) {
		mu.Lock()
		problems = append(problems, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	c := newClient(sc)
	workers := len(judges)
	deadline := time.Now().Add(8 * time.Minute)

	// retry sends a request until it is acknowledged; every other answer must be an error with
	// a message within the deadline. It reports false when the scenario's time ran out.
	retry := func(send func() reply, refusal func(reply)) (reply, bool) {
		for time.Now().Before(deadline) {
			r := send()
			if r.err == nil && r.status == http.StatusOK {
				return r, true
			}
			checkFailure(r, problem)
			if r.err == nil && r.status < 500 {
				problem("a request during the failover answered %s", r)
			}
			refusal(r)
			time.Sleep(200 * time.Millisecond) // a client retrying, not hammering
		}
		return reply{}, false
	}

	var wg sync.WaitGroup
	for wk := 0; wk < workers; wk++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for gi := wk; gi < len(groups); gi += workers {
				g := groups[gi]
				for round := 0; round < 2; round++ { // new results, then pending changes of them
					var marker float64
					var sent time.Time
					save, ok := retry(func() reply {
						marker, sent = float64(seq.Add(1))+0.5, time.Now()
						return c.post(s.URL+"/api/results/batch", judges[wk], map[string]any{"results": []row{
							{TeamID: g.keys[0][0], WorkoutID: g.keys[0][1], Value: marker},
							{TeamID: g.keys[1][0], WorkoutID: g.keys[1][1], Value: marker}}})
					}, func(r reply) {
						mu.Lock()
						refused[strconv.Itoa(r.status)]++
						g.tried = append(g.tried, marker)
						mu.Unlock()
					})
					if !ok {
						problem("group %d round %d: no save acknowledged before the scenario's deadline", gi, round+1)
						return
					}
					mu.Lock()
					g.marker, g.acked, g.pub = marker, true, false
					g.tried = nil
					if !killedAt.IsZero() && sent.After(killedAt) && firstAfter.IsZero() {
						firstAfter = time.Now()
					}
					if !promotedAt.IsZero() {
						ackedAfter++
					}
					mu.Unlock()
					savesAcked.Add(1)
					ids := resultIDs(t, save)
					if _, ok := retry(func() reply {
						return c.post(s.URL+"/api/results/publication/publish", organiser, map[string]any{"resultIds": ids})
					}, func(reply) { mu.Lock(); pubRefused++; mu.Unlock() }); !ok {
						problem("group %d round %d: no publication acknowledged before the scenario's deadline", gi, round+1)
						return
					}
					mu.Lock()
					g.pub = true
					mu.Unlock()
				}
			}
		}()
	}

	// A spectator reads the division's board all along, by the phase of the database.
	phaseNow := func() string {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case !promotedAt.IsZero():
			return "promoted"
		case !killedAt.IsZero():
			return "none"
		}
		return "primary"
	}
	spectating := make(chan struct{})
	var spectator sync.WaitGroup
	spectator.Add(1)
	go func() {
		defer spectator.Done()
		board := s.URL + "/api/public/events/" + ev.ID + "/divisions/" + ev.Divisions[0] + "/leaderboard"
		for {
			select {
			case <-spectating:
				return
			case <-time.After(100 * time.Millisecond):
			}
			sentIn := phaseNow()
			r := c.get(board, "")
			phase := phaseNow()
			mu.Lock()
			reads[phase][r.status]++
			mu.Unlock()
			// With no primary a board is served from the gateway's copy for its second, then
			// refused (public-svc reads the versions it keys views by from the database).
			checkFailure(r, problem)
			noPrimary := sentIn == "none" || phase == "none" || sentIn != phase
			if r.status != http.StatusOK && (!noPrimary || r.status != http.StatusServiceUnavailable) {
				problem("the public board with the database %s: %s", phase, r)
			}
		}
	}()

	// The fault: once a third of the saves went through, the primary dies; after the
	// operator's detection the standby is promoted and the read-write Service follows it.
	faultDone := make(chan struct{})
	go func() {
		defer close(faultDone)
		for savesAcked.Load() < int64(len(groups)*2/3) {
			time.Sleep(20 * time.Millisecond)
		}
		killed := primary.kill()
		mu.Lock()
		killedAt = killed
		mu.Unlock()
		time.Sleep(failoverDetection)
		promote := time.Now()
		standby.query(t, `SELECT pg_promote(true, 60)`, new(bool))
		how := "Podium's URL names both servers (target_session_attrs=read-write)"
		if service != nil {
			service.point(standby.port)
			how = "the read-write Service switched to it"
		}
		mu.Lock()
		promotedAt = time.Now()
		mu.Unlock()
		sc.fault("PostgreSQL primary killed (SIGKILL) under saves and publications; standby promoted in %v; %s",
			promotedAt.Sub(promote).Round(time.Millisecond), how)
	}()

	waitOrTimeout(t, &wg, 10*time.Minute, "judges")
	<-faultDone
	close(spectating)
	spectator.Wait()
	for name, p := range s.procs {
		if p.exited() {
			t.Errorf("%s exited during the failover (code %d): Podium had to be restarted", name, p.exitCode())
		}
	}
	s.waitReady("gateway", 60*time.Second)

	// Everything acknowledged is on the promoted server, read straight from it.
	ctx := context.Background()
	promoted, err := pgxpool.New(ctx, dbURL(fmt.Sprintf("127.0.0.1:%d", standby.port)))
	if err != nil {
		t.Fatal(err)
	}
	defer promoted.Close()
	var inRecovery bool
	if err := promoted.QueryRow(ctx, `SELECT pg_is_in_recovery()`).Scan(&inRecovery); err != nil || inRecovery {
		t.Fatalf("the promoted server is not a primary (in recovery %v, %v)", inRecovery, err)
	}
	var lost []string
	acked, stored, ambiguous := 0, 0, 0
	for gi, g := range groups {
		var vals [2]*float64
		var pubs [2]bool
		for i, k := range g.keys {
			rows, err := promoted.Query(ctx, `SELECT value, is_published FROM results.results WHERE team_id = $1 AND workout_id = $2`, k[0], k[1])
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for rows.Next() {
				n++
				if err := rows.Scan(&vals[i], &pubs[i]); err != nil {
					t.Fatal(err)
				}
			}
			rows.Close()
			if n > 1 {
				lost = append(lost, fmt.Sprintf("group %d: %d rows for team %s workout %s", gi, n, k[0], k[1]))
			}
		}
		desc := floatOrNull(vals[0]) + " " + floatOrNull(vals[1])
		if (vals[0] == nil) != (vals[1] == nil) || vals[0] != nil && *vals[0] != *vals[1] {
			lost = append(lost, fmt.Sprintf("group %d half written: %s", gi, desc))
			continue
		}
		if !g.acked {
			continue
		}
		acked += 2
		switch {
		case vals[0] != nil && *vals[0] == g.marker:
			stored += 2
			if g.pub && !(pubs[0] && pubs[1]) {
				lost = append(lost, fmt.Sprintf("group %d: publication acknowledged, rows not published", gi))
			}
		case vals[0] != nil && slices.Contains(g.tried, *vals[0]):
			ambiguous += 2 // a later save the client saw fail was committed (whole)
		default:
			lost = append(lost, fmt.Sprintf("group %d: acknowledged %.1f, the promoted server holds %s", gi, g.marker, desc))
		}
	}

	mu.Lock()
	defer mu.Unlock()
	noPrimary := promotedAt.Sub(killedAt)
	savesOut := firstAfter.Sub(killedAt)
	nRefused := 0
	for _, n := range refused {
		nRefused += n
	}
	sc.writes(acked, stored, ambiguous, lost)
	sc.setNote("no primary for %v (kill → promoted); the first save sent after the kill acknowledged %v after it; %d saves refused %v, %d publications refused; %d saves acknowledged after the promotion; board reads with the primary %v, with none %v, after the promotion %v",
		noPrimary.Round(time.Millisecond), savesOut.Round(time.Millisecond), nRefused, refused, pubRefused, ackedAfter, reads["primary"], reads["none"], reads["promoted"])
	t.Logf("no primary for %v; saves out for %v; refused saves %d %v; refused publications %d; acked rows %d, stored %d, ambiguous %d",
		noPrimary.Round(time.Millisecond), savesOut.Round(time.Millisecond), nRefused, refused, pubRefused, acked, stored, ambiguous)
	for _, p := range dedupe(problems, 20) {
		t.Error(p)
	}
	for _, l := range lost {
		t.Error(l)
	}
	if reads["promoted"][http.StatusOK] == 0 {
		t.Errorf("no board read after the promotion: %v", reads)
	}
	if ackedAfter < workers {
		t.Errorf("only %d saves acknowledged after the promotion: Podium did not reconnect", ackedAfter)
	}
}

// eventUser creates a user with role (scorer or organiser) granted that role on the event, as
// an admin does in the console, and returns the user's token.
func eventUser(t *testing.T, s *stack, ev event, name, role string) string {
	t.Helper()
	c := newClient(nil)
	const password = "chaos-user-password"
	var user struct{ ID string }
	c.must(t, http.MethodPost, s.URL+"/api/users", s.token, map[string]string{"username": name, "password": password, "role": role}).decode(t, &user)
	c.must(t, http.MethodPut, s.URL+"/api/events/"+ev.ID+"/access/"+user.ID, s.token, map[string]string{"role": role})
	return s.login(s.URL, name, password)
}
