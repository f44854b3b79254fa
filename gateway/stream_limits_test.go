package gateway_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/sseclient"
)

// forwardedFor sends every request as if a trusted proxy forwarded it for addr.
type forwardedFor string

func (a forwardedFor) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Forwarded-For", string(a))
	return http.DefaultTransport.RoundTrip(r)
}

// One client address cannot take every stream of a gateway: beyond its own cap it gets 429
// with Retry-After, while other addresses, decided behind the trusted proxy as for every
// request, still get theirs.
func TestLiveStreamsAreCappedPerClientAddress(t *testing.T) {
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{
		"PODIUM_STREAM_MAX_PER_ADDRESS": "2", "PODIUM_TRUSTED_PROXIES": "127.0.0.0/8,::1/128",
	}})
	url := publicEventStream(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), failAfter)
	defer cancel()
	open := func(addr string) (*sseclient.Stream, error) {
		st, err := sseclient.Open(ctx, &http.Client{Transport: forwardedFor(addr)}, url, "")
		if err == nil {
			t.Cleanup(func() { st.Close() })
			_, err = st.Preamble()
		}
		return st, err
	}
	for range 2 {
		if _, err := open("203.0.113.7"); err != nil {
			t.Fatal(err)
		}
	}
	third, err := open("203.0.113.7")
	if err == nil || third == nil || third.Response.StatusCode != http.StatusTooManyRequests || third.Response.Header.Get("Retry-After") == "" {
		t.Fatalf("third stream of one address: %v", err)
	}
	if _, err := open("203.0.113.8"); err != nil {
		t.Fatalf("another address: %v", err)
	}
}
