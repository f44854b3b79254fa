package setup

import (
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The rules of an online event's settings (docs/qualifiers.md): its format, its time zone,
// and each workout's submission window (released at, accepted until) and video rule.

const (
	msgFormatInvalid      = "Format must be in_person or online"
	msgTimeZoneInvalid    = "Time zone must be an IANA time zone, e.g. Europe/Paris"
	msgOnlineWorkout      = "Each workout of the event at most once"
	msgReleaseInvalid     = "Release time must be a date and time (RFC 3339)"
	msgDeadlineInvalid    = "Submission deadline must be a date and time (RFC 3339)"
	msgWindowBoth         = "Give both a release time and a submission deadline, or neither"
	msgDeadlineNotAfter   = "The submission deadline must be after the release time"
	msgWindowOnlineEvents = "Only an online event's workouts take submissions: set the format to online"
	msgUnreviewedOnline   = "Only an online event's board can show unreviewed scores: set the format to online"
)

// boardShows words the leaderboard option for the activity feed.
func boardShows(showUnreviewed bool) string {
	if showUnreviewed {
		return "the board shows submitted scores at once, marked unreviewed"
	}
	return "the board shows scores once published"
}

// onlineInput is a validated OnlineSettings.
type onlineInput struct {
	format, timeZone string
	// showUnreviewed: the public board shows submitted scores at once, marked unreviewed.
	showUnreviewed bool
	windows        []store.OnlineWorkout
}

// checkOnline validates settings against the event's workouts, field by field.
func checkOnline(in *competitionv1.OnlineSettings, workouts []store.Workout) (onlineInput, error) {
	out := onlineInput{format: strings.ToLower(strings.TrimSpace(in.GetFormat())), timeZone: strings.TrimSpace(in.GetTimeZone())}
	if out.format == "" {
		out.format = core.FormatInPerson
	}
	if out.format != core.FormatInPerson && out.format != core.FormatOnline {
		return out, apperr.Invalid("format", msgFormatInvalid)
	}
	if out.timeZone == "" {
		out.timeZone = "UTC"
	}
	if out.showUnreviewed = in.GetShowUnreviewed(); out.showUnreviewed && out.format != core.FormatOnline {
		return out, apperr.Invalid("showUnreviewed", msgUnreviewedOnline)
	}
	if _, err := time.LoadLocation(out.timeZone); err != nil || out.timeZone == "Local" {
		return out, apperr.Invalid("timeZone", msgTimeZoneInvalid)
	}
	ofEvent := map[string]bool{}
	for _, w := range workouts {
		ofEvent[w.ID] = true
	}
	seen := map[string]bool{}
	for i, ow := range in.GetWorkouts() {
		field := fmt.Sprintf("workouts[%d].", i)
		id := strings.ToLower(strings.TrimSpace(ow.GetWorkoutId()))
		if !ofEvent[id] || seen[id] {
			return out, apperr.Invalid(field+"workoutId", msgOnlineWorkout)
		}
		seen[id] = true
		w := store.OnlineWorkout{WorkoutID: id, VideoRequired: ow.GetVideoRequired()}
		var err error
		if w.ReleaseAt, err = optionalInstant(ow.GetReleaseAt()); err != nil {
			return out, apperr.Invalid(field+"releaseAt", msgReleaseInvalid)
		}
		if w.SubmissionDeadline, err = optionalInstant(ow.GetSubmissionDeadline()); err != nil {
			return out, apperr.Invalid(field+"submissionDeadline", msgDeadlineInvalid)
		}
		switch {
		case (w.ReleaseAt == nil) != (w.SubmissionDeadline == nil):
			return out, apperr.Invalid(field+"submissionDeadline", msgWindowBoth)
		case w.ReleaseAt != nil && !w.SubmissionDeadline.After(*w.ReleaseAt):
			return out, apperr.Invalid(field+"submissionDeadline", msgDeadlineNotAfter)
		case w.ReleaseAt != nil && out.format != core.FormatOnline:
			return out, apperr.Invalid(field+"releaseAt", msgWindowOnlineEvents)
		}
		out.windows = append(out.windows, w)
	}
	return out, nil
}

// optionalInstant reads an RFC 3339 instant; empty is none.
func optionalInstant(v string) (*time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return nil, err
	}
	return &t, nil
}
