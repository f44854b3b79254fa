package core

import (
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// A heat's rule (docs/heats.md): the floor's heats follow it, and so do the heats of an
// imported event document (setup), so it lives here.

const (
	HeatLanesMax  = 50
	heatNumberMax = 1000

	msgHeatNumberInvalid      = "Heat number must be between 1 and 1000"
	MsgHeatNumberTaken        = "Another heat of this workout has this number"
	msgStartTimeInvalid       = "Start time must be a date and time like 2026-06-01T09:00:00Z"
	msgLaneInvalid            = "Lane must be between 1 and 50"
	msgLaneTwice              = "Each lane can hold one team"
	msgLaneTeamTwice          = "A team can race in one lane only"
	MsgLaneTeamOncePerWorkout = "A team races in one heat of a workout"
	MsgHeatOnWorkoutWithParts = "%s has parts: its parts take the heats"
)

// HeatInput is a new or changed heat; a nil number on create is the next free one.
type HeatInput struct {
	Number    *int32
	StartTime string
	Lanes     []store.Lane // Lane and TeamID only
}

// TeamRef checks a lane's team reference (field names it) and returns the team's id.
type TeamRef func(field, raw string) (string, error)

// Clean checks the input, its teams through team, and returns the start time.
func (in HeatInput) Clean(team TeamRef) (time.Time, []store.Lane, error) {
	if n := in.Number; n != nil && (*n < 1 || *n > heatNumberMax) {
		return time.Time{}, nil, apperr.Invalid("number", msgHeatNumberInvalid)
	}
	start, err := ParseInstant("startTime", in.StartTime)
	if err != nil {
		return time.Time{}, nil, err
	}
	lanes := make([]store.Lane, len(in.Lanes))
	seenLane := map[int32]bool{}
	seenTeam := map[string]bool{}
	for i, l := range in.Lanes {
		field := fmt.Sprintf("lanes[%d].", i)
		if l.Lane < 1 || l.Lane > HeatLanesMax {
			return time.Time{}, nil, apperr.Invalid(field+"lane", msgLaneInvalid)
		}
		if seenLane[l.Lane] {
			return time.Time{}, nil, apperr.Invalid(field+"lane", msgLaneTwice)
		}
		teamID, err := team(field+"teamId", l.TeamID)
		if err != nil {
			return time.Time{}, nil, err
		}
		if seenTeam[teamID] {
			return time.Time{}, nil, apperr.Invalid(field+"teamId", msgLaneTeamTwice)
		}
		seenLane[l.Lane], seenTeam[teamID] = true, true
		lanes[i] = store.Lane{Lane: l.Lane, TeamID: teamID}
	}
	return start, lanes, nil
}

// ParseInstant reads an RFC 3339 time.
func ParseInstant(field, v string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(v))
	if err != nil {
		return time.Time{}, apperr.Invalid(field, msgStartTimeInvalid)
	}
	return t.UTC(), nil
}
