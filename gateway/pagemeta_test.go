package gateway

import (
	"strings"
	"testing"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

const builtIndex = `<!doctype html><html><head><title>Podium</title>
    <meta name="description" content="Live results" />
  </head><body></body></html>`

func TestWithPageMetaNamesAnAbsolutePreviewImage(t *testing.T) {
	t.Parallel()
	pages := newPageMetas(nil, "https://results.example.org/")
	m := &publicv1.PageMeta{Title: `Rx standings · "Open" · Podium`, Description: "Live standings of Rx <b>"}
	out := string(withPageMeta([]byte(builtIndex), m, pages.image))
	for _, want := range []string{
		`<title>Rx standings · &#34;Open&#34; · Podium</title>`,
		`<meta name="description" content="Live standings of Rx &lt;b&gt;" />`,
		`<meta property="og:image" content="https://results.example.org/icon-512.png" />`,
		`<meta property="og:image:width" content="512" />`,
		`<meta name="twitter:image" content="https://results.example.org/icon-512.png" />`,
		`<meta name="twitter:card" content="summary" />`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
}

func TestWithPageMetaLeavesOutTheImageWithoutAnAbsoluteBase(t *testing.T) {
	t.Parallel()
	for _, base := range []string{"", "results.example.org", "/"} {
		pages := newPageMetas(nil, base)
		out := string(withPageMeta([]byte(builtIndex), &publicv1.PageMeta{Title: "T", Description: "D"}, pages.image))
		if strings.Contains(out, "og:image") || strings.Contains(out, "twitter:image") {
			t.Errorf("base %q: an image without an absolute address:\n%s", base, out)
		}
		if !strings.Contains(out, `<meta property="og:title" content="T" />`) {
			t.Errorf("base %q: no title tags:\n%s", base, out)
		}
	}
}
