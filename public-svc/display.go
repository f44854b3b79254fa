package publicsvc

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Result statuses of the public views (spec/scoring.md §6).
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

// workoutType maps a score type to the lower-case type the public views compare against
// (public-site §3: time, reps, maxweight, points).
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

// resultText is the display text of a result (spec/scoring.md §6): a TIME value as M:SS
// (H:MM:SS from an hour on), other values as numbers without trailing zeros, a capped result
// as "CAP +reps", DNF and DNS; empty when there is no result.
func resultText(scoreType, status string, raw *float64) string {
	switch status {
	case statusCompleted:
		if raw == nil {
			return ""
		}
		if strings.EqualFold(scoreType, scoreTime) {
			return formatTime(*raw)
		}
		return formatNumber(*raw)
	case statusCapped:
		if raw == nil {
			return "CAP"
		}
		return "CAP +" + formatNumber(*raw)
	case statusDNF:
		return "DNF"
	case statusDNS:
		return "DNS"
	}
	return ""
}

// formatTime shows seconds as M:SS, or H:MM:SS from one hour on. Fractions of a second are
// kept (up to hundredths, no trailing zeros): 754.5 → 12:34.5.
func formatTime(seconds float64) string {
	if math.IsNaN(seconds) || math.IsInf(seconds, 0) || seconds < 0 {
		return formatNumber(seconds)
	}
	hundredths := int64(math.Round(seconds * 100))
	whole, frac := hundredths/100, hundredths%100
	h, m, s := whole/3600, whole%3600/60, whole%60
	var out string
	if h > 0 {
		out = fmt.Sprintf("%d:%02d:%02d", h, m, s)
	} else {
		out = fmt.Sprintf("%d:%02d", m, s)
	}
	if frac != 0 {
		out += strings.TrimRight(fmt.Sprintf(".%02d", frac), "0")
	}
	return out
}

// formatNumber shows a number without trailing zeros: 235, 102.5.
func formatNumber(v float64) string {
	// Rounded to 6 decimals first so that stored binary fractions show as entered.
	r := math.Round(v*1e6) / 1e6
	if math.IsNaN(r) || math.IsInf(r, 0) {
		r = v
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
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
