package publicsvc

import (
	"context"

	"google.golang.org/protobuf/proto"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// A team's page and its bookmark card.

// teamDetails is a team's page: its results and standing.
func (s *service) teamDetails(ctx context.Context, teamID string, asked bool) (_ *publicv1.TeamDetails, err error) {
	defer apperr.Wrap(&err, "publicsvc.teamDetails(%q)", teamID)
	m, err := s.teamView(ctx, teamID, "team", msgTeamNotFound, typeOf[*publicv1.TeamDetails](), teamPreviewParam, asked, func(d *eventData, teamID string) (proto.Message, bool) {
		return teamDetailsView(d, teamID)
	})
	return as[*publicv1.TeamDetails](m, err)
}

// teamBookmarkSummary is what a bookmarked team's card shows.
func (s *service) teamBookmarkSummary(ctx context.Context, teamID string) (_ *publicv1.TeamBookmarkSummary, err error) {
	defer apperr.Wrap(&err, "publicsvc.teamBookmarkSummary(%q)", teamID)
	m, err := s.teamView(ctx, teamID, "bookmark", msgBookmarkNotFound, typeOf[*publicv1.TeamBookmarkSummary](), nil, false, func(d *eventData, teamID string) (proto.Message, bool) {
		return bookmarkSummaryView(d, teamID)
	})
	return as[*publicv1.TeamBookmarkSummary](m, err)
}
