// Command simulate runs a federation day against a running Podium on this machine (loopback
// only, bounded in time): many competitions at once, judges saving lane results in bursts at
// heat ends, organisers publishing per heat, spectators on live streams and reading boards at
// a steady rate, judges signing in, athletes registering teams for the events' open divisions,
// the teams of an online qualifier submitting their scores.
// It prints one table: per kind of request p50/p99/max and
// errors, the time from a publish to the last stream that carried it, CPU seconds and peak
// memory per process (-procs), the day's CPU per board read as a multiple of a bare net/http
// server's measured right after it (calibrate.go), and, at the end, every acknowledged write
// checked against PostgreSQL. `make simulate` (scripts/simulate.sh) runs it against `podium all` and against
// separate targets with two gateways and two public-svc behind nginx.
//
// It is a measurement, not a test: it never fails on a number, only when a write was lost or
// it could not run.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

type config struct {
	url, dbURL, admin, procs, label, profile string
	duration, heatEvery, calibrate           time.Duration
	events, divisions, teams, workouts       int
	judges, lanes, streams, streamsPerAddr   int
	reads, readers                           int
	signIns, athleteSignIns                  float64
	athletes, places                         int
	qualifierTeams                           int
	submissions                              float64
}

func main() {
	if len(os.Args) == 3 && os.Args[1] == bareServerArg {
		serveBare(os.Args[2]) // the calibration's bare server (calibrate.go)
		return
	}
	var cfg config
	flag.StringVar(&cfg.url, "url", "http://127.0.0.1:8080", "Podium's base URL (a gateway or the load balancer in front of several)")
	flag.StringVar(&cfg.dbURL, "db", "", "Podium's PostgreSQL, to check acknowledged writes (required)")
	flag.StringVar(&cfg.admin, "admin", "admin", "an administrator (password in PODIUM_ADMIN_PASSWORD)")
	flag.StringVar(&cfg.procs, "procs", "", "processes to measure: name=pid[+pid…],…")
	flag.StringVar(&cfg.label, "label", "podium", "what is measured, for the table")
	flag.StringVar(&cfg.profile, "profile", "", "write a CPU profile of the middle of the day here, from the -pprof URL")
	gatewayMetrics := flag.String("gateway-metrics", "", "the gateways' metrics listeners, host:port,… (their own timing of the reads)")
	pprofURL := flag.String("pprof", "", "a process's /debug/pprof/profile URL (PODIUM_PPROF on its metrics listener)")
	flag.DurationVar(&cfg.duration, "duration", 5*time.Minute, "how long the day runs (after the set-up)")
	flag.DurationVar(&cfg.calibrate, "calibrate", 20*time.Second, "after the day, how long a bare net/http server answers the day's most read board at the day's read rate (0: not measured)")
	flag.DurationVar(&cfg.heatEvery, "heat-every", 15*time.Second, "a heat ends every this long in each event")
	flag.IntVar(&cfg.events, "events", 20, "competitions at once")
	flag.IntVar(&cfg.divisions, "divisions", 4, "divisions per event")
	flag.IntVar(&cfg.teams, "teams", 40, "teams per division")
	flag.IntVar(&cfg.workouts, "workouts", 6, "workouts per event")
	flag.IntVar(&cfg.judges, "judges", 80, "judges in all (spread over the events)")
	flag.IntVar(&cfg.lanes, "lanes", 10, "lanes per heat")
	flag.IntVar(&cfg.streams, "streams", 20000, "live streams (fewer when the file limit does not allow them)")
	flag.IntVar(&cfg.streamsPerAddr, "streams-per-address", 10, "streams per client address (the gateway caps them per address)")
	flag.IntVar(&cfg.reads, "reads", 3000, "board reads a second")
	flag.IntVar(&cfg.readers, "readers", 256, "concurrent board readers (browsers)")
	// Sign-ins cost a bcrypt each (50–100 ms of a core at its default cost), so their rate
	// must be a real day's (docs/operations.md, "Sizing a federation day"): 20 events bring
	// ~120 staff who sign in once a shift; a wave of all of them within 10 minutes is 0.2/s.
	// Athletes sign in to see their own registrations and heats: if a third of the 6,400
	// athletes of 20 events × 160 teams × 2 do so in the day's busiest hour, 0.6/s.
	flag.Float64Var(&cfg.signIns, "sign-ins", 0.2, "staff sign-ins a second")
	flag.Float64Var(&cfg.athleteSignIns, "athlete-sign-ins", 0.6, "athlete sign-ins a second (two per team registered)")
	flag.IntVar(&cfg.athletes, "athletes", 400, "athletes who may register during the day, in pairs (each signs in), at -athlete-sign-ins")
	flag.IntVar(&cfg.places, "places", 8, "places of each event's open division (the rest are waitlisted)")
	// An online qualifier runs beside the day's competitions: its teams submit and change their
	// scores from their phones (docs/qualifiers.md).
	flag.IntVar(&cfg.qualifierTeams, "qualifier-teams", 20, "teams of the online qualifier (each signs in its two athletes at set-up)")
	flag.Float64Var(&cfg.submissions, "submissions", 0.5, "qualifier submissions a second")
	flag.Parse()
	if cfg.dbURL == "" {
		fatalf("-db is required")
	}
	procs, err := parseProcesses(cfg.procs)
	if err != nil {
		fatalf("%v", err)
	}
	procs = append(procs, &process{name: "simulator", pids: []int{os.Getpid()}})
	limit := raiseFileLimit()
	if room := int(limit) - cfg.readers - 2000; cfg.streams > room {
		cfg.streams = max(0, room)
	}

	admin := api{url: cfg.url, client: newClient(0, 16, time.Minute)}
	token := admin.login(cfg.admin, os.Getenv("PODIUM_ADMIN_PASSWORD"))
	fmt.Printf("set-up: %d events × %d divisions × %d teams × %d workouts, heats of %d lanes …\n", cfg.events, cfg.divisions, cfg.teams, cfg.workouts, cfg.lanes)
	setupStart := time.Now()
	events := seed(admin, token, cfg)
	emails := seedAthletes(cfg.dbURL, cfg.athletes, time.Now().Unix())
	qualifier := seedQualifier(admin, token, cfg.url, seedAthletes(cfg.dbURL, 2*cfg.qualifierTeams, time.Now().Unix()+1), cfg.duration, 5000)
	fmt.Printf("set-up done in %s\n", time.Since(setupStart).Round(time.Second))

	pubs := map[string]*publishes{}
	for _, e := range events {
		pubs[e.id] = &publishes{}
	}
	var (
		saves, published, reads, logins = newLatencies(), newLatencies(), newLatencies(), newLatencies()
		athleteSignIns, registrations   = newLatencies(), newLatencies()
		deliveries, opening             = newLatencies(), newLatencies()
		unsent                          atomic.Int64
		workers, watcher                sync.WaitGroup
	)
	streamCtx, stopStreams := context.WithCancel(context.Background())
	fmt.Printf("opening %d streams (file limit %d) …\n", cfg.streams, limit)
	opened := openStreams(streamCtx, cfg.url, events, pubs, cfg.streams, cfg.streamsPerAddr, 2000, deliveries, opening, &workers)

	j := &judging{a: admin, organiser: token, heatEvery: cfg.heatEvery, judgesEach: max(1, cfg.judges/cfg.events),
		saves: saves, publishes: published, ledger: newLedger(), pubs: pubs}
	j.signIn(events, 1000)

	loadBefore := loadAverage()
	gateways := strings.FieldsFunc(*gatewayMetrics, func(r rune) bool { return r == ',' })
	insideBefore := scrapeReads(gateways)
	stopWatch := make(chan struct{})
	watch(procs, stopWatch, &watcher)
	dayCtx, endDay := context.WithTimeout(context.Background(), cfg.duration)
	defer endDay()
	fmt.Printf("the day runs for %s …\n", cfg.duration)
	var day sync.WaitGroup
	j.run(dayCtx, events, &day)
	boards := &mostRead{pick: newBoardPaths(cfg.url, events).pick, counts: map[string]int{}}
	readBoards(dayCtx, boards.next, cfg.reads, cfg.readers, 2000, 0, reads, &unsent, &day)
	signIns(dayCtx, admin, events, cfg.signIns, 3000, logins, &day)
	regs := &registrationLedger{created: map[string]string{}, accepted: map[string]bool{}}
	(&registering{url: cfg.url, events: events, emails: emails, firstClient: 4000,
		signIns: athleteSignIns, reg: registrations, ledger: regs}).run(dayCtx, cfg.athleteSignIns, &day)
	qualifier.run(dayCtx, cfg.submissions, &day)
	if cfg.profile != "" && *pprofURL != "" {
		profileMidDay(dayCtx, *pprofURL, cfg.profile, cfg.duration, &day)
	}
	<-dayCtx.Done()
	day.Wait()
	inside := insideReport(insideBefore, scrapeReads(gateways))
	time.Sleep(2 * time.Second) // the last publishes' deliveries
	close(stopWatch)
	watcher.Wait()
	loadAfter := loadAverage()
	stopStreams()

	checked, lost := verify(cfg.dbURL, events, j.ledger)
	regsChecked, regsLost := verifyRegistrations(cfg.dbURL, events, cfg.places, regs)
	subsChecked, subsLost := verifyQualifier(cfg.dbURL, qualifier)
	lost = append(append(lost, regsLost...), subsLost...)
	fmt.Printf("calibrating: a bare net/http server with the most read board for %s …\n", cfg.calibrate)
	cal := calibrate(cfg, boards.top(), cfg.calibrate)
	requests := map[string]*latencies{"judge saves": saves, "publishes": published, "board reads": reads, "sign-ins": logins,
		"stream opens": opening, "athlete sign-ins": athleteSignIns, "registrations": registrations, "qualifier submissions": newLatencies()}
	if qualifier != nil {
		requests["qualifier submissions"] = qualifier.latencies
	}
	report(cfg, opened, limit, loadBefore, loadAfter, requests, deliveries, &unsent, pubs, procs, checked, regsChecked, subsChecked, lost, inside, cal)
	if len(lost) > 0 {
		os.Exit(1)
	}
}

