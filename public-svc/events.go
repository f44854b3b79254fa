package publicsvc

import (
	"context"
	"strings"

	"google.golang.org/protobuf/proto"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/words"
)

// The event list and an event's details.

// parseFilter reads filterStatus: a comma list, case-insensitive; unknown values (and draft or
// unlisted, which are never listed) are ignored; empty means published and in_progress. The
// result is in a fixed order (the canonical query the gateway files the answer under).
func parseFilter(filter string) []typesv1.PublicEventStatus_Value {
	if strings.TrimSpace(filter) == "" {
		return []typesv1.PublicEventStatus_Value{typesv1.PublicEventStatus_published, typesv1.PublicEventStatus_in_progress}
	}
	want := map[string]bool{}
	for _, part := range strings.Split(filter, ",") {
		want[strings.ToLower(strings.TrimSpace(part))] = true
	}
	var out []typesv1.PublicEventStatus_Value
	for _, l := range listedStatuses {
		if want[l.public.String()] {
			out = append(out, l.public)
		}
	}
	return out
}

// listEvents is the listed events whose public status filter asks for, narrowed by the
// finding filters when the request has any (finding.go).
func (s *service) listEvents(ctx context.Context, req *publicv1.ListPublicEventsRequest) (_ *publicv1.ListPublicEventsResponse, err error) {
	defer apperr.Wrap(&err, "publicsvc.listEvents()")
	statuses := parseFilter(req.GetFilterStatus())
	find := parseFinding(req)
	adviseEventList(ctx, words.Strings(statuses), find)
	list, err := s.eventList(ctx, statuses)
	if err != nil || find.none() {
		return list, err
	}
	return s.findEvents(ctx, list, find)
}

// eventList is the listed events of statuses, cached under the event list's version.
func (s *service) eventList(ctx context.Context, statuses []typesv1.PublicEventStatus_Value) (_ *publicv1.ListPublicEventsResponse, err error) {
	defer apperr.Wrap(&err, "publicsvc.eventList()")
	if len(statuses) == 0 {
		return &publicv1.ListPublicEventsResponse{Events: []*publicv1.PublicEvent{}}, nil
	}
	view := "events:" + strings.Join(words.Strings(statuses), ",")
	m, err := s.cache.view(ctx, cache.AllEvents, view, typeOf[*publicv1.ListPublicEventsResponse](), func(ctx context.Context, _ versions) (proto.Message, error) {
		wanted := make(map[typesv1.PublicEventStatus_Value]bool, len(statuses))
		for _, st := range statuses {
			wanted[st] = true
		}
		var asked []typesv1.EventStatus
		for _, l := range listedStatuses {
			if wanted[l.public] {
				asked = append(asked, l.event)
			}
		}
		resp, err := s.comp.ListVisibleEvents(ctx, &competitionv1.ListVisibleEventsRequest{Statuses: asked})
		if err != nil {
			return nil, err
		}
		return eventListView(resp.GetEvents(), wanted), nil
	})
	return as[*publicv1.ListPublicEventsResponse](m, err)
}

// event is a listed event's details; asked for the preview by a caller who may see it
// (mayPreview), a Draft event's too, marked as a preview.
func (s *service) event(ctx context.Context, eventID string, asked bool) (_ *publicv1.PublicEvent, err error) {
	defer apperr.Wrap(&err, "publicsvc.event(%q)", eventID)
	preview, err := s.preview(ctx, eventID, asked, eventPreviewParam)
	if err != nil {
		return nil, err
	}
	m, err := s.eventView(ctx, eventID, previewView("event", preview), preview, msgEventNotFound, typeOf[*publicv1.PublicEvent](), func(d *eventData) (proto.Message, bool) {
		// An event whose details the organiser hid is not found here either; the event page
		// then sends the visitor on to the leaderboard.
		if !d.ev.GetDetailsVisible() {
			return nil, false
		}
		return eventDetailsView(d), true
	})
	return as[*publicv1.PublicEvent](m, err)
}
