// Package mailtext holds the texts people read in mails, one catalogue per language (English,
// German, French, Spanish), and writes dates and times for the language in the event's zone
// (docs/architecture.md, "Languages"). Keys are written out whole in the code
// (`t.T("registration.registered.subject", ...)`) so the catalogue test can find every key the
// code names and every key it never names.
package mailtext

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Languages are the languages Podium speaks, English first (the last resort).
var Languages = []string{"en", "de", "fr", "es"}

//go:embed catalogues/*.json
var catalogues embed.FS

var bundle = load()

// load reads every embedded catalogue; a catalogue that does not parse stops the program at
// start, never a mail at send time (the catalogue test parses them too).
func load() *i18n.Bundle {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	files, err := fs.Glob(catalogues, "catalogues/*.json")
	if err != nil {
		panic(err)
	}
	for _, f := range files {
		data, err := catalogues.ReadFile(f)
		if err != nil {
			panic(err)
		}
		if _, err := b.ParseMessageFileBytes(data, path.Base(f)); err != nil {
			panic(fmt.Sprintf("mailtext: %s: %v", f, err))
		}
	}
	return b
}

// Match is the language of a tag ("de-AT" → "de"), or "" when Podium does not speak it.
func Match(tag string) string {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
	base, _, _ = strings.Cut(base, "_")
	if slices.Contains(Languages, base) {
		return base
	}
	return ""
}

// Pick is the first of choices Podium speaks (the account's, then the event's default), else
// English.
func Pick(choices ...string) string {
	for _, c := range choices {
		if l := Match(c); l != "" {
			return l
		}
	}
	return "en"
}

// Args are a text's placeholders by name ({{.Team}} in the catalogue).
type Args map[string]any

// Texts are the mail texts of one language.
type Texts struct {
	Language  string
	localizer *i18n.Localizer
}

// For is the texts of language (a tag Podium does not speak is English).
func For(lang string) Texts {
	l := Pick(lang)
	return Texts{Language: l, localizer: i18n.NewLocalizer(bundle, l, "en")}
}

// T is the text of key with args in its place holders. A key no catalogue has (the catalogue
// test fails on it first) comes out as the key, so a mail still leaves.
func (t Texts) T(key string, args ...Args) string {
	var data Args
	if len(args) > 0 {
		data = args[0]
	}
	if t.localizer == nil {
		t = For(t.Language)
	}
	s, err := t.localizer.Localize(&i18n.LocalizeConfig{MessageID: key, TemplateData: data})
	if err != nil {
		return key
	}
	return s
}
