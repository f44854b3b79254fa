// Package security holds the cross-cutting tests of who may call what and what hostile input
// does: they walk the whole /api contract as proto/http.yaml declares it.
package security

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"sigs.k8s.io/yaml"

	authsvc "github.com/podium-dev/podium/auth-svc"
	competitionsvc "github.com/podium-dev/podium/competition-svc"
	"github.com/podium-dev/podium/internal/platform/authn"
	publicsvc "github.com/podium-dev/podium/public-svc"
	resultssvc "github.com/podium-dev/podium/results-svc"
)

// Route is one HTTP binding of the contract.
type Route struct {
	Selector string
	Method   string
	Path     string
}

// Public reports whether the route needs no token.
func (r Route) Public() bool {
	return r.Access() == authn.Public || strings.HasPrefix(r.Path, "/api/public/")
}

// policies are every service's classification of its RPCs.
var policies = []authn.Policy{authsvc.Policy, competitionsvc.Policy, resultssvc.Policy, publicsvc.Policy}

// Access is how the route's service classifies it (authn.Admin when no policy names it).
func (r Route) Access() authn.Access {
	i := strings.LastIndex(r.Selector, ".")
	method := "/" + r.Selector[:i] + "/" + r.Selector[i+1:]
	for _, p := range policies {
		if a, ok := p[method]; ok {
			return a
		}
	}
	return authn.Admin
}

// WithIDs fills every {param} of the path with id ({lane} and {position}, numbers, with 1).
func (r Route) WithIDs(id string) string {
	var b strings.Builder
	for _, seg := range strings.Split(r.Path, "/") {
		if b.Len() > 0 || seg != "" {
			b.WriteString("/")
		}
		switch {
		case seg == "{lane}" || seg == "{position}": // a number: the gateway answers 400 for anything else, before any check
			b.WriteString("1")
		case strings.HasPrefix(seg, "{"):
			b.WriteString(id)
		default:
			b.WriteString(seg)
		}
	}
	return b.String()
}

type binding struct {
	Selector           string    `json:"selector"`
	Get                string    `json:"get"`
	Post               string    `json:"post"`
	Put                string    `json:"put"`
	Delete             string    `json:"delete"`
	Body               string    `json:"body"`
	ResponseBody       string    `json:"response_body"`
	AdditionalBindings []binding `json:"additional_bindings"`
}

// Routes reads every binding of proto/http.yaml.
func Routes() ([]Route, error) {
	_, here, _, _ := runtime.Caller(0)
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "proto", "http.yaml"))
	if err != nil {
		return nil, err
	}
	var doc struct {
		Type          string `json:"type"`
		ConfigVersion int    `json:"config_version"`
		HTTP          struct {
			Rules []binding `json:"rules"`
		} `json:"http"`
	}
	if err := yaml.UnmarshalStrict(raw, &doc); err != nil {
		return nil, err
	}
	var routes []Route
	var add func(selector string, b binding)
	add = func(selector string, b binding) {
		for method, path := range map[string]string{"GET": b.Get, "POST": b.Post, "PUT": b.Put, "DELETE": b.Delete} {
			if path != "" {
				routes = append(routes, Route{Selector: selector, Method: method, Path: path})
			}
		}
		for _, extra := range b.AdditionalBindings {
			add(selector, extra)
		}
	}
	for _, rule := range doc.HTTP.Rules {
		add(rule.Selector, rule)
	}
	return routes, nil
}
