package competitionsvc

import (
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
	"github.com/podium-dev/podium/internal/platform/names"
	"github.com/podium-dev/podium/internal/platform/words"
)

// This file holds the business vocabulary (score types, scoring tables; the event statuses'
// labels and colours are in internal/platform/words, which public-svc shares) and the field
// rules of the console with their message texts.

// ScoreType is a workout's kind of result with its German label.
type ScoreType struct {
	Value typesv1.ScoreType
	Label string
}

// ScoreTypes lists the workout score types.
var ScoreTypes = []ScoreType{
	{typesv1.ScoreType_TIME, "Zeit"},
	{typesv1.ScoreType_REPS, "Wiederholungen"},
	{typesv1.ScoreType_MAX_WEIGHT, "Max. Gewicht"},
	{typesv1.ScoreType_POINTS, "Punkte"},
}

// ScoreTypeLabel is the label of a score type ("" when unknown).
func ScoreTypeLabel(scoreType typesv1.ScoreType) string {
	for _, s := range ScoreTypes {
		if s.Value == scoreType {
			return s.Label
		}
	}
	return ""
}

// Scoring tables.
const (
	TablePodium100 = "podium100"
	TableGames2012 = "games2012"
	TableRanksum   = "ranksum"
	TablePScore    = "pscore"
	TableCustom    = "custom"
)

var scoringTables = []string{TablePodium100, TableGames2012, TableRanksum, TablePScore, TableCustom}

// A workout's weight multiplies its points (docs/scoring.md); results-svc/scoring applies it
// and checks the same bounds (scoring.MinWeight, scoring.MaxWeight).
const (
	weightMin = 0.5
	weightMax = 3.0
)

// Limits of the contract (docs/operations.md, "Limits").
const (
	nameMin               = 2
	nameMax               = 255
	athleteNameMax        = 255
	divisionDescMax       = 500
	workoutDescMax        = 5000
	eventDescMax          = 5000
	locationMax           = 255
	timeCapMin            = 60
	timeCapMax            = 3600
	dateLayout            = "2006-01-02"
	maxCustomPointsPlaces = 1000
)

// Messages.
const (
	msgEventNameRequired = "Event name is required"
	msgEventNameTooLong  = "Event name must be less than 255 characters"
	msgDateFromRequired  = "Start date is required"
	msgDateToRequired    = "End date is required"
	msgDateFromInvalid   = "Start date must be a valid date in the format YYYY-MM-DD"
	msgDateToInvalid     = "End date must be a valid date in the format YYYY-MM-DD"
	msgDateOrder         = "End date must be after start date"
	msgLocationTooLong   = "Location must be less than 255 characters"
	msgEventDescTooLong  = "Description must not exceed 5000 characters"
	msgStatusInvalid     = "Status must be one of DRAFT, PUBLISHED, IN_PROGRESS, ARCHIVED or UNLISTED"
	msgTableInvalid      = "Scoring table must be one of podium100, games2012, ranksum, pscore or custom"
	msgTiesInvalid       = "Workout ties must be one of share_better, average_points or tie_stand"
	msgTieBreakInvalid   = "Overall tie-break must be one of countback, by_workout or shared"
	msgTieWorkout        = "Choose the workout whose place breaks equal totals"
	msgWeightInvalid     = "Weight must be between 0.5 and 3"
	msgWeightWorkout     = "Weights must name workouts of this event, each once"
	msgPointsRequired    = "Custom points are required when the scoring table is custom"
	msgPointsNegative    = "Custom points must be numbers of at least 0"
	msgPointsTooMany     = "Custom points can list at most 1000 places"

	msgDivisionNameShort   = "Division name must be at least 2 characters"
	msgDivisionNameLong    = "Division name must be less than 255 characters"
	msgDivisionDescTooLong = "Description must be less than 500 characters"
	msgEventRequired       = "Event is required"

	msgTeamNameShort    = "Team name must be at least 2 characters"
	msgTeamNameLong     = "Team name must be less than 255 characters"
	msgAthlete1TooLong  = "Athlete 1 name must be less than 255 characters"
	msgAthlete2TooLong  = "Athlete 2 name must be less than 255 characters"
	msgDivisionRequired = "Division is required"

	msgWorkoutNameShort    = "Workout name must be at least 2 characters"
	msgWorkoutNameLong     = "Workout name must not exceed 255 characters"
	msgWorkoutDescTooLong  = "Description must not exceed 5000 characters"
	msgScoreTypeInvalid    = "Please select a valid score type"
	msgWorkoutOrderInvalid = "Workout order must be at least 1"
	msgTimeCapInvalid      = "Time cap must be between 01:00 and 60:00 (MM:SS format)"

	msgEventNotFound     = "Event not found"
	msgEventAlreadyGone  = "Event not found. It may have already been deleted."
	msgDivisionNotFound  = "Division not found"
	msgTeamNotFound      = "Team not found"
	msgAthleteNotFound   = "Athlete not found"
	msgWorkoutNotFound   = "Workout not found"
	msgEventNotDraft     = "This event cannot be deleted because it is not in Draft status. Only Draft events can be deleted."
	msgTeamLocked        = "This team has final results and cannot be edited or deleted."
	msgWorkoutHasResults = "This workout has results and cannot be deleted. Delete its results first."
	msgReorderHasResults = "Workouts cannot be reordered because results have already been entered for this event."
	// The invariants results depend on (docs/result-invariants.md).
	msgTeamMoveHasResults     = "Team %s has %d %s in its division. Delete them to move the team to another division."
	msgDivisionHasLockedTeams = "Division %s cannot be deleted because these teams have published results: %s. Unpublish or delete their results first."
	msgWorkoutOrderTaken      = "Workout order %d is already used by %s in this event"
	msgWorkoutOrderFrozen     = "Workout order cannot be changed because results have already been entered for this event."
	msgTimeCapBelowResults    = "The time cap cannot be lower than the completed times of %s. Change those results to CAP first."
	msgReorderIncomplete      = "The new order must list every workout of the event exactly once"
	msgDivisionOtherEvent     = "The division does not belong to this event"
	msgTeamMoveOtherEvent     = "A team can only be moved to a division of the same event"
	msgStructureOneID         = "Exactly one of eventId, divisionId, teamId or workoutId is required"
	msgVisibleStatusFilter    = "Statuses must be PUBLISHED, IN_PROGRESS or ARCHIVED"

	// Series (docs/series.md).
	msgSeriesNameShort        = "Series name must be at least 2 characters"
	msgSeriesNameLong         = "Series name must be less than 255 characters"
	msgSeasonTooLong          = "Season must be at most 40 characters"
	msgBestNInvalid           = "Best N must be between 0 (every event) and 100"
	msgSeriesRankingInvalid   = "Ranking must be team or athlete"
	msgSeriesAdminsOnly       = "Only administrators can create, delete or grant series."
	msgSeriesOrganisersOnly   = "Only administrators and the organisers they grant can manage series."
	msgSeriesNotFound         = "Series not found"
	msgSeriesEventNotFound    = "The event is not part of this series"
	msgSeriesDivisionNotFound = "The series division does not belong to this series"
	msgSeriesDivisionExists   = "The series already has a division named %s"
	msgDivisionMappedTwice    = "Division %s is listed twice"
	msgSeriesDivisionTaken    = "Series division %s takes one division per event: %s and %s both map to it"

	// Search (docs/series.md, "Search").
	msgSearchTooShort = "Type at least 2 letters or digits to search"
	msgSearchTooLong  = "Search text must be at most 100 characters"
)

