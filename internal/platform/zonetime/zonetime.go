// Package zonetime writes an instant for people in an event's time zone, the zone named, as
// every mail and message about an event's times does ("1 May 2026, 09:00 (Europe/Paris)"): the
// one home of that format (docs/qualifiers.md).
package zonetime

import "time"

// Format is t in zone (an IANA name), the zone named; an empty or unknown zone is UTC.
func Format(t time.Time, zone string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" || zone == "Local" {
		loc, zone = time.UTC, "UTC"
	}
	return t.In(loc).Format("2 Jan 2006, 15:04") + " (" + zone + ")"
}
