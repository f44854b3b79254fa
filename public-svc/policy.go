package publicsvc

import (
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// Policy opens the public calls to everyone (GetPageMeta has no HTTP route: the gateway asks it
// for the HTML it serves; GetViewSources neither: the gateway asks it whether its kept copies
// are current). GetAdminDivisionLeaderboard is not listed:
// it stays Admin (a valid token required), the zero value of authn.Access.
var Policy = authn.Policy{
	publicv1.PublicService_ListPublicEvents_FullMethodName:          authn.Public,
	publicv1.PublicService_GetPublicEvent_FullMethodName:            authn.Public,
	publicv1.PublicService_GetEventLeaderboard_FullMethodName:       authn.Public,
	publicv1.PublicService_GetDivisionLeaderboard_FullMethodName:    authn.Public,
	publicv1.PublicService_GetDivisionLeaderboardCsv_FullMethodName: authn.Public,
	publicv1.PublicService_GetWorkoutLeaderboard_FullMethodName:     authn.Public,
	publicv1.PublicService_GetBoardPage_FullMethodName:              authn.Public,
	publicv1.PublicService_FindBoardEntry_FullMethodName:            authn.Public,
	publicv1.PublicService_SearchBoard_FullMethodName:               authn.Public,
	publicv1.PublicService_GetTeamDetails_FullMethodName:            authn.Public,
	publicv1.PublicService_GetTeamBookmarkSummary_FullMethodName:    authn.Public,
	publicv1.PublicService_GetEventSchedule_FullMethodName:          authn.Public,
	publicv1.PublicService_GetEventAdjustments_FullMethodName:       authn.Public,
	publicv1.PublicService_GetWhatItTakes_FullMethodName:            authn.Public,
	publicv1.PublicService_GetEventCalendar_FullMethodName:          authn.Public,
	publicv1.PublicService_GetPageMeta_FullMethodName:               authn.Public,
	publicv1.PublicService_GetPublicHome_FullMethodName:             authn.Public,
	publicv1.PublicService_ListPublicSeries_FullMethodName:          authn.Public,
	publicv1.PublicService_GetPublicSeries_FullMethodName:           authn.Public,
	publicv1.PublicService_GetPublicSeriesCsv_FullMethodName:        authn.Public,
	publicv1.PublicService_SearchPublic_FullMethodName:              authn.Public,
	publicv1.PublicService_GetPublicAthlete_FullMethodName:          authn.Public,
	publicv1.PublicService_GetViewSources_FullMethodName:            authn.Public,
}

// Callers: public-svc has no internal RPC; every call is the gateway's
// (internal/platform/svcauth).
var Callers = svcauth.Callers{}
