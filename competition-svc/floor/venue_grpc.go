package floor

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

func venuePB(v store.Venue, err error) (*pb.EventVenue, error) {
	if err != nil {
		return nil, err
	}
	return &pb.EventVenue{EventId: v.EventID, TvRows: v.TVRows, TvSeconds: v.TVSeconds,
		TvDivisionIds: v.TVDivisionIDs, EmbedOrigins: v.EmbedOrigins}, nil
}

func (s *Floor) GetEventVenue(ctx context.Context, req *pb.EventRequest) (*pb.EventVenue, error) {
	return venuePB(s.svc.GetEventVenue(ctx, req.GetId()))
}

func (s *Floor) SetEventVenue(ctx context.Context, req *pb.SetEventVenueRequest) (*pb.EventVenue, error) {
	return venuePB(s.svc.SetEventVenue(ctx, req.GetEventId(), VenueInput{TVRows: req.GetTvRows(), TVSeconds: req.GetTvSeconds(),
		TVDivisionIDs: req.GetTvDivisionIds(), EmbedOrigins: req.GetEmbedOrigins()}))
}

func (s *Floor) GetPublicVenue(ctx context.Context, req *pb.EventRequest) (*pb.EventVenue, error) {
	return venuePB(s.svc.GetPublicVenue(ctx, req.GetId()))
}

func (s *Floor) GetPublicHeatRef(ctx context.Context, req *pb.HeatRequest) (*pb.PublicHeatRef, error) {
	h, err := s.svc.GetPublicHeatRef(ctx, req.GetId())
	if err != nil {
		return nil, err
	}
	return &pb.PublicHeatRef{HeatId: h.ID, EventId: h.EventID, WorkoutId: h.WorkoutID}, nil
}
