package main

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

// The calibration runs this program as its bare server: so does the test binary.
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == bareServerArg {
		serveBare(os.Args[2])
		return
	}
	os.Exit(m.Run())
}

// The bare server answers with the board's own bytes and headers, checked before it is
// measured, and the calibration counts its CPU and the answers of the measured stretch.
func TestCalibrationServesTheBoardsBytes(t *testing.T) {
	t.Parallel()
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	if _, err := zw.Write(bytes.Repeat([]byte(`{"rank":1,"team":"a team"},`), 500)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	board := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			http.Error(w, "gzip only", http.StatusNotAcceptable)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Etag", `"abc-gz"`)
		_, _ = w.Write(zipped.Bytes())
	}))
	defer board.Close()

	cal := calibrate(config{reads: 200, readers: 4}, board.URL+"/api/public/events/e/leaderboard", time.Second)
	if cal.skipped != "" {
		t.Fatalf("not measured: %s", cal.skipped)
	}
	if cal.bytes != zipped.Len() || cal.encoding != "gzip" {
		t.Errorf("served %d bytes %s, want the board's %d gzip", cal.bytes, cal.encoding, zipped.Len())
	}
	if cal.answered < 100 || cal.errors != 0 {
		t.Errorf("%d answered, %d errors (%v) in %.1f s at 200/s", cal.answered, cal.errors, cal.why, cal.seconds)
	}
	if cal.cpu < 0 {
		t.Errorf("bare server CPU %.2f s", cal.cpu)
	}

	// A board that does not answer 200 is not calibrated against.
	if cal := calibrate(config{reads: 200, readers: 4}, board.URL+"/x", time.Second); cal.skipped != "" {
		t.Fatalf("a second calibration: %s", cal.skipped)
	}
	gone := httptest.NewServer(http.NotFoundHandler())
	defer gone.Close()
	if cal := calibrate(config{reads: 200, readers: 4}, gone.URL+"/board", time.Second); !strings.Contains(cal.skipped, "404") {
		t.Errorf("a 404 board: skipped %q, want the status named", cal.skipped)
	}
}

// The most read board is the leaderboard asked most, whatever else was asked more.
func TestMostReadIsALeaderboard(t *testing.T) {
	t.Parallel()
	asked := []string{"/events", "/events", "/events", "/a/leaderboard", "/b/leaderboard", "/b/leaderboard"}
	i := 0
	m := &mostRead{pick: func() string { i++; return asked[i-1] }, counts: map[string]int{}}
	for range asked {
		m.next()
	}
	if got := m.top(); got != "/b/leaderboard" {
		t.Errorf("most read %q, want /b/leaderboard", got)
	}
}
