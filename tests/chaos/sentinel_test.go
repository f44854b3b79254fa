//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/porttest"
	"github.com/podium-dev/podium/internal/sseclient"
)

// TestChaosRedisSentinelFailover runs Podium against Redis through Sentinel (a primary, a
// replica, three sentinels; PODIUM_REDIS_URL with master_name, as the redis-sentinel k8s
// component sets it), kills the primary while a judge saves and publishes a result every
// 250 ms and a spectator holds a live stream, and measures the recovery:
//   - every save is acknowledged and stored (Redis is not on the write path);
//   - the stream stays open and carries changes again once the sentinels have promoted the
//     replica; the time from the kill to the first change it carries is the recovery time
//     (docs/operations.md, "PostgreSQL and Redis at scale");
//   - the public board shows the last published value within a second after that.
//
// serial: it times the recovery from a Redis failover, which a neighbour's load would stretch
func TestChaosRedisSentinelFailover(t *testing.T) {
	sc := newScenario(t, "redis-sentinel-failover")
	dir := t.TempDir()
	primary, replica := mustPort(t), mustPort(t)
	startRedisNode(t, dir, "primary", primary)
	startRedisNode(t, dir, "replica", replica, "--replicaof", "127.0.0.1", strconv.Itoa(primary))
	var sentinels []int
	for i := 0; i < 3; i++ {
		sentinels = append(sentinels, startSentinel(t, dir, i, primary))
	}
	url := fmt.Sprintf("redis://127.0.0.1:%d/0?master_name=podium&addr=127.0.0.1:%d&addr=127.0.0.1:%d", sentinels[0], sentinels[1], sentinels[2])
	s := newStack(t, "sentinel", stackOptions{env: map[string]string{"PODIUM_REDIS_URL": url}})
	ev := buildEvent(t, s, eventSpec{name: "Failover Games", divisions: 1, teamsPerDiv: 40, workouts: 1, scoreType: "REPS", publishStatus: "start"})
	c := newClient(sc)
	board := s.URL + "/api/public/events/" + ev.ID + "/divisions/" + ev.Divisions[0] + "/leaderboard"

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := sseclient.Open(ctx, http.DefaultClient, s.URL+"/api/public/events/"+ev.ID+"/stream", "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Preamble(); err != nil {
		t.Fatal(err)
	}
	changes := make(chan time.Time, 1000)
	go func() {
		for {
			ev, err := st.Next()
			if err != nil {
				close(changes)
				return
			}
			if ev.Name == "changed" {
				changes <- time.Now()
			}
		}
	}()

	saved := map[string]float64{}
	var last float64
	save := func(i int) bool {
		tm := ev.Teams[i%len(ev.Teams)]
		value := float64(100 + i)
		r := c.do(http.MethodPost, s.URL+"/api/results/batch", s.token, map[string]any{"results": []row{{TeamID: tm.ID, WorkoutID: ev.Workouts[0], Value: value}}}, nil)
		if r.status != http.StatusOK {
			t.Errorf("save %d during the failover: %s", i, r)
			return false
		}
		out := &resultsv1.BatchSaveResultsResponse{}
		r.decode(t, out)
		if p := c.do(http.MethodPost, s.URL+"/api/results/publication/publish", s.token, map[string]any{"resultIds": []string{out.Results[0].GetId().GetValue()}}, nil); p.status != http.StatusOK {
			t.Errorf("publish %d during the failover: %s", i, p)
			return false
		}
		saved[tm.ID], last = value, value
		return true
	}
	if !save(0) {
		t.FailNow()
	}
	select {
	case <-changes:
	case <-time.After(10 * time.Second):
		t.Fatal("no change on the stream before the failover")
	}

	killed := time.Now()
	sc.fault("SIGKILL of the Redis primary behind three sentinels")
	killRedisNode(t, dir, "primary")
	var recovered time.Time
	for i := 1; recovered.IsZero(); i++ {
		if time.Since(killed) > 60*time.Second {
			t.Fatal("no change reached the open stream within 60 s of the primary's death")
		}
		save(i)
		drain := time.After(250 * time.Millisecond)
	wait:
		for {
			select {
			case at, ok := <-changes:
				if !ok {
					t.Fatal("the stream closed during the failover")
				}
				if at.After(killed) {
					recovered = at
				}
			case <-drain:
				break wait
			}
		}
	}
	recovery := recovered.Sub(killed)

	// The board is fresh again: the last published value shows within a second.
	want := strconv.FormatFloat(last, 'f', -1, 64)
	deadline := time.Now().Add(time.Second)
	for r := c.get(board, ""); !containsValue(string(r.body), want); r = c.get(board, "") {
		if time.Now().After(deadline) {
			t.Fatalf("the board does not show %s a second after the recovery", want)
		}
		time.Sleep(50 * time.Millisecond)
	}

	// Every acknowledged save is stored as acknowledged.
	var acked, stored int
	var lost []string
	rows := storedResults(t, s, ev.ID)
	for teamID, v := range saved {
		acked++
		if got := rows[teamID+"|"+ev.Workouts[0]]; len(got) == 1 && got[0].Value != nil && *got[0].Value == v {
			stored++
		} else {
			lost = append(lost, fmt.Sprintf("team %s: acknowledged %v, stored %+v", teamID, v, got))
		}
	}
	sc.writes(acked, stored, 0, lost)
	sc.setNote("recovery %.1f s from the primary's SIGKILL to the first change on an open stream (sentinel down-after 1 s)", recovery.Seconds())
}

