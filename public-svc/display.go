package publicsvc

import (
	"math"
	"strings"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

// workoutType maps a score type to the lower-case type the public views compare against:
// time, reps, maxweight or points.
func workoutType(scoreType typesv1.ScoreType) string {
	switch scoreType {
	case typesv1.ScoreType_TIME:
		return "time"
	case typesv1.ScoreType_REPS:
		return "reps"
	case typesv1.ScoreType_MAX_WEIGHT:
		return "maxweight"
	case typesv1.ScoreType_POINTS:
		return "points"
	}
	return ""
}

// percent is part/whole as a percentage rounded to two decimals; 0 when whole is 0.
func percent(part, whole int) float64 {
	if whole <= 0 {
		return 0
	}
	return math.Round(float64(part)*10000/float64(whole)) / 100
}

// publicStatus is an event status as the public views show it: lower case, and an UNLISTED
// event (reachable by id only) shows as published.
func publicStatus(status string) string {
	s := strings.ToLower(strings.TrimSpace(status))
	if s == "unlisted" {
		return "published"
	}
	return s
}

// publishedLabel stands in for an UNLISTED event's label, which the public must not see.
const publishedLabel = "Veröffentlicht"

func publicStatusLabel(status, label string) string {
	if strings.EqualFold(strings.TrimSpace(status), "UNLISTED") {
		return publishedLabel
	}
	return label
}
