package gateway

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/gateway/streamhub"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/changes"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// A series' live stream (docs/series.md, "Public views"): GET /api/public/series/{seriesId}/stream
// sends `changed` each time a public view of any event of the series changes, so a series page
// needs one stream, not one per event. Its streams live in the events' hub under the key
// "series:<id>" (same cap per gateway and per address, same heartbeat), fed by the gateway's one
// receive loop: a change of an event reaches the streams of the series holding it.
const (
	seriesStreamPath = "GET /api/public/series/{seriesId}/stream"
	seriesKeyPrefix  = "series:"
	// seriesMembersTTL is how long the events of a series are kept before being asked again
	// (an event added to the series is followed from then); one series answer per series and
	// period, whatever the number of readers or changes.
	seriesMembersTTL = 30 * time.Second
)

// seriesFeeds knows which events each followed series holds and numbers its changes.
type seriesFeeds struct {
	client publicv1.PublicServiceClient

	mu      sync.Mutex
	members map[string]seriesMembers // by series id
	last    map[string]int64         // the last number handed out per series
}

type seriesMembers struct {
	events   map[string]struct{}
	until    time.Time
	updating bool
}

func newSeriesFeeds(client publicv1.PublicServiceClient) *seriesFeeds {
	return &seriesFeeds{client: client, members: map[string]seriesMembers{}, last: map[string]int64{}}
}

// any reports whether a series stream was ever opened on this gateway.
func (f *seriesFeeds) any() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.members) > 0
}

func isSeriesKey(key string) bool { return strings.HasPrefix(key, seriesKeyPrefix) }

// next numbers a change of the series: the gateway's clock in microseconds, kept increasing, so
// that a stream reopened on another gateway (whose numbers it never heard) is caught up by
// Last-Event-ID as a change of the whole series.
func (f *seriesFeeds) next(seriesID string) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := max(f.last[seriesID]+1, time.Now().UnixMicro())
	f.last[seriesID] = n
	return n
}

// known makes sure the series' events are known (asked once per seriesMembersTTL, not once per
// stream opened); NotFound means the series has no public page.
func (f *seriesFeeds) known(ctx context.Context, seriesID string) error {
	f.mu.Lock()
	m, ok := f.members[seriesID]
	f.mu.Unlock()
	if ok && time.Now().Before(m.until) {
		return nil
	}
	return f.load(ctx, seriesID)
}

// load asks public-svc for the series' events; NotFound means it has no public page.
func (f *seriesFeeds) load(ctx context.Context, seriesID string) error {
	s, err := f.client.GetPublicSeries(ctx, &publicv1.PublicSeriesRequest{Id: seriesID})
	if err != nil {
		f.mu.Lock()
		if m, ok := f.members[seriesID]; ok {
			m.updating = false
			f.members[seriesID] = m
		}
		f.mu.Unlock()
		return err
	}
	events := make(map[string]struct{}, len(s.GetEvents()))
	for _, e := range s.GetEvents() {
		events[e.GetId()] = struct{}{}
	}
	f.mu.Lock()
	f.members[seriesID] = seriesMembers{events: events, until: time.Now().Add(seriesMembersTTL)}
	f.mu.Unlock()
	return nil
}

// holding returns the followed series (of open) that hold the event, and starts asking again
// for the events of those whose answer is stale.
func (f *seriesFeeds) holding(eventID string, open []string) []string {
	var out, stale []string
	now := time.Now()
	f.mu.Lock()
	for _, id := range open {
		m := f.members[id]
		if _, ok := m.events[eventID]; ok {
			out = append(out, id)
		}
		if now.After(m.until) && !m.updating {
			m.updating = true
			f.members[id] = m
			stale = append(stale, id)
		}
	}
	f.mu.Unlock()
	for _, id := range stale {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), eventCheckTimeout)
			defer cancel()
			f.load(ctx, id) //nolint:errcheck // kept as it was; the next change asks again
		}()
	}
	return out
}

// followedSeries returns the series with open streams in the hub.
func followedSeries(keys []string) []string {
	var out []string
	for _, k := range keys {
		if isSeriesKey(k) {
			out = append(out, strings.TrimPrefix(k, seriesKeyPrefix))
		}
	}
	return out
}

// deliverToSeries passes an event's change on to the streams of the series holding it; all:
// every followed series (the subscription had a gap, so changes may have been missed).
func (s *streams) deliverToSeries(c changes.Change, all bool) {
	if !s.series.any() {
		return // no series stream ever opened here: nothing to list per change
	}
	open := followedSeries(s.hub.Events())
	if len(open) == 0 {
		return
	}
	if !all {
		open = s.series.holding(c.EventID, open)
	}
	for _, id := range open {
		s.hub.Deliver(changes.Change{EventID: seriesKeyPrefix + id, Seq: s.series.next(id)})
	}
}

// serveSeries opens a series' stream: 404 for a series without a public page, else as an
// event's stream.
func (s *streams) serveSeries(w http.ResponseWriter, r *http.Request) {
	seriesID := r.PathValue("seriesId")
	if !ids.IsUUID(seriesID) {
		writeError(w, http.StatusBadRequest, errorBody{Code: codes.InvalidArgument, Message: "Series id must be a UUID", Field: "seriesId"})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), eventCheckTimeout)
	err := s.series.known(ctx, seriesID)
	cancel()
	switch {
	case status.Code(err) == codes.NotFound:
		writeError(w, http.StatusNotFound, errorBody{Code: codes.NotFound, Message: "Series not found"})
		return
	case err != nil:
		s.log.WarnContext(r.Context(), "live stream: could not read the series", "series", seriesID, "err", err)
		w.Header().Set("Retry-After", streamFullRetryAfter)
		writeError(w, http.StatusServiceUnavailable, errorBody{Code: codes.Unavailable, Message: "Live updates are unavailable right now. Please try again shortly."})
		return
	}
	key := seriesKeyPrefix + seriesID
	conn, ok := s.admit(w, r, key)
	if !ok {
		return
	}
	// Its opening is numbered now: a browser reconnecting with an older number refetches.
	since, haveLast := lastEventID(r)
	if err := s.hub.Add(key, conn, s.series.next(seriesID), true, since, haveLast); err != nil && !errors.Is(err, streamhub.ErrGone) {
		s.log.WarnContext(r.Context(), "live stream not opened", "series", seriesID, "err", err)
	}
}
