package svcauth

import "slices"

// Callers lists, per RPC (its full method name), the calling targets a service accepts: a
// valid credential of any other target is refused as if it were none. An RPC a service does
// not list is one of the /api contract's, which the gateway alone calls. Each service keeps
// its list in its policy.go; docs/operations.md ("Service identity") explains it.
type Callers map[string][]string

// Allows reports whether caller may call method.
func (c Callers) Allows(method, caller string) bool {
	list, listed := c[method]
	if !listed {
		return caller == Gateway
	}
	return slices.Contains(list, caller)
}

// Accepting returns a verifier that lets a credential in only for the RPCs callers lists its
// target for. A verifier without such a list lets the gateway alone in.
func (v *Verifier) Accepting(callers Callers) *Verifier {
	w := *v
	w.callers = callers
	return &w
}

// admit returns the caller of a valid credential that may call method.
func (v *Verifier) admit(token, method string) (string, error) {
	caller, err := v.Verify(token)
	if err != nil {
		return "", err
	}
	if !v.callers.Allows(method, caller) {
		return "", ErrInvalid
	}
	return caller, nil
}
