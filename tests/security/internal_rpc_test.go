package security

import (
	"context"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// TestServicePortsGiveAnOutsiderNothing reaches every service port directly, as an attacker
// inside the network would: without a service credential every RPC is
// refused — with no token, with the administrator's own session token, and with that token
// offered as the service credential — and nothing changes. With the stack's own service
// credential the same calls answer, so the refusal is the credential's doing.
func TestServicePortsGiveAnOutsiderNothing(t *testing.T) {
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Guarded Games", "dateFrom": "2026-06-01", "dateTo": "2026-06-02"})
	before := snapshot(t, s)

	dial := func(addr string) *grpc.ClientConn {
		conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return conn
	}
	results := resultsv1.NewResultsServiceClient(dial(s.Cfg.ResultsAddr))
	competition := competitionv1.NewCompetitionServiceClient(dial(s.Cfg.CompetitionAddr))
	public := publicv1.NewPublicServiceClient(dial(s.Cfg.PublicAddr))
	auth := authv1.NewAuthServiceClient(dial(s.Cfg.AuthAddr))

	calls := map[string]func(context.Context) error{
		"PurgeResults(eventDeleted)": func(ctx context.Context) error {
			_, err := results.PurgeResults(ctx, &resultsv1.PurgeResultsRequest{EventId: ev.ID, EventDeleted: true})
			return err
		},
		"GetEventStandings(includeUnpublished)": func(ctx context.Context) error {
			_, err := results.GetEventStandings(ctx, &resultsv1.EventStandingsRequest{EventId: ev.ID, IncludeUnpublished: true})
			return err
		},
		"GetEventStructure(draft)": func(ctx context.Context) error {
			_, err := competition.GetEventStructure(ctx, &competitionv1.EventStructureRequest{EventId: ev.ID})
			return err
		},
		"DeleteEvent": func(ctx context.Context) error {
			_, err := competition.DeleteEvent(ctx, &competitionv1.EventRequest{Id: ev.ID})
			return err
		},
		"ListPublicEvents": func(ctx context.Context) error {
			_, err := public.ListPublicEvents(ctx, &publicv1.ListPublicEventsRequest{})
			return err
		},
		"Login(forged x-forwarded-for)": func(ctx context.Context) error {
			ctx = metadata.AppendToOutgoingContext(ctx, "x-forwarded-for", "198.51.100.1", svcauth.ClientAddrHeader, "198.51.100.1")
			_, err := auth.Login(ctx, &authv1.LoginRequest{Username: s.AdminUsername, Password: stacktest.AdminPassword})
			return err
		},
	}
	ctx := context.Background()
	bearer := metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+s.Token)
	asService := metadata.AppendToOutgoingContext(ctx, svcauth.Header, s.Token)
	for name, call := range calls {
		for how, ctx := range map[string]context.Context{"no credential": ctx, "user token": bearer, "user token as service credential": asService} {
			if err := call(ctx); status.Code(err) != codes.Unauthenticated {
				t.Errorf("%s with %s: %v, want Unauthenticated", name, how, err)
			}
		}
	}
	if after := snapshot(t, s); after != before {
		t.Fatalf("database changed:\nbefore %s\nafter  %s", before, after)
	}

	// The services' own identity gets in (the draft structure is what results-svc needs).
	peer := competitionv1.NewCompetitionServiceClient(s.DialService("results", "competition-svc", s.Cfg.CompetitionAddr))
	if _, err := peer.GetEventStructure(ctx, &competitionv1.EventStructureRequest{EventId: ev.ID}); err != nil {
		t.Fatalf("GetEventStructure with results-svc's credential: %v", err)
	}
}
