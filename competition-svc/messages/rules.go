package messages

import (
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The messages' field rules and texts.

const (
	maxSubject = 150
	maxBody    = 5000
)

// Audiences: the groups a message can go to.
const (
	AudienceAll            = "all"
	AudienceDivision       = "division"
	AudienceHeat           = "heat"
	AudienceJudges         = "judges"
	AudienceWaiverMissing  = "waiver_missing"
	AudiencePaymentMissing = "payment_missing"
)

const (
	msgAudience        = "Audience must be one of all, division, heat, judges, waiver_missing, payment_missing"
	msgEmptyGroup      = "No one is in this group: nothing was sent."
	msgSubjectRequired = "Subject is required"
	msgSubjectTooLong  = "Subject must not exceed 150 characters"
	msgBodyRequired    = "Message is required"
	msgBodyTooLong     = "Message must not exceed 5000 characters"
	msgDivisionNeeded  = "Choose the division to send to"
	msgHeatNeeded      = "Choose the heat to send to"
	msgHeatNotFound    = "Heat not found"
)

// audienceLabels are what the screens call each group (a division's and a heat's name the
// group themselves).
var audienceLabels = map[string]string{
	AudienceAll:            "All athletes",
	AudienceJudges:         "Judges",
	AudienceWaiverMissing:  "Athletes with a missing waiver",
	AudiencePaymentMissing: "Teams waiting for payment",
}

// cleanText checks a subject (one line) or a body (plain text, lines kept).
func cleanText(field, v string, limit int, required, tooLong string) (string, error) {
	v = strings.TrimSpace(strings.ReplaceAll(v, "\r\n", "\n"))
	if field == "subject" {
		v = strings.Join(strings.Fields(v), " ")
	}
	switch {
	case v == "":
		return "", apperr.Invalid(field, required)
	case core.Runes(v) > limit:
		return "", apperr.Invalid(field, tooLong)
	}
	return v, nil
}
