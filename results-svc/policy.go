package resultssvc

import (
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// Policy classifies the RPCs: the internal ones are called by competition-svc and public-svc
// and have no HTTP route; a lane's result and the judge's sheet are also a judge link's
// (docs/judging.md); everything else needs an admin token (authn's default).
var Policy = authn.Policy{
	resultsv1.ResultsService_SaveLaneResult_FullMethodName: authn.Judging,
	resultsv1.ResultsService_GetJudgeSheet_FullMethodName:  authn.Judging,

	// Online qualifiers (docs/qualifiers.md): an athlete's own team's submissions; the use
	// case checks the team.
	resultsv1.ResultsService_SubmitScore_FullMethodName:       authn.Athlete,
	resultsv1.ResultsService_ListMySubmissions_FullMethodName: authn.Athlete,
	// Appeals (docs/competition-day.md): an athlete's own team's; the use case checks the team.
	resultsv1.ResultsService_FileAppeal_FullMethodName:    authn.Athlete,
	resultsv1.ResultsService_ListMyAppeals_FullMethodName: authn.Athlete,

	resultsv1.ResultsService_GetEventStandings_FullMethodName:  authn.Internal,
	resultsv1.ResultsService_PurgeResults_FullMethodName:       authn.Internal,
	resultsv1.ResultsService_ListEventResults_FullMethodName:   authn.Internal,
	resultsv1.ResultsService_ImportResults_FullMethodName:      authn.Internal,
	resultsv1.ResultsService_ListResultActivity_FullMethodName: authn.Internal,
	resultsv1.ResultsService_GetPublicVersion_FullMethodName:   authn.Internal,
	resultsv1.ResultsService_ScoreSeries_FullMethodName:        authn.Internal,
	resultsv1.ResultsService_GetBoardPage_FullMethodName:       authn.Internal,
	resultsv1.ResultsService_FindBoardEntry_FullMethodName:     authn.Internal,
	resultsv1.ResultsService_SearchBoard_FullMethodName:        authn.Internal,
	resultsv1.ResultsService_ListAdjustments_FullMethodName:    authn.Internal,
	resultsv1.ResultsService_GetWhatItTakes_FullMethodName:     authn.Internal,
}

// Callers are the targets each internal RPC accepts (internal/platform/svcauth):
// competition-svc purges, exports and imports results, reads their activity and
// standings (heat seeding); public-svc reads the standings, versions, boards, adjustments
// and "What do I need?" paths it shows. The other RPCs are the gateway's alone.
var Callers = svcauth.Callers{
	resultsv1.ResultsService_GetEventStandings_FullMethodName:  {"competition", "public"},
	resultsv1.ResultsService_PurgeResults_FullMethodName:       {"competition"},
	resultsv1.ResultsService_ListEventResults_FullMethodName:   {"competition"},
	resultsv1.ResultsService_ImportResults_FullMethodName:      {"competition"},
	resultsv1.ResultsService_ListResultActivity_FullMethodName: {"competition"},
	resultsv1.ResultsService_GetPublicVersion_FullMethodName:   {"public"},
	resultsv1.ResultsService_ScoreSeries_FullMethodName:        {"public"},
	resultsv1.ResultsService_GetBoardPage_FullMethodName:       {"public"},
	resultsv1.ResultsService_FindBoardEntry_FullMethodName:     {"public"},
	resultsv1.ResultsService_SearchBoard_FullMethodName:        {"public"},
	resultsv1.ResultsService_ListAdjustments_FullMethodName:    {"public"},
	resultsv1.ResultsService_GetWhatItTakes_FullMethodName:     {"public"},
}
