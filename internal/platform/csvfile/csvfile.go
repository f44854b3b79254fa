// Package csvfile writes the spreadsheets Podium offers for download. It is the one CSV writer:
// every cell goes through Cell, so no name typed by a user runs as a spreadsheet formula.
package csvfile

import (
	"bytes"
	"encoding/csv"
	"regexp"
	"strings"
	"time"
)

// Render writes rows as CSV: comma separated, quoted where needed, CRLF line ends (RFC 4180),
// and a UTF-8 byte-order mark so that spreadsheet programs read umlauts right. Every cell,
// header cells included, is neutralised by Cell.
func Render(rows [][]string) string {
	var b bytes.Buffer
	b.WriteString("\ufeff")
	w := csv.NewWriter(&b)
	w.UseCRLF = true
	for _, row := range rows {
		safe := make([]string, len(row))
		for i, cell := range row {
			safe[i] = Cell(cell)
		}
		w.Write(safe) //nolint:errcheck // writes to memory; Flush below
	}
	w.Flush()
	return b.String()
}

// formulaStart are the first characters that make a spreadsheet program read a cell as a
// formula (OWASP, "CSV Injection"): = + - @, and tab and carriage return, which some programs
// skip before looking for one.
const formulaStart = "=+-@\t\r"

// plainNumber is a decimal number as Podium writes them ("-2", "-2.5", "1e3"): such a cell is
// a number to the spreadsheet, never a formula, and stays as it is.
var plainNumber = regexp.MustCompile(`^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$`)

// Cell neutralises a cell that a spreadsheet would run as a formula by putting a single quote
// before it, as OWASP advises: the program then shows the text, quote hidden or visible, and
// runs nothing. Numbers are left alone so that "-2" stays a number.
func Cell(s string) string {
	if s == "" || !strings.ContainsRune(formulaStart, rune(s[0])) || plainNumber.MatchString(s) {
		return s
	}
	return "'" + s
}

// FileName is a download's name that says what it holds: the non-empty parts (event, division,
// what), then the day it was made (YYYY-MM-DD, UTC), so two downloads of one day's standings or
// of two divisions never share a name: "Summer Games - Rx - leaderboard - 2026-11-25.csv".
func FileName(made time.Time, parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			kept = append(kept, p)
		}
	}
	kept = append(kept, made.UTC().Format(time.DateOnly))
	return strings.Join(kept, " - ") + ".csv"
}
