package authn

import "strings"

// Revocation names what ended: one session (a sign-out), or every session of a user (disabled,
// or a new password). auth-svc publishes one after the change is committed; every process's
// SessionCache forgets it at once (docs/access.md, "Sessions").
type Revocation struct {
	SessionID string
	UserID    string
}

// String is the revocation as it travels: "session:<id>" or "user:<id>".
func (r Revocation) String() string {
	if r.UserID != "" {
		return "user:" + r.UserID
	}
	return "session:" + r.SessionID
}

// ParseRevocation reads a revocation String wrote.
func ParseRevocation(s string) (Revocation, bool) {
	kind, id, ok := strings.Cut(s, ":")
	switch {
	case !ok || id == "":
		return Revocation{}, false
	case kind == "user":
		return Revocation{UserID: id}, true
	case kind == "session":
		return Revocation{SessionID: id}, true
	}
	return Revocation{}, false
}
