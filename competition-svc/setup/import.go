package setup

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// ImportLineError is a row of an import that cannot be created, by its line in the file.
type ImportLineError struct {
	Line    int
	Message string
}

// importShown bounds the teams and the wrong lines an import's answer lists: a division's
// whole roster is 100,000 rows, and the answer says how many there are beside the first few
// (docs/boards.md, "Team imports").
const importShown = 100

// TeamImport is what an import created (or, on a dry run or with errors, would create) and
// the rows that cannot be created: Created and ErrorCount count them all, Teams and Errors
// list the first importShown of each in the file's order.
type TeamImport struct {
	Created    int
	Teams      []TeamView
	ErrorCount int
	Errors     []ImportLineError
}

// ImportTeams creates the teams of a CSV file (teamcsv.go) in one transaction: all of them, or,
// when any row breaks a rule or dryRun is set, none. divisionID, when given, is every team's
// division; otherwise each row names its division in the event.
func (s *service) ImportTeams(ctx context.Context, eventID, divisionID, csvText string, dryRun, beyondCapacity bool) (_ TeamImport, err error) {
	defer apperr.Wrap(&err, "setup.ImportTeams(%q, %q)", eventID, divisionID)
	if core.Trim(eventID) == "" {
		return TeamImport{}, apperr.Invalid("eventId", core.MsgEventRequired)
	}
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return TeamImport{}, err
	}
	var chosen *store.Division
	if core.Trim(divisionID) != "" {
		d, err := s.DivisionOfEvent(ctx, eventID, divisionID, true)
		if err != nil {
			return TeamImport{}, err
		}
		chosen = &d
	}
	rows, err := parseTeamCSV(csvText, chosen == nil)
	if err != nil {
		return TeamImport{}, err
	}
	divisions, err := s.Store.ListEventDivisions(ctx, eventID)
	if err != nil {
		return TeamImport{}, err
	}
	byName := make(map[string]store.Division, len(divisions))
	for _, d := range divisions {
		byName[strings.ToLower(d.Name)] = d
	}

	var out TeamImport
	plan := make([]newTeam, 0, len(rows))
	lines := make([]int, 0, len(rows)) // plan index → line
	for _, row := range rows {
		team, err := row.team.clean("")
		if err != nil {
			msg, ok := validationMessage(err)
			if !ok {
				return TeamImport{}, err
			}
			out.Errors = append(out.Errors, ImportLineError{Line: row.line, Message: msg})
			continue
		}
		d, problem := divisionFor(row, chosen, byName)
		if problem != "" {
			out.Errors = append(out.Errors, ImportLineError{Line: row.line, Message: problem})
			continue
		}
		if team.Roster.Places, err = rowRoster(d, team); err != nil {
			msg, ok := validationMessage(err)
			if !ok {
				return TeamImport{}, err
			}
			out.Errors = append(out.Errors, ImportLineError{Line: row.line, Message: msg})
			continue
		}
		plan = append(plan, newTeam{division: d, team: team})
		lines = append(lines, row.line)
	}
	clashes, err := nameClashes(ctx, s.Store, plan, "")
	if err != nil {
		return TeamImport{}, err
	}
	for i, p := range plan {
		if c, ok := clashes[i]; ok {
			out.Errors = append(out.Errors, ImportLineError{Line: lines[i], Message: c.message(p.team.Name, func(row int) int { return lines[row] })})
		}
	}
	slices.SortStableFunc(out.Errors, func(a, b ImportLineError) int { return a.Line - b.Line })
	out.ErrorCount, out.Errors = len(out.Errors), out.Errors[:min(len(out.Errors), importShown)]
	out.Created = len(plan)
	if len(out.Errors) > 0 || dryRun {
		out.Teams = preview(plan[:min(len(plan), importShown)])
		return out, nil
	}
	if out.Teams, err = s.insertTeams(ctx, eventID, plan, nameField(true), beyondCapacity, importShown); err != nil {
		return TeamImport{}, err
	}
	return out, nil
}

// divisionFor is the row's division: the chosen one, else the one it names (by name, any case).
func divisionFor(row csvTeam, chosen *store.Division, byName map[string]store.Division) (store.Division, string) {
	if chosen != nil {
		return *chosen, ""
	}
	if row.division == "" {
		return store.Division{}, msgImportDivisionEmpty
	}
	d, ok := byName[strings.ToLower(row.division)]
	if !ok {
		return store.Division{}, fmt.Sprintf(msgImportUnknownDiv, row.division)
	}
	return d, ""
}

// preview is the teams a plan would create, without ids.
func preview(plan []newTeam) []TeamView {
	out := make([]TeamView, len(plan))
	for i, p := range plan {
		out[i] = TeamView{Team: store.Team{EventID: p.division.EventID, EventName: p.division.EventName,
			DivisionID: p.division.ID, DivisionName: p.division.Name, Name: p.team.Name,
			Athlete1Name: p.team.Athlete1Name, Athlete2Name: p.team.Athlete2Name, Roster: p.team.Roster.Places}}
	}
	return out
}

// validationMessage is the person-readable message of a validation error. Any other error is
// not the row's fault and is not shown on it: its text may carry internals.
func validationMessage(err error) (string, bool) {
	var e *apperr.Error
	if errors.As(err, &e) && e.Kind == apperr.KindInvalid {
		return e.Message, true
	}
	return "", false
}
