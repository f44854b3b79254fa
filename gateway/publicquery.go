package gateway

import (
	"net/url"
	"strconv"
	"strings"

	publicsvc "github.com/podium-dev/podium/public-svc"
)

// A public request is reduced, once, to what its view reads: the path in lower case (ids are
// UUIDs, which public-svc reads case-insensitively, and every literal segment is lower case)
// and only the query parameters that view uses, under their JSON names, in a fixed order and
// with canonical values. That reduced request is both the cache key and what public-svc gets,
// so a parameter the key does not hold cannot change the answer, and `?cb=<random>` or
// `?incl%75deUnpublished=true` cannot be used to flood the cache or to smuggle a preview past
// it (docs/operations.md, "Caching").

// publicRequest is a public request reduced to what its view reads.
type publicRequest struct {
	path, query string
	// preview: a division or workout leaderboard asked with includeUnpublished (admin preview);
	// answered private and never kept.
	preview bool
}

// key is the cache key of the request.
func (p publicRequest) key() string { return p.path + "?" + p.query }

func reducePublic(u *url.URL) publicRequest {
	p := publicRequest{path: strings.ToLower(u.Path)}
	if u.RawQuery == "" {
		return p
	}
	q, _ := url.ParseQuery(u.RawQuery) // a malformed pair is dropped, the others kept
	switch {
	case p.path == "/api/public/events":
		p.query = canonicalFilter(first(q, "filterStatus", "filter_status"))
	case isDivisionLeaderboard(p.path) || isWorkoutLeaderboard(p.path):
		if v, ok := firstOK(q, "includeUnpublished", "include_unpublished"); ok {
			b, err := strconv.ParseBool(v)
			switch {
			case err != nil:
				// public-svc answers 400 for it; private all the same.
				p.query, p.preview = "includeUnpublished="+url.QueryEscape(v), true
			case b:
				p.query, p.preview = "includeUnpublished=true", true
			}
		}
	}
	return p
}

// isDivisionLeaderboard matches /api/public/events/{e}/divisions/{d}/leaderboard.
func isDivisionLeaderboard(path string) bool {
	rest, ok := strings.CutPrefix(path, "/api/public/events/")
	if !ok {
		return false
	}
	parts := strings.Split(rest, "/")
	return len(parts) == 4 && parts[1] == "divisions" && parts[3] == "leaderboard"
}

// isWorkoutLeaderboard matches /api/public/events/{e}/divisions/{d}/workouts/{w}/leaderboard.
func isWorkoutLeaderboard(path string) bool {
	rest, ok := strings.CutPrefix(path, "/api/public/events/")
	if !ok {
		return false
	}
	parts := strings.Split(rest, "/")
	return len(parts) == 6 && parts[1] == "divisions" && parts[3] == "workouts" && parts[5] == "leaderboard"
}

// canonicalFilter writes filterStatus as public-svc reads it (publicsvc.ParseFilter): ""
// for the default, "none" when nothing it knows is asked for (public-svc then lists nothing,
// as for any unknown value).
func canonicalFilter(v string) string {
	if strings.TrimSpace(v) == "" {
		return ""
	}
	statuses := publicsvc.ParseFilter(v)
	if len(statuses) == 0 {
		return "filterStatus=none"
	}
	return "filterStatus=" + strings.Join(statuses, ",")
}

func first(q url.Values, names ...string) string {
	v, _ := firstOK(q, names...)
	return v
}

// firstOK is the first value of the first name present (grpc-gateway accepts a field's JSON
// and proto names alike).
func firstOK(q url.Values, names ...string) (string, bool) {
	for _, n := range names {
		if vs := q[n]; len(vs) > 0 {
			return vs[0], true
		}
	}
	return "", false
}
