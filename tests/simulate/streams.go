package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// publishes is, per event, when each of its publishes began and which open streams told their
// spectator about it. Only publications reach the public streams (drafts never signal), and an
// event publishes once per heat, so the first change a stream carries after a publish began is
// that publish's delivery.
type publishes struct {
	mu   sync.Mutex
	list []*publish
	open atomic.Int64 // streams of the event open now
}

type publish struct {
	start     time.Time
	expected  int64 // streams open when it began
	delivered int64
	last      time.Duration // when the last stream that got it got it
}

func (p *publishes) begin() *publish {
	p.mu.Lock()
	defer p.mu.Unlock()
	pub := &publish{start: time.Now(), expected: p.open.Load()}
	p.list = append(p.list, pub)
	return pub
}

func (p *publishes) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.list)
}

// deliver records a change a stream carried at time at; seen is the number of publishes the
// stream has already been told of. It returns the new number.
func (p *publishes) deliver(at time.Time, seen int, deliveries *latencies) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.list) <= seen {
		return seen // a change with no publish of ours (e.g. the preamble's replay)
	}
	pub := p.list[len(p.list)-1]
	d := at.Sub(pub.start)
	pub.delivered++
	pub.last = max(pub.last, d)
	deliveries.ok(d)
	return len(p.list)
}

// changedLine starts the line that names a change event.
var changedLine = []byte("event: changed")

// openStreams opens n live streams, spread over the events by their weight and over client
// addresses (streamsPerAddress each, within the gateway's per-address cap), at most rate a
// second. Each reads until ctx ends.
func openStreams(ctx context.Context, base string, events []*simEvent, pubs map[string]*publishes, n, perAddress, rate int,
	deliveries, opening *latencies, wg *sync.WaitGroup) int {
	u, err := url.Parse(base)
	if err != nil {
		fatalf("%v", err)
	}
	var opened atomic.Int64
	tick := time.NewTicker(time.Second / time.Duration(max(rate, 1)))
	defer tick.Stop()
	// Spectators by the events' weights: event k gets weight_k × n streams (at least one).
	var plan []*simEvent
	for _, e := range events {
		for j := 0; j < max(1, int(e.weight*float64(n))); j++ {
			plan = append(plan, e)
		}
	}
	if len(plan) > n {
		plan = plan[:n]
	}
	var openers sync.WaitGroup
	for i, e := range plan {
		<-tick.C
		openers.Add(1)
		go func() {
			defer openers.Done()
			start := time.Now()
			conn, br, err := dialStream(ctx, u.Host, e.id, 10_000+i/perAddress)
			if err != nil {
				opening.fail(time.Since(start), shortErr(err))
				return
			}
			opening.ok(time.Since(start))
			opened.Add(1)
			p := pubs[e.id]
			p.open.Add(1)
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer p.open.Add(-1)
				defer conn.Close()
				go func() { <-ctx.Done(); conn.Close() }()
				seen := p.count()
				// Lines are read in place (ReadSlice): the simulator's allocations are garbage
				// collected on the CPUs it measures. A line longer than the buffer comes in
				// pieces, none of which starts an event line.
				for {
					line, err := br.ReadSlice('\n')
					if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
						return
					}
					if bytes.HasPrefix(line, changedLine) {
						seen = p.deliver(time.Now(), seen, deliveries)
					}
				}
			}()
		}()
	}
	openers.Wait()
	return int(opened.Load())
}

// dialStream opens an event's stream as a browser does, from client address addr, and returns
// the connection with a reader positioned at the body.
func dialStream(ctx context.Context, host, eventID string, addr int) (net.Conn, *bufio.Reader, error) {
	d := net.Dialer{LocalAddr: clientAddress(addr), Timeout: 10 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(conn, "GET /api/public/events/%s/stream HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n", eventID, host)
	_ = conn.SetReadDeadline(time.Now().Add(15 * time.Second))
	br := bufio.NewReaderSize(conn, 2048)
	resp, err := http.ReadResponse(br, nil) //nolint:bodyclose // the body is the stream: the caller reads it until it closes conn
	if err != nil {
		conn.Close()
		return nil, nil, err
	}
	if resp.StatusCode != http.StatusOK {
		conn.Close()
		return nil, nil, fmt.Errorf("stream answered %d", resp.StatusCode)
	}
	_ = conn.SetReadDeadline(time.Time{})
	// The body is chunked: read it through the response's body reader.
	return conn, bufio.NewReaderSize(resp.Body, 2048), nil
}

func shortErr(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return s
}