func report(cfg config, opened int, limit uint64, loadBefore, loadAfter string, requests map[string]*latencies, deliveries *latencies,
	unsent *atomic.Int64, pubs map[string]*publishes, procs []*process, checked, regsChecked, subsChecked int, lost []string, inside string, cal calibration) {
	saves, reads := requests["judge saves"], requests["board reads"]
	line := strings.Repeat("=", 110)
	host, _ := os.Hostname()
	fmt.Println(line)
	fmt.Printf("PODIUM FEDERATION DAY: %s   %s   %s, %d CPUs\n", cfg.label, time.Now().UTC().Format(time.RFC3339), host, numCPU())
	fmt.Printf("load average before %s, after %s\n", loadBefore, loadAfter)
	fmt.Printf("%d events × %d divisions × %d teams × %d workouts; %d judges; a heat every %s per event; %d of %d streams open (file limit %d); reads %d/s asked; %.2g staff and %.2g athlete sign-ins/s (up to %d athletes registering for %d places per event); %s\n",
		cfg.events, cfg.divisions, cfg.teams, cfg.workouts, cfg.judges, cfg.heatEvery, opened, cfg.streams, limit, cfg.reads, cfg.signIns, cfg.athleteSignIns, cfg.athletes, cfg.places, cfg.duration)
	fmt.Println(line)
	fmt.Printf("%-26s %9s %8s %9s %9s %9s %9s   %s\n", "what", "count", "errors", "refused", "p50 ms", "p99 ms", "max ms", "goal")
	row := func(name string, s summary, g string) {
		fmt.Printf("%-26s %9d %8d %9d %9s %9s %9s   %s\n", name, s.n, s.errors, s.refused, ms(s.p50), ms(s.p99), ms(s.max), g)
	}
	row("judge saves", saves.summary(), goal(saves.summary().p99, 200*time.Millisecond))
	row("publishes (per heat)", requests["publishes"].summary(), "")
	rs := reads.summary()
	row("board reads", rs, goal(rs.p99, 50*time.Millisecond))
	row("sign-ins", requests["sign-ins"].summary(), "")
	row("athlete sign-ins", requests["athlete sign-ins"].summary(), "")
	row("registrations (+ accepts)", requests["registrations"].summary(), "")
	row("qualifier submissions", requests["qualifier submissions"].summary(), "")
	row("stream opens", requests["stream opens"].summary(), "")
	row("stream deliveries", deliveries.summary(), "")
	// Per publish: when the last stream that carried it got it.
	last := newLatencies()
	var expected, delivered int64
	for _, p := range pubs {
		p.mu.Lock()
		for _, pub := range p.list {
			expected += pub.expected
			delivered += pub.delivered
			if pub.expected > 0 {
				if pub.delivered < pub.expected {
					last.fail(pub.last, "a stream missed it")
				} else {
					last.ok(pub.last)
				}
			}
		}
		p.mu.Unlock()
	}
	ls := last.summary()
	row("publish → last stream", ls, goal(ls.p99, time.Second))
	fmt.Printf("board reads answered: %.0f/s (asked %d/s; %d not sent: every reader busy)\n", float64(rs.n)/cfg.duration.Seconds(), cfg.reads, unsent.Load())
	fmt.Println(inside)
	fmt.Printf("stream deliveries: %d of the %d owed (each publish owes one to every stream of its event open when it began)\n", delivered, expected)
	names := make([]string, 0, len(requests))
	for name := range requests {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if s := requests[name].summary(); s.errors > 0 {
			fmt.Printf("errors of %s: %s\n", name, describe(s.why))
		}
	}
	fmt.Println(strings.Repeat("-", 110))
	// The simulator runs on the same CPUs as what it measures: its own share is printed beside
	// the targets', so a day it starved can be told from a day Podium could not carry.
	fmt.Printf("%-26s %12s %10s %14s\n", "process", "CPU seconds", "cores", "peak RSS MB")
	for _, p := range procs {
		fmt.Printf("%-26s %12.1f %10.2f %14.1f\n", p.name, p.cpu, p.cpu/cfg.duration.Seconds(), p.peakRSS)
	}
	if sim := procs[len(procs)-1]; rs.n > 0 {
		fmt.Printf("the simulator (load generator) used %.0f µs of CPU per board read answered, streams and judges included\n", sim.cpu/float64(rs.n)*1e6)
	}
	var targetCPU float64
	for _, p := range procs[:len(procs)-1] {
		targetCPU += p.cpu
	}
	cal.report(targetCPU, rs.n)
	fmt.Println(strings.Repeat("-", 110))
	if len(lost) == 0 {
		fmt.Printf("acknowledged writes: %d lane results (their publications included), %d registrations and %d qualifier teams' last submissions found stored as acknowledged: nothing lost\n",
			checked, regsChecked, subsChecked)
	} else {
		fmt.Printf("acknowledged writes: %d lane results, %d registrations and %d qualifier submissions checked, %d LOST:\n", checked, regsChecked, subsChecked, len(lost))
		for _, l := range lost[:min(len(lost), 20)] {
			fmt.Println("  " + l)
		}
	}
	fmt.Println(line)
}

func describe(why map[string]int) string {
	var parts []string
	for k, v := range why {
		parts = append(parts, fmt.Sprintf("%d× %s", v, k))
	}
	sort.Strings(parts)
	return strings.Join(parts, "; ")
}

// raiseFileLimit lifts the soft file limit to the hard one: every stream is a file.
func raiseFileLimit() uint64 {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 1024
	}
	l.Cur = l.Max
	_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	_ = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l)
	return l.Cur
}

func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(raw))[:3], " ")
}

func numCPU() int {
	raw, _ := os.ReadFile("/proc/cpuinfo")
	return max(1, strings.Count(string(raw), "processor\t:"))
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "simulate: "+format+"\n", args...)
	os.Exit(2)
}
