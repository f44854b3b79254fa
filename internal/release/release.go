// Package release is the one rule of an online workout's release (docs/qualifiers.md,
// "Before the release"): until its release time nothing of the workout is public, and the
// athletes cannot submit for it. results-svc's submission window and public-svc's views both
// ask it, by the server's clock, so the workout appears everywhere at the same instant.
package release

import "time"

// Pending says whether a workout released at releaseAt (RFC 3339; "" for a workout without a
// release time, which is never held back) is not released yet at now: the release instant
// itself is released. A release time that cannot be read holds the workout back, since
// showing it could give away what the organiser meant to keep.
func Pending(releaseAt string, now time.Time) bool {
	if releaseAt == "" {
		return false
	}
	at, err := time.Parse(time.RFC3339, releaseAt)
	return err != nil || now.Before(at)
}

// Workout is what the rule reads of a workout.
type Workout interface {
	GetId() string
	GetReleaseAt() string
	GetPartOf() string
}

// Held are the ids of the workouts not released at now. A multi-part workout and its parts
// go together (docs/scoring.md, "Multi-part workouts"): when any of them is pending, all are,
// since a part's name or a header's description tells of the others.
func Held[W Workout](workouts []W, now time.Time) map[string]bool {
	var held map[string]bool
	for _, w := range workouts {
		if !Pending(w.GetReleaseAt(), now) {
			continue
		}
		if held == nil {
			held = map[string]bool{}
		}
		held[w.GetId()] = true
		if w.GetPartOf() != "" {
			held[w.GetPartOf()] = true
		}
	}
	if held == nil {
		return nil
	}
	for _, w := range workouts {
		if w.GetPartOf() != "" && held[w.GetPartOf()] {
			held[w.GetId()] = true
		}
	}
	return held
}
