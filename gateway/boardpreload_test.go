package gateway

import (
	"context"
	"net/url"
	"strings"
	"testing"
)

func TestBoardPreloadHrefIsTheAppsFirstRequestUnderTheLatestChange(t *testing.T) {
	t.Parallel()
	const ev, div, wod = "0b6c1f9e-1d2a-4c3b-9e8f-7a6b5c4d3e2f", "5f4e3d2c-1b0a-4f9e-8d7c-6b5a4c3d2e1f", "9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d"
	changes := map[string]int64{ev: 42}
	seq := func(_ context.Context, eventID string) (int64, bool) {
		n, ok := changes[eventID]
		return n, ok
	}
	board := "/public/events/" + ev + "/divisions/" + div + "/leaderboard"
	for _, tc := range []struct {
		path, query, want string
	}{
		{board, "", "/api" + board + "?change=42"},
		{"/public/events/" + ev + "/divisions/" + div + "/workouts/" + wod + "/leaderboard", "", "/api/public/events/" + ev + "/divisions/" + div + "/workouts/" + wod + "/leaderboard?change=42"},
		// The event's id in any case names the same event.
		{"/public/events/" + strings.ToUpper(ev) + "/divisions/" + div + "/leaderboard", "", "/api/public/events/" + strings.ToUpper(ev) + "/divisions/" + div + "/leaderboard?change=42"},
		// The page's own parameters do not change the board's address.
		{board, "view=table&includeUnpublished=false", "/api" + board + "?change=42"},
		// An admin preview asks for another address, with a token.
		{board, "includeUnpublished=true", ""},
		{board, "includeUnpublished=1", ""},
		// An event whose change number is not known: no address could be trusted fresh.
		{"/public/events/" + div + "/divisions/" + div + "/leaderboard", "", ""},
		// Other pages load no board first.
		{"/public/events/" + ev + "/leaderboard", "", ""},
		{"/public/events/" + ev, "", ""},
		{"/admin/events/" + ev + "/divisions/" + div + "/leaderboard", "", ""},
		// Ids the app would read otherwise (decoded) or that HTML would need escaped.
		{"/public/events/" + ev + "/divisions/a\"b/leaderboard", "", ""},
		{"/public/events/" + ev + "/divisions/a%20b/leaderboard", "", ""},
		{"/public/events/" + ev + "/divisions/" + strings.Repeat("a", 65) + "/leaderboard", "", ""},
	} {
		q, err := url.ParseQuery(tc.query)
		if err != nil {
			t.Fatal(err)
		}
		if got := boardPreloadHref(context.Background(), tc.path, q, seq); got != tc.want {
			t.Errorf("%s?%s: %q, want %q", tc.path, tc.query, got, tc.want)
		}
	}
	if got := boardPreloadHref(context.Background(), board, nil, nil); got != "" {
		t.Errorf("without a change source: %q, want none", got)
	}
	changes[ev] = 0
	if got := boardPreloadHref(context.Background(), board, nil, seq); got != "" {
		t.Errorf("an event that never changed: %q, want none", got)
	}
}

func TestWithPreloadGoesBeforeTheFirstScript(t *testing.T) {
	t.Parallel()
	const built = `<html><head><title>Podium</title><script type="module" src="/a.js"></script></head><body><script src="/b.js"></script></body></html>`
	out := string(withPreload([]byte(built), "/api/x?change=1"))
	want := `<title>Podium</title><link rel="preload" as="fetch" crossorigin href="/api/x?change=1" />` + "\n    " + `<script type="module"`
	if !strings.Contains(out, want) {
		t.Errorf("preload not before the head's script:\n%s", out)
	}
	noScript := string(withPreload([]byte(`<head><title>P</title></head><body><script src="/b.js"></script></body>`), "/api/x"))
	if !strings.Contains(noScript, `<link rel="preload" as="fetch" crossorigin href="/api/x" />`+"\n    </head>") {
		t.Errorf("preload not at the head's end:\n%s", noScript)
	}
	if got := string(withPreload([]byte("<p>no head</p>"), "/api/x")); got != "<p>no head</p>" {
		t.Errorf("a page without a head changed: %s", got)
	}
}
