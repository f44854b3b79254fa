// Command deadlinerush is the qualifier's deadline rush benchmark (scripts/bench-deadline.sh,
// docs/qualifiers.md "The deadline rush"): teams of an online qualifier send their scores in
// the last 60 seconds before a workout's deadline, and a few right after it, against a running
// `podium all` on loopback. It reports the latency of the submissions sent before the deadline
// (p50, p99, max), errors, the refusals after the deadline, and checks every acknowledged
// submission in PostgreSQL: stored once, with the value sent, submitted before the deadline.
// It exits non-zero only when something was lost or accepted after the deadline, never on a
// number.
//
// Athletes are made directly in the database with a session each, and their tokens signed with
// the deployment's key (PODIUM_JWT_PRIVATE_KEY): thousands of sign-ups through /api would cost
// as many password hashes and meet the sign-up limits.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/authn"
)

type submission struct {
	team, workout int
	at            time.Time // when it is planned
	sent          time.Time // when it left (later than at when every slot was busy)
	value         int
	late          bool // planned after the deadline
	status        int
	body          string
	took          time.Duration
}

func main() {
	url := flag.String("url", "http://127.0.0.1:8080", "gateway base URL")
	dbURL := flag.String("db", os.Getenv("PODIUM_DATABASE_URL"), "the stack's database")
	username := flag.String("username", "bench", "administrator")
	teams := flag.Int("teams", 400, "teams of the qualifier")
	workouts := flag.Int("workouts", 5, "workouts, each with the same deadline")
	window := flag.Duration("window", 60*time.Second, "the rush: the last part before the deadline")
	late := flag.Int("late", 100, "submissions sent in the second after the deadline")
	inflight := flag.Int("inflight", 64, "requests in flight at most")
	flag.Parse()
	fail := eventtest.Program("deadlinerush")
	ctx := context.Background()
	api := eventtest.Login(fail, *url, *username, os.Getenv("PODIUM_ADMIN_PASSWORD"))

	// The qualifier: one division open for registration, the workouts.
	ev := eventtest.New(fail, api).Event(eventtest.Fields{"name": "Deadline Rush Online", "dateFrom": "2026-03-01", "dateTo": "2026-03-31"})
	d := ev.Division("RX Pairs", "")
	var workoutIDs []string
	for w := range *workouts {
		workoutIDs = append(workoutIDs, ev.Workout(eventtest.WorkoutFields(fmt.Sprintf("Event %d", w+1), "TIME", 1200, w+1)).GetId())
	}
	ev.Transition("publish")
	call(fail, api, http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", eventtest.Fields{
		"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339), "closesAt": time.Now().Add(time.Hour).UTC().Format(time.RFC3339),
		"capacity": *teams, "waitlist": false})

	// The teams: athletes with sessions, then registered and confirmed through the API.
	tokens := athletes(fail, ctx, *dbURL, 2**teams)
	var regWG sync.WaitGroup
	sem := make(chan struct{}, 16)
	for t := range *teams {
		regWG.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; regWG.Done() }()
			var reg struct{ ShareCode string }
			status, body, _ := send(*url, tokens[2*t], http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations",
				map[string]any{"divisionId": d.GetId(), "teamName": fmt.Sprintf("Rush %04d", t)})
			if status != http.StatusOK || json.Unmarshal([]byte(body), &reg) != nil {
				fail.Fatalf("register team %d: %d %s", t, status, body)
			}
			if status, body, _ := send(*url, tokens[2*t+1], http.MethodPost, "/api/registration/accept", map[string]any{"code": reg.ShareCode}); status != http.StatusOK {
				fail.Fatalf("accept team %d: %d %s", t, status, body)
			}
		}()
	}
	regWG.Wait()

	// The windows: released a minute ago, every deadline at the end of the rush (seconds, as
	// RFC 3339 carries them).
	deadline := time.Now().Add(*window + 5*time.Second).Truncate(time.Second)
	var windows []eventtest.Fields
	for _, id := range workoutIDs {
		windows = append(windows, eventtest.Fields{"workoutId": id, "releaseAt": time.Now().Add(-time.Minute).UTC().Format(time.RFC3339),
			"submissionDeadline": deadline.UTC().Format(time.RFC3339)})
	}
	call(fail, api, http.MethodPut, "/api/events/"+ev.ID+"/online", eventtest.Fields{"format": "online", "workouts": windows})

	// Every team submits every workout once, at a random instant of the rush; some send again
	// in the second after the deadline.
	rng := rand.New(rand.NewPCG(7, 11))
	var plan []*submission
	for t := range *teams {
		for w := range *workouts {
			plan = append(plan, &submission{team: t, workout: w, value: 120 + rng.IntN(900),
				at: deadline.Add(-*window + time.Duration(rng.Int64N(int64(*window))))})
		}
	}
	for range *late {
		plan = append(plan, &submission{team: rng.IntN(*teams), workout: rng.IntN(*workouts), value: 60, late: true,
			at: deadline.Add(time.Duration(rng.Int64N(int64(time.Second))))})
	}
	slices.SortFunc(plan, func(a, b *submission) int { return a.at.Compare(b.at) })
	fmt.Printf("deadline rush: %d teams, %d workouts, %d submissions in the last %s before the deadline, %d after it; load average before: %s\n",
		*teams, *workouts, len(plan)-*late, *window, *late, loadavg())

	slots := make(chan struct{}, *inflight)
	var wg sync.WaitGroup
	for _, s := range plan {
		time.Sleep(time.Until(s.at))
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			s.sent = time.Now()
			s.status, s.body, s.took = send(*url, tokens[2*s.team], http.MethodPut, "/api/submissions/workouts/"+workoutIDs[s.workout],
				map[string]any{"resultValue": s.value, "videoUrl": "https://example.com/v"})
		}()
	}
	wg.Wait()
	fmt.Printf("deadline rush: load average after: %s\n", loadavg())

	// What the server answered.
	var took []time.Duration
	errors, refusedLate, acceptedLate, refusedEarly := 0, 0, 0, 0
	acked := map[[2]int]*submission{}
	delayed := 0
	for _, s := range plan {
		if !s.late && !s.sent.Before(deadline) {
			delayed++ // planned before the deadline, sent after it: every slot was busy
			s.late = true
		}
		switch {
		case s.status == http.StatusOK && !s.late:
			took = append(took, s.took)
			acked[[2]int{s.team, s.workout}] = s
		case s.status == http.StatusOK && s.late:
			acceptedLate++ // a request sent after the deadline must never be acknowledged
		case s.status == http.StatusConflict && s.late:
			refusedLate++
		case s.status == http.StatusConflict:
			refusedEarly++ // sent before the deadline, reached it after: refused, never stored
			took = append(took, s.took)
		default:
			errors++
			if errors <= 5 {
				fmt.Printf("deadline rush: error %d %s\n", s.status, strings.TrimSpace(s.body))
			}
		}
	}
	slices.Sort(took)
	q := func(p float64) time.Duration {
		if len(took) == 0 {
			return 0
		}
		return took[min(len(took)-1, int(p*float64(len(took))))].Round(time.Millisecond)
	}
	fmt.Printf("deadline rush: before the deadline p50 %v, p99 %v, max %v (goal: p99 <= 300 ms); %d acknowledged, %d refused as they reached the deadline, %d errors\n",
		q(0.50), q(0.99), q(1), len(acked), refusedEarly, errors)
	fmt.Printf("deadline rush: sent after the deadline %d (of them %d planned before it, held by the %d-request bound), %d refused, %d accepted (goal: 0)\n",
		refusedLate+acceptedLate, delayed, *inflight, refusedLate, acceptedLate)

	// Every acknowledged submission in PostgreSQL: once, with its value, before the deadline;
	// nothing stored at or after it.
	lost, wrong, stored, after := check(fail, ctx, *dbURL, ev.ID, acked, workoutIDs, deadline)
	fmt.Printf("deadline rush: PostgreSQL holds %d submissions; of %d acknowledged %d missing, %d with another value; %d submitted at or after the deadline (goal: 0 missing, 0 after)\n",
		stored, len(acked), lost, wrong, after)
	if lost > 0 || wrong > 0 || after > 0 || acceptedLate > 0 {
		os.Exit(1)
	}
}

