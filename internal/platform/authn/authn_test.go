package authn

import (
	"context"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

func TestTokenRoundTripAndRefusals(t *testing.T) {
	t.Parallel()
	keys, _ := GenerateKeys()
	other, _ := GenerateKeys()
	now := time.Now()
	good, _, _ := NewIssuer(keys.Private, "podium", "podium-admin", time.Hour).Issue("alice", now)
	expired, _, _ := NewIssuer(keys.Private, "podium", "podium-admin", time.Minute).Issue("alice", now.Add(-time.Hour))
	foreign, _, _ := NewIssuer(other.Private, "podium", "podium-admin", time.Hour).Issue("alice", now)
	wrongAudience, _, _ := NewIssuer(keys.Private, "podium", "elsewhere", time.Hour).Issue("alice", now)

	v := NewVerifier(keys.Public, "podium", "podium-admin")
	if c, err := v.Verify(good); err != nil || c.SessionID != "alice" {
		t.Fatalf("good token refused: %v", err)
	}
	for name, tok := range map[string]string{"expired": expired, "foreign key": foreign, "wrong audience": wrongAudience, "garbage": "a.b.c"} {
		if _, err := v.Verify(tok); err == nil {
			t.Errorf("%s token accepted", name)
		}
	}
}

func TestKeysSurvivePEM(t *testing.T) {
	t.Parallel()
	keys, _ := GenerateKeys()
	privPEM, pubPEM, err := keys.EncodePEM()
	if err != nil {
		t.Fatal(err)
	}
	priv, err := ParsePrivateKey(privPEM)
	if err != nil || !priv.Equal(keys.Private) {
		t.Fatalf("private key: %v", err)
	}
	pub, err := ParsePublicKey(pubPEM)
	if err != nil || !pub.Equal(keys.Public) {
		t.Fatalf("public key: %v", err)
	}
}

func TestInterceptorPolicy(t *testing.T) {
	t.Parallel()
	keys, _ := GenerateKeys()
	token, _, _ := NewIssuer(keys.Private, "i", "a", time.Hour).Issue("bob", time.Now())
	sessions := SessionsFunc(func(_ context.Context, id string) (Caller, bool, error) {
		return Caller{UserID: "u-" + id, Role: RoleAdmin}, id == "bob", nil
	})
	intercept := UnaryServerInterceptor(NewVerifier(keys.Public, "i", "a").WithSessions(sessions), Policy{"/p": Public, "/i": Internal})
	call := func(method, auth string) (bool, error) {
		ctx := context.Background()
		if auth != "" {
			ctx = metadata.NewIncomingContext(ctx, metadata.Pairs("authorization", auth))
		}
		var admin bool
		_, err := intercept(ctx, nil, &grpc.UnaryServerInfo{FullMethod: method}, func(ctx context.Context, _ any) (any, error) {
			admin = IsAdmin(ctx)
			return nil, nil
		})
		return admin, err
	}
	if _, err := call("/unclassified", ""); !apperr.IsKind(err, apperr.KindUnauthenticated) {
		t.Fatalf("unclassified RPC without token: %v", err)
	}
	if _, err := call("/unclassified", "Bearer nonsense"); !apperr.IsKind(err, apperr.KindUnauthenticated) {
		t.Fatalf("unclassified RPC with bad token: %v", err)
	}
	if admin, err := call("/unclassified", "Bearer "+token); err != nil || !admin {
		t.Fatalf("admin RPC with token: admin=%v err=%v", admin, err)
	}
	if admin, err := call("/p", "Bearer nonsense"); err != nil || admin {
		t.Fatalf("public RPC with bad token: admin=%v err=%v", admin, err)
	}
	if admin, err := call("/p", "bearer "+token); err != nil || !admin {
		t.Fatalf("public RPC with token: admin=%v err=%v", admin, err)
	}
	ended, _, _ := NewIssuer(keys.Private, "i", "a", time.Hour).Issue("carol", time.Now())
	if _, err := call("/unclassified", "Bearer "+ended); !apperr.IsKind(err, apperr.KindUnauthenticated) {
		t.Fatalf("admin RPC with an ended session: %v", err)
	}
	if admin, err := call("/p", "Bearer "+ended); err != nil || admin {
		t.Fatalf("public RPC with an ended session: admin=%v err=%v", admin, err)
	}
	if _, err := call("/i", ""); err != nil {
		t.Fatalf("internal RPC: %v", err)
	}
}

// TestAthletesNeverReachStaffRPCs: an athlete's valid session opens athlete and signed-in
// RPCs only; a staff session opens everything but athlete RPCs.
func TestAthletesNeverReachStaffRPCs(t *testing.T) {
	t.Parallel()
	keys, _ := GenerateKeys()
	issue := func(session string) string {
		token, _, _ := NewIssuer(keys.Private, "i", "a", time.Hour).Issue(session, time.Now())
		return "Bearer " + token
	}
	roles := map[string]string{"s-athlete": RoleAthlete, "s-admin": RoleAdmin, "s-scorer": RoleScorer}
	sessions := SessionsFunc(func(_ context.Context, id string) (Caller, bool, error) {
		return Caller{UserID: "u-" + id, Role: roles[id]}, roles[id] != "", nil
	})
	intercept := UnaryServerInterceptor(NewVerifier(keys.Public, "i", "a").WithSessions(sessions),
		Policy{"/public": Public, "/athlete": Athlete, "/signed-in": SignedIn})
	const allowed = apperr.KindInternal
	call := func(method, session string) error {
		ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs("authorization", issue(session)))
		_, err := intercept(ctx, nil, &grpc.UnaryServerInfo{FullMethod: method}, func(context.Context, any) (any, error) { return nil, nil })
		return err
	}
	for _, c := range []struct {
		method, session string
		want            apperr.Kind // KindInternal (the zero value) for allowed
	}{
		{"/admin-rpc", "s-athlete", apperr.KindPermissionDenied},
		{"/admin-rpc", "s-admin", allowed},
		{"/admin-rpc", "s-scorer", allowed},
		{"/athlete", "s-athlete", allowed},
		{"/athlete", "s-admin", apperr.KindPermissionDenied},
		{"/athlete", "s-scorer", apperr.KindPermissionDenied},
		{"/signed-in", "s-athlete", allowed},
		{"/signed-in", "s-scorer", allowed},
		{"/signed-in", "s-gone", apperr.KindUnauthenticated},
		{"/athlete", "s-gone", apperr.KindUnauthenticated},
		{"/public", "s-athlete", allowed},
	} {
		err := call(c.method, c.session)
		if c.want == allowed && err != nil || c.want != allowed && !apperr.IsKind(err, c.want) {
			t.Errorf("%s as %s: %v, want kind %d", c.method, c.session, err, c.want)
		}
	}
}

