package grpcx_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"syscall"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/grpcx"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// An Unavailable answer (unavailable.go): the client passes on the service's own message and
// words the transport's, never naming an address or an operation; the logs name the call and
// what failed.

var serviceKey = svcauth.Key("grpcx-tests-service-key-0123456789abcdef")

// logBuffer is a log that tests read; the server writes it from its own goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func (b *logBuffer) log() *slog.Logger { return slog.New(slog.NewTextHandler(b, nil)) }

// downAuth is an auth service whose database cannot be reached.
type downAuth struct {
	authv1.UnimplementedAuthServiceServer
}

func (downAuth) Login(context.Context, *authv1.LoginRequest) (*authv1.LoginResponse, error) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 1, 2, 3), Port: 5432}, Err: syscall.ECONNREFUSED}
	return nil, fmt.Errorf("authsvc.Login(): store.UserByName(): %w", refused)
}

func login(t *testing.T, clientLog *slog.Logger, addr string) error {
	t.Helper()
	conn, err := grpcx.Dial(clientLog, addr, "auth-svc", svcauth.NewCredentials(serviceKey, svcauth.Gateway))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, err = authv1.NewAuthServiceClient(conn).Login(context.Background(), &authv1.LoginRequest{Username: "ann", Password: "secret"})
	return err
}

func TestUnavailableServiceMessagePassesAndIsLogged(t *testing.T) {
	t.Parallel()
	var serverLog, clientLog logBuffer
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := grpcx.NewServer(serverLog.log(), svcauth.NewVerifier(serviceKey), nil,
		authn.Policy{authv1.AuthService_Login_FullMethodName: authn.Internal})
	authv1.RegisterAuthServiceServer(srv, downAuth{})
	go srv.Serve(lis) //nolint:errcheck // ends with Stop
	t.Cleanup(srv.Stop)

	err = login(t, clientLog.log(), lis.Addr().String())
	st := status.Convert(err)
	if st.Code() != codes.Unavailable || st.Message() != apperr.DatabaseUnavailableMessage {
		t.Errorf("the caller got %v %q, want the service's own %q", st.Code(), st.Message(), apperr.DatabaseUnavailableMessage)
	}
	for _, log := range []struct {
		name, text string
		want       []string
	}{
		{"client", clientLog.String(), []string{"service=auth-svc", "method=" + authv1.AuthService_Login_FullMethodName, apperr.DatabaseUnavailableMessage}},
		{"server", serverLog.String(), []string{"method=" + authv1.AuthService_Login_FullMethodName, "store.UserByName()", "10.1.2.3:5432"}},
	} {
		for _, w := range log.want {
			if !strings.Contains(log.text, w) {
				t.Errorf("the %s's log lacks %q:\n%s", log.name, w, log.text)
			}
		}
	}
}

// serial: the port it closed must stay free until it dials it, and a parallel test binding port 0 may be handed it
func TestUnreachableServiceIsWordedAndLogged(t *testing.T) {
	var clientLog logBuffer
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	lis.Close() // nothing listens there now

	// An apperr (the caller's own error), which its server answers as this status.
	st, _ := apperr.ToStatus(login(t, clientLog.log(), addr))
	want := "The auth-svc service is unavailable right now. Please try again shortly."
	if st.Code() != codes.Unavailable || st.Message() != want {
		t.Errorf("the caller got %v %q, want %q", st.Code(), st.Message(), want)
	}
	if strings.Contains(st.Message(), "127.0.0.1") {
		t.Errorf("the caller's message names the address: %q", st.Message())
	}
	// The log has the transport's own words, the address among them.
	for _, w := range []string{"service=auth-svc", "method=" + authv1.AuthService_Login_FullMethodName, "answered=false", addr} {
		if !strings.Contains(clientLog.String(), w) {
			t.Errorf("the client's log lacks %q:\n%s", w, clientLog.String())
		}
	}
}
