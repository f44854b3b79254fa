package publicsvc_test

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/poll"
)

// A shared link previews its page: the gateway serves index.html with the page's title,
// description and Open Graph and Twitter tags, escaped, for crawlers that run no script.
func TestPublicPagesCarryTheirTitleForLinkPreviews(t *testing.T) {
	t.Parallel()
	web := t.TempDir()
	index := "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <title>Podium</title>\n" +
		"    <meta name=\"description\" content=\"Podium: live leaderboards.\" />\n  </head>\n  <body><div id=\"root\"></div></body>\n</html>\n"
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	s := stacktest.StartWith(t, stacktest.Options{Env: map[string]string{"PODIUM_WEB_DIR": web}})
	w := newWorld(t, s, map[string]any{"name": `Spring <Throwdown> & "Co"`, "dateFrom": "2026-05-01", "dateTo": "2026-05-02",
		"location": "Berlin", "detailsVisible": true})
	w.division("Rx", "Alpha", "Bravo")
	w.Workout(map[string]any{"name": "Fran", "scoreType": "TIME", "timeCapSeconds": 600, "workoutOrder": 1})
	w.save("Alpha", "Fran", map[string]any{"resultValue": 185}, true)
	w.save("Bravo", "Fran", map[string]any{"resultValue": 200}, true)

	// A board's page also names its data as a preload, for any event with a change number
	// (gateway/boardpreload.go): the address is the one the page asks anyway, with the number its
	// live stream announces to everyone, so it tells nothing. The page's words are what must
	// stay the app's own.
	preload := regexp.MustCompile(`<link rel="preload" as="fetch" crossorigin href="[^"]*" />\n    `)
	page := func(path string) string {
		t.Helper()
		r := s.Do(http.MethodGet, path, nil, "").MustStatus(t, http.StatusOK)
		if ct := r.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", path, ct)
		}
		return preload.ReplaceAllString(string(r.Body), "")
	}
	division := "/public/events/" + w.ID + "/divisions/" + w.DivisionID("Rx") + "/leaderboard"

	// A DRAFT event is not public: its pages keep the app's own title.
	if got := page(division); got != index {
		t.Errorf("a draft's page:\n%s", got)
	}
	w.publishEvent()

	const ev = "Spring &lt;Throwdown&gt; &amp; &#34;Co&#34;"
	// The gateway waits a moment for the title, then serves the page without it; the first
	// build after the publication may take longer on a busy machine.
	var got string
	poll.Until(t, 30*time.Second, "the division page's title", func() bool {
		got = page(division)
		return strings.Contains(got, "<title>Rx standings")
	})
	for _, want := range []string{
		"<title>Rx standings · " + ev + " · Podium</title>",
		`<meta name="description" content="Live standings of Rx at ` + ev + `: 2 teams, 1 workout. Leading: Alpha (100 pts)." />`,
		`<meta property="og:title" content="Rx standings · ` + ev + ` · Podium" />`,
		`<meta property="og:description" content="Live standings of Rx at ` + ev + `: 2 teams, 1 workout. Leading: Alpha (100 pts)." />`,
		`<meta property="og:type" content="website" />`,
		`<meta name="twitter:card" content="summary" />`,
		`<meta name="twitter:title" content="Rx standings · ` + ev + ` · Podium" />`,
		`<div id="root"></div>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("division page lacks %s:\n%s", want, got)
		}
	}
	if strings.Count(got, "<title>") != 1 || strings.Count(got, `name="description"`) != 1 || strings.Contains(got, "<Throwdown>") {
		t.Errorf("division page:\n%s", got)
	}

	for path, title := range map[string]string{
		"/public/events":                          "Events · Podium",
		"/public/events/" + w.ID:                  ev + " · Podium",
		"/public/events/" + w.ID + "/leaderboard": "Leaderboard · " + ev + " · Podium",
		"/public/events/" + w.ID + "/teams":       "Teams · " + ev + " · Podium",
		"/public/events/" + w.ID + "/schedule":    "Schedule · " + ev + " · Podium",
		"/public/events/" + w.ID + "/adjustments": "Adjustments · " + ev + " · Podium",
		"/public/teams/" + w.TeamID("Alpha"):      "Alpha · " + ev + " · Podium",
		"/public/events/" + w.ID + "/divisions/" + w.DivisionID("Rx") + "/workouts/" + w.WorkoutID("Fran") + "/leaderboard": "Fran · Rx · " + ev + " · Podium",
	} {
		poll.Until(t, 30*time.Second, path+" titled "+title, func() bool { return strings.Contains(page(path), "<title>"+title+"</title>") })
	}
	// Unknown pages, other events' divisions and the console keep the app's title.
	for _, path := range []string{
		"/public/teams/00000000-0000-0000-0000-000000000000",
		"/public/events/" + w.ID + "/divisions/00000000-0000-0000-0000-000000000000/leaderboard",
		"/public/events/not-an-id/leaderboard",
		"/admin/events",
		"/login",
	} {
		if got := page(path); got != index {
			t.Errorf("%s:\n%s", path, got)
		}
	}
}
