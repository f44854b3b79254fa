package gateway_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
)

func TestOversizedBodiesGet413(t *testing.T) {
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_MAX_BODY_BYTES": "4096"}})
	big := `{"name":"` + strings.Repeat("x", 8192) + `"}`
	resp := s.Admin(http.MethodPost, "/api/events", big)
	resp.MustStatus(t, http.StatusRequestEntityTooLarge)
	if resp.Message() != "The request body is too large." {
		t.Fatalf("message %q", resp.Message())
	}
}

func TestRequestIDsAreReturnedAndKept(t *testing.T) {
	s := stacktest.Start(t)
	resp := s.Do(http.MethodGet, "/healthz", nil, "")
	if id := resp.Header.Get("X-Request-Id"); len(id) != 16 {
		t.Fatalf("generated request id %q", id)
	}
	resp = s.DoWithHeaders(http.MethodGet, "/healthz", nil, "", map[string]string{"X-Request-Id": "client-chosen-42"})
	if id := resp.Header.Get("X-Request-Id"); id != "client-chosen-42" {
		t.Fatalf("client request id not kept: %q", id)
	}
	resp = s.DoWithHeaders(http.MethodGet, "/healthz", nil, "", map[string]string{"X-Request-Id": "bad id\twith spaces"})
	if id := resp.Header.Get("X-Request-Id"); id == "bad id\twith spaces" {
		t.Fatal("unsafe request id echoed")
	}
}

func TestHealthAndReadiness(t *testing.T) {
	s := stacktest.Start(t)
	s.Do(http.MethodGet, "/healthz", nil, "").MustStatus(t, http.StatusOK)
	resp := s.Do(http.MethodGet, "/readyz", nil, "").MustStatus(t, http.StatusOK)
	var body struct {
		Ready  bool
		Checks map[string]string
	}
	if err := json.Unmarshal(resp.Body, &body); err != nil {
		t.Fatalf("readyz body: %v", err)
	}
	for _, name := range []string{"auth", "competition", "results", "public", "postgres"} {
		if body.Checks[name] != "ok" {
			t.Errorf("check %s = %q", name, body.Checks[name])
		}
	}
}

func TestMalformedJSONIsA400WithAMessage(t *testing.T) {
	s := stacktest.Start(t)
	resp := s.Do(http.MethodPost, "/api/auth/login", `{"username": "a", "password": `, "")
	resp.MustStatus(t, http.StatusBadRequest)
	if !strings.Contains(resp.Message(), "not valid JSON") {
		t.Fatalf("message %q", resp.Message())
	}
}
