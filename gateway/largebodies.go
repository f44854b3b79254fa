package gateway

import (
	"net/http"
	"time"
)

// Requests that carry a file: the team CSV import takes a division's whole roster, up to
// 100,000 lines (about 5 MB of CSV, a little more as JSON), far above the body limit every
// other request keeps (PODIUM_MAX_BODY_BYTES, 1 MiB by default), and its one transaction
// writes that many teams. Only these routes get the larger body and the longer deadline
// (docs/operations.md, "Limits").
const (
	// importBodyBytes bounds a team import's body: 100,000 lines of a team and eight athletes'
	// names, JSON-escaped, stay under it.
	importBodyBytes = 16 << 20
	// importTimeout bounds a team import's backend call; the HTTP server's write timeout
	// (PODIUM_HTTP_WRITE_TIMEOUT, 60 s by default) is pushed past it for that request, so the
	// answer still gets out. An import of 100,000 teams takes tens of seconds on a
	// loaded 2-core machine (docs/boards.md, "Team imports").
	importTimeout = 3 * time.Minute
)

// isLargeBody reports a route whose body may be a whole file.
func isLargeBody(r *http.Request) bool {
	return r.Method == http.MethodPost && r.URL.Path == "/api/teams/import"
}

// allowLargeBody gives a file route's request the time its backend call may take to answer:
// the server's write deadline moves past importTimeout. A writer that cannot move it keeps
// the server's.
func allowLargeBody(w http.ResponseWriter, r *http.Request) {
	if isLargeBody(r) {
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(importTimeout + 30*time.Second))
	}
}

// bodyLimit is the body limit of r: max, or importBodyBytes for a file route when larger.
func bodyLimit(r *http.Request, max int64) int64 {
	if isLargeBody(r) {
		return maxOf(max, importBodyBytes)
	}
	return max
}

// backendTimeout is the deadline of r's backend calls: timeout, or importTimeout for a file
// route when longer.
func backendTimeout(r *http.Request, timeout time.Duration) time.Duration {
	if isLargeBody(r) {
		return maxOf(timeout, importTimeout)
	}
	return timeout
}

func maxOf[T int64 | time.Duration](a, b T) T {
	if a > b {
		return a
	}
	return b
}
