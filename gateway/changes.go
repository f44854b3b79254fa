package gateway

import (
	"context"

	"github.com/podium-dev/podium/gateway/publiccache"
	"github.com/podium-dev/podium/internal/platform/changes"
)

// followChanges is the gateway's one receive loop of the deployment's change channel
// (internal/platform/changes): a public change drops the public cache's copies of its event,
// files its number and reaches the event's live streams (streams.deliver, which tells the
// cache first); any other change expires them, so the next read checks that the event's
// sources are still those they were built from (gateway/publiccache). A gap in the subscription may have lost changes: the cache
// drops every copy and the streams catch up from the events' numbers. live may be nil (no
// streams).
func followChanges(ctx context.Context, ch *changes.Channel, cache *publiccache.Cache, live *streams) {
	onGap := func() {
		cache.DropAll()
		if live != nil {
			live.catchUp(ctx)
		}
	}
	go ch.Follow(ctx, receiveChange(cache, live), onGap)
}

// receiveChange is what the receive loop does with one change.
func receiveChange(cache *publiccache.Cache, live *streams) func(changes.Change) {
	return func(c changes.Change) {
		switch {
		case !c.Public:
			cache.RecheckEvent(c.EventID)
		case live != nil:
			live.deliver(c)
		default:
			cache.DropEvent(c.EventID)
		}
	}
}
