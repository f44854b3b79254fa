package gateway

import (
	"bytes"
	"context"
	"html"
	"strings"
	"sync"
	"time"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// A shared link to a public page previews that page: the gateway writes the page's title and
// description (public-svc's GetPageMeta, which words them) into the index.html it serves, with
// the Open Graph and Twitter tags link previews read, since crawlers run no script. Any other
// path, or a page public-svc does not find or does not answer in time, gets index.html as built.

// pageMetaTimeout bounds what a page's title may add to its first byte: without an answer by
// then the page is served as built (the app sets its title itself once it runs).
const pageMetaTimeout = 300 * time.Millisecond

// pageMetaTTL is how long a path's title is kept: names change rarely, and a title a few
// seconds old costs a preview nothing.
const pageMetaTTL = 10 * time.Second

// pageMetaMaxKept bounds the kept titles; when full they are all dropped.
const pageMetaMaxKept = 10_000

type keptMeta struct {
	meta *publicv1.PageMeta
	at   time.Time
}

// pageMetas finds and keeps the titles of public pages.
type pageMetas struct {
	client publicv1.PublicServiceClient
	now    func() time.Time
	mu     sync.Mutex
	kept   map[string]keptMeta
}

func newPageMetas(client publicv1.PublicServiceClient) *pageMetas {
	return &pageMetas{client: client, now: time.Now, kept: map[string]keptMeta{}}
}

// pageOf reads a public page from a web app path (web/src/app/routes.tsx); false for any
// other path.
func pageOf(path string) (*publicv1.PageMetaRequest, bool) {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) < 2 || parts[0] != "public" {
		return nil, false
	}
	parts = parts[1:]
	switch {
	case len(parts) == 1 && parts[0] == "events":
		return &publicv1.PageMetaRequest{Page: publicv1.PublicPage_PUBLIC_PAGE_EVENTS}, true
	case len(parts) == 2 && parts[0] == "teams":
		return &publicv1.PageMetaRequest{Page: publicv1.PublicPage_PUBLIC_PAGE_TEAM, TeamId: parts[1]}, true
	case parts[0] != "events" || len(parts) < 2:
		return nil, false
	}
	ev := parts[1]
	switch {
	case len(parts) == 2:
		return &publicv1.PageMetaRequest{Page: publicv1.PublicPage_PUBLIC_PAGE_EVENT, EventId: ev}, true
	case len(parts) == 3 && parts[2] == "leaderboard":
		return &publicv1.PageMetaRequest{Page: publicv1.PublicPage_PUBLIC_PAGE_LEADERBOARD, EventId: ev}, true
	case len(parts) == 3 && parts[2] == "teams":
		return &publicv1.PageMetaRequest{Page: publicv1.PublicPage_PUBLIC_PAGE_TEAMS, EventId: ev}, true
	case len(parts) == 3 && parts[2] == "schedule":
		return &publicv1.PageMetaRequest{Page: publicv1.PublicPage_PUBLIC_PAGE_SCHEDULE, EventId: ev}, true
	case len(parts) == 5 && parts[2] == "divisions" && parts[4] == "leaderboard":
		return &publicv1.PageMetaRequest{Page: publicv1.PublicPage_PUBLIC_PAGE_DIVISION, EventId: ev, DivisionId: parts[3]}, true
	case len(parts) == 7 && parts[2] == "divisions" && parts[4] == "workouts" && parts[6] == "leaderboard":
		return &publicv1.PageMetaRequest{Page: publicv1.PublicPage_PUBLIC_PAGE_WORKOUT, EventId: ev, DivisionId: parts[3], WorkoutId: parts[5]}, true
	}
	return nil, false
}

// meta is the title and description of the public page at path; false when there is none to
// show (not a public page, not found, or no answer in time).
func (p *pageMetas) meta(ctx context.Context, path string) (*publicv1.PageMeta, bool) {
	if p == nil {
		return nil, false
	}
	req, ok := pageOf(path)
	if !ok {
		return nil, false
	}
	now := p.now()
	p.mu.Lock()
	k, found := p.kept[path]
	p.mu.Unlock()
	if found && now.Sub(k.at) < pageMetaTTL {
		return k.meta, true
	}
	ctx, cancel := context.WithTimeout(ctx, pageMetaTimeout)
	defer cancel()
	m, err := p.client.GetPageMeta(ctx, req)
	if err != nil {
		// Not kept: a page not found may be published the next moment (public-svc keeps its
		// own answer until the event changes), and a late answer may come in time next time.
		return nil, false
	}
	p.mu.Lock()
	if len(p.kept) >= pageMetaMaxKept {
		clear(p.kept)
	}
	p.kept[path] = keptMeta{meta: m, at: now}
	p.mu.Unlock()
	return m, true
}

// withPageMeta writes a page's title and description into index.html: its <title>, its
// description, and the Open Graph and Twitter tags after the description. Every text is
// escaped; an index.html without the built app's title and description is returned as it is.
func withPageMeta(index []byte, m *publicv1.PageMeta) []byte {
	title, desc := html.EscapeString(m.GetTitle()), html.EscapeString(m.GetDescription())
	start, end := bytes.Index(index, []byte("<title>")), bytes.Index(index, []byte("</title>"))
	descStart := bytes.Index(index, []byte(`<meta name="description"`))
	if start < 0 || end < start || descStart < end {
		return index
	}
	descEnd := bytes.IndexByte(index[descStart:], '>')
	if descEnd < 0 {
		return index
	}
	descEnd += descStart + 1
	var b bytes.Buffer
	b.Grow(len(index) + 512)
	b.Write(index[:start])
	b.WriteString("<title>" + title + "</title>")
	b.Write(index[end+len("</title>") : descStart])
	b.WriteString(`<meta name="description" content="` + desc + `" />`)
	for _, tag := range [][2]string{
		{"property", `og:type" content="website`},
		{"property", `og:site_name" content="Podium`},
		{"property", `og:title" content="` + title},
		{"property", `og:description" content="` + desc},
		{"name", `twitter:card" content="summary`},
		{"name", `twitter:title" content="` + title},
		{"name", `twitter:description" content="` + desc},
	} {
		b.WriteString("\n    <meta " + tag[0] + `="` + tag[1] + `" />`)
	}
	b.Write(index[descEnd:])
	return b.Bytes()
}
