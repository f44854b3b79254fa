package gateway

import (
	"net/url"
	"strings"

	"github.com/podium-dev/podium/internal/platform/cache"
)

// A public request is reduced, once, to what its view reads, as public-svc said in the advice
// on an earlier answer for the same path (cache.Advice): the path in lower case (ids are
// UUIDs, which public-svc reads case-insensitively, and every literal segment is lower case)
// and only the parameters the view reads, under their JSON names, in the order public-svc
// gave. That reduced request is both the lookup key and what public-svc gets, so a parameter
// the view does not read cannot change the answer, and `?cb=<random>` cannot add a copy.
// Until a path has answered once, its parameters are unknown: the request then goes to
// public-svc as it came, and its answer is filed only under the canonical query public-svc
// names (docs/architecture.md, "Reading the public site").

// publicRequest is a public request reduced to what its view reads.
type publicRequest struct {
	path, query string
	// known: the path's parameters are known and query is reduced; otherwise query is the
	// request's own.
	known bool
	// change is the change number the request names (changeParam; 0: none): its answer must
	// hold that change of the view's event (publicchange.go).
	change int64
}

// key is the cache key of the request.
func (p publicRequest) key() string { return p.path + "?" + p.query }

func (c *publicCache) reducePublic(u *url.URL) publicRequest {
	p := publicRequest{path: strings.ToLower(u.Path), known: true}
	if u.RawQuery == "" {
		return p
	}
	p.change = changeOf(u.RawQuery)
	c.mu.RLock()
	params, known := c.shapes[p.path]
	c.mu.RUnlock()
	if !known {
		p.query, p.known = u.RawQuery, false
		return p
	}
	p.query = reduceQuery(u.RawQuery, params)
	return p
}

// reduceQuery keeps, of a raw query, the first value of each of params (each as its accepted
// spellings; a malformed pair is dropped, the others kept).
func reduceQuery(raw string, params [][]string) string {
	if len(params) == 0 || raw == "" {
		return ""
	}
	q, _ := url.ParseQuery(raw)
	pairs := make([]string, 0, 2*len(params))
	for _, spellings := range params {
		if v, ok := firstOK(q, spellings...); ok {
			pairs = append(pairs, spellings[0], v)
		}
	}
	return cache.Query(pairs...)
}

// firstOK is the first value of the first name present.
func firstOK(q url.Values, names ...string) (string, bool) {
	for _, n := range names {
		if vs := q[n]; len(vs) > 0 {
			return vs[0], true
		}
	}
	return "", false
}
