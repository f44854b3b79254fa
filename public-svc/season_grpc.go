package publicsvc

import (
	"context"
	"time"

	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// The season RPCs: the federation's home, the series and search (season.go, search.go).

func (s *Server) GetPublicHome(ctx context.Context, _ *publicv1.PublicHomeRequest) (*publicv1.PublicHome, error) {
	return s.svc.home(ctx, time.Now())
}

func (s *Server) ListPublicSeries(ctx context.Context, _ *publicv1.ListPublicSeriesRequest) (*publicv1.ListPublicSeriesResponse, error) {
	return s.svc.listSeries(ctx)
}

func (s *Server) GetPublicSeries(ctx context.Context, req *publicv1.PublicSeriesRequest) (*publicv1.PublicSeries, error) {
	return s.svc.series(ctx, req.GetId())
}

func (s *Server) GetPublicSeriesCsv(ctx context.Context, req *publicv1.SeriesCsvRequest) (*filesv1.CsvFile, error) {
	return s.svc.seriesCsv(ctx, req.GetId(), req.GetDivisionId())
}

func (s *Server) SearchPublic(ctx context.Context, req *publicv1.PublicSearchRequest) (*publicv1.PublicSearchResponse, error) {
	return s.svc.search(ctx, req.GetQ())
}

func (s *Server) GetPublicAthlete(ctx context.Context, req *publicv1.PublicAthleteRequest) (*publicv1.PublicAthlete, error) {
	return s.svc.athlete(ctx, req.GetId())
}