// A revocation drops the session's answer (or every answer of the user) at once, and an
// answer asked for before the revocation arrived is not kept: it may be the revoked one's.
func TestSessionCacheForgetsRevokedSessionsAtOnce(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex // auth-svc's truth, changed by the test while a lookup runs
	live := map[string]bool{"s1": true, "s2": true, "s3": true, "s4": true}
	users := map[string]string{"s1": "u1", "s2": "u1", "s3": "u2", "s4": "u3"}
	set := func(id string, ok bool) { mu.Lock(); live[id] = ok; mu.Unlock() }
	var asked, read chan struct{} // when set, a lookup reads, says so, and waits to answer
	c := CachedSessions(SessionsFunc(func(_ context.Context, id string) (Caller, bool, error) {
		mu.Lock()
		ok, wait, told := live[id], asked, read
		mu.Unlock()
		if wait != nil {
			close(told)
			<-wait
		}
		return Caller{UserID: users[id], SessionID: id}, ok, nil
	}), time.Hour)
	c.Following(true)
	ctx := context.Background()
	resolve := func(id string) bool {
		_, ok, err := c.Resolve(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	for _, id := range []string{"s1", "s2", "s3"} {
		resolve(id) // cached for an hour
	}
	set("s1", false)
	c.Forget(Revocation{SessionID: "s1"})
	if resolve("s1") {
		t.Error("a signed-out session still answers")
	}
	set("s2", false)
	set("s3", false)
	c.Forget(Revocation{UserID: "u1"})
	if resolve("s2") {
		t.Error("a disabled user's session still answers")
	}
	if !resolve("s3") {
		t.Error("another user's cached session was dropped")
	}

	mu.Lock()
	asked, read = make(chan struct{}), make(chan struct{})
	wait, told := asked, read
	mu.Unlock()
	done := make(chan bool)
	go func() { done <- resolve("s4") }()
	<-told // the lookup has read "live"
	set("s4", false)
	c.Forget(Revocation{UserID: "u3"}) // lands while s4 is being looked up
	mu.Lock()
	asked = nil
	mu.Unlock()
	close(wait)
	<-done
	if resolve("s4") {
		t.Error("an answer asked for before the revocation was kept")
	}
}

// Answers are remembered only while revocations are being received.
func TestSessionCacheRemembersOnlyWhileFollowing(t *testing.T) {
	t.Parallel()
	var lookups int
	c := CachedSessions(SessionsFunc(func(context.Context, string) (Caller, bool, error) {
		lookups++
		return Caller{SessionID: "s"}, true, nil
	}), time.Hour)
	resolveTwice := func() int {
		before := lookups
		for range 2 {
			if _, _, err := c.Resolve(context.Background(), "s"); err != nil {
				t.Fatal(err)
			}
		}
		return lookups - before
	}
	if n := resolveTwice(); n != 2 {
		t.Errorf("before following: %d lookups for 2 requests, want 2", n)
	}
	c.Following(true)
	if n := resolveTwice(); n != 1 {
		t.Errorf("while following: %d lookups for 2 requests, want 1", n)
	}
	c.Following(false)
	if n := resolveTwice(); n != 2 {
		t.Errorf("after the channel went away: %d lookups for 2 requests, want 2", n)
	}
}

func TestRevocationRoundTrip(t *testing.T) {
	t.Parallel()
	for _, r := range []Revocation{{SessionID: "abc"}, {UserID: "u-1"}} {
		if got, ok := ParseRevocation(r.String()); !ok || got != r {
			t.Errorf("%v: %v %v", r, got, ok)
		}
	}
	for _, bad := range []string{"", "session:", "nope:1", "x"} {
		if _, ok := ParseRevocation(bad); ok {
			t.Errorf("%q parsed", bad)
		}
	}
}
