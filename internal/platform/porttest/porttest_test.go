package porttest

import (
	"net"
	"strconv"
	"sync"
	"testing"
)

// Parallel callers never share a port, every port lies below the kernel's range for
// outgoing connections, and each one can be bound.
func TestPortsAreDistinctBelowTheEphemeralRange(t *testing.T) {
	t.Parallel()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		ports = map[int]bool{}
	)
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			port, err := Port()
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if ports[port] {
				t.Errorf("port %d handed out twice", port)
			}
			ports[port] = true
		}()
	}
	wg.Wait()
	high := ephemeralStart()
	for port := range ports {
		if port < low || port >= high {
			t.Errorf("port %d outside %d-%d", port, low, high-1)
		}
	}
	ln, err := net.Listen("tcp", Addr(t))
	if err != nil {
		t.Fatalf("bind the address handed out: %v", err)
	}
	ln.Close()
}

// A port someone listens on is skipped.
// serial: it sets the package's next port, which a parallel caller of Port would move
func TestPortSkipsATakenPort(t *testing.T) {
	mu.Lock()
	taken := next
	mu.Unlock()
	if taken == 0 {
		first, err := Port()
		if err != nil {
			t.Fatal(err)
		}
		taken = first + 1
	}
	ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(taken))
	if err != nil {
		t.Skipf("port %d busy already: %v", taken, err)
	}
	defer ln.Close()
	mu.Lock()
	next = taken
	mu.Unlock()
	port, err := Port()
	if err != nil {
		t.Fatal(err)
	}
	if port == taken {
		t.Fatalf("handed out %d, which is listened on", port)
	}
}
