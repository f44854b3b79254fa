package series_test

import (
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
)

// The API tests run the whole stack in-process (cmd/podium/targets/stacktest) and speak HTTP
// to the gateway.

type jsonObj = map[string]any

func decode(t *testing.T, r *stacktest.Response) jsonObj {
	t.Helper()
	return r.Object(t)
}

func wantError(t *testing.T, r *stacktest.Response, status int, field, message string) {
	t.Helper()
	r.WantError(t, status, field, message)
}
