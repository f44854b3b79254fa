package publiccache

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/changes"
)

// Change numbers: fresh through any cache (docs/operations.md, "Caching"). Each public change
// of an event has a number (push: the live stream's message id). A page that hears of change N
// fetches the views it alters as `?change=N`: a URL no cache between it and the gateway has
// answered before N existed, so no edge can serve an older copy under it. The gateway answers
// such a request from the same memory entry as the plain URL (the view does not read the
// parameter, so neither the key nor public-svc's Redis key changes), but only when that entry
// holds change N: each entry carries the number of the event's latest change it is known to
// hold (its floor, read before it was fetched), and every answer says it in ChangeHeader, so
// a page that opens on an older copy knows to fetch again.
//
// A number above any the event has reached (a guess, a forged URL) is answered with what the
// gateway holds, marked no-store, so no cache keeps it under a URL a later change will name.

const (
	// changeParam is the query parameter that names a change number.
	changeParam = "change"
	// ChangeHeader is the response header with the entry's change number.
	ChangeHeader = "Podium-Change"
	// seqReadTimeout bounds the read of an event's change number from Redis.
	seqReadTimeout = 300 * time.Millisecond
)

// SeqReader reads an event's latest change number (changes.Channel).
type SeqReader interface {
	Seq(ctx context.Context, eventID string) (int64, error)
}

// changeOf reads the change number a raw query names (0: none or unreadable).
func changeOf(raw string) int64 {
	if !strings.Contains(raw, changeParam+"=") {
		return 0
	}
	q, _ := url.ParseQuery(raw)
	n, err := strconv.ParseInt(q.Get(changeParam), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// holds reports whether the entry holds change n of its event (n 0: no change asked for).
func (e *Entry) holds(n int64) bool {
	return n == 0 || e.seqKnown && e.seq >= n
}

// setSeq files the change number the entry holds.
func (e *Entry) setSeq(n int64) {
	e.seq, e.seqKnown = n, true
	e.hSeq = []string{strconv.FormatInt(n, 10)}
}

// noteChange is called for every public change, before the live streams are told of it: the
// event's copies go, and its number is filed, so a page told of the change and asking for it
// here is never answered from an older copy.
func (c *Cache) noteChange(ch changes.Change) {
	c.invalidateEvent(ch.EventID)
	c.raiseSeq(strings.ToLower(ch.EventID), ch.Seq)
}

// raiseSeq files n as the event's latest change number, unless a higher one is filed.
func (c *Cache) raiseSeq(eventID string, n int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.seqs[eventID]; !ok && len(c.seqs) >= publicMaxEntries {
		clear(c.seqs)
	}
	if cur, ok := c.seqs[eventID]; !ok || n > cur {
		c.seqs[eventID] = n
	}
}

// forgetSeq drops the event's filed change number when a write through this gateway changed
// the event. The write's change was numbered on Redis before it answered, but its message may
// not have reached this gateway yet: the next read of the number asks Redis, so a page
// reloaded right after a publication names the new change, not the one before it.
func (c *Cache) forgetSeq(eventID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.seqs, strings.ToLower(eventID))
}

// seqFloor is the event's latest change number as known before a fetch starts: every change up
// to it was committed before it was numbered, so the fetch's answer holds it. Read from Redis
// when this gateway has heard of no change of the event yet.
func (c *Cache) seqFloor(ctx context.Context, eventID string) (int64, bool) {
	if eventID == "" || eventID == cache.AllEvents {
		return 0, false
	}
	c.mu.RLock()
	n, ok := c.seqs[eventID]
	c.mu.RUnlock()
	if ok {
		return n, true
	}
	return c.readSeq(ctx, eventID)
}

// readSeq reads the event's latest change number from Redis and files it.
func (c *Cache) readSeq(ctx context.Context, eventID string) (int64, bool) {
	if c.seqSource == nil {
		return 0, false
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), seqReadTimeout)
	defer cancel()
	n, err := c.seqSource.Seq(ctx, eventID)
	if err != nil {
		return 0, false
	}
	c.raiseSeq(eventID, n)
	return n, true
}

// changeExists reports whether the event has reached change n.
func (c *Cache) changeExists(ctx context.Context, eventID string, n int64) bool {
	if eventID == "" || eventID == cache.AllEvents {
		return false
	}
	c.mu.RLock()
	known := c.seqs[eventID]
	c.mu.RUnlock()
	if n <= known {
		return true
	}
	got, ok := c.readSeq(ctx, eventID)
	return ok && n <= got
}

// pathEvent is the event a path's view belongs to, as public-svc advised on an earlier answer.
func (c *Cache) pathEvent(path string) string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.events[path]
}
