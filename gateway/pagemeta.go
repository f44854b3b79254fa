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
// The preview's image is the site's icon (web/public), named by an absolute address on the
// public site's base URL (PODIUM_PUBLIC_URL), since crawlers resolve no relative og:image.

// shareImage is the preview image's path on the public site, and its size in pixels.
const (
	shareImage     = "/icon-512.png"
	shareImageSize = "512"
)

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
	// image is the absolute address of the preview image; empty without a public base URL.
	image string
	now   func() time.Time
	mu    sync.Mutex
	kept  map[string]keptMeta
}

func newPageMetas(client publicv1.PublicServiceClient, publicURL string) *pageMetas {
	image := ""
	if base := strings.TrimRight(publicURL, "/"); strings.HasPrefix(base, "http://") || strings.HasPrefix(base, "https://") {
		image = base + shareImage
	}
	return &pageMetas{client: client, image: image, now: time.Now, kept: map[string]keptMeta{}}
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
	case len(parts) == 3 && parts[2] == "adjustments":
		return &publicv1.PageMetaRequest{Page: publicv1.PublicPage_PUBLIC_PAGE_ADJUSTMENTS, EventId: ev}, true
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
// description, and the Open Graph and Twitter tags after the description, with the preview
// image when image (an absolute address) is given. Every text is escaped; an index.html without
// the built app's title and description is returned as it is.
func withPageMeta(index []byte, m *publicv1.PageMeta, image string) []byte {
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
	tags := [][2]string{
		{"property", `og:type" content="website`},
		{"property", `og:site_name" content="Podium`},
		{"property", `og:title" content="` + title},
		{"property", `og:description" content="` + desc},
	}
	if image != "" {
		img := html.EscapeString(image)
		tags = append(tags,
			[2]string{"property", `og:image" content="` + img},
			[2]string{"property", `og:image:width" content="` + shareImageSize},
			[2]string{"property", `og:image:height" content="` + shareImageSize},
			[2]string{"property", `og:image:alt" content="Podium`},
			[2]string{"name", `twitter:image" content="` + img},
		)
	}
	tags = append(tags,
		[2]string{"name", `twitter:card" content="summary`},
		[2]string{"name", `twitter:title" content="` + title},
		[2]string{"name", `twitter:description" content="` + desc},
	)
	for _, tag := range tags {
		b.WriteString("\n    <meta " + tag[0] + `="` + tag[1] + `" />`)
	}
	b.Write(index[descEnd:])
	return b.Bytes()
}
