package publiccache

import (
	"net/url"
	"slices"
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

// A request without credentials leaves out the parameters that matter only to a signed-in
// caller (cache.Advice.Signed: the leaderboards' preview), so an anonymous preview is the
// shared public request, answered from memory like the plain URL. A signed-in request that
// carries one is private: it is fetched with the caller's credentials (servePrivate).

// publicRequest is a public request reduced to what its view reads.
type publicRequest struct {
	path, query string
	// known: the path's parameters are known and query is reduced; otherwise query is the
	// request's own.
	known bool
	// change is the change number the request names (changeParam; 0: none): its answer must
	// hold that change of the view's event (change.go).
	change int64
	// private: a signed-in request carrying a Signed parameter; the answer may be the caller's own.
	private bool
}

// viewShape is what public-svc advised about a path's view: the parameters it reads, those it
// reads for a request without credentials (Signed ones left out), and the Signed ones.
type viewShape struct {
	params, anonymous, signed [][]string
}

func newViewShape(a cache.Advice) viewShape {
	sh := viewShape{params: a.Params, signed: a.Signed}
	for _, p := range a.Params {
		if !slices.ContainsFunc(a.Signed, func(s []string) bool { return slices.Equal(s, p) }) {
			sh.anonymous = append(sh.anonymous, p)
		}
	}
	return sh
}

// key is the cache key of the request.
func (p publicRequest) key() string { return p.path + "?" + p.query }

// reducePublic reduces a request; signedIn says it carries credentials.
func (c *Cache) reducePublic(u *url.URL, signedIn bool) publicRequest {
	p := publicRequest{path: strings.ToLower(u.Path), known: true}
	if u.RawQuery == "" {
		return p
	}
	p.change = changeOf(u.RawQuery)
	c.mu.RLock()
	shape, known := c.shapes[p.path]
	c.mu.RUnlock()
	if !known {
		p.query, p.known = u.RawQuery, false
		return p
	}
	if !signedIn {
		p.query = reduceQuery(u.RawQuery, shape.anonymous)
		return p
	}
	p.query = reduceQuery(u.RawQuery, shape.params)
	p.private = reduceQuery(u.RawQuery, shape.signed) != ""
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
