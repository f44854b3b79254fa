package waivers

import (
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The waivers' field rules and messages.

const (
	maxBody  = 20000
	adultAge = 18
)

// Ways an acceptance was given.
const (
	viaAthlete  = "athlete"
	viaGuardian = "guardian"
	viaKiosk    = "kiosk"
)

// States of an athlete's waiver.
const (
	StateAccepted        = "accepted"
	StateOutdated        = "outdated"
	StateGuardianPending = "guardian_pending"
	StateMissing         = "missing"
	StateNotRequired     = "not_required"
)

const (
	msgBodyRequired     = "Waiver text is required"
	msgBodyTooLong      = "Waiver text must not exceed 20000 characters"
	msgNoWaiver         = "This event has no waiver to accept"
	msgNameRequired     = "Type your full name to accept the waiver"
	msgGuardianName     = "Type the guardian's full name to accept the waiver"
	msgNotRegistered    = "You have no registration for this event"
	msgAthleteNotHere   = "This athlete has no registration for this event"
	msgBirthDate        = "Birth date must be a date like 2008-05-31"
	msgBirthDateNeeded  = "Your birth date is needed to know whether you are 18 on the event date"
	msgBirthYearDiffers = "The birth date's year does not match the birth year of the profile (%d)"
	msgGuardianEmail    = "You are under 18 on the event date: give your guardian's email address, we mail them the waiver to accept"
	msgGuardianBadEmail = "Guardian email must be a valid email address"
	msgGuardianNotSelf  = "Your guardian's email address must not be your own"
	msgKioskGuardian    = "This athlete is under 18 on the event date: their guardian signs (tick \"Guardian signs\" and type the guardian's full name)"
	msgLinkInvalid      = "This guardian link is not valid"
	msgLinkUsed         = "This guardian link has already been used"
	msgLinkExpired      = "This guardian link has expired: the event is over"
	msgAlreadyAccepted  = "You have already accepted this version of the waiver"
)

// msgOtherVersion refuses an acceptance of a version that is not the current one.
func msgOtherVersion(got, current int32) string {
	return fmt.Sprintf("This acceptance is for version %d of the waiver, but the current version is %d: read the current waiver and accept it", got, current)
}

// cleanBody checks the organiser's text.
func cleanBody(body string) (string, error) {
	body = strings.TrimSpace(strings.ReplaceAll(body, "\r\n", "\n"))
	switch {
	case body == "":
		return "", apperr.Invalid("body", msgBodyRequired)
	case core.Runes(body) > maxBody:
		return "", apperr.Invalid("body", msgBodyTooLong)
	}
	return body, nil
}

// typedName is the full name typed to accept, or refused on field with message.
func typedName(field, name, message string) (string, error) {
	clean, err := core.CleanName(field, "Full name", name)
	if err != nil {
		return "", err
	}
	if clean == "" {
		return "", apperr.Invalid(field, message)
	}
	if core.Runes(clean) > core.NameMax {
		return "", apperr.Invalid(field, "Full name must be less than 255 characters")
	}
	return clean, nil
}

// minor says whether an athlete is under 18 on the event's first day. A typed birth date
// decides (it must agree with the profile's birth year when there is one); without it the
// profile's birth year decides unless the athlete turns 18 in the event's year. known is false
// when neither tells.
func minor(eventDay time.Time, birthYear *int32, birthDate string) (isMinor, known bool, err error) {
	if s := strings.TrimSpace(birthDate); s != "" {
		d, err := time.Parse(core.DateLayout, s)
		if err != nil || d.After(eventDay) {
			return false, false, apperr.Invalid("birthDate", msgBirthDate)
		}
		if birthYear != nil && int32(d.Year()) != *birthYear {
			return false, false, apperr.Invalid("birthDate", fmt.Sprintf(msgBirthYearDiffers, *birthYear))
		}
		return d.AddDate(adultAge, 0, 0).After(eventDay), true, nil
	}
	if birthYear == nil {
		return false, false, nil
	}
	switch age := eventDay.Year() - int(*birthYear); {
	case age > adultAge:
		return false, true, nil
	case age < adultAge:
		return true, true, nil
	}
	return false, false, nil
}

// stateLabel is what the screens say of a state.
func stateLabel(state string, accepted, current int32) string {
	switch state {
	case StateAccepted:
		return fmt.Sprintf("Waiver accepted (version %d)", accepted)
	case StateOutdated:
		return fmt.Sprintf("Waiver missing: version %d accepted, version %d is current", accepted, current)
	case StateGuardianPending:
		return "Waiver missing: waiting for the guardian"
	case StateNotRequired:
		return "No waiver required"
	}
	return "Waiver missing"
}
