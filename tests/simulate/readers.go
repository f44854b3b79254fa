package main

import (
	"context"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// boardPaths is the mix of public pages spectators open, by share: mostly division boards,
// then event pages, workout boards, team pages, the overall board, the event list and the
// schedule. Events are chosen by their weight. Every URL is built once, before the day: the
// simulator shares the CPUs it measures, so a read costs it no more than it must.
type boardPaths struct {
	events []eventURLs
	cum    []float64
}

// eventURLs are one event's pages, as full URLs.
type eventURLs struct {
	page, overall, schedule, list string
	divisions, workouts, teams    []string // workouts: every division × workout board
}

func newBoardPaths(base string, events []*simEvent) *boardPaths {
	b := &boardPaths{}
	var c float64
	for _, e := range events {
		c += e.weight
		b.cum = append(b.cum, c)
		ev := base + "/api/public/events/" + e.id
		u := eventURLs{page: ev, overall: ev + "/leaderboard", schedule: ev + "/schedule", list: base + "/api/public/events"}
		for _, div := range e.divisions {
			u.divisions = append(u.divisions, ev+"/divisions/"+div+"/leaderboard")
			for _, w := range e.workouts {
				u.workouts = append(u.workouts, ev+"/divisions/"+div+"/workouts/"+w.id+"/leaderboard")
			}
		}
		for _, t := range e.teams {
			u.teams = append(u.teams, base+"/api/public/teams/"+t)
		}
		b.events = append(b.events, u)
	}
	return b
}

func (b *boardPaths) pick() string {
	x := rand.Float64() * b.cum[len(b.cum)-1]
	e := &b.events[len(b.events)-1]
	for i, c := range b.cum {
		if x < c {
			e = &b.events[i]
			break
		}
	}
	switch r := rand.IntN(100); {
	case r < 40:
		return e.divisions[rand.IntN(len(e.divisions))]
	case r < 55:
		return e.page
	case r < 70:
		return e.workouts[rand.IntN(len(e.workouts))]
	case r < 80:
		return e.teams[rand.IntN(len(e.teams))]
	case r < 90:
		return e.overall
	case r < 95:
		return e.list
	default:
		return e.schedule
	}
}

// readBoards asks for rate pages a second, open loop (a request is due whether or not the last
// has answered), through workers browsers, until ctx ends; pick names each page. Requests that
// find every worker busy are counted as not sent. With wantBytes, an answer of another length
// is an error (the calibration's check that the bare server answers what the day's board did).
func readBoards(ctx context.Context, pick func() string, rate, workers, firstClient int, wantBytes int64, reads *latencies, unsent *atomic.Int64, wg *sync.WaitGroup) {
	due := make(chan string, workers)
	for w := 0; w < workers; w++ {
		client := newClient(firstClient+w, 1, 10*time.Second)
		wg.Add(1)
		go func() {
			defer wg.Done()
			accept := http.Header{"Accept-Encoding": {"gzip"}} // net/http only reads it
			for u := range due {
				req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
				if err != nil {
					fatalf("%v", err)
				}
				req.Header = accept
				start := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					if ctx.Err() == nil {
						reads.fail(time.Since(start), shortErr(err))
					}
					continue
				}
				n, err := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				took := time.Since(start)
				switch {
				case err != nil && ctx.Err() == nil:
					reads.fail(took, shortErr(err))
				case resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusNotModified:
					reads.fail(took, resp.Status)
				case err == nil && wantBytes > 0 && n != wantBytes:
					reads.fail(took, "an answer of another length")
				case err == nil:
					reads.ok(took)
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(due)
		const step = 5 * time.Millisecond
		tick := time.NewTicker(step)
		defer tick.Stop()
		start := time.Now()
		sent := 0
		for {
			select {
			case <-ctx.Done():
				return
			case now := <-tick.C:
				want := int(now.Sub(start).Seconds() * float64(rate))
				for ; sent < want; sent++ {
					select {
					case due <- pick():
					default:
						unsent.Add(1)
					}
				}
			}
		}
	}()
}

// signIns signs a judge in rate times a second from changing addresses; one in ten types a
// wrong password, which must be refused (401), a deliberate refusal.
func signIns(ctx context.Context, a api, events []*simEvent, rate float64, firstClient int, logins *latencies, wg *sync.WaitGroup) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
		defer tick.Stop()
		for i := 0; ; i++ {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			c := api{url: a.url, client: newClient(firstClient+i%500, 1, 10*time.Second)}
			password := scorerPassword
			if i%10 == 9 {
				password = "not-the-passphrase"
			}
			status, took, err := c.call(ctx, http.MethodPost, "/api/auth/login", "", map[string]string{"username": events[i%len(events)].scorer, "password": password}, nil)
			switch {
			case ctx.Err() != nil:
				return
			case password != scorerPassword && status == http.StatusUnauthorized:
				logins.refuse(took)
			case err != nil:
				logins.fail(took, shortErr(err))
			default:
				logins.ok(took)
			}
			c.client.CloseIdleConnections()
		}
	}()
}
