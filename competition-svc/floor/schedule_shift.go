package floor

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/zonetime"
)

// The schedule as it runs (docs/competition-day.md): the organiser marks the floor late or
// early from one heat on. Every heat of the event starting at or after that heat's current
// start moves by the same minutes; each keeps its planned start, so the screens show both.

const (
	// shiftMinutesMax bounds a shift: a floor half a day late is a new schedule, not a slip.
	shiftMinutesMax = 12 * 60
	// shiftNoticeMinutes: athletes whose heats move by more than this are mailed (heat_notices.go)
	// and pushed (pushShift).
	shiftNoticeMinutes = 5

	msgShiftHeatNotInEvent = "Choose a heat of this event"
	msgShiftMinutes        = "Minutes must be a whole number from -720 to 720, other than 0"
	msgShiftBeforePrevious = "Heat %d of %s would start at %s, before heat %d of %s (%s): move it back at most %d minutes"
)

// ShiftResult is what a shift moved: the heats, and the event's heats after it.
type ShiftResult struct {
	Shifted int
	Heats   []store.Heat
}

// shiftMinutes checks a shift's minutes: whole, not 0, within ±12 hours.
func shiftMinutes(raw float64) (int32, error) {
	if math.IsNaN(raw) || raw != math.Trunc(raw) || raw == 0 || math.Abs(raw) > shiftMinutesMax {
		return 0, apperr.Invalid("minutes", msgShiftMinutes)
	}
	return int32(raw), nil
}

// ShiftSchedule moves every heat of the event from fromHeatID on by minutes, in one
// transaction with its activity entry and the heat mails of the teams moved by more than
// shiftNoticeMinutes.
func (s *service) ShiftSchedule(ctx context.Context, eventID, fromHeatID string, rawMinutes float64) (_ ShiftResult, err error) {
	defer apperr.Wrap(&err, "floor.ShiftSchedule(%q, %q)", eventID, fromHeatID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return ShiftResult{}, err
	}
	fromHeatID, err = core.ParseID("fromHeatId", fromHeatID, "Heat")
	if err != nil {
		return ShiftResult{}, err
	}
	minutes, err := shiftMinutes(rawMinutes)
	if err != nil {
		return ShiftResult{}, err
	}
	e, err := s.Store.GetEvent(ctx, eventID)
	if err != nil {
		return ShiftResult{}, err
	}
	var shifted int
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		heats, err := tx.LockEventHeatStarts(ctx, eventID)
		if err != nil {
			return nil, err
		}
		from, moved, err := shiftedHeats(heats, fromHeatID, minutes, e.TimeZone)
		if err != nil {
			return nil, err
		}
		shifted = len(moved)
		ids, teams := make([]string, len(moved)), []string{}
		for i, h := range moved {
			ids[i] = h.ID
			teams = append(teams, h.Teams...)
		}
		if abs(minutes) <= shiftNoticeMinutes {
			teams = nil // nobody to tell: NoticeTeams of an empty list is none
		}
		before := heatSnapshot{eventID: eventID}
		if len(teams) > 0 {
			if before, err = heatsBefore(ctx, tx, eventID, teams); err != nil {
				return nil, err
			}
		}
		if err := tx.ShiftHeats(ctx, ids, minutes); err != nil {
			return nil, err
		}
		if err := s.noteHeatChanges(ctx, tx, before); err != nil {
			return nil, err
		}
		if abs(minutes) > shiftNoticeMinutes {
			if err := s.pushShift(ctx, tx, ids, minutes); err != nil {
				return nil, err
			}
		}
		return []store.Activity{core.Change(ctx, eventID, "shifted", "heat", from.ID,
			fmt.Sprintf("Schedule shifted by %+d min from heat %d of %s: %s", minutes, from.Number, from.WorkoutName,
				core.Plural(len(moved), "1 heat", fmt.Sprintf("%d heats", len(moved)))))}, nil
	})
	if err != nil {
		return ShiftResult{}, err
	}
	s.Changed(ctx, eventID)
	heats, err := s.Store.ListEventHeats(ctx, eventID)
	return ShiftResult{Shifted: shifted, Heats: heats}, err
}

// pushShift tells, in the shift's transaction, every athlete of a team in a moved heat its
// new start by push at once (the mail waits for the heat mails' quiet period: heat_notices.go).
func (s *service) pushShift(ctx context.Context, tx *store.Store, heatIDs []string, minutes int32) (err error) {
	defer apperr.Wrap(&err, "floor.pushShift(%d)", minutes)
	athletes, err := tx.HeatAthletes(ctx, heatIDs)
	if err != nil {
		return err
	}
	pushes := make([]store.Push, len(athletes))
	for i, a := range athletes {
		pushes[i] = store.Push{AthleteID: a.AthleteID,
			Title: fmt.Sprintf("Schedule moved %+d min: %s, heat %d", minutes, a.WorkoutName, a.HeatNumber),
			Body: fmt.Sprintf("%s: your heat now starts at %s (planned %s).", a.EventName, zonetime.Format(a.StartTime, a.TimeZone),
				a.PlannedStart.In(zoneOf(a.TimeZone)).Format("15:04"))}
	}
	return s.QueuePushes(ctx, tx, pushes)
}

// shiftedHeats picks, from the event's heats by current start, the heat fromID and every heat
// starting at or after it. An early shift must not start that heat before the heat before it.
func shiftedHeats(heats []store.HeatStart, fromID string, minutes int32, zone string) (from store.HeatStart, _ []store.HeatStart, _ error) {
	at := -1
	for i, h := range heats {
		if h.ID == fromID {
			at = i
			break
		}
	}
	if at < 0 {
		return from, nil, apperr.Invalid("fromHeatId", msgShiftHeatNotInEvent)
	}
	from = heats[at]
	first := at
	for first > 0 && heats[first-1].StartTime.Equal(from.StartTime) {
		first-- // heats at the same start run together: they move together
	}
	if first > 0 && minutes < 0 {
		prev := heats[first-1]
		start := from.StartTime.Add(time.Duration(minutes) * time.Minute)
		if start.Before(prev.StartTime) {
			return from, nil, apperr.Invalid("minutes", fmt.Sprintf(msgShiftBeforePrevious, from.Number, from.WorkoutName,
				zonetime.Format(start, zone), prev.Number, prev.WorkoutName, zonetime.Format(prev.StartTime, zone),
				int(from.StartTime.Sub(prev.StartTime)/time.Minute)))
		}
	}
	return from, heats[first:], nil
}

func abs(n int32) int32 {
	if n < 0 {
		return -n
	}
	return n
}
