package gateway

import (
	"net/http"
	"net/http/httptest"

	"github.com/podium-dev/podium/gateway/publiccache/cachetest"
)

// backend stands in for public-svc behind the public cache (cachetest.Backend).
type backend = cachetest.Backend

func get(h http.Handler, path string, headers ...string) *httptest.ResponseRecorder {
	return cachetest.Get(h, path, headers...)
}

func do(h http.Handler, method, path string, headers ...string) *httptest.ResponseRecorder {
	return cachetest.Do(h, method, path, headers...)
}
