package resultssvc

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/results-svc/store"
)

const (
	msgEventNotFound    = "Event not found"
	msgResultNotFound   = "Result not found"
	msgTeamNotFound     = "Team not found"
	msgWorkoutNotFound  = "Workout not found"
	msgDivisionNotFound = "Division not found"
)

func target(kind access.Kind, notFound string, ids ...string) access.Target {
	return access.Target{Kind: kind, IDs: ids, NotFound: notFound}
}

// filtered addresses an event and the workout and division that narrow a request down.
type filtered interface {
	GetEventId() string
	GetWorkoutId() string
	GetDivisionId() string
}

func filterTargets(req any) []access.Target {
	r := req.(filtered)
	return []access.Target{
		target(access.Event, msgEventNotFound, r.GetEventId()),
		target(access.Workout, msgWorkoutNotFound, r.GetWorkoutId()),
		target(access.Division, msgDivisionNotFound, r.GetDivisionId()),
	}
}

// inputTargets checks workouts before teams, as the handlers do, so a hidden event answers
// with the same message as a missing one.
func inputTargets(inputs ...*resultsv1.ResultInput) []access.Target {
	teams := target(access.Team, msgTeamNotFound)
	workouts := target(access.Workout, msgWorkoutNotFound)
	for _, in := range inputs {
		teams.IDs = append(teams.IDs, in.GetTeamId())
		workouts.IDs = append(workouts.IDs, in.GetWorkoutId())
	}
	return []access.Target{workouts, teams}
}

func resultIDs(ids ...string) []access.Target {
	return []access.Target{target(access.Result, msgResultNotFound, ids...)}
}

func freezeTargets(req any) []access.Target {
	return []access.Target{target(access.Event, msgEventNotFound, req.(*resultsv1.LeaderboardFreezeRequest).GetEventId())}
}

// Rules say what each admin RPC needs on the event it addresses (docs/access.md): scorers
// read the grid and create, update and delete results; publication and recalculation are the
// organisers'.
var Rules = access.Rules{
	// The judges' review of online submissions (docs/qualifiers.md): a scorer grant.
	resultsv1.ResultsService_ListSubmissionQueue_FullMethodName: {Level: access.Score, Targets: func(req any) []access.Target {
		// The workout names its event: a hidden event answers as a missing workout.
		return []access.Target{target(access.Workout, msgWorkoutNotFound, req.(*resultsv1.SubmissionQueueRequest).GetWorkoutId())}
	}},
	resultsv1.ResultsService_ReviewSubmission_FullMethodName: {Level: access.Score, Targets: func(req any) []access.Target {
		r := req.(*resultsv1.ReviewSubmissionRequest)
		return []access.Target{target(access.Workout, msgWorkoutNotFound, r.GetWorkoutId()), target(access.Team, msgTeamNotFound, r.GetTeamId())}
	}},
	// Appeals (docs/competition-day.md): the event's staff read them; the window and the
	// decisions are the organisers'.
	resultsv1.ResultsService_ListAppeals_FullMethodName: {Level: access.Score, Targets: func(req any) []access.Target {
		return []access.Target{target(access.Event, msgEventNotFound, req.(*resultsv1.AppealsRequest).GetEventId())}
	}},
	resultsv1.ResultsService_SetAppealWindow_FullMethodName: {Level: access.Manage, Targets: func(req any) []access.Target {
		return []access.Target{target(access.Event, msgEventNotFound, req.(*resultsv1.AppealWindow).GetEventId())}
	}},
	resultsv1.ResultsService_DecideAppeal_FullMethodName: {Level: access.Manage, Targets: func(req any) []access.Target {
		return []access.Target{target(access.Event, msgEventNotFound, req.(*resultsv1.DecideAppealRequest).GetEventId())}
	}},
	// The leaderboard freeze of an online event (docs/qualifiers.md): the organisers', who
	// decide what the public sees; every grant reads whether it is frozen.
	resultsv1.ResultsService_GetLeaderboardFreeze_FullMethodName: {Level: access.Read, Targets: freezeTargets},
	resultsv1.ResultsService_FreezeLeaderboard_FullMethodName:    {Level: access.Manage, Targets: freezeTargets},
	resultsv1.ResultsService_UnfreezeLeaderboard_FullMethodName:  {Level: access.Manage, Targets: freezeTargets},
	resultsv1.ResultsService_GetResultGrid_FullMethodName:        {Level: access.Read, Targets: filterTargets},
	resultsv1.ResultsService_CreateResult_FullMethodName: {Level: access.Score, Targets: func(req any) []access.Target {
		return inputTargets(req.(*resultsv1.ResultInput))
	}},
	resultsv1.ResultsService_UpdateResult_FullMethodName: {Level: access.Score, Targets: func(req any) []access.Target {
		return resultIDs(req.(*resultsv1.UpdateResultRequest).GetId())
	}},
	resultsv1.ResultsService_BatchSaveResults_FullMethodName: {Level: access.Score, Targets: func(req any) []access.Target {
		return inputTargets(req.(*resultsv1.BatchSaveResultsRequest).GetResults()...)
	}},
	resultsv1.ResultsService_DeleteResult_FullMethodName: {Level: access.Score, Targets: func(req any) []access.Target {
		return resultIDs(req.(*resultsv1.ResultRequest).GetId())
	}},
	resultsv1.ResultsService_DeleteResults_FullMethodName: {Level: access.Score, Targets: filterTargets},
	resultsv1.ResultsService_RecalculateEvent_FullMethodName: {Level: access.Manage, Targets: func(req any) []access.Target {
		return []access.Target{target(access.Event, msgEventNotFound, req.(*resultsv1.RecalculateEventRequest).GetEventId())}
	}},
	resultsv1.ResultsService_ExportResultsCsv_FullMethodName: {Level: access.Read, Targets: filterTargets},
	// The scoring card's preview: the organisers', who may save what it shows.
	resultsv1.ResultsService_PreviewScoring_FullMethodName: {Level: access.Manage, Targets: func(req any) []access.Target {
		return []access.Target{target(access.Event, msgEventNotFound, req.(*resultsv1.PreviewScoringRequest).GetEventId())}
	}},
	// Heats: a judge (scorer) saves a lane's result; publishing a heat is the organisers'.
	resultsv1.ResultsService_SaveLaneResult_FullMethodName: {Level: access.Score, Targets: func(req any) []access.Target {
		return []access.Target{target(access.Heat, msgHeatNotFound, req.(*resultsv1.LaneResultRequest).GetHeatId())}
	}},
	resultsv1.ResultsService_PublishHeat_FullMethodName: {Level: access.Manage, Targets: func(req any) []access.Target {
		return []access.Target{target(access.Heat, msgHeatNotFound, req.(*resultsv1.PublishHeatRequest).GetHeatId())}
	}},
	// GetPublicationStatus and the publication calls decide in the use case: a hidden event
	// counts and changes nothing, exactly like a missing one. A result's history outlives the
	// result, so its event is known only from the history (history.go).
	resultsv1.ResultsService_GetJudgeSheet_FullMethodName:        {Level: access.UseCase}, // judge links only: judge.go
	resultsv1.ResultsService_GetPublicationStatus_FullMethodName: {Level: access.UseCase},
	resultsv1.ResultsService_ListMailOutbox_FullMethodName:       {Level: access.UseCase}, // admins only
	resultsv1.ResultsService_TogglePublication_FullMethodName:    {Level: access.UseCase},
	resultsv1.ResultsService_PublishResults_FullMethodName:       {Level: access.UseCase},
	resultsv1.ResultsService_UnpublishResults_FullMethodName:     {Level: access.UseCase},
	resultsv1.ResultsService_GetResultHistory_FullMethodName:     {Level: access.UseCase},
}

