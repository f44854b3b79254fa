package svcauth

import (
	"context"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

var testKey = Key("svcauth-tests-service-key-0123456789abcdef")

func credential(t *testing.T, key Key, caller string, now time.Time) string {
	t.Helper()
	c := NewCredentials(key, caller)
	c.now = func() time.Time { return now }
	md, err := c.GetRequestMetadata(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return md[Header]
}

// sign makes a credential with the test key and any claims.
func sign(t *testing.T, claims jwt.RegisteredClaims) string {
	t.Helper()
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(testKey))
	if err != nil {
		t.Fatal(err)
	}
	return token
}

func TestCredentialsAndTheirRefusals(t *testing.T) {
	t.Parallel()
	v := NewVerifier(testKey)
	now := time.Now()
	if caller, err := v.Verify(credential(t, testKey, "results", now)); err != nil || caller != "results" {
		t.Fatalf("good credential: %q %v", caller, err)
	}
	keys, _ := authn.GenerateKeys()
	userToken, _, _ := authn.NewIssuer(keys.Private, "podium", "podium-admin", time.Hour).Issue("admin", now)
	for name, token := range map[string]string{
		"empty":       "",
		"garbage":     "a.b.c",
		"user token":  userToken,
		"expired":     credential(t, testKey, "gateway", now.Add(-time.Hour)),
		"another key": credential(t, Key("another-deployment-service-key-0123456789"), "gateway", now),
		"no issue time": sign(t, jwt.RegisteredClaims{Subject: "gateway", Issuer: issuer, Audience: jwt.ClaimStrings{audience},
			ExpiresAt: jwt.NewNumericDate(now.Add(time.Minute))}),
		"long-lived": sign(t, jwt.RegisteredClaims{Subject: "gateway", Issuer: issuer, Audience: jwt.ClaimStrings{audience},
			IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(24 * time.Hour))}),
	} {
		if _, err := v.Verify(token); err == nil {
			t.Errorf("%s accepted as a service credential", name)
		}
	}
	// And the other way round: a service credential is no user token.
	userVerifier := authn.NewVerifier(keys.Public, "podium", "podium-admin")
	if _, err := userVerifier.Verify(credential(t, testKey, "gateway", now)); err == nil {
		t.Error("service credential accepted as a user token")
	}
}

func TestCredentialsAreRenewedBeforeTheyRunOut(t *testing.T) {
	t.Parallel()
	c := NewCredentials(testKey, "gateway")
	now := time.Now()
	c.now = func() time.Time { return now }
	first, _ := c.current()
	if again, _ := c.current(); again != first {
		t.Fatal("a fresh credential should be reused")
	}
	now = now.Add(lifetime - renewal + time.Second)
	renewed, _ := c.current()
	if renewed == first {
		t.Fatal("a credential close to its end must be renewed")
	}
}

func TestInterceptorNeedsACredentialExceptForOpenMethods(t *testing.T) {
	t.Parallel()
	intercept := UnaryServerInterceptor(NewVerifier(testKey), "/health")
	call := func(method string, md metadata.MD) (string, error) {
		ctx := metadata.NewIncomingContext(context.Background(), md)
		var caller string
		_, err := intercept(ctx, nil, &grpc.UnaryServerInfo{FullMethod: method}, func(ctx context.Context, _ any) (any, error) {
			caller, _ = CallerFrom(ctx)
			return nil, nil
		})
		return caller, err
	}
	good := credential(t, testKey, "gateway", time.Now())
	if _, err := call("/svc/Purge", nil); !apperr.IsKind(err, apperr.KindUnauthenticated) {
		t.Fatalf("no credential: %v", err)
	}
	if _, err := call("/svc/Purge", metadata.Pairs(Header, good, Header, good)); !apperr.IsKind(err, apperr.KindUnauthenticated) {
		t.Fatalf("two credentials: %v", err)
	}
	if caller, err := call("/svc/Purge", metadata.Pairs(Header, good)); err != nil || caller != "gateway" {
		t.Fatalf("good credential: %q %v", caller, err)
	}
	if _, err := call("/health", nil); err != nil {
		t.Fatalf("open method: %v", err)
	}
}

func TestClientAddressOnlyFromTheGateway(t *testing.T) {
	t.Parallel()
	md := metadata.Pairs(ClientAddrHeader, "203.0.113.9")
	ctx := metadata.NewIncomingContext(context.Background(), md)
	if got := ClientAddress(withCaller(ctx, Gateway)); got != "203.0.113.9" {
		t.Fatalf("from the gateway: %q", got)
	}
	for name, ctx := range map[string]context.Context{
		"another service": withCaller(ctx, "competition"),
		"no caller":       ctx,
		"not an address":  withCaller(metadata.NewIncomingContext(context.Background(), metadata.Pairs(ClientAddrHeader, "evil")), Gateway),
		"two addresses":   withCaller(metadata.NewIncomingContext(context.Background(), metadata.Pairs(ClientAddrHeader, "192.0.2.1", ClientAddrHeader, "192.0.2.2")), Gateway),
	} {
		if got := ClientAddress(ctx); got != "" {
			t.Errorf("%s: client address %q believed", name, got)
		}
	}
}

// A valid credential gets in only where the service lists its caller; an RPC it does not list
// is the gateway's alone.
func TestInterceptorAdmitsOnlyTheListedCallers(t *testing.T) {
	t.Parallel()
	v := NewVerifier(testKey).Accepting(Callers{"/svc/Standings": {"public", "competition"}})
	intercept := UnaryServerInterceptor(v)
	call := func(method, caller string) error {
		ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs(Header, credential(t, testKey, caller, time.Now())))
		_, err := intercept(ctx, nil, &grpc.UnaryServerInfo{FullMethod: method}, func(context.Context, any) (any, error) { return nil, nil })
		return err
	}
	for _, c := range []struct {
		method, caller string
		ok             bool
	}{
		{"/svc/Standings", "public", true},
		{"/svc/Standings", "competition", true},
		{"/svc/Standings", "gateway", false},
		{"/svc/Standings", "evil", false},
		{"/svc/ListEvents", "gateway", true},
		{"/svc/ListEvents", "public", false},
		{"/svc/ListEvents", "evil", false},
	} {
		if err := call(c.method, c.caller); (err == nil) != c.ok {
			t.Errorf("%s as %s: %v, want admitted %v", c.method, c.caller, err, c.ok)
		}
	}
}
