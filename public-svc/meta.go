package publicsvc

import (
	"context"

	"google.golang.org/protobuf/proto"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The title and description of a public page, for the HTML the gateway serves.

const msgPageNotFound = "Page not found"

// pageMeta is a page's title and description, built from the same event data as its view and
// cached with it; not found for a page the public cannot see.
func (s *service) pageMeta(ctx context.Context, r *publicv1.PageMetaRequest) (_ *publicv1.PageMeta, err error) {
	defer apperr.Wrap(&err, "publicsvc.pageMeta()")
	typ := typeOf[*publicv1.PageMeta]()
	build := func(d *eventData) (proto.Message, bool) { return pageMetaView(d, r) }
	var m proto.Message
	switch r.GetPage() {
	case publicv1.PublicPage_PUBLIC_PAGE_EVENTS:
		return eventListMeta(), nil
	case publicv1.PublicPage_PUBLIC_PAGE_TEAM:
		m, err = s.teamView(ctx, r.GetTeamId(), "meta:team", msgPageNotFound, typ, nil, false, func(d *eventData, _ string) (proto.Message, bool) { return build(d) })
	case publicv1.PublicPage_PUBLIC_PAGE_EVENT, publicv1.PublicPage_PUBLIC_PAGE_LEADERBOARD, publicv1.PublicPage_PUBLIC_PAGE_TEAMS,
		publicv1.PublicPage_PUBLIC_PAGE_SCHEDULE, publicv1.PublicPage_PUBLIC_PAGE_ADJUSTMENTS, publicv1.PublicPage_PUBLIC_PAGE_DIVISION,
		publicv1.PublicPage_PUBLIC_PAGE_WORKOUT:
		view := "meta:" + r.GetPage().String() + ":" + r.GetDivisionId() + ":" + r.GetWorkoutId()
		m, err = s.eventView(ctx, r.GetEventId(), view, false, msgPageNotFound, typ, build)
	default:
		return nil, apperr.NotFound(msgPageNotFound)
	}
	return as[*publicv1.PageMeta](m, err)
}
