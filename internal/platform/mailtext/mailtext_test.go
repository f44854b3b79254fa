package mailtext

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The catalogues complete and nothing in them unused (docs/architecture.md, "Languages"), as
// web/src/lib/i18n/catalogues.test.ts checks the web app's.

func catalogue(t *testing.T, lang string) map[string]string {
	t.Helper()
	data, err := catalogues.ReadFile("catalogues/" + lang + ".json")
	if err != nil {
		t.Fatalf("catalogue %s: %v", lang, err)
	}
	out := map[string]string{}
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("catalogue %s is not one flat object of texts: %v", lang, err)
	}
	return out
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

func placeholders(text string) string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), ",")
}

func TestEveryLanguageHasEnglishsKeysAndPlaceholders(t *testing.T) {
	t.Parallel()
	en := catalogue(t, "en")
	if len(en) == 0 {
		t.Fatal("English has no texts")
	}
	files, _ := fs.Glob(catalogues, "catalogues/*.json")
	if len(files) != len(Languages) {
		t.Errorf("catalogues %v, want one per language %v", files, Languages)
	}
	for _, lang := range Languages[1:] {
		theirs := catalogue(t, lang)
		for k, text := range en {
			other, ok := theirs[k]
			switch {
			case !ok:
				t.Errorf("%s lacks %q", lang, k)
			case strings.TrimSpace(other) == "":
				t.Errorf("%s: %q is empty", lang, k)
			case placeholders(other) != placeholders(text):
				t.Errorf("%s: %q has placeholders {%s}, English {%s}", lang, k, placeholders(other), placeholders(text))
			}
		}
		for k := range theirs {
			if _, ok := en[k]; !ok {
				t.Errorf("%s has %q, which English lacks", lang, k)
			}
		}
	}
}

// sources is the text of every Go file of the services that is not a test or generated.
func sources(t *testing.T) map[string]string {
	t.Helper()
	root := filepath.Join("..", "..", "..")
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "gen" || d.Name() == "web" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[p] = string(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var named = regexp.MustCompile(`\.T\(\s*"([^"]+)"`)
var literal = regexp.MustCompile(`"([a-z][\w]*(?:\.[\w]+)+)"`)

func TestEveryKeyTheCodeNamesExistsAndEveryKeyIsNamed(t *testing.T) {
	t.Parallel()
	en := catalogue(t, "en")
	literals := map[string]bool{}
	for file, text := range sources(t) {
		for _, m := range named.FindAllStringSubmatch(text, -1) {
			if _, ok := en[m[1]]; !ok {
				t.Errorf("%s names %q, which English lacks", file, m[1])
			}
		}
		for _, m := range literal.FindAllStringSubmatch(text, -1) {
			literals[m[1]] = true
		}
	}
	for k := range en {
		if !literals[k] {
			t.Errorf("no code names %q: remove it from every catalogue", k)
		}
	}
}

func TestDatesAndTimesForTheLanguageInTheEventsZone(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 5, 1, 7, 0, 0, 0, time.UTC)
	for lang, want := range map[string]string{
		"en": "1 May 2026, 09:00 (Europe/Paris)",
		"de": "1. Mai 2026, 09:00 (Europe/Paris)",
		"fr": "1 mai 2026, 09:00 (Europe/Paris)",
		"es": "1 may. 2026, 09:00 (Europe/Paris)",
	} {
		if got := For(lang).Time(at, "Europe/Paris"); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	if got := For("en").Time(at, ""); got != "1 May 2026, 07:00 (UTC)" {
		t.Errorf("no zone: %q", got)
	}
}

func TestPickTakesTheFirstLanguagePodiumSpeaks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		choices []string
		want    string
	}{
		{[]string{"de", "fr"}, "de"},
		{[]string{"", "fr"}, "fr"},
		{[]string{"pt", "es-MX"}, "es"},
		{[]string{"", ""}, "en"},
		{nil, "en"},
	} {
		if got := Pick(c.choices...); got != c.want {
			t.Errorf("Pick(%q) = %q, want %q", c.choices, got, c.want)
		}
	}
	if got := For("de").T("mail.greeting", Args{"Name": "Anna"}); got != "Hallo Anna," {
		t.Errorf("German greeting: %q", got)
	}
	if got := For("en").T("registration.ended.reason", Args{"Reason": "Age group full"}); got != "Reason: Age group full\n" {
		t.Errorf("a text keeps its line ends: %q", got)
	}
	if got := For("pt").T("mail.greeting", Args{"Name": "Anna"}); got != "Hello Anna," {
		t.Errorf("a language Podium does not speak is English: %q", got)
	}
}
