package main

import (
	"bufio"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The gateways' own timing of the board reads: their request histogram
// (podium_http_request_duration_seconds) read from /metrics before and after the day. Beside
// the simulator's figure it says how much of a read's time was spent answering it and how
// much outside: the network, and waiting for a CPU that the gateway, PostgreSQL and the
// simulator share (docs/operations.md, "Sizing a federation day").

const durationBucket = "podium_http_request_duration_seconds_bucket"

// readBuckets are the cumulative counts of the public reads' histogram, by upper bound (s).
type readBuckets map[float64]float64

// scrapeReads sums the histogram of every public GET route but the stream over the gateways'
// metrics listeners (host:port); nil when one cannot be read.
func scrapeReads(addrs []string) readBuckets {
	if len(addrs) == 0 {
		return nil
	}
	sum := readBuckets{}
	client := &http.Client{Timeout: 10 * time.Second}
	for _, addr := range addrs {
		resp, err := client.Get("http://" + addr + "/metrics")
		if err != nil {
			return nil
		}
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			if le, n, ok := publicReadBucket(sc.Text()); ok {
				sum[le] += n
			}
		}
		resp.Body.Close()
		if sc.Err() != nil || resp.StatusCode != http.StatusOK {
			return nil
		}
	}
	return sum
}

// publicReadBucket parses one line of the histogram of a public read's route.
func publicReadBucket(line string) (le, n float64, ok bool) {
	rest, isBucket := strings.CutPrefix(line, durationBucket+"{")
	labels, value, found := strings.Cut(rest, "} ")
	if !isBucket || !found || !strings.Contains(labels, `method="GET"`) ||
		!strings.Contains(labels, `route="/api/public/`) || strings.Contains(labels, `/stream"`) {
		return 0, 0, false
	}
	_, bound, found := strings.Cut(labels, `le="`)
	if !found {
		return 0, 0, false
	}
	bound = strings.TrimSuffix(bound, `"`)
	if bound == "+Inf" {
		le = math.Inf(1)
	} else if le, ok = parseFloat(bound); !ok {
		return 0, 0, false
	}
	n, ok = parseFloat(value)
	return le, n, ok
}

func parseFloat(s string) (float64, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return f, err == nil
}

// insideReport is the line the table prints for the reads the day's histogram counted.
func insideReport(before, after readBuckets) string {
	if before == nil || after == nil {
		return "board reads inside the gateways: not measured (their /metrics could not be read)"
	}
	bounds := make([]float64, 0, len(after))
	for le := range after {
		bounds = append(bounds, le)
	}
	slices.Sort(bounds)
	total := after[math.Inf(1)] - before[math.Inf(1)]
	if total <= 0 {
		return "board reads inside the gateways: none counted"
	}
	// The smallest bucket bound that holds the quantile: the histogram knows no better.
	at := func(q float64) string {
		for _, le := range bounds {
			if after[le]-before[le] >= q*total {
				if math.IsInf(le, 1) {
					return "> the largest bucket"
				}
				return fmt.Sprintf("<= %s ms", strconv.FormatFloat(le*1000, 'f', -1, 64))
			}
		}
		return "?"
	}
	return fmt.Sprintf("board reads inside the gateways (their own histogram, %0.f reads, bucket bounds): p50 %s, p99 %s, p99.9 %s",
		total, at(0.5), at(0.99), at(0.999))
}
