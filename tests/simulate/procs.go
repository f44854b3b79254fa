package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// process is one target (or the edge, or this simulator) whose CPU time and memory the day
// reports, read from /proc.
type process struct {
	name    string
	pids    []int
	cpu0    float64 // CPU seconds at the start
	cpu     float64 // CPU seconds used during the day
	peakRSS float64 // MB
}

// parseProcesses reads "gateway=123,public=456+457" (several pids added up).
func parseProcesses(spec string) ([]*process, error) {
	var out []*process
	if spec == "" {
		return out, nil
	}
	for _, part := range strings.Split(spec, ",") {
		name, pids, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("-procs: %q is not name=pid", part)
		}
		p := &process{name: name}
		for _, s := range strings.Split(pids, "+") {
			pid, err := strconv.Atoi(s)
			if err != nil {
				return nil, fmt.Errorf("-procs: %q: %w", part, err)
			}
			p.pids = append(p.pids, pid)
		}
		out = append(out, p)
	}
	return out, nil
}

var ticksPerSecond = 100.0 // USER_HZ on Linux

func cpuSeconds(pid int) float64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name may hold spaces: the fields start after its closing parenthesis.
	fields := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	utime, _ := strconv.ParseFloat(fields[11], 64)
	stime, _ := strconv.ParseFloat(fields[12], 64)
	return (utime + stime) / ticksPerSecond
}

func rssMB(pid int) float64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}

// watch samples memory every half second until stop is closed, and the CPU time between the
// call and stop.
func watch(procs []*process, stop <-chan struct{}, wg *sync.WaitGroup) {
	for _, p := range procs {
		for _, pid := range p.pids {
			p.cpu0 += cpuSeconds(pid)
		}
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(500 * time.Millisecond)
		defer tick.Stop()
		for {
			for _, p := range procs {
				var rss float64
				for _, pid := range p.pids {
					rss += rssMB(pid)
				}
				p.peakRSS = max(p.peakRSS, rss)
			}
			select {
			case <-stop:
				for _, p := range procs {
					var cpu float64
					for _, pid := range p.pids {
						cpu += cpuSeconds(pid)
					}
					p.cpu = cpu - p.cpu0
				}
				return
			case <-tick.C:
			}
		}
	}()
}
