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
// schedule. Events are chosen by their weight.
type boardPaths struct {
	events []*simEvent
	cum    []float64
}

func newBoardPaths(events []*simEvent) *boardPaths {
	b := &boardPaths{events: events}
	var c float64
	for _, e := range events {
		c += e.weight
		b.cum = append(b.cum, c)
	}
	return b
}

func (b *boardPaths) pick() string {
	x := rand.Float64() * b.cum[len(b.cum)-1]
	e := b.events[len(b.events)-1]
	for i, c := range b.cum {
		if x < c {
			e = b.events[i]
			break
		}
	}
	ev := "/api/public/events/" + e.id
	div := e.divisions[rand.IntN(len(e.divisions))]
	switch r := rand.IntN(100); {
	case r < 40:
		return ev + "/divisions/" + div + "/leaderboard"
	case r < 55:
		return ev
	case r < 70:
		return ev + "/divisions/" + div + "/workouts/" + e.workouts[rand.IntN(len(e.workouts))].id + "/leaderboard"
	case r < 80:
		return "/api/public/teams/" + e.teams[rand.IntN(len(e.teams))]
	case r < 90:
		return ev + "/leaderboard"
	case r < 95:
		return "/api/public/events"
	default:
		return ev + "/schedule"
	}
}

// readBoards asks for rate pages a second, open loop (a request is due whether or not the last
// has answered), through workers browsers, until ctx ends. Requests that find every worker busy
// are counted as not sent.
func readBoards(ctx context.Context, base string, paths *boardPaths, rate, workers, firstClient int, reads *latencies, unsent *atomic.Int64, wg *sync.WaitGroup) {
	due := make(chan string, workers)
	for w := 0; w < workers; w++ {
		client := newClient(firstClient+w, 1, 10*time.Second)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for path := range due {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
				req.Header.Set("Accept-Encoding", "gzip")
				start := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					if ctx.Err() == nil {
						reads.fail(time.Since(start), shortErr(err))
					}
					continue
				}
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				took := time.Since(start)
				switch {
				case err != nil && ctx.Err() == nil:
					reads.fail(took, shortErr(err))
				case resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusNotModified:
					reads.fail(took, resp.Status)
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
					case due <- paths.pick():
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
