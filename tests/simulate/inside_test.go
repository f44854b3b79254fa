package main

import (
	"strings"
	"testing"
)

// The reads' histogram is the public GET routes' (the stream and other calls left out), and
// the report names the bucket bounds that hold the quantiles of the day's reads alone.
func TestInsideReportCountsTheDaysPublicReads(t *testing.T) {
	t.Parallel()
	parse := func(text string) readBuckets {
		b := readBuckets{}
		for _, line := range strings.Split(text, "\n") {
			if le, n, ok := publicReadBucket(line); ok {
				b[le] += n
			}
		}
		return b
	}
	before := parse(`podium_http_request_duration_seconds_bucket{method="GET",route="/api/public/events",le="0.001"} 100
podium_http_request_duration_seconds_bucket{method="GET",route="/api/public/events",le="0.05"} 100
podium_http_request_duration_seconds_bucket{method="GET",route="/api/public/events",le="+Inf"} 100`)
	after := parse(`# HELP podium_http_request_duration_seconds_bucket a comment
podium_http_request_duration_seconds_bucket{method="GET",route="/api/public/events",le="0.001"} 1080
podium_http_request_duration_seconds_bucket{method="GET",route="/api/public/events",le="0.05"} 1098
podium_http_request_duration_seconds_bucket{method="GET",route="/api/public/events",le="+Inf"} 1100
podium_http_request_duration_seconds_bucket{method="GET",route="/api/public/events/{eventId}/stream",le="0.001"} 0
podium_http_request_duration_seconds_bucket{method="GET",route="/api/public/events/{eventId}/stream",le="+Inf"} 5000
podium_http_request_duration_seconds_bucket{method="POST",route="/api/heats/{heat_id}/publish",le="+Inf"} 7
podium_http_request_duration_seconds_count{method="GET",route="/api/public/events"} 1100`)
	got := insideReport(before, after)
	want := "1000 reads, bucket bounds): p50 <= 1 ms, p99 <= 50 ms, p99.9 > the largest bucket"
	if !strings.HasSuffix(got, want) {
		t.Errorf("report: %q, want it to end %q", got, want)
	}
	if got := insideReport(nil, after); !strings.Contains(got, "not measured") {
		t.Errorf("without a scrape: %q", got)
	}
}
