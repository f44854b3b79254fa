// Package resulttext is how a result and a time cap read: the one text the console, the
// public site, exports and the activity feed show (docs/architecture.md, "Where each rule
// lives"). It needs no I/O and no service: results-svc, competition-svc and public-svc share it.
package resulttext

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

// Result is the display text of a result: a TIME value as M:SS
// (H:MM:SS from an hour on), other values as numbers without trailing zeros, a capped result
// as "CAP +reps", DNF, DNS and DQ; empty when there is no result.
func Result(scoreType typesv1.ScoreType, status typesv1.ResultStatus, raw *float64) string {
	switch status {
	case typesv1.ResultStatus_completed:
		if raw == nil {
			return ""
		}
		if scoreType == typesv1.ScoreType_TIME {
			return Time(*raw)
		}
		return Number(*raw)
	case typesv1.ResultStatus_capped:
		if raw == nil {
			return "CAP"
		}
		return "CAP +" + Number(*raw)
	case typesv1.ResultStatus_dnf:
		return "DNF"
	case typesv1.ResultStatus_dns:
		return "DNS"
	case typesv1.ResultStatus_dq:
		return "DQ"
	}
	return ""
}

// Time shows seconds as M:SS, or H:MM:SS from one hour on. Fractions of a second are
// kept (up to hundredths, no trailing zeros): 754.5 → 12:34.5.
func Time(seconds float64) string {
	if math.IsNaN(seconds) || math.IsInf(seconds, 0) || seconds < 0 {
		return Number(seconds)
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

// Number shows a number without trailing zeros: 235, 102.5.
func Number(v float64) string {
	// Rounded to 6 decimals first so that stored binary fractions show as entered.
	r := math.Round(v*1e6) / 1e6
	if math.IsNaN(r) || math.IsInf(r, 0) {
		r = v
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// Stored is the display text of a stored result (Result): a capped result shows
// its reps, any other its value.
func Stored(scoreType typesv1.ScoreType, status typesv1.ResultStatus, value *float64, cappedReps *int32) string {
	shown := value
	if status == typesv1.ResultStatus_capped && cappedReps != nil {
		reps := float64(*cappedReps)
		shown = &reps
	}
	return Result(scoreType, status, shown)
}

// TimeCap is a workout's time cap as shown: M:SS, 720 → "12:00", the longest cap 3600 →
// "60:00" (caps run from 01:00 to 60:00, so a cap never shows hours); empty when there is no
// cap.
func TimeCap(seconds *int32) string {
	if seconds == nil || *seconds <= 0 {
		return ""
	}
	return fmt.Sprintf("%d:%02d", *seconds/60, *seconds%60)
}
