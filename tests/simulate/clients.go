package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// Every spectator, judge and organiser of a real day comes from an address of their own; the
// gateway caps streams and connections per client address. The simulator spreads its
// connections over loopback addresses (127.1.0.1, 127.1.0.2, …), each one client address.
func clientAddress(i int) *net.TCPAddr {
	return &net.TCPAddr{IP: net.IPv4(127, 1, byte(i/250), byte(i%250+1))}
}

// newClient is an HTTP client whose connections come from client address i, asking for gzip
// as browsers do and reading the bytes as they come (nothing is decompressed: a board's cost
// to the server is the same).
func newClient(i, conns int, timeout time.Duration) *http.Client {
	dialer := &net.Dialer{LocalAddr: clientAddress(i), Timeout: 5 * time.Second}
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			DialContext:         dialer.DialContext,
			MaxIdleConnsPerHost: conns,
			MaxConnsPerHost:     conns,
			DisableCompression:  true,
			IdleConnTimeout:     90 * time.Second,
		},
	}
}

// api is a running Podium as a client sees it.
type api struct {
	url    string
	client *http.Client
}

// call sends body as JSON with token and decodes a 200's answer into out (when not nil).
func (a api) call(ctx context.Context, method, path, token string, body, out any) (int, time.Duration, error) {
	var r io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return 0, 0, err
		}
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.url+path, r)
	if err != nil {
		return 0, 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	start := time.Now()
	resp, err := a.client.Do(req)
	if err != nil {
		return 0, time.Since(start), err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	took := time.Since(start)
	if err != nil {
		return resp.StatusCode, took, err
	}
	if resp.StatusCode == http.StatusOK && out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, took, fmt.Errorf("%s %s: decode: %w", method, path, err)
		}
	}
	if resp.StatusCode != http.StatusOK {
		return resp.StatusCode, took, fmt.Errorf("%s %s: %d %.200s", method, path, resp.StatusCode, raw)
	}
	return resp.StatusCode, took, nil
}

// must is call for the set-up, which has no reason to fail: it tries three times, then stops
// the program.
func (a api) must(method, path, token string, body, out any) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		_, _, err = a.call(ctx, method, path, token, body, out)
		cancel()
		if err == nil {
			return
		}
		time.Sleep(time.Second)
	}
	fatalf("set-up: %v", err)
}

func (a api) login(username, password string) string {
	var out struct{ Token string }
	a.must(http.MethodPost, "/api/auth/login", "", map[string]string{"username": username, "password": password}, &out)
	return out.Token
}
