// Package names holds the one rule for the names people type: of events, divisions, teams,
// athletes and workouts, whichever way they arrive (a form, the team CSV, an event import).
// A name is shown on public pages, boards and exports; one made of invisible characters shows
// as blank, one with text direction controls shows reversed or disguised, one with a line
// break breaks rows apart. Such names are refused; what is kept is stored in Unicode NFC, so
// that "Müller" typed on two keyboards is one name.
package names

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// FormerAthlete is what a deleted athlete account is called wherever its name was kept
// (docs/access.md, "Athletes"). It is reserved: no living athlete may take it (Reserved).
const FormerAthlete = "Former athlete"

// Reserved reports a person's full name that reads as FormerAthlete whatever its case, spaces
// or invisible characters: taking it would pass an athlete off as a deleted account.
func Reserved(fullName string) bool {
	var b strings.Builder
	for _, r := range fullName {
		if !invisible(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String() == strings.ReplaceAll(strings.ToLower(FormerAthlete), " ", "")
}

// Problem is what is wrong with a name; OK when nothing is.
type Problem int

const (
	OK Problem = iota
	// Invisible: the name is not empty but shows nothing (zero-width characters, spaces).
	Invisible
	// LineBreak: the name holds a line break or another control character.
	LineBreak
	// Bidi: the name holds a text direction control (an override, embedding, isolate or mark).
	Bidi
)

// Clean returns name trimmed of surrounding spaces and in NFC, or the problem that refuses it.
// An empty name is OK here: whether a name may be empty is the caller's rule.
func Clean(name string) (string, Problem) {
	name = strings.TrimSpace(name)
	visible := false
	for _, r := range name {
		switch {
		case unicode.Is(unicode.Bidi_Control, r):
			return "", Bidi
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			return "", LineBreak
		case !invisible(r):
			visible = true
		}
	}
	if name != "" && !visible {
		return "", Invisible
	}
	return norm.NFC.String(name), OK
}

// invisible reports a character that shows nothing on its own: white space, format characters
// (zero-width space and joiners, the byte-order mark, soft hyphen, tags), variation selectors
// and the other default-ignorable ones (Hangul fillers, the combining grapheme joiner). Inside
// a name with visible characters they stay (a joiner in an emoji, say).
func invisible(r rune) bool {
	return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r) ||
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r)
}

// Message is the refusal of a name with problem p; what names the field as the messages of
// the console do ("Team name", "Athlete 1 name").
func (p Problem) Message(what string) string {
	switch p {
	case Invisible:
		return what + " must contain visible characters"
	case LineBreak:
		return what + " must not contain line breaks or control characters"
	case Bidi:
		return what + " must not contain text direction characters"
	}
	return ""
}
