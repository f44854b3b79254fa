package gateway

import (
	"net/http"

	"google.golang.org/grpc/codes"

	"github.com/podium-dev/podium/gateway/publiccache"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// newPublicCache wraps the /api handler in the public cache (gateway/publiccache), with the
// gateway's parts it uses: route names for metrics and spans, the access log's mark of an
// answer from memory, the one-send write (onesend.go) and the error body.
func newPublicCache(next http.Handler, opts Options) *publiccache.Cache {
	o := publiccache.Options{Log: opts.Log, TTL: opts.PublicCacheTTL, Hooks: publiccache.Hooks{
		SetRoute:         setRoute,
		ServedFromMemory: servedFromMemory,
		Write:            writeInOneSend,
		MethodNotAllowed: func(w http.ResponseWriter) {
			writeError(w, http.StatusMethodNotAllowed, errorBody{Code: codes.Unimplemented, Message: "Method not allowed."})
		},
	}}
	if opts.Changes != nil {
		o.Seqs = opts.Changes
	}
	if opts.Backends.Public != nil {
		o.Sources = publiccache.NewSources(publicv1.NewPublicServiceClient(opts.Backends.Public))
	}
	return publiccache.New(next, o)
}
