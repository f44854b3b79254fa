// Package ids checks the identifiers of the API: UUIDs in their canonical text form.
package ids

import "strings"

// IsUUID reports whether s is a UUID in its canonical 8-4-4-4-12 text form (any case). Ids are
// checked before they reach a query, so a malformed one is a clear 400, not a database error.
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// Canonical reads an id as every service does: surrounding space trimmed, then a UUID,
// returned in lower case. ok is false for anything else.
func Canonical(s string) (id string, ok bool) {
	s = strings.TrimSpace(s)
	if !IsUUID(s) {
		return "", false
	}
	return strings.ToLower(s), true
}
