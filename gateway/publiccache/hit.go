package publiccache

import (
	"net/http"
	"strings"
)

// memoryHit is the entry that answers r from memory, if there is one: r is a GET or HEAD of
// a public view, and its reduced request is held, shared and fresh. Held keys are clean
// paths (the root mux redirects the others before they reach the cache), so a path the mux
// would redirect never matches one.
func (c *Cache) memoryHit(r *http.Request) *Entry {
	if r.Method != http.MethodGet && r.Method != http.MethodHead || !strings.HasPrefix(r.URL.Path, publicPrefix) {
		return nil
	}
	p := c.reducePublic(r.URL, r.Header.Get("Authorization") != "")
	if p.private {
		return nil
	}
	e, _ := c.lookup(p)
	return e
}
