package setup

import (
	"fmt"
	"slices"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/resulttext"
)

// What changed, as the activity feed (activity.go) shows it in the console.

// fieldChanges joins "field old → new" parts; empty when nothing shown changed.
type fieldChanges []string

func (c *fieldChanges) text(field, old, now string) {
	if old != now {
		*c = append(*c, fmt.Sprintf("%s %s → %s", field, orNone(old), orNone(now)))
	}
}

func (c *fieldChanges) note(changed bool, what string) {
	if changed {
		*c = append(*c, what)
	}
}

func (c fieldChanges) summary(subject string) string {
	if len(c) == 0 {
		return subject + ": saved without changes"
	}
	return subject + ": " + strings.Join(c, "; ")
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func eventChanges(old, now store.Event) string {
	var c fieldChanges
	c.text("name", old.Name, now.Name)
	c.text("dates", dateRangeText(old), dateRangeText(now))
	c.text("location", old.Location, now.Location)
	c.note(old.Description != now.Description, "description changed")
	c.text("details visible", core.YesNo(old.DetailsVisible), core.YesNo(now.DetailsVisible))
	c.text("status", old.Status.String(), now.Status.String())
	c.text("roster lock", core.InstantOf(old.RosterLockAt), core.InstantOf(now.RosterLockAt))
	c.text("language", old.DefaultLanguage, now.DefaultLanguage)
	c.scoring(old, now)
	return c.summary("Event " + now.Name)
}

// scoringChanges is the activity of a scoring card save: the event's scoring and its
// workouts' weights.
func scoringChanges(old, now store.Event, before, after []store.Workout, divisions []string) string {
	var c fieldChanges
	c.scoring(old, now)
	c = append(c, weightChanges(before, after)...)
	c = append(c, divisions...)
	return c.summary("Scoring of " + now.Name)
}

func (c *fieldChanges) scoring(old, now store.Event) {
	c.text("scoring table", old.ScoringTable, now.ScoringTable)
	c.note(!slices.Equal(old.CustomPoints, now.CustomPoints) && now.ScoringTable == core.TableCustom, "custom points changed")
	c.text("workout ties", old.Scoring.WorkoutTies, now.Scoring.WorkoutTies)
	c.text("overall tie-break", old.Scoring.OverallTieBreak, now.Scoring.OverallTieBreak)
	c.note(!equalPtr(old.Scoring.OverallWorkoutID, now.Scoring.OverallWorkoutID) &&
		now.Scoring.OverallTieBreak == "by_workout", "tie-break workout changed")
}

// weightChanges lists the workouts whose weight changed: "Fran ×1 → ×2".
func weightChanges(before, after []store.Workout) []string {
	was := map[string]float64{}
	for _, w := range before {
		was[w.ID] = w.Weight
	}
	var out []string
	for _, w := range after {
		if old, ok := was[w.ID]; ok && old != w.Weight {
			out = append(out, fmt.Sprintf("%s weight ×%s → ×%s", w.Name, resulttext.Number(old), resulttext.Number(w.Weight)))
		}
	}
	return out
}

func equalPtr(a, b *string) bool { return (a == nil && b == nil) || (a != nil && b != nil && *a == *b) }

func dateRangeText(e store.Event) string {
	return core.Date(e.DateFrom) + " – " + core.Date(e.DateTo)
}

func divisionChanges(old store.Division, name, description string) string {
	var c fieldChanges
	c.text("name", old.Name, name)
	c.note(old.Description != description, "description changed")
	return c.summary("Division " + old.Name)
}

func teamChanges(old store.Team, now TeamInput, oldDivision, newDivision string) string {
	var c fieldChanges
	c.text("name", old.Name, now.Name)
	c.text("athlete 1", old.Athlete1Name, now.Athlete1Name)
	c.text("athlete 2", old.Athlete2Name, now.Athlete2Name)
	c.text("division", oldDivision, newDivision)
	return c.summary("Team " + old.Name)
}

func workoutChanges(old store.Workout, now store.Workout) string {
	var c fieldChanges
	c.text("name", old.Name, now.Name)
	c.text("score type", ScoreTypeLabel(old.ScoreType), ScoreTypeLabel(now.ScoreType))
	c.text("time cap", capText(old.TimeCapSeconds), capText(now.TimeCapSeconds))
	c.text("order", orderText(old.WorkoutOrder), orderText(now.WorkoutOrder))
	c.text("parts", strOrEmpty(old.Parts), strOrEmpty(now.Parts))
	c.note(!sameString(old.PartOf, now.PartOf), "part of changed")
	c.note(old.Description != now.Description, "description changed")
	return c.summary("Workout " + old.Name)
}

func workoutCreated(w store.Workout) string {
	parts := []string{ScoreTypeLabel(w.ScoreType)}
	if w.TimeCapSeconds != nil {
		parts = append(parts, "cap "+capText(w.TimeCapSeconds))
	}
	if w.WorkoutOrder != nil {
		parts = append(parts, "order "+orderText(w.WorkoutOrder))
	}
	if w.Parts != nil {
		parts = append(parts, "parts "+*w.Parts)
	}
	if w.PartOf != nil {
		parts = append(parts, "a part")
	}
	return fmt.Sprintf("Workout %s created (%s)", w.Name, strings.Join(parts, ", "))
}

func strOrEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func sameString(a, b *string) bool { return strOrEmpty(a) == strOrEmpty(b) }

func capText(seconds *int32) string { return resulttext.TimeCap(seconds) }

func orderText(order *int32) string {
	if order == nil {
		return ""
	}
	return fmt.Sprint(*order)
}
