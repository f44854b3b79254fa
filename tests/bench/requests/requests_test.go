// Package requests holds the micro-benchmarks of the write and sign-in paths of a federation
// day through a whole in-process stack (docs/operations.md, "The hot path"): each reports its
// allocations per request, the process's all (the client's, the gateway's and the services'),
// a count that a loaded machine does not change the way it changes the time per request.
package requests

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/tests/bench"
)

// quiet keeps the stack's log from the benchmark's lines.
var quiet = stacktest.Options{Env: map[string]string{"PODIUM_LOG_LEVEL": "error"}}

// BenchmarkJudgeSave is a judge's save of one result: POST /api/results/batch with one row,
// through the gateway (token, grpc-gateway, the public cache's invalidation) to results-svc
// (checks, upsert, the division rescored, the change signalled), a new value each time.
//
// Run: go test -run '^$' -bench JudgeSave -benchmem ./tests/bench/requests/
func BenchmarkJudgeSave(b *testing.B) {
	s := stacktest.StartWith(b, quiet)
	seeded := bench.Seed(b, s.API(), 20, 2)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		i++
		row := map[string]any{"teamId": seeded.TeamIDs[i%len(seeded.TeamIDs)], "workoutId": seeded.WorkoutIDs[0], "resultValue": 300 + i%500}
		s.Admin(http.MethodPost, "/api/results/batch", map[string]any{"results": []any{row}}).MustStatus(b, http.StatusOK)
	}
}

// BenchmarkSignIn is an organiser's sign-in: POST /api/auth/login through the gateway to
// auth-svc, a session made and a token signed. The stack hashes passwords at bcrypt's lowest
// cost, so what is left is the sign-in's own work; a real cost adds its hashing time (and
// nothing more to allocate).
//
// Run: go test -run '^$' -bench SignIn -benchmem ./tests/bench/requests/
func BenchmarkSignIn(b *testing.B) {
	s := stacktest.StartWith(b, quiet)
	login := map[string]string{"username": s.AdminUsername, "password": stacktest.AdminPassword}
	b.ReportAllocs()
	for b.Loop() {
		s.Do(http.MethodPost, "/api/auth/login", login, "").MustStatus(b, http.StatusOK)
	}
}
