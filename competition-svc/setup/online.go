package setup

import (
	"context"
	"errors"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
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
	defer apperr.Wrap(&err, "setup.SetEventOnline(%q)", eventID)
	if in == nil {
		in = &competitionv1.OnlineSettings{}
	}
	id, before, after, err := s.changeEventSettings(ctx, eventID, func(tx *store.Store, before store.Event, workouts []store.Workout) (store.Event, error) {
		set, err := checkOnline(in, workouts)
		if err != nil {
			return store.Event{}, err
		}
		after, err := tx.SetEventOnline(ctx, before.ID, set.format, set.timeZone, set.showUnreviewed)
		if err != nil {
			return store.Event{}, err
		}
		n, err := tx.SetWorkoutWindows(ctx, before.ID, set.windows)
		if err != nil {
			return store.Event{}, err
		}
		summary := fmt.Sprintf("Online settings of %s: %s, %s, %s, %d %s changed", after.Name, after.Format, after.TimeZone,
			boardShows(after.ShowUnreviewed), n, core.Plural(int(n), "workout", "workouts"))
		return after, tx.RecordActivity(ctx, core.Change(ctx, after.ID, "updated", "event", after.ID, summary))
	})
	if err != nil {
		return EventView{}, err
	}
	s.Log.InfoContext(ctx, "event online settings set", "event", id, "format", after.Format, "was", before.Format)
	s.ChangedStatus(ctx, id, before.Status, after.Status)
	return s.eventView(ctx, id, countsBestEffort)
}

// AthleteTeam is the confirmed team athleteID is on in the event, for results-svc; with a
// teamID instead, that team if it is confirmed in the event (the review mails' addresses).
func (s *service) AthleteTeam(ctx context.Context, eventID, athleteID, teamID string) (_ store.ConfirmedTeam, err error) {
	defer apperr.Wrap(&err, "setup.AthleteTeam(%q, %q, %q)", eventID, athleteID, teamID)
	if eventID, err = core.ParseID("eventId", eventID, "Event"); err != nil {
		return store.ConfirmedTeam{}, err
	}
	var t store.ConfirmedTeam
	if teamID != "" {
		if teamID, err = core.ParseID("teamId", teamID, "Team"); err != nil {
			return store.ConfirmedTeam{}, err
		}
		t, err = s.Store.GetConfirmedTeam(ctx, eventID, teamID)
	} else {
		if athleteID, err = core.ParseID("athleteId", athleteID, "Athlete"); err != nil {
			return store.ConfirmedTeam{}, err
		}
		t, err = s.Store.GetAthleteTeam(ctx, eventID, athleteID)
	}
	if errors.Is(err, store.ErrNotFound) {
		return t, apperr.NotFound("No confirmed team of yours in this event")
	}
	return t, err
}
