package core

import (
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
	"github.com/podium-dev/podium/internal/platform/names"
)

// The field rules more than one domain applies, with their message texts; each domain keeps
// its own rules beside its use cases.

// Scoring tables.
const (
	TablePodium100 = "podium100"
	TableGames2012 = "games2012"
	TableRanksum   = "ranksum"
	TablePScore    = "pscore"
	TableCustom    = "custom"
)

// ScoringTables are the scoring tables an event or a division may use.
var ScoringTables = []string{TablePodium100, TableGames2012, TableRanksum, TablePScore, TableCustom}

// Limits of the contract (docs/operations.md, "Limits").
const (
	NameMin               = 2
	NameMax               = 255
	EventDescMax          = 5000
	DateLayout            = "2006-01-02"
	maxCustomPointsPlaces = 1000
)

// Messages.
const (
	MsgEventDescTooLong   = "Description must not exceed 5000 characters"
	MsgTableInvalid       = "Scoring table must be one of podium100, games2012, ranksum, pscore or custom"
	MsgPointsRequired     = "Custom points are required when the scoring table is custom"
	MsgPointsNegative     = "Custom points must be numbers of at least 0"
	MsgPointsTooMany      = "Custom points can list at most 1000 places"
	MsgDivisionNameShort  = "Division name must be at least 2 characters"
	MsgDivisionNameLong   = "Division name must be less than 255 characters"
	MsgEventNotFound      = "Event not found"
	MsgAthleteNotFound    = "Athlete not found"
	MsgDivisionOtherEvent = "The division does not belong to this event"
	MsgUserNotFound       = "User not found"
	MsgDivisionNotFound   = "Division not found"
	MsgWorkoutNotFound    = "Workout not found"
	MsgEventRequired      = "Event is required"
	MsgDivisionRequired   = "Division is required"
	MsgTeamNotFound       = "Team not found"
	MsgTeamNameShort      = "Team name must be at least 2 characters"
	MsgTeamNameLong       = "Team name must be less than 255 characters"
	MsgTeamLocked         = "This team has final results and cannot be edited or deleted."
	// A team's results were scored in its division (docs/result-invariants.md).
	MsgTeamMoveHasResults = "Team %s has %d %s in its division. Delete them to move the team to another division."
)

// An event's formats (docs/qualifiers.md): on one floor, or an online qualifier.
const (
	FormatInPerson = "in_person"
	FormatOnline   = "online"
)

// Runes counts characters, not bytes: 'Müller' is 6 characters.
func Runes(s string) int { return utf8.RuneCountInString(s) }

// CleanName applies the one name rule (internal/platform/names) to a typed name: trimmed and
// in NFC, or refused on field when it would show blank, reversed or broken. what names the
// field in the message ("Team name").
func CleanName(field, what, name string) (string, error) {
	clean, problem := names.Clean(name)
	if problem != names.OK {
		return "", apperr.Invalid(field, problem.Message(what))
	}
	return clean, nil
}

// CheckName applies a 2–255 character rule to a cleaned name.
func CheckName(field, name, short, long string) error {
	switch n := Runes(name); {
	case n < NameMin:
		return apperr.Invalid(field, short)
	case n > NameMax:
		return apperr.Invalid(field, long)
	}
	return nil
}

// ParseID checks that v is a UUID and returns it in canonical lower-case form. what names the
// thing in the messages ("Event", "Division").
func ParseID(field, v, what string) (string, error) {
	if strings.TrimSpace(v) == "" {
		return "", apperr.Invalid(field, what+" is required")
	}
	id, ok := ids.Canonical(v)
	if !ok {
		return "", apperr.Invalid(field, what+" id must be a valid id")
	}
	return id, nil
}

// NormalizeScoringTable reads a scoring table in any case, trimmed, or fails on scoringTable.
func NormalizeScoringTable(v string) (string, error) {
	t := strings.ToLower(strings.TrimSpace(v))
	for _, known := range ScoringTables {
		if t == known {
			return t, nil
		}
	}
	return "", apperr.Invalid("scoringTable", MsgTableInvalid)
}

// CheckCustomPoints checks the points of a custom scoring table, place by place.
func CheckCustomPoints(points []float64) error {
	if len(points) == 0 {
		return apperr.Invalid("customPoints", MsgPointsRequired)
	}
	if len(points) > maxCustomPointsPlaces {
		return apperr.Invalid("customPoints", MsgPointsTooMany)
	}
	for _, p := range points {
		if math.IsNaN(p) || math.IsInf(p, 0) || p < 0 {
			return apperr.Invalid("customPoints", MsgPointsNegative)
		}
	}
	return nil
}

// DateRange is the display text of an event's dates:
//
//	same day          12 May 2026
//	same month        12 – 14 May 2026
//	same year         30 May – 2 Jun 2026
//	different years   30 Dec 2026 – 2 Jan 2027
//
// Months are English three-letter abbreviations; the dash is an en dash with spaces.
func DateRange(from, to time.Time) string {
	switch {
	case from.IsZero() && to.IsZero():
		return ""
	case to.IsZero() || from.Equal(to):
		return from.Format("2 Jan 2006")
	case from.IsZero():
		return to.Format("2 Jan 2006")
	case from.Year() == to.Year() && from.Month() == to.Month():
		return fmt.Sprintf("%d – %s", from.Day(), to.Format("2 Jan 2006"))
	case from.Year() == to.Year():
		return fmt.Sprintf("%s – %s", from.Format("2 Jan"), to.Format("2 Jan 2006"))
	default:
		return fmt.Sprintf("%s – %s", from.Format("2 Jan 2006"), to.Format("2 Jan 2006"))
	}
}

// Trim is the input without surrounding spaces.
func Trim(s string) string { return strings.TrimSpace(s) }

// TrimUpper is the input trimmed and in upper case (enum values typed in any case).
func TrimUpper(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// YesNo is a flag in the activity feed's words.
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
