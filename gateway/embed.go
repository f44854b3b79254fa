package gateway

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

// Embedded boards (docs/venue.md, "Embedding"): the embed pages of /embed/events/{eventId}/ may be
// framed by the origins the event's organiser listed (competition-svc's GetPublicVenue, which
// validated each as https://host[:port]); every other page, and an embed page of an event that
// lists none, is unknown, is not visible or whose list cannot be read in time, keeps
// frame-ancestors 'none' and X-Frame-Options: DENY (security.go). When origins are listed the
// page goes without X-Frame-Options: it cannot name several origins, and a DENY beside the
// list would contradict it (browsers that know frame-ancestors ignore it anyway).

const embedPrefix = "/embed/events/"

// embedTimeout bounds what reading the list may add to the page's first byte.
const embedTimeout = 300 * time.Millisecond

// embedTTL is how long an event's list is kept: a change reaches framing pages this late.
const embedTTL = 5 * time.Second

// embedMaxKept bounds the kept lists; when full they are all dropped.
const embedMaxKept = 10_000

type keptOrigins struct {
	policy string // the whole Content-Security-Policy for the event's embed pages; "" for none
	at     time.Time
}

// embedFrames decides the framing headers of embed pages.
type embedFrames struct {
	client competitionv1.CompetitionServiceClient
	now    func() time.Time
	mu     sync.Mutex
	kept   map[string]keptOrigins
}

func newEmbedFrames(client competitionv1.CompetitionServiceClient) *embedFrames {
	return &embedFrames{client: client, now: time.Now, kept: map[string]keptOrigins{}}
}

// embedRoutes are the embed pages after /embed/events/{eventId}/, "*" standing for one id
// (web/src/app/routes.tsx): only these may be framed. Any other path under /embed/ is no page
// (static.go answers 404) and keeps the site's headers, so a foreign frame never shows the
// site's other pages.
var embedRoutes = [][]string{
	{"leaderboard"},
	{"schedule"},
	{"divisions", "*", "leaderboard"},
	{"divisions", "*", "workouts", "*", "leaderboard"},
}

// embedEvent reads the event id of an embed page's path, exactly as sent (no dot segments, no
// doubled or trailing slash); false for any other path.
func embedEvent(path string) (string, bool) {
	rest, ok := strings.CutPrefix(path, embedPrefix)
	if !ok {
		return "", false
	}
	id, page, _ := strings.Cut(rest, "/")
	if id == "" || id == "." || id == ".." {
		return "", false
	}
	segments := strings.Split(page, "/")
	for _, route := range embedRoutes {
		if matchesRoute(segments, route) {
			return id, true
		}
	}
	return "", false
}

func matchesRoute(segments, route []string) bool {
	if len(segments) != len(route) {
		return false
	}
	for i, r := range route {
		s := segments[i]
		if r == "*" && (s == "" || s == "." || s == "..") || r != "*" && s != r {
			return false
		}
	}
	return true
}

// framingPolicy is the site's policy with frame-ancestors naming origins.
func framingPolicy(origins []string) string {
	return strings.Replace(contentSecurityPolicy, "frame-ancestors 'none'", "frame-ancestors "+strings.Join(origins, " "), 1)
}

// policy returns the Content-Security-Policy of an event's embed pages, "" to keep the site's.
func (e *embedFrames) policy(ctx context.Context, eventID string) string {
	now := e.now()
	e.mu.Lock()
	k, found := e.kept[eventID]
	e.mu.Unlock()
	if found && now.Sub(k.at) < embedTTL {
		return k.policy
	}
	ctx, cancel := context.WithTimeout(ctx, embedTimeout)
	defer cancel()
	v, err := e.client.GetPublicVenue(ctx, &competitionv1.EventRequest{Id: eventID})
	if err != nil {
		return "" // not kept: the event may be published, or answer in time, next time
	}
	p := ""
	if len(v.GetEmbedOrigins()) > 0 {
		p = framingPolicy(v.GetEmbedOrigins())
	}
	e.mu.Lock()
	if len(e.kept) >= embedMaxKept {
		clear(e.kept)
	}
	e.kept[eventID] = keptOrigins{policy: p, at: now}
	e.mu.Unlock()
	return p
}

// wrap sets an embed page's framing headers, after the site's security headers were set.
func (e *embedFrames) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if id, ok := embedEvent(r.URL.Path); ok {
			if p := e.policy(r.Context(), id); p != "" {
				h := w.Header()
				h.Set("Content-Security-Policy", p)
				h.Del("X-Frame-Options")
			}
		}
		next.ServeHTTP(w, r)
	})
}
