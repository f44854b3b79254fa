package grpcx_test

import (
	"context"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// upAuth is an auth service that signs everyone in.
type upAuth struct {
	authv1.UnimplementedAuthServiceServer
}

func (upAuth) Login(context.Context, *authv1.LoginRequest) (*authv1.LoginResponse, error) {
	return &authv1.LoginResponse{}, nil
}

// serveAuth serves upAuth at addr until the returned stop is called.
func serveAuth(t *testing.T, addr string) (stop func()) {
	t.Helper()
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	var serverLog logBuffer
	srv, _ := grpcx.NewServer(serverLog.log(), svcauth.NewVerifier(serviceKey), nil,
		authn.Policy{authv1.AuthService_Login_FullMethodName: authn.Internal})
	authv1.RegisterAuthServiceServer(srv, upAuth{})
	go srv.Serve(lis) //nolint:errcheck // ends with Stop
	return srv.Stop
}

// A service that was away for a few seconds (its caller's connection backing off meanwhile)
// answers the first call made after it is back (redial.go).
// serial: it frees a port and listens on it again; a parallel test binding port 0 may be handed it
func TestCallAfterServiceReturnsReachesIt(t *testing.T) {
	var clientLog logBuffer
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	lis.Close()

	stop := serveAuth(t, addr)
	conn, err := grpcx.Dial(clientLog.log(), addr, "auth-svc", svcauth.NewCredentials(serviceKey, svcauth.Gateway))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	auth := authv1.NewAuthServiceClient(conn)
	if _, err := auth.Login(context.Background(), &authv1.LoginRequest{Username: "ann", Password: "secret"}); err != nil {
		t.Fatalf("while the service is up: %v", err)
	}

	// Away for three seconds, called all along: the connection's backoff grows to its longest.
	stop()
	for away := time.Now().Add(3 * time.Second); time.Now().Before(away); time.Sleep(50 * time.Millisecond) {
		_, err := auth.Login(context.Background(), &authv1.LoginRequest{Username: "ann", Password: "secret"})
		if st, _ := apperr.ToStatus(err); st.Code() != codes.Unavailable {
			t.Fatalf("while the service is away: got %v, want Unavailable", err)
		}
	}

	stop = serveAuth(t, addr)
	defer stop()
	if _, err := auth.Login(context.Background(), &authv1.LoginRequest{Username: "ann", Password: "secret"}); err != nil {
		t.Errorf("the first call after the service is back: %v", err)
	}
}
