// Package eventtest builds events for tests through Podium's /api, the way an organiser does:
// every fixture passes the same validation, transactions and access checks as real data, and
// answers are decoded into the generated contract types (protojson), so a field the contract
// loses fails the fixture. Service, API, replica, chaos and bench tests all build through it
// (docs/architecture.md, "Tests").
package eventtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// Failer is where a failed call is reported: a *testing.T or *testing.B, or Program for a
// command that seeds a running stack.
type Failer interface {
	Helper()
	Fatalf(format string, args ...any)
}

// API is a running gateway and an administrator's session token.
type API struct {
	URL   string // e.g. http://127.0.0.1:8080
	Token string
}

// Fields is a request body with the contract's JSON names, as a client sends it.
type Fields = map[string]any

var client = &http.Client{Timeout: 60 * time.Second}

// Login signs username in at the gateway url and returns the session's API.
func Login(f Failer, url, username, password string) API {
	f.Helper()
	var out struct{ Token string }
	raw := call(f, API{URL: url}, http.MethodPost, "/api/auth/login", Fields{"username": username, "password": password})
	if err := json.Unmarshal(raw, &out); err != nil {
		f.Fatalf("eventtest: login answer %s: %v", raw, err)
	}
	return API{URL: url, Token: out.Token}
}

// call sends body as JSON with the API's token and returns the body of a 200 answer; any
// other answer fails f. A call that meets no answer or a 503 is tried up to three times, a
// second apart: the machines the tests run on are shared, and a set-up call may meet a slow
// moment (or, in the chaos tests, a target that is restarting).
func call(f Failer, api API, method, path string, body any) []byte {
	f.Helper()
	var raw []byte
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			f.Fatalf("eventtest: encode %s %s: %v", method, path, err)
		}
	}
	var status int
	var answer []byte
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		status, answer, err = send(api, method, path, raw)
		if err == nil && status != http.StatusServiceUnavailable {
			break
		}
		if attempt < 3 {
			time.Sleep(time.Second)
		}
	}
	if err != nil {
		f.Fatalf("eventtest: %s %s: %v", method, path, err)
	}
	if status != http.StatusOK {
		f.Fatalf("eventtest: %s %s: %d %s", method, path, status, answer)
	}
	return answer
}

func send(api API, method, path string, body []byte) (int, []byte, error) {
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, api.URL+path, reader)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if api.Token != "" {
		req.Header.Set("Authorization", "Bearer "+api.Token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return resp.StatusCode, raw, err
}

// Decode reads a JSON answer into a generated message with protojson, as the gateway writes
// it; unknown fields fail, so the contract types and the wire cannot drift apart unnoticed.
func Decode(f Failer, raw []byte, m proto.Message) {
	f.Helper()
	if err := protojson.Unmarshal(raw, m); err != nil {
		f.Fatalf("eventtest: decode %T from %s: %v", m, raw, err)
	}
}

// DecodeList reads a JSON array answer (a list route's response_body) into generated messages.
func DecodeList[M proto.Message](f Failer, raw []byte, newM func() M) []M {
	f.Helper()
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		f.Fatalf("eventtest: decode list from %s: %v", raw, err)
	}
	out := make([]M, len(items))
	for i, item := range items {
		out[i] = newM()
		Decode(f, item, out[i])
	}
	return out
}

// Program reports failures of a command (tests/bench/...): the message on standard error,
// then exit status 1.
func Program(name string) Failer { return program(name) }

type program string

func (program) Helper() {}

func (p program) Fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, string(p)+": "+format+"\n", args...)
	os.Exit(1)
}
