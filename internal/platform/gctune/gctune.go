// Package gctune sets the Go garbage collector's defaults for a Podium process when the operator
// has not: a collection per doubling of the live heap is where a federation day spent a fifth of
// its CPU (docs/operations.md, "Memory and the garbage collector").
package gctune

import (
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// Percent is GOGC's default here: the heap may grow to three times what is live before a
// collection (Go's own default is 100, twice).
const Percent = 200

// limitShare is the part of the container's memory the heap may use before the collector runs
// harder, whatever Percent says; the rest is for stacks, buffers and the runtime.
const limitShare = 0.9

// cgroupMemoryMax is the container's memory limit (cgroup v2; "max" when there is none).
const cgroupMemoryMax = "/sys/fs/cgroup/memory.max"

// Settings is what Apply chose, for the start-up log line; zero means Go's own default stays.
type Settings struct {
	Percent     int
	MemoryLimit int64
}

// Apply sets Percent unless GOGC is set, and a soft memory limit of limitShare of the
// container's unless GOMEMLIMIT is set or the container has none. The variables themselves
// always win: the runtime has read them already.
func Apply() Settings {
	var s Settings
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(Percent)
		s.Percent = Percent
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		if raw, err := os.ReadFile(cgroupMemoryMax); err == nil {
			if limit := memoryLimit(string(raw)); limit > 0 {
				debug.SetMemoryLimit(limit)
				s.MemoryLimit = limit
			}
		}
	}
	return s
}

// memoryLimit is limitShare of a cgroup memory.max value, or 0 when it sets no limit.
func memoryLimit(memoryMax string) int64 {
	bytes, err := strconv.ParseInt(strings.TrimSpace(memoryMax), 10, 64)
	if err != nil || bytes <= 0 {
		return 0
	}
	return int64(float64(bytes) * limitShare)
}
