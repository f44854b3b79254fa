package crew

import (
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The crew's words and limits (docs/crew.md).

// Roles a volunteer may offer and a shift may need, with their labels.
var roleLabels = map[string]string{
	"judge":      "Judge",
	"head_judge": "Head judge",
	"scorer":     "Scorer",
	"check_in":   "Check-in",
	"equipment":  "Equipment",
	"medical":    "Medical",
}

var roleOrder = []string{"judge", "head_judge", "scorer", "check_in", "equipment", "medical"}

const (
	maxNotes        = 2000
	maxWindows      = 20
	maxCredential   = 100
	maxCredLevel    = 4
	maxShiftNeeded  = 500
	maxHeatMinutes  = 240
	defaultRestRuns = 3

	msgNameRequired     = "Name is required"
	msgEmailInvalid     = "Email must be a valid email address"
	msgRolesRequired    = "Choose at least one role"
	msgRoleInvalid      = "Role must be one of judge, head_judge, scorer, check_in, equipment, medical"
	msgWindowInvalid    = "Each availability window needs a start before its end, like 2026-06-01T09:00:00Z"
	msgTooManyWindows   = "At most 20 availability windows"
	msgNotesTooLong     = "Notes must be at most 2000 characters"
	msgCredLevel        = "Credential level must be between 1 and 4"
	msgCredRequired     = "Judges need a credential: course, level and valid until"
	msgCredDate         = "Valid until must be a date like 2026-06-01"
	msgCredTooLong      = "Credential fields must be at most 100 characters"
	msgAlreadySignedUp  = "This email address has already signed up for this event"
	msgVolunteerLink    = "This volunteer link is not valid (any more)"
	msgVolunteerMissing = "Volunteer not found"
	msgShiftMissing     = "Shift not found"
	msgShiftTimes       = "A shift needs a start before its end, like 2026-06-01T09:00:00Z"
	msgShiftNeeded      = "Needed must be between 1 and 500"
	msgNotOnShift       = "This volunteer does not work this shift"
	msgHeatMinutes      = "Heat minutes must be between 1 and 240"
	msgRestAfter        = "Rest after must be between 0 and 50 heats"
	msgLevel            = "Each workout's level must be between 0 and 4"
	msgNoRotation       = "Generate the rotation first"
	msgTeamMissing      = "Team not found in this event"
	msgHeatMissing      = "Heat not found"
	msgBoardWithin      = "Within minutes must be between 1 and 240"
	msgNotCheckedIn     = "%s is not checked in"
	msgSwapOnePlace     = "Choose one place to hand over: a shift, or a heat and lane"
	msgSwapLane         = "Lane must be 0 (head judge) or more"
	msgSwapToEmail      = "Give the address the other volunteer signed up with"
	msgSwapNobody       = "No volunteer of this event signed up with this address"
	msgSwapSelf         = "Choose another volunteer than yourself"
	msgSwapOpen         = "This place already has a swap waiting for an answer"
	msgSwapMissing      = "Swap not found"
	msgSwapDecided      = "This swap is %s already"
	msgSwapNotAccepted  = "Only a swap the other volunteer accepted can be decided; this one is %s"
)

// credentialExpired is the message for a credential that ends before the event does.
func credentialExpired(validUntil, lastDay time.Time) string {
	return fmt.Sprintf("The judge credential is valid until %s, before the event's last day (%s)",
		validUntil.Format("2006-01-02"), lastDay.Format("2006-01-02"))
}

func roleList(roles []string) ([]string, error) {
	var out []string
	for _, r := range roles {
		r = strings.ToLower(strings.TrimSpace(r))
		if _, ok := roleLabels[r]; !ok {
			return nil, apperr.Invalid("roles", msgRoleInvalid)
		}
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return nil, apperr.Invalid("roles", msgRolesRequired)
	}
	slices.SortFunc(out, func(a, b string) int { return slices.Index(roleOrder, a) - slices.Index(roleOrder, b) })
	return out, nil
}

func cleanEmail(v string) (string, error) {
	v = strings.TrimSpace(v)
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || !strings.Contains(v, "@") {
		return "", apperr.Invalid("email", msgEmailInvalid)
	}
	return v, nil
}

func parseInstant(field, v, msg string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(v))
	if err != nil {
		return time.Time{}, apperr.Invalid(field, msg)
	}
	return t.UTC(), nil
}

func isJudge(roles []string) bool {
	return slices.Contains(roles, "judge") || slices.Contains(roles, "head_judge")
}
