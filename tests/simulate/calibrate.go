package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The calibration (docs/operations.md, "Sizing a federation day"): machines differ more than
// the code between two commits, so a day's CPU per read means little alone. After the day,
// on the same machine and with the same load generator, a bare net/http server answers the
// day's most read board with the bytes and headers the gateway sent for it (gzipped, as the
// readers ask), at the day's rate and through as many readers; its CPU per request is this
// machine's ceiling, and the day's CPU per read is printed as a multiple of it.

// bareServerArg, as the first argument, makes this program the bare server (a process of its
// own, so its CPU time is its own): it serves the answer in the file named next, on the
// listener passed as its first extra file.
const bareServerArg = "bare-server"

// calibrationWarmUp is left out of the measurement: the readers' connections are opened then.
const calibrationWarmUp = 2 * time.Second

// bareAnswer is what the bare server sends: the day's answer, as the gateway sent it.
type bareAnswer struct {
	Header http.Header
	Body   []byte
}

// calibration is what the bare server cost, or why it was not measured (skipped).
type calibration struct {
	url, skipped, encoding string
	bytes                  int
	rate                   int
	seconds                float64
	answered               int
	errors                 int
	why                    map[string]int
	cpu, simCPU            float64 // CPU seconds of the bare server and of this simulator
}

// mostRead counts the leaderboards the readers asked for, from the one goroutine that picks
// them, and names the most read.
type mostRead struct {
	pick   func() string
	counts map[string]int
}

func (m *mostRead) next() string {
	u := m.pick()
	if strings.HasSuffix(u, "/leaderboard") {
		m.counts[u]++
	}
	return u
}

func (m *mostRead) top() string {
	best, n := "", 0
	for u, c := range m.counts {
		if c > n || c == n && u < best {
			best, n = u, c
		}
	}
	return best
}

// calibrate measures the bare server answering url's answer for d at the day's read rate.
func calibrate(cfg config, url string, d time.Duration) calibration {
	cal := calibration{url: url, rate: cfg.reads}
	if url == "" || d <= 0 {
		cal.skipped = "no board was read"
		return cal
	}
	answer, err := fetchAnswer(url, cfg.readers)
	if err != nil {
		cal.skipped = err.Error()
		return cal
	}
	cal.bytes, cal.encoding = len(answer.Body), answer.Header.Get("Content-Encoding")
	if cal.encoding == "" {
		cal.encoding = "identity"
	}
	bare, stop, err := startBareServer(answer)
	if err != nil {
		cal.skipped = err.Error()
		return cal
	}
	defer stop()
	if err := checkBare(bare.url, answer.Body, cfg.readers+1); err != nil {
		cal.skipped = err.Error()
		return cal
	}

	reads := newLatencies()
	var unsent atomic.Int64
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(context.Background())
	readBoards(ctx, func() string { return bare.url }, cfg.reads, cfg.readers, calibrationClients, int64(len(answer.Body)), reads, &unsent, &wg)
	time.Sleep(calibrationWarmUp)
	start, cpu0, sim0, n0 := time.Now(), cpuSeconds(bare.pid), cpuSeconds(os.Getpid()), reads.count()
	time.Sleep(d)
	cal.seconds = time.Since(start).Seconds()
	cal.cpu, cal.simCPU, cal.answered = cpuSeconds(bare.pid)-cpu0, cpuSeconds(os.Getpid())-sim0, reads.count()-n0
	cancel()
	wg.Wait()
	s := reads.summary()
	cal.errors, cal.why = s.errors, s.why
	return cal
}

// calibrationClients is the first client address of the calibration's readers (the day's
// other clients use lower ones).
const calibrationClients = 6000

// fetchAnswer reads url from the running Podium as a reader does (gzip asked, nothing
// decompressed): it must be a 200.
func fetchAnswer(url string, client int) (bareAnswer, error) {
	c := newClient(calibrationClients+client, 1, 10*time.Second)
	defer c.CloseIdleConnections()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return bareAnswer{}, err
	}
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := c.Do(req)
	if err != nil {
		return bareAnswer{}, fmt.Errorf("reading the board: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return bareAnswer{}, fmt.Errorf("reading the board: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return bareAnswer{}, fmt.Errorf("reading the board: %s", resp.Status)
	}
	h := resp.Header.Clone()
	h.Del("Date") // net/http sets its own
	return bareAnswer{Header: h, Body: body}, nil
}

