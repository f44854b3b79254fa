package setup

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Team import from a spreadsheet export: columns are found by their header, case-insensitive and in any order; comma or semicolon separated
// (German spreadsheets write ';'); UTF-8 with or without a byte-order mark; quoted fields.

// maxImportRows bounds one import: a division's whole roster (docs/boards.md). The file is
// read a row at a time (the reader reuses its record), and what is kept of it is the planned
// teams the one transaction writes.
const maxImportRows = core.TeamsPerDivisionMax

// Import messages; row messages are the team grid's own (rules.go).
const (
	MsgImportEmpty         = "The CSV is empty"
	MsgImportNoTeamName    = `The CSV needs a "Team Name" column`
	MsgImportNoDivision    = `The CSV needs a "Division" column when no division is chosen`
	MsgImportNotUTF8       = "The CSV must be UTF-8 text"
	msgImportUnknownDiv    = "Division %q does not exist in this event"
	msgImportDivisionEmpty = "Division is required"
	msgImportUnreadable    = "The CSV cannot be read"
	msgImportOpenQuote     = `Line %d: a quoted cell starts here and its closing quote (") is missing`
	msgImportBareQuote     = `Line %d: a quote (") is inside a cell that does not start with one; put the cell in quotes and double the quote ("")`
	msgImportCellCount     = "Line %d has %d %s but the header has %d"
)

// MsgImportTooManyRows refuses a file of more teams than a division holds.
var MsgImportTooManyRows = fmt.Sprintf("At most %s teams can be imported at once", thousands(maxImportRows))

// csvTeam is one data row: the team and, when the file names it, its division; line is the
// row's line in the file (the header is line 1).
type csvTeam struct {
	line     int
	team     TeamInput
	division string
}

// parseTeamCSV reads the rows; needDivision says that no division was chosen, so every row
// must name one. A problem with the file as a whole is an error naming the field "csv".
func parseTeamCSV(text string, needDivision bool) ([]csvTeam, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	if !utf8.ValidString(text) {
		return nil, apperr.Invalid("csv", MsgImportNotUTF8)
	}
	if strings.TrimSpace(text) == "" {
		return nil, apperr.Invalid("csv", MsgImportEmpty)
	}
	// Strict reading: a file the reader cannot take whole (a quote left open, a row with more
	// or fewer cells than the header) is refused with the line where it breaks, rather than
	// read as something the file does not say.
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = separator(text)
	r.FieldsPerRecord = 0 // every row has the header's cells
	r.ReuseRecord = true  // a row's cells are copied out below: the file is never held twice

	header, err := r.Read()
	if err != nil {
		return nil, apperr.Invalid("csv", csvProblem(err, 0, 0))
	}
	col := columns(header)
	if col.name < 0 {
		return nil, apperr.Invalid("csv", MsgImportNoTeamName)
	}
	if needDivision && col.division < 0 {
		return nil, apperr.Invalid("csv", MsgImportNoDivision)
	}

	var rows []csvTeam
	for {
		record, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.Is(err, csv.ErrFieldCount) && blank(record) {
			continue // an empty row ("," or ";;") is no team, whatever its cells
		}
		if err != nil {
			return nil, apperr.Invalid("csv", csvProblem(err, len(header), len(record)))
		}
		line, _ := r.FieldPos(0)
		if blank(record) {
			continue
		}
		if len(rows) == maxImportRows {
			return nil, apperr.Invalid("csv", MsgImportTooManyRows)
		}
		rows = append(rows, csvTeam{
			line:     line,
			team:     col.team(record),
			division: cell(record, col.division),
		})
	}
	return rows, nil
}

// separator is ';' when the header line has more semicolons than commas, else ','.
func separator(text string) rune {
	first, _, _ := strings.Cut(text, "\n")
	if strings.Count(first, ";") > strings.Count(first, ",") {
		return ';'
	}
	return ','
}

// columnIndex: where each column is (-1: absent); more are Athlete 3 … Athlete 8, a team of
// more than two (docs/rosters.md).
type columnIndex struct {
	name, athlete1, athlete2, division int
	more                               []int
}

// team is a row's team: its two names, and with names in Athlete 3 or beyond its roster of
// every athlete column in order.
func (c columnIndex) team(record []string) TeamInput {
	t := TeamInput{Name: cell(record, c.name), Athlete1Name: cell(record, c.athlete1), Athlete2Name: cell(record, c.athlete2)}
	names := []string{t.Athlete1Name, t.Athlete2Name}
	beyond := false
	for _, i := range c.more {
		n := cell(record, i)
		names = append(names, n)
		beyond = beyond || n != ""
	}
	if !beyond {
		return t
	}
	t.Roster.Given = true
	for _, n := range names {
		if n != "" {
			t.Roster.Places = append(t.Roster.Places, store.RosterAthlete{Name: n})
		}
	}
	return t
}

func columns(header []string) columnIndex {
	c := columnIndex{name: -1, athlete1: -1, athlete2: -1, division: -1}
	extra := map[int]int{}
	for i, h := range header {
		key := strings.ToLower(strings.Join(strings.Fields(h), " "))
		if len(key) == len("athlete 3") && strings.HasPrefix(key, "athlete ") && key[8] >= '3' && key[8] <= '8' {
			extra[int(key[8]-'0')] = i
			continue
		}
		switch key {
		case "team name":
			c.name = i
		case "athlete 1":
			c.athlete1 = i
		case "athlete 2":
			c.athlete2 = i
		case "division":
			c.division = i
		}
	}
	for n := 3; n <= 8; n++ {
		if i, ok := extra[n]; ok {
			c.more = append(c.more, i)
		}
	}
	return c
}

func cell(record []string, i int) string {
	if i < 0 || i >= len(record) {
		return ""
	}
	return strings.TrimSpace(record[i])
}

func blank(record []string) bool {
	for _, f := range record {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// csvProblem says what is wrong with the file, and where; want and got are the header's and the
// row's number of cells.
func csvProblem(err error, want, got int) string {
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return msgImportUnreadable
	}
	switch {
	case errors.Is(pe.Err, csv.ErrQuote):
		return fmt.Sprintf(msgImportOpenQuote, pe.StartLine)
	case errors.Is(pe.Err, csv.ErrBareQuote):
		return fmt.Sprintf(msgImportBareQuote, pe.Line)
	case errors.Is(pe.Err, csv.ErrFieldCount):
		return fmt.Sprintf(msgImportCellCount, pe.StartLine, got, core.Plural(got, "cell", "cells"), want)
	}
	return fmt.Sprintf("Line %d: %s", pe.Line, pe.Err)
}
