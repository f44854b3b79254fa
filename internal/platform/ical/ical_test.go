package ical

import (
	"strings"
	"testing"
	"time"
)

func TestCalendarFoldsEscapesAndEndsLinesInCRLF(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Ölympia, ", 20)
	out := Calendar("Spring; Throwdown", []Event{{UID: "event-1@podium", Stamp: time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC),
		Summary: long, Location: "Hall 2, Rue 1\nParis", AllDay: true, From: "2026-05-12", To: "2026-05-14"}})
	if !strings.HasSuffix(out, "END:VCALENDAR\r\n") {
		t.Fatalf("not ended by CRLF: %q", out[len(out)-20:])
	}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\r\n"), "\r\n") {
		if len(l) > 75 {
			t.Errorf("line of %d octets: %q", len(l), l)
		}
		if strings.Contains(l, "\n") {
			t.Errorf("bare LF in %q", l)
		}
	}
	unfolded := strings.ReplaceAll(out, "\r\n ", "")
	for _, want := range []string{"X-WR-CALNAME:Spring\\; Throwdown\r\n", "SUMMARY:" + strings.ReplaceAll(long, ",", "\\,") + "\r\n",
		"LOCATION:Hall 2\\, Rue 1\\nParis\r\n", "DTSTART;VALUE=DATE:20260512\r\n", "DTEND;VALUE=DATE:20260515\r\n",
		"DTSTAMP:20260501T100000Z\r\n", "UID:event-1@podium\r\n"} {
		if !strings.Contains(unfolded, want) {
			t.Errorf("missing %q in\n%s", want, unfolded)
		}
	}
}

func TestTimedEventInItsZone(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 5, 12, 8, 30, 0, 0, time.UTC)
	out := Calendar("", []Event{{UID: "h", Summary: "Heat 1", Start: start, End: start.Add(10 * time.Minute), Zone: "Europe/Paris"}})
	if !strings.Contains(out, "DTSTART;TZID=Europe/Paris:20260512T103000\r\n") || !strings.Contains(out, "DTEND;TZID=Europe/Paris:20260512T104000\r\n") {
		t.Fatalf("times: %s", out)
	}
	out = Calendar("", []Event{{UID: "h", Summary: "Heat 1", Start: start, End: start, Zone: "Not/AZone"}})
	if !strings.Contains(out, "DTSTART:20260512T083000Z\r\n") {
		t.Fatalf("unknown zone: %s", out)
	}
}
