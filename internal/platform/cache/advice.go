package cache

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// Advice is what public-svc tells the gateway about one answer, so the gateway can keep it
// as plain HTTP caching without knowing the public URL layout (docs/architecture.md,
// "Reading the public site"): whether the answer may be shared, which request parameters the
// view read, the one request the answer is canonically filed under, and the event whose
// changes alter it.
//
// public-svc promises that the scope and the canonical query are a function of the request
// alone, the Signed parameters aside: a public answer is the same for every caller who sends
// that request, and equal to the answer to its canonical query. A Signed parameter (the
// leaderboards' preview) changes the answer only for a caller with a valid token and a grant:
// without credentials the request is the one without it (docs/architecture.md, "Reading the
// public site").
type Advice struct {
	// Public: the answer may be shared by every caller and kept; otherwise it is private.
	Public bool
	// Params are the request fields the view reads, each as the spellings grpc-gateway
	// accepts for it (JSON name first: keys and forwarded requests use it).
	Params [][]string
	// Signed are the Params that matter only to a signed-in caller (as the caller's grants
	// allow); a request without credentials is the same request without them.
	Signed [][]string
	// Query is the canonical query of the answer (Query builds it): the parameters the view
	// read, as it understood them.
	Query string
	// Event is the event whose changes alter the answer (AllEvents: any event's).
	Event string
	// Sources is the digest of the sources the answer was built from, when it is a function of
	// them alone (SendSources): the answer stays current while the event's sources have it.
	Sources string
}

// The gRPC response headers that carry an Advice (and, through grpc-gateway, the HTTP headers
// the gateway reads and removes), as the contract declares them (metadata.go).
var (
	adviceScopeHeader = MetadataKey("cache_scope")
	adviceParams      = MetadataKey("cache_params")
	adviceSigned      = MetadataKey("cache_signed")
	adviceQuery       = MetadataKey("cache_query")
	adviceEvent       = MetadataKey("cache_event")
	adviceSources     = MetadataKey("cache_sources")
)

const (
	// AdvicePrefix begins every key of an Advice (TestAdviceKeysShareThePrefix).
	AdvicePrefix = "podium-cache-"
	scopePublic  = "public"
	scopePrivate = "private"
)

// Send puts the advice in the response header of the gRPC call ctx belongs to.
func (a Advice) Send(ctx context.Context) {
	grpc.SetHeader(ctx, metadata.Pairs(a.Pairs()...)) //nolint:errcheck // not inside a gRPC call: nobody to tell
}

// SendSources tells the gateway, with the answer of the gRPC call ctx belongs to, the digest of
// the sources it was built from (Advice.Sources).
func SendSources(ctx context.Context, digest string) {
	grpc.SetHeader(ctx, metadata.Pairs(adviceSources, digest)) //nolint:errcheck // not inside a gRPC call: nobody to tell
}

// Pairs are the advice's header names and values, in turn.
func (a Advice) Pairs() []string {
	scope := scopePrivate
	if a.Public {
		scope = scopePublic
	}
	pairs := []string{adviceScopeHeader, scope}
	if len(a.Params) > 0 {
		pairs = append(pairs, adviceParams, spellParams(a.Params))
	}
	if len(a.Signed) > 0 {
		pairs = append(pairs, adviceSigned, spellParams(a.Signed))
	}
	if a.Query != "" {
		pairs = append(pairs, adviceQuery, a.Query)
	}
	if a.Event != "" {
		pairs = append(pairs, adviceEvent, a.Event)
	}
	return pairs
}

// TakeAdvice reads the advice from an HTTP answer's header and removes it; ok is false when
// the answer carries none.
func TakeAdvice(h http.Header) (a Advice, ok bool) {
	scope := h.Get(adviceScopeHeader)
	if scope == "" {
		return Advice{}, false
	}
	a.Public = scope == scopePublic
	a.Params, a.Signed = readParams(h.Get(adviceParams)), readParams(h.Get(adviceSigned))
	a.Query, a.Event = h.Get(adviceQuery), h.Get(adviceEvent)
	if sources := h.Values(adviceSources); len(sources) == 1 {
		a.Sources = sources[0] // two views built into one answer name no one digest
	}
	DropAdvice(h)
	return a, true
}

// spellParams writes parameters as a header value: spellings joined by "|", parameters by ",".
func spellParams(params [][]string) string {
	spelled := make([]string, len(params))
	for i, p := range params {
		spelled[i] = strings.Join(p, "|")
	}
	return strings.Join(spelled, ",")
}

// readParams reads what spellParams wrote.
func readParams(v string) [][]string {
	if v == "" {
		return nil
	}
	var out [][]string
	for _, p := range strings.Split(v, ",") {
		out = append(out, strings.Split(p, "|"))
	}
	return out
}

// DropAdvice removes the advice from an HTTP header.
func DropAdvice(h http.Header) {
	for _, k := range []string{adviceScopeHeader, adviceParams, adviceSigned, adviceQuery, adviceEvent, adviceSources} {
		h.Del(k)
	}
}

// Query writes name=value pairs (in the order given, values already as the view reads them)
// as the one spelling both public-svc's canonical queries and the gateway's keys use.
func Query(pairs ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(pairs[i]))
		b.WriteByte('=')
		b.WriteString(url.QueryEscape(pairs[i+1]))
	}
	return b.String()
}
