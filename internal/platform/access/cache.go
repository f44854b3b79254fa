package access

import (
	"context"
	"sync"
	"time"
)

// MaxGrantStaleness bounds how long a service may act on a grant that was removed.
const MaxGrantStaleness = time.Second

const grantCacheLimit = 50_000

// Cached remembers next's answers per user and id for at most MaxGrantStaleness, for
// services that read grants from competition-svc over gRPC.
func Cached(next Grants) Grants {
	return &grantCache{next: next, entries: map[grantKey]grantEntry{}}
}

type grantKey struct {
	user, id string
	kind     Kind
}

type grantEntry struct {
	event, role string
	expires     time.Time
}

type grantCache struct {
	next    Grants
	mu      sync.Mutex
	entries map[grantKey]grantEntry
}

func (c *grantCache) Roles(ctx context.Context, userID string, kind Kind, ids []string) (map[string]string, error) {
	out := map[string]string{}
	now := time.Now()
	for _, id := range ids {
		key := grantKey{user: userID, id: id, kind: kind}
		c.mu.Lock()
		e, hit := c.entries[key]
		c.mu.Unlock()
		if !hit || !now.Before(e.expires) {
			roles, err := c.next.Roles(ctx, userID, kind, []string{id})
			if err != nil {
				return nil, err
			}
			e = grantEntry{expires: now.Add(MaxGrantStaleness)}
			for event, role := range roles {
				e.event, e.role = event, role
			}
			c.mu.Lock()
			if len(c.entries) >= grantCacheLimit {
				clear(c.entries)
			}
			c.entries[key] = e
			c.mu.Unlock()
		}
		if e.event != "" {
			out[e.event] = e.role
		}
	}
	return out, nil
}
