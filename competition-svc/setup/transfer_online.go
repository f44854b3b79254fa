package setup

import (
	"context"
	"errors"

	"github.com/podium-dev/podium/competition-svc/core"

	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// An event document carries the event's online settings (docs/qualifiers.md) as the console
// sets them: the same message, checked by the same rule, workouts named by the document's ids.

// onlineSettingsPB is the event's online settings in a document.
func onlineSettingsPB(e store.Event, workouts []WorkoutView) *competitionv1.OnlineSettings {
	out := &competitionv1.OnlineSettings{Format: e.Format, TimeZone: e.TimeZone, ShowUnreviewed: e.ShowUnreviewed}
	for _, w := range workouts {
		if w.ReleaseAt == nil && !w.VideoRequired {
			continue
		}
		out.Workouts = append(out.Workouts, &competitionv1.OnlineWorkout{WorkoutId: w.ID,
			ReleaseAt: core.InstantOf(w.ReleaseAt), SubmissionDeadline: core.InstantOf(w.SubmissionDeadline), VideoRequired: w.VideoRequired})
	}
	return out
}

// checkDocumentOnline applies the console's online rule to a document's settings; errors name
// the document's field ("event.online.workouts[0].releaseAt").
func checkDocumentOnline(in *competitionv1.OnlineSettings, workoutIDs []string) (onlineInput, error) {
	if in == nil {
		in = &competitionv1.OnlineSettings{}
	}
	workouts := make([]store.Workout, len(workoutIDs))
	for i, id := range workoutIDs {
		workouts[i] = store.Workout{ID: id}
	}
	out, err := checkOnline(in, workouts)
	var e *apperr.Error
	if errors.As(err, &e) && e.Kind == apperr.KindInvalid {
		return out, apperr.Invalid("event.online."+e.Field, e.Message)
	}
	return out, err
}

// setOnline stores the checked settings on the imported event, its workouts by their new ids.
func (p importPlan) setOnline(ctx context.Context, tx *store.Store, eventID string, workoutOf map[string]string) (err error) {
	defer apperr.Wrap(&err, "setup.importPlan.setOnline(%q)", eventID)
	if _, err := tx.SetEventOnline(ctx, eventID, p.online.format, p.online.timeZone, p.online.showUnreviewed); err != nil {
		return err
	}
	windows := make([]store.OnlineWorkout, len(p.online.windows))
	for i, w := range p.online.windows {
		w.WorkoutID = workoutOf[w.WorkoutID]
		windows[i] = w
	}
	_, err = tx.SetWorkoutWindows(ctx, eventID, windows)
	return err
}
