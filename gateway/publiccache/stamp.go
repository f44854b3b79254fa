package publiccache

import (
	"strconv"

	"github.com/podium-dev/podium/internal/platform/cache"
)

// A fetch's answer is kept only when no change it could hold came while it was on its way
// (docs/operations.md, "Caching"). A change drops the copies of its event alone, so a fetch of
// one event's view need not care about the others': on a competition day twenty events change
// many times a second between them, and a fetch that any change anywhere spoiled would rarely
// be kept once fetches take longer than the gap between two changes, so every read would
// fetch and encode again, and the slower that made the gateway the fewer fetches it kept.

// fetchStamp is what a fetch started after: the changes of the path's event as last advised
// (gen, with wipes counting the drops of everything), or, while the path's event is unknown or
// the view is every event's (the event list), every invalidation (epoch).
type fetchStamp struct {
	event             string
	gen, wipes, epoch uint64
}

// stamp is a fetch's stamp for path, taken before it starts.
func (c *Cache) stamp(path string) fetchStamp {
	c.mu.RLock()
	defer c.mu.RUnlock()
	s := fetchStamp{event: c.events[path], wipes: c.wipes.Load(), epoch: c.epoch.Load()}
	if s.event == cache.AllEvents {
		s.event = ""
	}
	if s.event != "" {
		s.gen = c.gens[s.event]
	}
	return s
}

// String names the stamp in a flight's key.
func (s fetchStamp) String() string {
	if s.event == "" {
		return strconv.FormatUint(s.epoch, 10)
	}
	return s.event + "." + strconv.FormatUint(s.gen, 10) + "." + strconv.FormatUint(s.wipes, 10)
}

// unchangedSince says whether an answer of event, fetched from stamp on, holds every change
// made to it since; c.mu is held.
func (c *Cache) unchangedSince(s fetchStamp, event string) bool {
	if s.event == "" || event != s.event {
		return c.epoch.Load() == s.epoch
	}
	return c.gens[event] == s.gen && c.wipes.Load() == s.wipes
}
