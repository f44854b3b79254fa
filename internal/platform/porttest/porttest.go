// Package porttest hands tests loopback ports for the servers they start (the test stack,
// Mailpit, stripe-mock, nginx, PostgreSQL and Redis in the chaos tests).
//
// A port the kernel gives out for ":0" lies in its range for outgoing connections, so in the
// moment between the check and the server's bind any connection to PostgreSQL or Redis can take
// it, and the server fails with "address already in use". These ports lie below that range,
// where only an explicit bind can take them, and one process hands each out once.
package porttest

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// low is the first port handed out: above the well-known and registered services people run
// by hand (PostgreSQL 5432, Redis 6379, Mailpit 8025).
const low = 10_000

var (
	mu   sync.Mutex
	next int // the next port to try; 0 until the first call
)

// Addr is a loopback address nobody listens on, for a server the test starts next.
func Addr(t testing.TB) string {
	t.Helper()
	port, err := Port()
	if err != nil {
		t.Fatal(err)
	}
	return "127.0.0.1:" + strconv.Itoa(port)
}

// Port is a loopback port nobody listens on. Each process starts at a random place in the
// range and walks on, so parallel tests in it never get the same port and two test binaries
// side by side rarely meet.
func Port() (int, error) {
	mu.Lock()
	defer mu.Unlock()
	high := ephemeralStart()
	if next < low || next >= high {
		next = low + rand.IntN(high-low)
	}
	for range high - low {
		port := next
		next++
		if next >= high {
			next = low
		}
		if ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port)); err == nil {
			ln.Close()
			return port, nil
		}
	}
	return 0, fmt.Errorf("porttest: no free loopback port in %d-%d", low, high-1)
}

// ephemeralStart is the first port of the kernel's range for outgoing connections.
func ephemeralStart() int {
	raw, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err == nil {
		if fields := strings.Fields(string(raw)); len(fields) == 2 {
			if start, err := strconv.Atoi(fields[0]); err == nil && start > low+1000 {
				return start
			}
		}
	}
	return 32_768 // Linux's default
}
