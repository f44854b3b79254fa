// Package core is what competition-svc's domains share: the service's dependencies (Service),
// the activity written with each change, the change signal, the visibility of events to the
// caller, the athletes auth-svc knows and the helpers of the gRPC messages and the input
// rules. The domains (setup, floor, registration, series) import it; it imports none of them.
// docs/architecture.md, "competition-svc".
package core

import (
	"context"
	"log/slog"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/store"
	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/changes"
)

// Service is what every domain's use cases need from the process; each domain's service
// embeds it.
type Service struct {
	Store   *store.Store
	Results ResultCounts
	Users   Users
	Changes *changes.Signal
	Log     *slog.Logger
	// MailSending is shown on the Outbox page.
	MailSending bool
	// Athletes reads athletes' names and addresses from auth-svc (registration).
	Athletes  AthleteDirectory
	PublicURL string
	// Now is the clock of the invitations to the final and of the code limits.
	Now func() time.Time
}

// ResultCounts is the part of results-svc this service uses: the clean-up after deletes, an event's results for export and import, its
// result changes for the activity feed and the published standings that seed heats.
type ResultCounts interface {
	PurgeResults(ctx context.Context, in *resultsv1.PurgeResultsRequest, opts ...grpc.CallOption) (*resultsv1.PurgeResultsResponse, error)
	ListEventResults(ctx context.Context, in *resultsv1.EventResultsRequest, opts ...grpc.CallOption) (*resultsv1.EventResults, error)
	ImportResults(ctx context.Context, in *resultsv1.ImportResultsRequest, opts ...grpc.CallOption) (*resultsv1.ImportResultsResponse, error)
	ListResultActivity(ctx context.Context, in *activityv1.ActivityRequest, opts ...grpc.CallOption) (*activityv1.ActivityPage, error)
	GetEventStandings(ctx context.Context, in *resultsv1.EventStandingsRequest, opts ...grpc.CallOption) (*resultsv1.EventStandings, error)
}

// Users is the part of auth-svc this service uses: usernames for access lists, and the
// sessions of judge links (floor).
type Users interface {
	LookupUsers(ctx context.Context, in *authv1.LookupUsersRequest, opts ...grpc.CallOption) (*authv1.LookupUsersResponse, error)
	StartJudgeSessions(ctx context.Context, in *authv1.StartJudgeSessionsRequest, opts ...grpc.CallOption) (*authv1.JudgeSessions, error)
	SignJudgeTokens(ctx context.Context, in *authv1.JudgeSessionsRequest, opts ...grpc.CallOption) (*authv1.JudgeSessions, error)
	EndJudgeSessions(ctx context.Context, in *authv1.JudgeSessionsRequest, opts ...grpc.CallOption) (*emptypb.Empty, error)
}
