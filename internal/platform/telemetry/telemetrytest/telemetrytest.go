// Package telemetrytest reads Podium's process-wide metrics in tests, so production code
// needs no counters of its own for them.
package telemetrytest

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// ViewRebuilds is how many public views of a kind this process has built (a kind is the
// first part of the view name: "events", "event", "leaderboard", "division", "workout",
// "team", "bookmark", "src:structure", "src:standings"); "" counts every kind. It reads
// telemetry.ViewRebuild, the metric operators see.
func ViewRebuilds(kind string) int64 {
	reg := prometheus.NewRegistry()
	reg.MustRegister(telemetry.ViewRebuild)
	families, err := reg.Gather()
	if err != nil {
		panic(err)
	}
	var n uint64
	for _, f := range families {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "view" && (kind == "" || l.GetValue() == kind) {
					n += m.GetHistogram().GetSampleCount()
				}
			}
		}
	}
	return int64(n)
}