func containsValue(body, value string) bool {
	return strings.Contains(body, ":"+value+",") || strings.Contains(body, ":"+value+"}") || strings.Contains(body, `"`+value+`"`)
}

func startRedisNode(t *testing.T, dir, name string, port int, args ...string) {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Fatal("redis-server not found: install Redis")
	}
	nodeDir := filepath.Join(dir, name)
	if err := os.MkdirAll(nodeDir, 0o700); err != nil {
		t.Fatal(err)
	}
	all := append([]string{"--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", nodeDir, "--daemonize", "no", "--pidfile", filepath.Join(nodeDir, "pid")}, args...)
	p, err := startProc("redis-"+name, filepath.Join(dir, name+".log"), nil, nodeDir, []string{"PATH=/usr/bin:/bin"}, bin, all...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.stop)
	waitPing(t, port, name, p)
}

func killRedisNode(t *testing.T, dir, name string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, name, "pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
}

func startSentinel(t *testing.T, dir string, i, primary int) int {
	t.Helper()
	port := mustPort(t)
	name := fmt.Sprintf("sentinel-%d", i)
	conf := filepath.Join(dir, name+".conf")
	body := fmt.Sprintf("port %d\nbind 127.0.0.1\ndir %s\nsentinel monitor podium 127.0.0.1 %d 2\n"+
		"sentinel down-after-milliseconds podium 1000\nsentinel failover-timeout podium 5000\nsentinel parallel-syncs podium 1\n",
		port, dir, primary)
	if err := os.WriteFile(conf, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Fatal("redis-server not found: install Redis")
	}
	p, err := startProc(name, filepath.Join(dir, name+".log"), nil, dir, []string{"PATH=/usr/bin:/bin"}, bin, conf, "--sentinel")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.stop)
	waitPing(t, port, name, p)
	return port
}

func waitPing(t *testing.T, port int, name string, p *proc) {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", port)})
	defer rdb.Close()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if p.exited() {
			t.Fatalf("%s exited", name)
		}
		if rdb.Ping(context.Background()).Err() == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not answer within 20 s", name)
		}
	}
}

// mustPort is a free loopback port as a number (redis-server and sentinel take host and port apart).
func mustPort(t *testing.T) int {
	t.Helper()
	port, err := porttest.Port()
	if err != nil {
		t.Fatal(err)
	}
	return port
}