// athletes makes n athletes with a session each and returns their tokens.
func athletes(fail eventtest.Failer, ctx context.Context, dbURL string, n int) []string {
	key, err := authn.ParsePrivateKey(os.Getenv("PODIUM_JWT_PRIVATE_KEY"))
	if err != nil {
		fail.Fatalf("PODIUM_JWT_PRIVATE_KEY: %v", err)
	}
	issuer := authn.NewIssuer(key, envOr("PODIUM_JWT_ISSUER", "podium"), envOr("PODIUM_JWT_AUDIENCE", "podium-admin"), 2*time.Hour)
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		fail.Fatalf("database: %v", err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `WITH u AS (INSERT INTO auth.users (email, email_verified_at, password_hash, role)
			SELECT 'rush-' || i || '-' || $2 || '@example.com', now(), '!', 'athlete' FROM generate_series(1, $1) i RETURNING id, email),
		a AS (INSERT INTO auth.athletes (user_id, first_name, last_name) SELECT id, 'Rush', email FROM u)
		INSERT INTO auth.sessions (user_id, expires_at) SELECT id, now() + interval '2 hours' FROM u RETURNING id::text`,
		n, fmt.Sprint(time.Now().UnixNano()))
	if err != nil {
		fail.Fatalf("athletes: %v", err)
	}
	sessions, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		fail.Fatalf("athletes: %v", err)
	}
	out := make([]string, len(sessions))
	for i, s := range sessions {
		if out[i], _, err = issuer.Issue(s, time.Now()); err != nil {
			fail.Fatalf("token: %v", err)
		}
	}
	return out
}