// Series and search limits.
const (
	seasonMax       = 40
	bestNMax        = 100
	searchMin       = 2
	searchMax       = 100
	searchLimitMax  = 50
	searchLimitBase = 10
)

// runes counts characters, not bytes: 'Müller' is 6 characters.
func runes(s string) int { return utf8.RuneCountInString(s) }

// cleanName applies the one name rule (internal/platform/names) to a typed name: trimmed and
// in NFC, or refused on field when it would show blank, reversed or broken. what names the
// field in the message ("Team name").
func cleanName(field, what, name string) (string, error) {
	clean, problem := names.Clean(name)
	if problem != names.OK {
		return "", apperr.Invalid(field, problem.Message(what))
	}
	return clean, nil
}

// checkName applies a 2–255 character rule to a cleaned name.
func checkName(field, name, short, long string) error {
	switch n := runes(name); {
	case n < nameMin:
		return apperr.Invalid(field, short)
	case n > nameMax:
		return apperr.Invalid(field, long)
	}
	return nil
}

// parseID checks that v is a UUID and returns it in canonical lower-case form. what names the
// thing in the messages ("Event", "Division").
func parseID(field, v, what string) (string, error) {
	if strings.TrimSpace(v) == "" {
		return "", apperr.Invalid(field, what+" is required")
	}
	id, ok := ids.Canonical(v)
	if !ok {
		return "", apperr.Invalid(field, what+" id must be a valid id")
	}
	return id, nil
}

// parseDate reads a YYYY-MM-DD date in the years yearMin to yearMax.
func parseDate(field, v, required, invalid, years string) (time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, apperr.Invalid(field, required)
	}
	d, err := time.Parse(dateLayout, v)
	if err != nil {
		return time.Time{}, apperr.Invalid(field, invalid)
	}
	if d.Year() < yearMin || d.Year() > yearMax {
		return time.Time{}, apperr.Invalid(field, years)
	}
	return d, nil
}

// parseStatus reads an event status in any case, trimmed, or fails on field.
func parseStatus(field, v string) (typesv1.EventStatus, error) {
	s, ok := words.Parse[typesv1.EventStatus](trimUpper(v))
	if !ok {
		return s, apperr.Invalid(field, msgStatusInvalid)
	}
	return s, nil
}

// parseScoreType reads a score type in any case, trimmed, or fails on field.
func parseScoreType(field, v string) (typesv1.ScoreType, error) {
	st, ok := words.Parse[typesv1.ScoreType](trimUpper(v))
	if !ok {
		return st, apperr.Invalid(field, msgScoreTypeInvalid)
	}
	return st, nil
}

func normalizeScoringTable(v string) (string, error) {
	t := strings.ToLower(strings.TrimSpace(v))
	for _, known := range scoringTables {
		if t == known {
			return t, nil
		}
	}
	return "", apperr.Invalid("scoringTable", msgTableInvalid)
}

func checkCustomPoints(points []float64) error {
	if len(points) == 0 {
		return apperr.Invalid("customPoints", msgPointsRequired)
	}
	if len(points) > maxCustomPointsPlaces {
		return apperr.Invalid("customPoints", msgPointsTooMany)
	}
	for _, p := range points {
		if math.IsNaN(p) || math.IsInf(p, 0) || p < 0 {
			return apperr.Invalid("customPoints", msgPointsNegative)
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

func trim(s string) string { return strings.TrimSpace(s) }

func trimUpper(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }
