package pushq

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestPublic(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]bool{
		"142.250.74.106": true, "2a00:1450:4001:82b::200a": true, // a push service's
		"127.0.0.1": false, "::1": false, "10.1.2.3": false, "172.16.0.9": false, "192.168.1.1": false,
		"169.254.169.254": false, "100.64.0.1": false, "0.0.0.0": false, "::": false, "fc00::1": false,
		"fe80::1": false, "224.0.0.1": false, "::ffff:127.0.0.1": false, "64:ff9b::a00:1": false,
		"203.0.113.7": false,
	} {
		if got := Public(netip.MustParseAddr(addr)); got != want {
			t.Errorf("Public(%s) = %v, want %v", addr, got, want)
		}
	}
}

// The client dials what a name resolves to and refuses an inward address, unless its origin is
// allowed; it never follows a redirect.
func TestPublicClientRefusesInwardAddresses(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/redirect" {
			http.Redirect(w, r, "/elsewhere", http.StatusFound)
			return
		}
		w.WriteHeader(http.StatusCreated)
	}))
	defer srv.Close()

	refused := func(url string) {
		t.Helper()
		resp, err := PublicClient(nil).Post(url, "text/plain", nil)
		if err == nil {
			resp.Body.Close()
		}
		if !errors.Is(err, errNotPublic) {
			t.Fatalf("a push to %s: %v, want refused as not public", url, err)
		}
	}
	refused(srv.URL + "/push")
	refused("http://localhost:" + srv.URL[len("http://127.0.0.1:"):] + "/push") // a name resolving to loopback
	allowed := PublicClient([]string{srv.URL})
	resp, err := allowed.Post(srv.URL+"/push", "text/plain", nil)
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("an allowed origin: %v %v", resp, err)
	}
	resp.Body.Close()
	resp, err = allowed.Post(srv.URL+"/redirect", "text/plain", nil)
	if err != nil || resp.StatusCode != http.StatusFound {
		t.Fatalf("a redirect is answered as it is, not followed: %v %v", resp, err)
	}
	resp.Body.Close()
}
