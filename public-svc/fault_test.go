package publicsvc_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/telemetry/telemetrytest"
	"github.com/podium-dev/podium/internal/poll"
)

// ownRedis is a redis-server of this test alone, so that stopping it disturbs nobody else.
type ownRedis struct {
	t    *testing.T
	port int
	cmd  *exec.Cmd
}

func startOwnRedis(t *testing.T) *ownRedis {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Skip("redis-server is not installed")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	r := &ownRedis{t: t, port: port}
	r.start()
	t.Cleanup(r.stop)
	return r
}

func (r *ownRedis) url() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", r.port) }

func (r *ownRedis) start() {
	r.t.Helper()
	r.cmd = exec.Command("redis-server", "--port", strconv.Itoa(r.port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--daemonize", "no", "--dir", r.t.TempDir())
	if err := r.cmd.Start(); err != nil {
		r.t.Fatalf("redis-server: %v", err)
	}
	rdb := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", r.port)})
	defer rdb.Close()
	if !poll.Within(10*time.Second, func() bool { return rdb.Ping(context.Background()).Err() == nil }) {
		r.t.Fatal("redis-server did not start")
	}
}

// stop kills this test's redis-server (by its own pid) and waits for it.
func (r *ownRedis) stop() {
	if r.cmd == nil || r.cmd.Process == nil {
		return
	}
	r.cmd.Process.Kill() //nolint:errcheck // already gone is fine
	r.cmd.Wait()         //nolint:errcheck // killed
	r.cmd = nil
}

// serial: it counts the process's rebuilds
func TestPublicCallsSurviveRedisOutage(t *testing.T) {
	rds := startOwnRedis(t)
	// The gateway's in-memory copies expire at once, so anonymous calls reach public-svc too.
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_REDIS_URL": rds.url(), "PODIUM_PUBLIC_CACHE_TTL": "1ns"}})
	w := springThrowdown(t, s)
	w.publishEvent()
	ev, rx := w.ID, w.DivisionID("Rx")
	divPath := "/api/public/events/" + ev + "/divisions/" + rx + "/leaderboard"
	paths := []string{
		"/api/public/events",
		"/api/public/events/" + ev,
		"/api/public/events/" + ev + "/leaderboard",
		divPath,
		"/api/public/events/" + ev + "/divisions/" + rx + "/workouts/" + w.WorkoutID("Fran") + "/leaderboard",
		"/api/public/teams/" + w.TeamID("Charlie"),
		"/api/public/teams/" + w.TeamID("Charlie") + "/bookmark-summary",
	}
	baseline := map[string][]byte{}
	for _, p := range paths {
		baseline[p] = w.get(p, nil).Body
	}
	preview := s.Admin(http.MethodGet, divPath+"?includeUnpublished=1", nil).MustStatus(t, http.StatusOK).Body

	rds.stop()
	// Every call answers 200 with the same data, anonymous or authorized. (That a request
	// does not wait for the Redis that is down is TestCacheWithoutRedis.)
	for _, token := range []string{"", s.Token} {
		for _, p := range paths {
			r := s.Do(http.MethodGet, p, nil, token)
			if r.Status != http.StatusOK || !bytes.Equal(r.Body, baseline[p]) {
				t.Errorf("Redis down, GET %s (token %v): %d %s", p, token != "", r.Status, r.Body)
			}
		}
	}
	if r := s.Admin(http.MethodGet, divPath+"?includeUnpublished=1", nil); r.Status != http.StatusOK || !bytes.Equal(r.Body, preview) {
		t.Errorf("Redis down, admin preview: %d %s", r.Status, r.Body)
	}
	// Without Redis nothing is cached, so a change shows on the next read.
	w.Publish(w.Saved("Charlie", "Fran"))
	lb := &publicv1.DivisionLeaderboard{}
	w.get(divPath, lb)
	if got := standingsText(lb); got != adminRx {
		t.Errorf("Redis down, after publishing:\n%s\nwant:\n%s", got, adminRx)
	}
	for _, p := range paths {
		w.get(p, nil)
	}

	// Redis back: caching resumes without a restart.
	rds.start()
	poll.Until(t, 10*time.Second, "caching resumes after Redis came back", func() bool {
		s.Do(http.MethodGet, divPath, nil, s.Token).MustStatus(t, http.StatusOK)
		before := telemetrytest.ViewRebuilds("")
		s.Do(http.MethodGet, divPath, nil, s.Token).MustStatus(t, http.StatusOK)
		return telemetrytest.ViewRebuilds("") == before
	})
	for _, p := range paths {
		r := w.get(p, nil)
		if p == divPath {
			lb := &publicv1.DivisionLeaderboard{}
			r.Decode(t, lb)
			if got := standingsText(lb); got != adminRx {
				t.Errorf("Redis back:\n%s", got)
			}
		}
	}
	// And a change is still seen at once.
	w.save("Delta", "Cindy", eventtest.Fields{"resultValue": 400}, true)
	td := &publicv1.TeamDetails{}
	w.get("/api/public/teams/"+w.TeamID("Delta"), td)
	if td.WorkoutResults[1].Result != "400" {
		t.Errorf("Redis back, after saving: %+v", td.WorkoutResults[1])
	}
}
