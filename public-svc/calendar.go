package publicsvc

import (
	"context"
	"strings"
	"time"

	"google.golang.org/protobuf/proto"

	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ical"
)

// An event's "Add to calendar" file (docs/finding-events.md): one all-day VEVENT over the
// event's dates (dates, so they are the event's own days in its zone whatever the reader's
// zone), its name, its place and its page's address.

const calendarContentType = "text/calendar; charset=utf-8"

// eventCalendar is a listed event's iCalendar file; a Draft event, or one without dates, is not
// found.
func (s *service) eventCalendar(ctx context.Context, rawEventID string) (_ *filesv1.CsvFile, err error) {
	defer apperr.Wrap(&err, "publicsvc.eventCalendar(%q)", rawEventID)
	adviseEventView(ctx, rawEventID)
	m, err := s.eventView(ctx, rawEventID, "calendar", false, msgEventNotFound, typeOf[*filesv1.CsvFile](), func(d *eventData) (proto.Message, bool) {
		if d.ev.GetDateFrom() == "" {
			return nil, false
		}
		return s.eventCalendarFile(d), true
	})
	return as[*filesv1.CsvFile](m, err)
}

func (s *service) eventCalendarFile(d *eventData) *filesv1.CsvFile {
	ev := d.ev
	// The last change of the event stands for the file's creation: the same event gives the same
	// file, which the caches keep.
	stamp, err := time.Parse(time.RFC3339, ev.GetUpdatedAt())
	if err != nil {
		stamp = time.Unix(0, 0)
	}
	page := ""
	if s.site != "" {
		page = s.site + "/public/events/" + ev.GetId()
	}
	desc := page
	if zone := ev.GetTimeZone(); zone != "" {
		desc = strings.TrimSpace(ev.GetDateRange() + " (" + zone + ")\n" + page)
	}
	content := ical.Calendar(ev.GetName(), []ical.Event{{
		UID: "event-" + ev.GetId() + "@podium", Stamp: stamp, Summary: ev.GetName(), Location: ev.GetLocation(),
		Description: desc, URL: page, AllDay: true, From: ev.GetDateFrom(), To: ev.GetDateTo(),
	}})
	return &filesv1.CsvFile{FileName: calendarFileName(ev.GetName()), Content: content, ContentType: calendarContentType}
}

// calendarFileName is the event's name as a file name: letters, digits and dashes.
func calendarFileName(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if r == '-' || r == ' ' || r == '_' || r == '.' || r == '/' {
			dash = b.Len() > 0
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteRune(r)
	}
	if b.Len() == 0 {
		return "event.ics"
	}
	return b.String() + ".ics"
}
