package core

import (
	"crypto/rand"
	"strings"
)

// The codes people type: the share codes of invitations and the judge cards' codes.

// shareCodeAlphabet leaves out letters and digits people confuse (0/O, 1/I/L).
const shareCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// NewCode is a random code of n characters of shareCodeAlphabet (invitations, judge cards).
func NewCode(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	for i := range b {
		b[i] = shareCodeAlphabet[int(b[i])%len(shareCodeAlphabet)]
	}
	return string(b)
}

// NormaliseCode reads a code as people type it: any case, with spaces or dashes.
func NormaliseCode(code string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(code)))
}