type bareProcess struct {
	url string
	pid int
}

// startBareServer runs this program as the bare server on a loopback port.
func startBareServer(answer bareAnswer) (bareProcess, func(), error) {
	dir, err := os.MkdirTemp("", "simulate-bare-")
	if err != nil {
		return bareProcess{}, nil, err
	}
	file := filepath.Join(dir, "answer.json")
	raw, _ := json.Marshal(answer) // a header and bytes: no error
	if err := os.WriteFile(file, raw, 0o600); err != nil {
		os.RemoveAll(dir)
		return bareProcess{}, nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.RemoveAll(dir)
		return bareProcess{}, nil, err
	}
	lf, err := ln.(*net.TCPListener).File()
	addr := ln.Addr().String()
	ln.Close()
	if err != nil {
		os.RemoveAll(dir)
		return bareProcess{}, nil, err
	}
	defer lf.Close()
	self, err := os.Executable()
	if err != nil {
		os.RemoveAll(dir)
		return bareProcess{}, nil, err
	}
	cmd := exec.Command(self, bareServerArg, file)
	cmd.ExtraFiles = []*os.File{lf}
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return bareProcess{}, nil, fmt.Errorf("starting the bare server: %w", err)
	}
	stop := func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		os.RemoveAll(dir)
	}
	// The URL keeps the board's path: the server answers any.
	return bareProcess{url: "http://" + addr + "/board", pid: cmd.Process.Pid}, stop, nil
}

// checkBare makes sure the bare server answers what the day's board did before it is measured:
// 200, gzipped as the gateway sent it, the same bytes.
func checkBare(url string, want []byte, client int) error {
	got, err := fetchAnswer(url, client)
	if err != nil {
		return fmt.Errorf("the bare server: %w", err)
	}
	if !bytes.Equal(got.Body, want) {
		return fmt.Errorf("the bare server answered %d bytes, not the board's %d", len(got.Body), len(want))
	}
	return nil
}

// serveBare is the bare server: the answer in file, whatever the request, on the listener
// passed as the first extra file, until it is killed.
func serveBare(file string) {
	raw, err := os.ReadFile(file)
	if err != nil {
		fatalf("bare server: %v", err)
	}
	var answer bareAnswer
	if err := json.Unmarshal(raw, &answer); err != nil {
		fatalf("bare server: %v", err)
	}
	ln, err := net.FileListener(os.NewFile(3, "listener"))
	if err != nil {
		fatalf("bare server: %v", err)
	}
	body, header := answer.Body, answer.Header
	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		h := w.Header()
		for k, v := range header {
			h[k] = v // net/http only reads them
		}
		w.Write(body) //nolint:errcheck // the client went away
	})}
	fatalf("bare server: %v", srv.Serve(ln))
}

// report prints the calibration and the day's CPU per read as a multiple of it; targetCPU is
// the CPU seconds of the measured processes (the simulator left out), reads the board reads
// answered.
func (cal calibration) report(targetCPU float64, reads int) {
	perRead := 0.0
	if reads > 0 {
		perRead = targetCPU / float64(reads) * 1e6
	}
	fmt.Printf("the day: %.0f µs of the targets' CPU per board read answered (%.1f s over %d reads; judges, streams, sign-ins and registrations included)\n",
		perRead, targetCPU, reads)
	if cal.skipped != "" {
		fmt.Printf("calibration: not measured (%s)\n", cal.skipped)
		return
	}
	bare := 0.0
	if cal.answered > 0 {
		bare = cal.cpu / float64(cal.answered) * 1e6
	}
	fmt.Printf("calibration (after the day, same machine, same load generator): a bare net/http server answering %s\n", cal.url)
	fmt.Printf("  with the gateway's bytes and headers (200, %d bytes, %s), %d/s asked for %.0f s: %.0f/s answered, %d errors, %.1f µs of its CPU per request (the load generator %.0f µs)\n",
		cal.bytes, cal.encoding, cal.rate, cal.seconds, float64(cal.answered)/cal.seconds, cal.errors, bare, cal.simCPU/max(1, float64(cal.answered))*1e6)
	if cal.errors > 0 {
		fmt.Printf("  errors of the calibration: %s\n", describe(cal.why))
	}
	if bare > 0 && perRead > 0 {
		fmt.Printf("the day's CPU per read: %.1f× the bare server's on this machine (goal ≤ 4×)\n", perRead/bare)
	}
}
