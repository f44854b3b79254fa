package resultssvc

import "github.com/podium-dev/podium/internal/platform/telemetry"

// countSaved records a committed save of rows results (a batch counts as one save).
func countSaved(rows int, err error) {
	if err != nil {
		return
	}
	telemetry.ResultSaves.Inc()
	telemetry.ResultRows.Add(float64(rows))
}
