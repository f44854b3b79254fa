package publicsvc

import (
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// Server implements publicv1.PublicServiceServer: it turns requests into use-case calls and
// their views into answers. Errors are apperr values; the gRPC server's interceptors map them
// to statuses.
type Server struct {
	publicv1.UnimplementedPublicServiceServer
	svc *service
}

// New returns the PublicService implementation; it fails without a grant source
// (Deps.Grants) or a build wait (Deps.BuildWait).
func New(d Deps) (*Server, error) {
	svc, err := newService(d)
	if err != nil {
		return nil, err
	}
	return &Server{svc: svc}, nil
}

var _ publicv1.PublicServiceServer = (*Server)(nil)

// The RPCs of each page kind are in <entity>_grpc.go (events, leaderboards, teams); each finds
// its view (build.go) and answers.