// publishable narrows results to publish or unpublish to the caller's: results of events the
// caller has no grant on are left out exactly like unknown ids (the publication calls ignore
// those), and a grant that does not allow publishing refuses the call. Publication has no
// interceptor rule for that reason.
func (s *service) publishable(ctx context.Context, located []store.Located) (_ []store.Located, err error) {
	defer apperr.Wrap(&err, "resultssvc.publishable()")
	caller, ok := authn.CallerFrom(ctx)
	if !ok || caller.IsAdmin() {
		return located, nil
	}
	roles := map[string]string{}
	for _, l := range located {
		if _, seen := roles[l.EventID]; !seen {
			role, err := access.Role(ctx, s.grants, access.Event, l.EventID)
			if err != nil {
				return nil, err
			}
			roles[l.EventID] = role
		}
	}
	out := located[:0]
	for _, l := range located {
		switch roles[l.EventID] {
		case "":
			continue
		case access.GrantOrganiser:
			out = append(out, l)
		default:
			return nil, apperr.Forbidden(access.MsgForbidden)
		}
	}
	return out, nil
}

// NewGrants reads grants for this service's access interceptor: the events of result ids
// from its own table, the grants from competition-svc (remote, cached for at most a second).
func NewGrants(pool *pgxpool.Pool, remote access.Grants) access.Grants {
	return resultGrants{store: store.New(pool), remote: remote}
}

type resultGrants struct {
	store  *store.Store
	remote access.Grants
}

func (g resultGrants) Roles(ctx context.Context, userID string, kind access.Kind, ids []string) (_ map[string]string, err error) {
	defer apperr.Wrap(&err, "resultssvc.resultGrants.Roles(%q, %v)", userID, kind)
	if kind != access.Result {
		return g.remote.Roles(ctx, userID, kind, ids)
	}
	located, err := g.store.Locate(ctx, ids)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	events := []string{}
	for _, l := range located {
		if !seen[l.EventID] {
			seen[l.EventID] = true
			events = append(events, l.EventID)
		}
	}
	if len(events) == 0 {
		return map[string]string{}, nil
	}
	return g.remote.Roles(ctx, userID, access.Event, events)
}

// mayRead refuses a caller without a grant on eventID as if the entity were missing
// (notFound), for use cases that learn their event only from what they read.
func (s *service) mayRead(ctx context.Context, eventID, notFound string) (err error) {
	defer apperr.Wrap(&err, "resultssvc.mayRead(%q)", eventID)
	caller, ok := authn.CallerFrom(ctx)
	if !ok || caller.IsAdmin() {
		return nil
	}
	role, err := access.Role(ctx, s.grants, access.Event, eventID)
	if err != nil {
		return err
	}
	if role == "" {
		return apperr.NotFound(notFound)
	}
	return nil
}
