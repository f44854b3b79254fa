// Package csvfile writes the spreadsheets Podium offers for download.
package csvfile

import (
	"bytes"
	"encoding/csv"
)

// Render writes rows as CSV: comma separated, quoted where needed, CRLF line ends (RFC 4180),
// and a UTF-8 byte-order mark so that spreadsheet programs read umlauts right.
func Render(rows [][]string) string {
	var b bytes.Buffer
	b.WriteString("\ufeff")
	w := csv.NewWriter(&b)
	w.UseCRLF = true
	w.WriteAll(rows) //nolint:errcheck // writes to memory
	return b.String()
}
