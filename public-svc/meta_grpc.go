package publicsvc

import (
	"context"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// The page meta RPC (meta.go): the gateway's, for the HTML it serves.

func (s *Server) GetPageMeta(ctx context.Context, req *publicv1.PageMetaRequest) (*publicv1.PageMeta, error) {
	return s.svc.pageMeta(ctx, req)
}
