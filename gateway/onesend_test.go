package gateway

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/podium-dev/podium/gateway/publiccache/cachetest"
)

// Over real HTTP with the gateway's ConnContext, answers of every size around the corking
// threshold arrive whole, one after the other on one keep-alive connection, in both
// encodings and for HEAD.
func TestAnswersInOneSendArriveWhole(t *testing.T) {
	t.Parallel()
	bodies := map[string][]byte{}
	var fetches atomic.Int64
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		a, _ := cachetest.Advise(r)
		pairs := a.Pairs()
		for i := 0; i+1 < len(pairs); i += 2 {
			w.Header().Add(pairs[i], pairs[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(bodies[r.URL.Path]) //nolint:errcheck // a test backend
	})
	// Copies are not to expire mid-test on a busy machine: it counts fetches.
	hot := newHotChainOn(t, true, api, time.Hour)
	// The connection the last answers went out on: on a busy machine the client may have had
	// to open another.
	var latest atomic.Pointer[net.Conn]
	srv := httptest.NewUnstartedServer(hot.h)
	srv.Config.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		latest.Store(&c)
		return ConnContext(ctx, c)
	}
	srv.Start()
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 1}}
	defer client.CloseIdleConnections()

	getLength := map[string]string{}
	sizes := []int{100, oneSendMinBytes - 1, oneSendMinBytes, 12 << 10, oneSendMaxBytes, oneSendMaxBytes + 1, 200 << 10}
	for _, size := range sizes {
		path := fmt.Sprintf("/api/public/events/%d/leaderboard", size)
		bodies[path] = jsonOfSize(size)
		for range 3 { // a miss, then hits
			for _, enc := range []string{"identity", "gzip"} {
				for _, method := range []string{http.MethodGet, http.MethodHead} {
					req, _ := http.NewRequest(method, srv.URL+path, nil)
					if enc == "gzip" {
						req.Header.Set("Accept-Encoding", "gzip")
					}
					resp, err := client.Do(req)
					if err != nil {
						t.Fatal(err)
					}
					got, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					if method == http.MethodHead {
						// The GET before it said how long the answer is.
						if len(got) != 0 || resp.Header.Get("Content-Length") != getLength[enc] {
							t.Fatalf("HEAD %d bytes %s: %d bytes, Content-Length %s, the GET's %s", size, enc, len(got), resp.Header.Get("Content-Length"), getLength[enc])
						}
						continue
					}
					getLength[enc] = strconv.Itoa(len(got))
					if resp.Header.Get("Content-Encoding") == "gzip" {
						got = gunzip(t, got)
					}
					want := bodies[path]
					if resp.StatusCode != http.StatusOK || !bytes.Equal(got, want) {
						t.Fatalf("GET %d bytes %s: status %d, %d bytes, want %d", size, enc, resp.StatusCode, len(got), len(want))
					}
				}
			}
		}
	}
	if n := fetches.Load(); n != int64(len(sizes)) {
		t.Fatalf("%d fetches for %d views: the others were not answered from memory", n, len(sizes))
	}
	if corked(t, *latest.Load()) {
		t.Fatal("the connection is left corked after its answers")
	}
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// jsonOfSize is a JSON string of n bytes that compresses little, like a real leaderboard's.
func jsonOfSize(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`"`)
	for i := 0; b.Len() < n-1; i++ {
		sum := sha256.Sum256([]byte(strconv.Itoa(i)))
		b.WriteString(hex.EncodeToString(sum[:]))
	}
	out := b.Bytes()[:n-1]
	return append(out, '"')
}
