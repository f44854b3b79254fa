package publicsvc

import (
	"math"
	"strings"
)

// Result statuses of the public views.
const (
	statusCompleted  = "completed"
	statusCapped     = "capped"
	statusDNF        = "dnf"
	statusDNS        = "dns"
	statusNotStarted = "not_started"
)

// Score types as competition-svc stores them.
const (
	scoreTime      = "TIME"
	scoreReps      = "REPS"
	scoreMaxWeight = "MAX_WEIGHT"
	scorePoints    = "POINTS"
)

// workoutType maps a score type to the lower-case type the public views compare against:
// time, reps, maxweight or points.
func workoutType(scoreType string) string {
	switch strings.ToUpper(scoreType) {
	case scoreTime:
		return "time"
	case scoreReps:
		return "reps"
	case scoreMaxWeight:
		return "maxweight"
	case scorePoints:
		return "points"
	}
	return strings.ToLower(scoreType)
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
