package authn

import (
	"context"
	"sync"
	"time"
)

// Global roles (docs/access.md).
const (
	RoleAdmin     = "admin"
	RoleOrganiser = "organiser"
	RoleScorer    = "scorer"
	// RoleAthlete is the public site's account: never the console, never an admin RPC.
	RoleAthlete = "athlete"
)

// Caller is the user behind a valid session.
type Caller struct {
	UserID    string
	Username  string
	Role      string
	SessionID string
}

// IsAdmin reports whether the caller holds the global admin role.
func (c Caller) IsAdmin() bool { return c.Role == RoleAdmin }

// IsAthlete reports whether the caller signed in with an athlete account.
func (c Caller) IsAthlete() bool { return c.Role == RoleAthlete }

// Sessions tells who holds a session. ok is false when the session ended or expired, or its
// user is disabled or gone; err is for when that cannot be known (auth-svc unreachable).
type Sessions interface {
	Resolve(ctx context.Context, sessionID string) (c Caller, ok bool, err error)
}

// SessionsFunc adapts a function to Sessions.
type SessionsFunc func(ctx context.Context, sessionID string) (Caller, bool, error)

// Resolve implements Sessions.
func (f SessionsFunc) Resolve(ctx context.Context, sessionID string) (Caller, bool, error) {
	return f(ctx, sessionID)
}

// WithSessions returns a copy of v that also resolves each token's session; without it no
// token is accepted.
func (v *Verifier) WithSessions(s Sessions) *Verifier {
	c := *v
	c.sessions = s
	return &c
}

// MaxSessionStaleness bounds how long a replica may keep answering for an ended session.
const MaxSessionStaleness = time.Second

// sessionCacheLimit bounds the cache's memory; past it the cache starts over.
const sessionCacheLimit = 50_000

// CachedSessions remembers answers of next for ttl (at most MaxSessionStaleness), so a burst
// of requests costs one lookup per session and second. A sign-out, a disabled user or a
// password change reaches it as a Revocation (Forget; auth-svc broadcasts them and waits until
// every process has applied them, docs/access.md, "Sessions"); the ttl is the fallback when one
// is lost. It remembers nothing until Following(true) says revocations are being received, and
// nothing while they are not, so a process that cannot hear revocations never answers from an
// old copy. Failed lookups are not remembered.
func CachedSessions(next Sessions, ttl time.Duration) *SessionCache {
	if ttl > MaxSessionStaleness {
		ttl = MaxSessionStaleness
	}
	return &SessionCache{next: next, ttl: ttl, entries: map[string]sessionEntry{}}
}

type sessionEntry struct {
	caller  Caller
	ok      bool
	expires time.Time
}

// SessionCache is CachedSessions' cache.
type SessionCache struct {
	next Sessions
	ttl  time.Duration
	mu   sync.Mutex
	// forgotten counts revocations: an answer asked for before one is not kept, since it may
	// be the revoked session's.
	forgotten uint64
	entries   map[string]sessionEntry
	// following is whether revocations are being received (Following).
	following bool
}

// Resolve implements Sessions.
func (c *SessionCache) Resolve(ctx context.Context, sessionID string) (Caller, bool, error) {
	now := time.Now()
	c.mu.Lock()
	e, hit := c.entries[sessionID]
	asked := c.forgotten
	c.mu.Unlock()
	if hit && now.Before(e.expires) {
		return e.caller, e.ok, nil
	}
	caller, ok, err := c.next.Resolve(ctx, sessionID)
	if err != nil {
		return Caller{}, false, err
	}
	c.mu.Lock()
	if len(c.entries) >= sessionCacheLimit {
		clear(c.entries)
	}
	if c.following && c.forgotten == asked {
		c.entries[sessionID] = sessionEntry{caller: caller, ok: ok, expires: now.Add(c.ttl)}
	}
	c.mu.Unlock()
	return caller, ok, nil
}

// Forget drops what r revoked, so the next request of that session asks auth-svc again.
func (c *SessionCache) Forget(r Revocation) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.forgotten++
	for id, e := range c.entries {
		if id == r.SessionID || (r.UserID != "" && e.caller.UserID == r.UserID) {
			delete(c.entries, id)
		}
	}
}

// Following tells whether revocations are being received from now on (the channel is
// subscribed) or no longer (it is away). Either way every answer is dropped: revocations may
// have been missed in between.
func (c *SessionCache) Following(live bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.following = live
	c.forgotten++
	clear(c.entries)
}
