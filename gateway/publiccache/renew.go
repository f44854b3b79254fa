package publiccache

import (
	"context"
	"strconv"
	"time"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

// Renewing kept copies (docs/operations.md, "Caching"). An event's views are built from three
// sources, its structure, its heats and its public standings, and public-svc names them by a digest on
// every answer built from them alone (cache.Advice.Sources). When such a copy's second is up,
// the gateway does not fetch it again: it asks public-svc for the digest of the event's sources
// as they are now (GetViewSources, one call per event a second, whatever the number of its
// views), and while the digest is unchanged the copy is what a fetch would bring, so it is kept
// for another second. A judge's draft changes the event's versions but not what the public
// sees, so on a competition day the boards are rebuilt after a publication, not after every
// save.
//
// A change the public does not see (and any write through this gateway, which may be one it
// does see) therefore expires the event's renewable copies instead of dropping them: the next
// read checks the digest first, with a check that starts after the change. A public change
// drops them, as before (noteChange).

const (
	// publicMaxRenewed bounds how long a copy is renewed before it is fetched whole again, so
	// whatever an answer holds beside its sources (a CSV's file name carries the date) is at
	// most this old.
	publicMaxRenewed = time.Minute
	// sourcesTimeout bounds a check; without an answer the copy is fetched whole.
	sourcesTimeout = 2 * time.Second
)

var gatewayRenewed = telemetry.PublicCache.WithLabelValues("gateway", "renewed")

// SourcesReader asks public-svc for an event's sources digest (publicv1.PublicServiceClient).
type SourcesReader interface {
	GetViewSources(ctx context.Context, req *publicv1.ViewSourcesRequest) (string, error)
}

// publicSources reads digests over gRPC.
type publicSources struct{ client publicv1.PublicServiceClient }

// NewSources reads digests from public-svc.
func NewSources(client publicv1.PublicServiceClient) SourcesReader {
	return publicSources{client: client}
}

func (s publicSources) GetViewSources(ctx context.Context, req *publicv1.ViewSourcesRequest) (string, error) {
	res, err := s.client.GetViewSources(ctx, req)
	return res.GetDigest(), err
}

// sourcesCheck is what one check found: the digest of an event's sources, as of start (unix
// nanoseconds), and the event's latest change number read before it.
type sourcesCheck struct {
	digest     string
	start      int64
	floor      int64
	floorKnown bool
}

// renewable says whether the entry may be kept after its second by a check of its sources.
func (e *Entry) renewable(now int64) bool {
	return e.sources != "" && e.event != "" && e.event != cache.AllEvents &&
		now-e.fetched < int64(publicMaxRenewed)
}

// renewed is a copy of the entry kept until expires, holding the changes up to the check's floor.
func (e *Entry) renewed(expires int64, chk sourcesCheck) *Entry {
	ne := *e
	ne.elem = nil
	ne.expires = expires
	if chk.floorKnown && (!e.seqKnown || chk.floor > e.seq) {
		ne.setSeq(chk.floor)
	}
	return &ne
}

// expiredCopy is the kept copy of p whose second is up and which a check may renew.
func (c *Cache) expiredCopy(p publicRequest) *Entry {
	if c.sources == nil {
		return nil
	}
	key := p.key()
	now := time.Now().UnixNano()
	c.mu.RLock()
	e := c.entries[key]
	if e == nil {
		if a, ok := c.aliases[key]; ok && !a.private {
			e = c.entries[a.key]
		}
	}
	c.mu.RUnlock()
	if e == nil || now < e.expires || !e.renewable(now) {
		return nil
	}
	return e
}

// renew keeps e for another second when the event's sources still have its digest; nil when
// they do not, when they cannot be read, or when e was dropped or replaced meanwhile.
func (c *Cache) renew(ctx context.Context, e *Entry) *Entry {
	chk, ok := c.checkSources(ctx, e.event)
	if !ok || chk.digest != e.sources {
		return nil
	}
	ne := e.renewed(chk.start+int64(c.ttl), chk)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries[e.key] != e {
		return nil // dropped, expired by a change, or replaced since it was read
	}
	c.swap(e, ne)
	gatewayRenewed.Inc()
	return ne
}

// swap puts ne where e is kept (the same key and size); c.mu is held.
func (c *Cache) swap(e, ne *Entry) {
	ne.elem = e.elem
	ne.elem.Value = ne
	c.entries[e.key] = ne
}

// checkSources is the digest of the event's sources from a check that started less than a
// second ago and after the event's last change this gateway heard of: the last one, or a new
// one shared by every request that needs it.
func (c *Cache) checkSources(ctx context.Context, eventID string) (sourcesCheck, bool) {
	now := time.Now().UnixNano()
	c.mu.RLock()
	chk, found := c.checks[eventID]
	gen := c.gens[eventID]
	c.mu.RUnlock()
	if found && now < chk.start+int64(c.ttl) {
		return chk, true
	}
	wipes := c.wipes.Load()
	v, err, _ := c.flights.Do("sources\x00"+eventID+"\x00"+strconv.FormatUint(gen, 10)+"\x00"+strconv.FormatUint(wipes, 10), func() (any, error) {
		chk := sourcesCheck{start: time.Now().UnixNano()}
		chk.floor, chk.floorKnown = c.seqFloor(ctx, eventID)
		// Shared by every waiter: it must not end when the first client goes away.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sourcesTimeout)
		defer cancel()
		digest, err := c.sources.GetViewSources(cctx, &publicv1.ViewSourcesRequest{EventId: eventID})
		if err != nil || digest == "" {
			return nil, err
		}
		chk.digest = digest
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.gens[eventID] == gen && c.wipes.Load() == wipes {
			if _, ok := c.checks[eventID]; !ok && len(c.checks) >= publicMaxEntries {
				clear(c.checks)
			}
			c.checks[eventID] = chk
		}
		return chk, nil
	})
	if err != nil || v == nil {
		return sourcesCheck{}, false
	}
	return v.(sourcesCheck), true
}

// recheckEvent is invalidateEvent for a change that may leave the public views as they were:
// the event's renewable copies expire (the next read checks their sources with a check that
// starts now or later), the others go.
func (c *Cache) recheckEvent(eventID string) {
	if eventID == "" || eventID == cache.AllEvents || c.sources == nil {
		c.invalidateEvent(eventID)
		return
	}
	c.dropEvent(eventID, true)
}
