package competitionsvc_test

import (
	"context"
	"log/slog"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	competitionsvc "github.com/podium-dev/podium/competition-svc"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/competition-svc/setup"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// This test stays in the root package: it checks the root's own wiring (policy.go's Policy and
// Callers, the Server with every domain embedded, grpc.go) behind the platform's interceptors;
// the domains' tests live in their folders.

// TestGRPCPolicyAndCodes serves the Server behind the platform's interceptors: every RPC needs
// a service credential, admin RPCs a user token as well, internal ones no user token; a user
// token is no service credential; typed errors reach the client as the right codes with the
// field named.
func TestGRPCPolicyAndCodes(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	keys, err := authn.GenerateKeys()
	if err != nil {
		t.Fatal(err)
	}
	verifier := authn.NewVerifier(keys.Public, "podium-test", "podium-test").WithSessions(
		authn.SessionsFunc(func(_ context.Context, id string) (authn.Caller, bool, error) {
			return apitest.Admin, id == "admin", nil
		}))
	issuer := authn.NewIssuer(keys.Private, "podium-test", "podium-test", time.Hour)
	token, _, err := issuer.Issue("admin", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := grpcx.NewServer(f.Quiet, svcauth.NewVerifier(apitest.ServiceKey).Accepting(competitionsvc.Callers), verifier, competitionsvc.Policy)
	competitionv1.RegisterCompetitionServiceServer(srv, f.Srv)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(lis) //nolint:errcheck // stops with the test
	defer srv.Stop()
	bare, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer bare.Close()
	outsider := competitionv1.NewCompetitionServiceClient(bare)
	admin := metadata.AppendToOutgoingContext(f.Ctx, "authorization", "Bearer "+token)
	// Without a service credential nothing answers, with or without a user token, and a
	// user token offered as the service credential is refused too.
	asService := metadata.AppendToOutgoingContext(f.Ctx, svcauth.Header, token)
	for name, ctx := range map[string]context.Context{"nothing": f.Ctx, "user token": admin, "user token as service credential": asService} {
		if _, err := outsider.GetEventStructure(ctx, &competitionv1.EventStructureRequest{EventId: apitest.Missing}); status.Code(err) != codes.Unauthenticated {
			t.Errorf("internal GetEventStructure with %s: %v", name, err)
		}
		if _, err := outsider.ListEvents(ctx, &competitionv1.ListEventsRequest{}); status.Code(err) != codes.Unauthenticated {
			t.Errorf("admin ListEvents with %s: %v", name, err)
		}
	}

	conn, err := grpcx.Dial(slog.Default(), lis.Addr().String(), "competition-svc", svcauth.NewCredentials(apitest.ServiceKey, "gateway"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	client := competitionv1.NewCompetitionServiceClient(conn)

	_, err = client.ListEvents(f.Ctx, &competitionv1.ListEventsRequest{})
	if status.Code(err) != codes.Unauthenticated {
		t.Errorf("ListEvents without token: %v", err)
	}
	e, err := client.CreateEvent(admin, &competitionv1.CreateEventRequest{Name: "Open", DateFrom: "2026-01-01", DateTo: "2026-01-01"})
	if err != nil {
		t.Fatal(err)
	}
	// The internal RPCs need no token, only a caller the service lists for them (public-svc).
	if _, err := client.GetEventStructure(f.Ctx, &competitionv1.EventStructureRequest{EventId: e.GetId()}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("internal GetEventStructure from the gateway: %v", err)
	}
	publicConn, err := grpcx.Dial(slog.Default(), lis.Addr().String(), "competition-svc", svcauth.NewCredentials(apitest.ServiceKey, "public"))
	if err != nil {
		t.Fatal(err)
	}
	defer publicConn.Close()
	asPublic := competitionv1.NewCompetitionServiceClient(publicConn)
	if _, err := asPublic.GetEventStructure(f.Ctx, &competitionv1.EventStructureRequest{EventId: e.GetId()}); err != nil {
		t.Errorf("internal GetEventStructure without token: %v", err)
	}
	if _, err := asPublic.ListVisibleEvents(f.Ctx, &competitionv1.ListVisibleEventsRequest{}); err != nil {
		t.Errorf("internal ListVisibleEvents without token: %v", err)
	}

	for _, tc := range []struct {
		name  string
		call  func() error
		code  codes.Code
		field string
		msg   string
	}{
		{"invalid", func() error {
			_, err := client.CreateEvent(admin, &competitionv1.CreateEventRequest{Name: "Open", DateFrom: "2026-01-02", DateTo: "2026-01-01"})
			return err
		}, codes.InvalidArgument, "dateTo", "End date must be after start date"},
		{"malformed id", func() error {
			_, err := client.GetTeam(admin, &competitionv1.TeamRequest{Id: "42"})
			return err
		}, codes.InvalidArgument, "id", "Team id must be a valid id"},
		{"not found", func() error {
			_, err := client.GetDivision(admin, &competitionv1.DivisionRequest{Id: apitest.Missing})
			return err
		}, codes.NotFound, "", "Division not found"},
		{"conflict", func() error {
			if _, err := client.PublishEvent(admin, &competitionv1.EventRequest{Id: e.GetId()}); err != nil {
				return err
			}
			_, err := client.DeleteEvent(admin, &competitionv1.EventRequest{Id: e.GetId()})
			return err
		}, codes.FailedPrecondition, "", setup.MsgEventNotDraft},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := status.Convert(tc.call())
			if st.Code() != tc.code || st.Message() != tc.msg || apperr.FieldOf(st) != tc.field {
				t.Errorf("got %s %q field %q, want %s %q field %q", st.Code(), st.Message(), apperr.FieldOf(st), tc.code, tc.msg, tc.field)
			}
		})
	}
}
