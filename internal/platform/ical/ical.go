// Package ical writes iCalendar files (RFC 5545) for "Add to calendar": lines end in CRLF, text
// values are escaped, and lines longer than 75 octets are folded without splitting a UTF-8
// character (docs/finding-events.md). It holds no rules of its own.
package ical

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Event is one VEVENT. Either AllDay dates (From, To inclusive, YYYY-MM-DD) or Start and End
// instants are set.
type Event struct {
	// UID is stable for the same event or heat, so a calendar updates its copy on a new import.
	UID      string
	Stamp    time.Time
	Summary  string
	Location string
	// Description is plain text; newlines are kept (escaped as \n).
	Description string
	URL         string
	AllDay      bool
	From, To    string
	Start, End  time.Time
	// Zone is the IANA zone Start and End are written in (TZID); empty or unknown: UTC.
	Zone string
}

// Calendar is a VCALENDAR of events, as the file's text.
func Calendar(name string, events []Event) string {
	var b strings.Builder
	line := func(s string) { writeFolded(&b, s) }
	line("BEGIN:VCALENDAR")
	line("VERSION:2.0")
	line("PRODID:-//Podium//Podium//EN")
	line("CALSCALE:GREGORIAN")
	line("METHOD:PUBLISH")
	if name != "" {
		line("X-WR-CALNAME:" + Text(name))
	}
	for _, e := range events {
		line("BEGIN:VEVENT")
		line("UID:" + Text(e.UID))
		line("DTSTAMP:" + e.Stamp.UTC().Format("20060102T150405Z"))
		if e.AllDay {
			from, to := e.From, e.To
			if to == "" {
				to = from
			}
			line("DTSTART;VALUE=DATE:" + dateValue(from, 0))
			// DTEND of an all-day event is the day after its last day (RFC 5545, 3.6.1).
			line("DTEND;VALUE=DATE:" + dateValue(to, 1))
		} else {
			line(timeProp("DTSTART", e.Start, e.Zone))
			line(timeProp("DTEND", e.End, e.Zone))
		}
		line("SUMMARY:" + Text(e.Summary))
		if e.Location != "" {
			line("LOCATION:" + Text(e.Location))
		}
		if e.Description != "" {
			line("DESCRIPTION:" + Text(e.Description))
		}
		if e.URL != "" {
			line("URL:" + e.URL)
		}
		line("END:VEVENT")
	}
	line("END:VCALENDAR")
	return b.String()
}

// dateValue is YYYYMMDD of a YYYY-MM-DD date plus days; the date as given when not readable.
func dateValue(d string, days int) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return strings.ReplaceAll(d, "-", "")
	}
	return t.AddDate(0, 0, days).Format("20060102")
}

// timeProp is a date-time property in zone (its local time with TZID), or in UTC. A TZID names
// an IANA zone, which calendar programs resolve; the file carries no VTIMEZONE of its own.
func timeProp(name string, t time.Time, zone string) string {
	if zone != "" && zone != "UTC" {
		if loc, err := time.LoadLocation(zone); err == nil {
			return name + ";TZID=" + zone + ":" + t.In(loc).Format("20060102T150405")
		}
	}
	return name + ":" + t.UTC().Format("20060102T150405Z")
}

// Text escapes a TEXT value: backslash, semicolon, comma and newlines (RFC 5545, 3.3.11).
func Text(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	r := strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\n", `\n`, "\r", `\n`)
	return r.Replace(s)
}

// writeFolded writes one content line, folded at 75 octets (a CRLF and a space begin each
// continuation), never inside a UTF-8 character, then CRLF.
func writeFolded(b *strings.Builder, s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // the leading space counts
	}
	b.WriteString(s)
	b.WriteString("\r\n")
}
