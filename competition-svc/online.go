package competitionsvc

import (
	"context"
	"errors"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Online qualifiers (docs/qualifiers.md): competition-svc keeps the event's format and time
// zone and each workout's submission window; results-svc takes the submissions and checks
// the window against its clock.

// SetEventOnline stores an event's online settings and its workouts' windows in one
// transaction.
func (s *service) SetEventOnline(ctx context.Context, eventID string, in *competitionv1.OnlineSettings) (_ EventView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.SetEventOnline(%q)", eventID)
	id, err := parseID("eventId", eventID, "Event")
	if err != nil {
		return EventView{}, err
	}
	if in == nil {
		in = &competitionv1.OnlineSettings{}
	}
	var before, after store.Event
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if before, err = tx.LockEvent(ctx, id); err != nil {
			return err
		}
		workouts, err := tx.ListWorkoutsByOrder(ctx, id)
		if err != nil {
			return err
		}
		set, err := checkOnline(in, workouts)
		if err != nil {
			return err
		}
		if after, err = tx.SetEventOnline(ctx, id, set.format, set.timeZone, set.showUnreviewed); err != nil {
			return err
		}
		n, err := tx.SetWorkoutWindows(ctx, id, set.windows)
		if err != nil {
			return err
		}
		summary := fmt.Sprintf("Online settings of %s: %s, %s, %s, %d %s changed", after.Name, after.Format, after.TimeZone,
			boardShows(after.ShowUnreviewed), n, plural(int(n), "workout", "workouts"))
		return tx.RecordActivity(ctx, change(ctx, id, "updated", "event", id, summary))
	})
	if errors.Is(err, store.ErrNotFound) {
		return EventView{}, apperr.NotFound(msgEventNotFound)
	}
	if err != nil {
		return EventView{}, fmt.Errorf("set event online: %w", err)
	}
	s.log.InfoContext(ctx, "event online settings set", "event", id, "format", after.Format, "was", before.Format)
	s.changedStatus(ctx, id, before.Status, after.Status)
	return s.eventView(ctx, id, countsBestEffort)
}

// AthleteTeam is the confirmed team athleteID is on in the event, for results-svc; with a
// teamID instead, that team if it is confirmed in the event (the review mails' addresses).
func (s *service) AthleteTeam(ctx context.Context, eventID, athleteID, teamID string) (_ store.ConfirmedTeam, err error) {
	defer apperr.Wrap(&err, "competitionsvc.AthleteTeam(%q, %q, %q)", eventID, athleteID, teamID)
	if eventID, err = parseID("eventId", eventID, "Event"); err != nil {
		return store.ConfirmedTeam{}, err
	}
	var t store.ConfirmedTeam
	if teamID != "" {
		if teamID, err = parseID("teamId", teamID, "Team"); err != nil {
			return store.ConfirmedTeam{}, err
		}
		t, err = s.store.GetConfirmedTeam(ctx, eventID, teamID)
	} else {
		if athleteID, err = parseID("athleteId", athleteID, "Athlete"); err != nil {
			return store.ConfirmedTeam{}, err
		}
		t, err = s.store.GetAthleteTeam(ctx, eventID, athleteID)
	}
	if errors.Is(err, store.ErrNotFound) {
		return t, apperr.NotFound("No confirmed team of yours in this event")
	}
	return t, err
}
