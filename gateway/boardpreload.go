package gateway

import (
	"bytes"
	"context"
	"net/url"
	"strings"

	"github.com/podium-dev/podium/gateway/publiccache"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// A phone opening a division or workout leaderboard paints its largest text (the board's title)
// only once the board's JSON is in, and the app asks for that JSON only after its script has
// downloaded and run. The gateway names the board's API address in the page's HTML as a
// preload, so the browser fetches the JSON beside the script and the app's first request finds
// it on the way (docs/architecture.md, "The spectator's first load").
//
// The address names the event's latest change number (`?change=N`, gateway/publiccache/change.go): a browser
// answers a preload from its HTTP cache, and under the plain address that copy may be from
// before a publication; under N it holds at least change N. The app reads the number from the
// preload itself and asks for exactly that address once (features/public/api/change-numbers.ts).
// An admin preview (?includeUnpublished) asks for another address with its token, and an event
// whose change number is not known here gets no preload: the app's plain request is then the
// one it always made.

// boardPreview is the web app's query parameter of an admin preview
// (features/public/components/admin-preview.tsx) and the values that turn it on.
const boardPreview = "includeUnpublished"

// changeSource gives an event's latest change number (publiccache.Cache.SeqFloor).
type changeSource func(ctx context.Context, eventID string) (int64, bool)

// boardPreloadHref is the API address the board at a web app path loads first, naming the event's
// latest change; "" for any other path, an admin preview, ids that are not plain ids (the app's
// address would differ), or an event without a known change number.
func boardPreloadHref(ctx context.Context, path string, query url.Values, seq changeSource) string {
	if v := query.Get(boardPreview); v == "1" || v == "true" || seq == nil {
		return ""
	}
	req, ok := pageOf(path)
	if !ok {
		return ""
	}
	ids := []string{req.GetEventId(), req.GetDivisionId()}
	href := "/api/public/events/" + req.GetEventId() + "/divisions/" + req.GetDivisionId()
	switch req.GetPage() {
	case publicv1.PublicPage_PUBLIC_PAGE_DIVISION:
	case publicv1.PublicPage_PUBLIC_PAGE_WORKOUT:
		ids = append(ids, req.GetWorkoutId())
		href += "/workouts/" + req.GetWorkoutId()
	default:
		return ""
	}
	for _, id := range ids {
		if !plainID(id) {
			return ""
		}
	}
	n, ok := seq(ctx, strings.ToLower(req.GetEventId()))
	if !ok || n <= 0 {
		return ""
	}
	return href + "/leaderboard?" + publiccache.ChangeQuery(n)
}

// plainID says whether id needs no escaping in a URL or in HTML: letters, digits and '-'.
func plainID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	return strings.IndexFunc(id, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-')
	}) < 0
}

// withPreload puts a fetch preload of href before index.html's first script, so the browser asks
// for it first; before </head> when there is no script, unchanged when there is no head.
func withPreload(index []byte, href string) []byte {
	at := bytes.Index(index, []byte("<script"))
	head := bytes.Index(index, []byte("</head>"))
	if at < 0 || (head >= 0 && at > head) {
		at = head
	}
	if at < 0 {
		return index
	}
	// crossorigin: the app's fetch is a CORS-mode request with same-origin credentials, and a
	// preload is used only by a request of the same mode and credentials.
	tag := `<link rel="preload" as="fetch" crossorigin href="` + href + `" />` + "\n    "
	out := make([]byte, 0, len(index)+len(tag))
	out = append(out, index[:at]...)
	out = append(out, tag...)
	return append(out, index[at:]...)
}
