package resultssvc

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/zonetime"
	"github.com/podium-dev/podium/internal/release"
)

// The rules of an online submission (docs/qualifiers.md), no I/O: the workout's window by
// the server's clock (open from its release, inclusive, the rule of internal/release, until
// its deadline, exclusive) and the video link.

const (
	windowNone        = "none"
	windowNotReleased = "not_released"
	windowOpen        = "open"
	windowClosed      = "closed"

	maxVideoURL = 2000

	msgNotOnTeam      = "Only the athletes of a confirmed team of this event can submit its scores"
	msgVideoHTTPS     = "The video link must be an https link (YouTube, Vimeo or any https address)"
	msgVideoTooLong   = "The video link must be at most 2000 characters"
	msgWorkoutOffline = "This workout takes no online submissions"
)

// submissionWindow says where now is in the workout's window.
func submissionWindow(w *competitionv1.Workout, now time.Time) string {
	_, err1 := time.Parse(time.RFC3339, w.GetReleaseAt())
	deadline, err2 := time.Parse(time.RFC3339, w.GetSubmissionDeadline())
	switch {
	case err1 != nil || err2 != nil:
		return windowNone
	case release.Pending(w.GetReleaseAt(), now):
		return windowNotReleased
	case now.Before(deadline):
		return windowOpen
	}
	return windowClosed
}

// checkWindow refuses a submission outside the window, naming the workout and the time in
// the event's zone.
func checkWindow(st *structure, w *competitionv1.Workout, now time.Time) error {
	if st.format != "online" {
		return apperr.ConflictField("workoutId", msgWorkoutOffline)
	}
	switch submissionWindow(w, now) {
	case windowNone:
		return apperr.ConflictField("workoutId", msgWorkoutOffline)
	case windowNotReleased:
		return apperr.ConflictField("workoutId", fmt.Sprintf("%s is not released yet: submissions open %s",
			w.GetName(), zoned(w.GetReleaseAt(), st.timeZone)))
	case windowClosed:
		return apperr.ConflictField("workoutId", fmt.Sprintf("The submission deadline of %s has passed (%s): its score is locked",
			w.GetName(), zoned(w.GetSubmissionDeadline(), st.timeZone)))
	}
	return nil
}

// zoned is an RFC 3339 instant as "1 May 2026, 09:00 (Europe/Paris)".
func zoned(instant, zone string) string {
	t, err := time.Parse(time.RFC3339, instant)
	if err != nil {
		return instant
	}
	return zonetime.Format(t, zone)
}

// checkVideo reads the video link: https only; required when the workout says so.
func checkVideo(w *competitionv1.Workout, raw string) (string, error) {
	v := strings.TrimSpace(raw)
	if v == "" {
		if w.GetVideoRequired() {
			return "", apperr.Invalid("videoUrl", fmt.Sprintf("A video link is required for %s", w.GetName()))
		}
		return "", nil
	}
	if len(v) > maxVideoURL {
		return "", apperr.Invalid("videoUrl", msgVideoTooLong)
	}
	u, err := url.Parse(v)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
		return "", apperr.Invalid("videoUrl", msgVideoHTTPS)
	}
	return u.String(), nil
}
