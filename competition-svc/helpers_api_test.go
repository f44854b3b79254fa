package competitionsvc_test

import (
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
)

// The API tests run the whole stack in-process (cmd/podium/targets/stacktest) and speak HTTP to the
// gateway (setup's own routes: setup/api_test.go).

type jsonObj = map[string]any

func decode(t *testing.T, r *stacktest.Response) jsonObj {
	t.Helper()
	return r.Object(t)
}

func decodeList(t *testing.T, r *stacktest.Response) []jsonObj {
	t.Helper()
	return r.Objects(t)
}

func startStack(t *testing.T) *stacktest.Stack {
	t.Helper()
	return stacktest.Start(t)
}

func wantError(t *testing.T, r *stacktest.Response, status int, field, message string) {
	t.Helper()
	r.WantError(t, status, field, message)
}

const missing = "00000000-0000-4000-8000-000000000000"
