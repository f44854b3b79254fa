//go:build chaos

package chaos

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/eventtest"
)

// TestChaosJudgeQueueReplayedThroughRestarts replays a judge phone's offline queue the way the
// phone does (docs/judging.md): 20 scores for the 4 lanes of a heat, 5 per lane, each with its
// client id and the value it was based on, sent oldest first, one at a time; a network failure,
// 502, 503 or 504 leaves the score waiting and it is sent again. Meanwhile the gateway is
// restarted (SIGTERM) and results-svc is killed (SIGKILL) a few milliseconds after a score was
// sent, so its answer may be lost after it was stored. Each score must be stored once, in order:
// no conflict (a resend is known by its client id), each lane's history its 5 values in the
// order sent, each lane ending on its last score.
// serial: it kills results-svc 3 ms after a score was sent, a moment a neighbour's load would move
func TestChaosJudgeQueueReplayedThroughRestarts(t *testing.T) {
	sc := newScenario(t, "judge-queue")
	s := newStack(t, "judge", stackOptions{})
	built := eventtest.New(t, eventtest.API{URL: s.URL, Token: s.token}).Event(eventtest.Fields{
		"name": "Queue Games", "dateFrom": "2099-06-01", "dateTo": "2099-06-02", "location": "Loopback Arena", "status": "PUBLISHED"})
	div := built.Division("Open", "", eventtest.Named("Lane A", "Lane B", "Lane C", "Lane D")...)
	workout := built.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 0)).GetId()
	setup := newClient(nil)
	var heats []struct {
		ID    string
		Lanes []struct {
			Lane   int
			TeamID string
		}
	}
	setup.must(t, http.MethodPost, s.URL+"/api/events/"+built.ID+"/workouts/"+workout+"/heats/generate", s.token, map[string]any{
		"divisionIds": []string{div.GetId()}, "lanesPerHeat": 4, "order": "name", "firstStart": "2099-06-01T09:00:00Z"}).decode(t, &heats)
	if len(heats) != 1 || len(heats[0].Lanes) != 4 {
		t.Fatalf("heats: %+v", heats)
	}
	heat := heats[0]
	var links struct{ Links []struct{ Token string } }
	setup.must(t, http.MethodPost, s.URL+"/api/events/"+built.ID+"/judge-links", s.token, map[string]any{
		"workoutId": workout, "heatId": heat.ID, "stations": []map[string]any{{"lanes": []int{1, 2, 3, 4}}}}).decode(t, &links)
	phone := links.Links[0].Token

	// The queue, built offline: lane by lane in turns, each score based on the lane's previous.
	type score struct {
		lane     int
		team     string
		seconds  int
		clientID string
		basedOn  string
	}
	text := func(sec int) string { return fmt.Sprintf("%d:%02d", sec/60, sec%60) }
	var queue []score
	last := map[int]int{}
	for k := 0; k < 5; k++ {
		for _, l := range heat.Lanes {
			sec := 240 + 10*l.Lane + k
			based := ""
			if k > 0 {
				based = text(last[l.Lane])
			}
			queue = append(queue, score{lane: l.Lane, team: l.TeamID, seconds: sec, clientID: uuid(), basedOn: based})
			last[l.Lane] = sec
		}
	}

	c := newClient(sc)
	send := func(sc score) reply {
		return c.post(fmt.Sprintf("%s/api/heats/%s/lanes/%d/result", s.URL, heat.ID, sc.lane), phone,
			map[string]any{"resultValue": sc.seconds, "clientId": sc.clientID, "basedOn": sc.basedOn, "teamId": sc.team})
	}
	var problems []string
	acked, resent := 0, 0
	// restarted closes once the process taken away comes back (s.procs is the loop's again).
	restarted := make(chan struct{})
	close(restarted)
	for i, q := range queue {
		switch i {
		case 5: // the gateway restarts while the phone sends
			g := s.procs["gateway"]
			g.signal(syscall.SIGTERM)
			g.wait(30 * time.Second)
			restarted = make(chan struct{})
			go func() { defer close(restarted); time.Sleep(time.Second); s.restart("gateway") }()
			sc.fault("gateway restarted (SIGTERM, back after 1 s) with 5 of 20 scores sent")
		case 12: // results-svc killed just after the score left the phone
			<-restarted
			results := s.procs["results"]
			restarted = make(chan struct{})
			go func() {
				defer close(restarted)
				time.Sleep(3 * time.Millisecond)
				results.signal(syscall.SIGKILL)
				results.wait(10 * time.Second)
				time.Sleep(time.Second)
				s.restart("results")
			}()
			sc.fault("results-svc killed (SIGKILL) 3 ms after score 13 of 20 was sent, back after 1 s")
		}
		var r reply
		for attempt := 0; ; attempt++ {
			r = send(q)
			if r.err == nil && r.status != http.StatusBadGateway && r.status != http.StatusServiceUnavailable && r.status != http.StatusGatewayTimeout {
				break
			}
			if attempt == 150 {
				t.Fatalf("score %d still waiting after 150 tries: %s", i+1, r)
			}
			resent++
			time.Sleep(200 * time.Millisecond)
		}
		if r.status != http.StatusOK {
			problems = append(problems, fmt.Sprintf("score %d (lane %d, %s based on %q): %s", i+1, q.lane, text(q.seconds), q.basedOn, r))
			continue
		}
		acked++
	}
	<-restarted

	// Each lane's history: its scores once each, in the order sent.
	stored := 0
	var lost []string
	for _, l := range heat.Lanes {
		rows, err := s.db.Query(context.Background(), `SELECT h.after_value FROM results.result_history h
			WHERE h.team_id = $1 AND h.workout_id = $2 AND h.action IN ('created', 'updated') ORDER BY h.id`, l.TeamID, workout)
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for rows.Next() {
			var v *float64
			if err := rows.Scan(&v); err != nil {
				t.Fatal(err)
			}
			if v != nil {
				got = append(got, int(*v))
			}
		}
		rows.Close()
		var want []int
		for _, q := range queue {
			if q.lane == l.Lane {
				want = append(want, q.seconds)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			lost = append(lost, fmt.Sprintf("lane %d: history %v, sent %v", l.Lane, got, want))
		} else {
			stored += len(want)
		}
	}
	sc.writes(acked, stored, 0, lost)
	for _, p := range append(problems, lost...) {
		t.Error(p)
	}
	sc.setNote("20 queued scores for 4 lanes sent oldest first: %d acknowledged, %d sends repeated while the gateway or results-svc was away, %d stored once in order",
		acked, resent, stored)
}

// uuid is a random version 4 UUID, as the phone makes a client id.
func uuid() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
