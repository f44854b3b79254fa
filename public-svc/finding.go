package publicsvc

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Finding an event (docs/finding-events.md): the event list narrowed to the events a visitor
// can register for now and to a search by name or place. Without either, the list is the whole
// list of its statuses, unchanged.

// maxSearchRunes bounds the search: longer text is cut, never refused (a search box).
const maxSearchRunes = 100

// finding is the list's finding filters as the view understood them.
type finding struct {
	open bool
	// q is the search as compared: lower case, words separated by one space.
	q string
}

func (f finding) none() bool { return !f.open && f.q == "" }

func parseFinding(req *publicv1.ListPublicEventsRequest) finding {
	q := strings.Join(strings.Fields(strings.ToLower(req.GetQ())), " ")
	if utf8.RuneCountInString(q) > maxSearchRunes {
		q = strings.TrimSpace(string([]rune(q)[:maxSearchRunes]))
	}
	return finding{open: req.GetRegistrationOpen(), q: q}
}

// matches reports an event whose name or location holds every word of the search.
func (f finding) matches(ev *publicv1.PublicEvent) bool {
	text := strings.ToLower(ev.GetName() + " " + ev.GetLocation())
	for _, w := range strings.Fields(f.q) {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// findEvents keeps the events of list the filters let through, in the list's order. Which
// divisions take registrations now is competition-svc's answer (its window by the server's
// clock, places or a waiting list), the one the federation's home shows.
func (s *service) findEvents(ctx context.Context, list *publicv1.ListPublicEventsResponse, f finding) (_ *publicv1.ListPublicEventsResponse, err error) {
	defer apperr.Wrap(&err, "publicsvc.findEvents()")
	var open map[string]bool
	if f.open {
		resp, err := s.comp.ListOpenRegistrations(ctx, &competitionv1.ListOpenRegistrationsRequest{})
		if err != nil {
			return nil, fmt.Errorf("open registrations: %w", err)
		}
		open = make(map[string]bool, len(resp.GetDivisions()))
		for _, d := range resp.GetDivisions() {
			open[d.GetEventId()] = true
		}
	}
	out := &publicv1.ListPublicEventsResponse{Events: []*publicv1.PublicEvent{}}
	for _, ev := range list.GetEvents() {
		if (open == nil || open[ev.GetId()]) && f.matches(ev) {
			out.Events = append(out.Events, ev)
		}
	}
	return out, nil
}
