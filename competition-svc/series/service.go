// Package series owns the series (events ranked together, their divisions, grants and
// activity) and the public site's search and athlete profiles (docs/series.md).
package series

import "github.com/podium-dev/podium/competition-svc/core"

// service holds the series use cases; grpc.go is its only caller.
type service struct{ *core.Service }

// Series implements the series RPCs of competitionv1.CompetitionServiceServer.
type Series struct{ svc *service }

// New returns the series RPCs over the shared service core.
func New(c *core.Service) *Series { return &Series{svc: &service{c}} }
