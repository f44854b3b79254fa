// Package feed pages a newest-first feed that several services write to (an event's activity):
// entries are ordered by time, then by source, then by id, and a cursor names one entry's
// place in that order.
package feed

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Cursor is an entry's place in a feed.
type Cursor struct {
	At     time.Time
	Source string // one letter per writer: "c" competition-svc, "r" results-svc
	ID     int64
}

// String is the cursor as clients pass it back: "2026-05-01T10:00:00.123456Z~r~42".
func (c Cursor) String() string {
	return c.At.UTC().Format(time.RFC3339Nano) + "~" + c.Source + "~" + strconv.FormatInt(c.ID, 10)
}

// Parse reads a cursor; the empty string is the start of the feed (ok false, no error).
func Parse(s string) (c Cursor, ok bool, err error) {
	if s == "" {
		return Cursor{}, false, nil
	}
	parts := strings.Split(s, "~")
	if len(parts) != 3 {
		return Cursor{}, false, fmt.Errorf("not a cursor")
	}
	if c.At, err = time.Parse(time.RFC3339Nano, parts[0]); err != nil {
		return Cursor{}, false, fmt.Errorf("not a cursor")
	}
	if c.ID, err = strconv.ParseInt(parts[2], 10, 64); err != nil || parts[1] == "" {
		return Cursor{}, false, fmt.Errorf("not a cursor")
	}
	c.Source = parts[1]
	return c, true, nil
}

// Newer reports whether a comes before b in the feed (newest first).
func Newer(a, b Cursor) bool {
	if !a.At.Equal(b.At) {
		return a.At.After(b.At)
	}
	if a.Source != b.Source {
		return a.Source > b.Source
	}
	return a.ID > b.ID
}

// Bounds are the parameters of a source's query for the entries after cursor c: entries with
// at < At, or at = At and (SourceBefore or id < ID). Without a cursor every entry qualifies.
func (c Cursor) Bounds(source string) (at time.Time, sourceBefore bool, id int64) {
	if c.At.IsZero() {
		return time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), true, 0
	}
	return c.At, source < c.Source, c.ID
}

// DefaultLimit and MaxLimit bound a page.
const (
	DefaultLimit = 50
	MaxLimit     = 200
)
