package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"
)

// profileMidDay takes a CPU profile of the middle third of the day from a process's pprof
// endpoint: where the time went, for a goal the table says was missed.
func profileMidDay(ctx context.Context, url, path string, day time.Duration, wg *sync.WaitGroup) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-ctx.Done():
			return
		case <-time.After(day / 3):
		}
		seconds := max(1, int(day.Seconds()/3))
		resp, err := http.Get(fmt.Sprintf("%s?seconds=%d", url, seconds))
		if err != nil {
			fmt.Fprintf(os.Stderr, "simulate: profile: %v\n", err)
			return
		}
		defer resp.Body.Close()
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintf(os.Stderr, "simulate: profile: %v\n", err)
			return
		}
		defer f.Close()
		if _, err := io.Copy(f, resp.Body); err != nil {
			fmt.Fprintf(os.Stderr, "simulate: profile: %v\n", err)
		}
	}()
}