// check reads the event's submissions back.
func check(fail eventtest.Failer, ctx context.Context, dbURL, eventID string, acked map[[2]int]*submission, workoutIDs []string, deadline time.Time) (lost, wrong, stored, after int) {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		fail.Fatalf("database: %v", err)
	}
	defer conn.Close(ctx)
	type row struct {
		team, workout string
		value         float64
		at            time.Time
	}
	rows, err := conn.Query(ctx, `SELECT s.team_id::text, s.workout_id::text, s.value, s.submitted_at, r.value
		FROM results.submissions s JOIN results.results r ON r.team_id = s.team_id AND r.workout_id = s.workout_id
		WHERE s.event_id = $1`, eventID)
	if err != nil {
		fail.Fatalf("submissions: %v", err)
	}
	got := map[string]row{}
	for rows.Next() {
		var r row
		var result float64
		if err := rows.Scan(&r.team, &r.workout, &r.value, &r.at, &result); err != nil {
			fail.Fatalf("submissions: %v", err)
		}
		if result != r.value {
			wrong++
		}
		if !r.at.Before(deadline) {
			after++
		}
		got[r.team+"/"+r.workout] = r
	}
	if rows.Err() != nil {
		fail.Fatalf("submissions: %v", rows.Err())
	}
	teamIDs := map[int]string{}
	names, err := conn.Query(ctx, `SELECT t.id::text, t.name FROM competition.teams t WHERE t.event_id = $1`, eventID)
	if err != nil {
		fail.Fatalf("teams: %v", err)
	}
	for names.Next() {
		var id, name string
		var n int
		if err := names.Scan(&id, &name); err != nil {
			fail.Fatalf("teams: %v", err)
		}
		if _, err := fmt.Sscanf(name, "Rush %d", &n); err == nil {
			teamIDs[n] = id
		}
	}
	for k, s := range acked {
		r, ok := got[teamIDs[k[0]]+"/"+workoutIDs[k[1]]]
		switch {
		case !ok:
			lost++
		case r.value != float64(s.value):
			wrong++
		}
	}
	return lost, wrong, len(got), after
}

var client = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}}

// send makes one JSON request and returns its status, body and duration (status 0 when it
// did not get an answer).
func send(url, token, method, path string, body any) (int, string, time.Duration) {
	raw, _ := json.Marshal(body)
	req, err := http.NewRequest(method, url+path, bytes.NewReader(raw))
	if err != nil {
		return 0, err.Error(), 0
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	t0 := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return 0, err.Error(), time.Since(t0)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), time.Since(t0)
}

// call is an admin request that must answer 200.
func call(fail eventtest.Failer, api eventtest.API, method, path string, body any) {
	status, b, _ := send(api.URL, api.Token, method, path, body)
	if status != http.StatusOK {
		fail.Fatalf("%s %s: %d %s", method, path, status, b)
	}
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
