// Package tooltest runs a Go tool pinned in tools/go.mod (Mailpit, stripe-mock) for a test:
// built once per process (then from Go's build cache), started on the ports the caller chose
// (internal/platform/porttest) and waited for until it answers. mailtest and stripetest say
// what to start and how to ask whether it is up.
package tooltest

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// Tool is what to start and how to know it is up.
type Tool struct {
	// Name is the tool's command name in tools/go.mod's tool block ("mailpit").
	Name string
	Args []string
	// Stdout takes the tool's output; nil sends it to the test binary's stderr, as its errors.
	Stdout io.Writer
	// Ready reports nil once the tool answers; it is asked every 50 ms.
	Ready func() error
	// Timeout bounds the wait for Ready.
	Timeout time.Duration
}

// Process is a running tool.
type Process struct {
	cmd *exec.Cmd
	// exited closes when the process has ended, with waitErr its exit.
	exited  chan struct{}
	waitErr error
}

var (
	buildsMu sync.Mutex
	builds   = map[string]func() (string, error){}
)

// Binary builds the tool pinned in tools/go.mod (once per process) and returns its path.
func Binary(name string) (string, error) {
	buildsMu.Lock()
	build, ok := builds[name]
	if !ok {
		build = sync.OnceValues(func() (string, error) {
			_, here, _, _ := runtime.Caller(0)
			root := filepath.Join(filepath.Dir(here), "..", "..", "..")
			cmd := exec.Command("go", "tool", "-modfile="+filepath.Join(root, "tools", "go.mod"), "-n", name)
			cmd.Dir = root
			out, err := cmd.Output()
			if err != nil {
				return "", fmt.Errorf("tooltest: build %s (go tool -modfile=tools/go.mod %s): %w", name, name, err)
			}
			return strings.TrimSpace(string(out)), nil
		})
		builds[name] = build
	}
	buildsMu.Unlock()
	return build()
}

// Start runs tool until Stop or the end of the test and returns once it is ready; the test
// fails when the tool exits first or is not ready within its timeout.
func Start(t testing.TB, tool Tool) *Process {
	t.Helper()
	bin, err := Binary(tool.Name)
	if err != nil {
		t.Fatal(err)
	}
	p := &Process{cmd: exec.Command(bin, tool.Args...), exited: make(chan struct{})}
	p.cmd.Stdout, p.cmd.Stderr = tool.Stdout, os.Stderr
	if tool.Stdout == nil {
		p.cmd.Stdout = os.Stderr
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("tooltest: start %s: %v", tool.Name, err)
	}
	go func() { p.waitErr = p.cmd.Wait(); close(p.exited) }()
	t.Cleanup(p.Stop)
	deadline := time.Now().Add(tool.Timeout)
	for {
		err := tool.Ready()
		if err == nil {
			return p
		}
		select {
		case <-p.exited:
			t.Fatalf("tooltest: %s exited before it answered (%v); its output is above", tool.Name, p.waitErr)
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			p.Stop()
			t.Fatalf("tooltest: %s did not start within %s: %v", tool.Name, tool.Timeout, err)
		}
	}
}

// Stop ends the tool and waits for it; stopping a stopped tool does nothing.
func (p *Process) Stop() {
	p.cmd.Process.Kill() //nolint:errcheck // gone already is fine
	<-p.exited
}
