package series

import (
	"context"
	"strconv"

	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

// The series RPCs (docs/series.md) and the public site's search.

func (s *Series) ListSeries(ctx context.Context, _ *pb.ListSeriesRequest) (*pb.ListSeriesResponse, error) {
	list, err := s.svc.ListSeries(ctx)
	if err != nil {
		return nil, err
	}
	return seriesListPB(list), nil
}

func (s *Series) GetSeries(ctx context.Context, req *pb.SeriesRequest) (*pb.Series, error) {
	return seriesPB(s.svc.GetSeries(ctx, req.GetId()))
}

func (s *Series) CreateSeries(ctx context.Context, req *pb.CreateSeriesRequest) (*pb.Series, error) {
	return seriesPB(s.svc.CreateSeries(ctx, SeriesInput{
		Name: req.GetName(), Season: req.GetSeason(), Description: req.GetDescription(),
		ScoringTable: req.GetScoringTable(), CustomPoints: req.GetCustomPoints(), BestN: req.GetBestN(), Published: req.GetPublished(),
		Ranking: req.GetRanking(),
	}))
}

func (s *Series) UpdateSeries(ctx context.Context, req *pb.UpdateSeriesRequest) (*pb.Series, error) {
	return seriesPB(s.svc.UpdateSeries(ctx, req.GetId(), SeriesInput{
		Name: req.GetName(), Season: req.GetSeason(), Description: req.GetDescription(),
		ScoringTable: req.GetScoringTable(), CustomPoints: req.GetCustomPoints(), BestN: req.GetBestN(), Published: req.GetPublished(),
		Ranking: req.GetRanking(),
	}))
}

func (s *Series) DeleteSeries(ctx context.Context, req *pb.SeriesRequest) (*emptypb.Empty, error) {
	return core.Empty(s.svc.DeleteSeries(ctx, req.GetId()))
}

func (s *Series) AddSeriesEvent(ctx context.Context, req *pb.AddSeriesEventRequest) (*pb.Series, error) {
	return seriesPB(s.svc.AddSeriesEvent(ctx, req.GetSeriesId(), req.GetEventId()))
}

func (s *Series) RemoveSeriesEvent(ctx context.Context, req *pb.SeriesEventRequest) (*pb.Series, error) {
	return seriesPB(s.svc.RemoveSeriesEvent(ctx, req.GetSeriesId(), req.GetEventId()))
}

func (s *Series) MapSeriesDivisions(ctx context.Context, req *pb.MapSeriesDivisionsRequest) (*pb.Series, error) {
	mapping := make([]store.SeriesMapping, len(req.GetDivisions()))
	for i, m := range req.GetDivisions() {
		mapping[i] = store.SeriesMapping{DivisionID: m.GetDivisionId(), SeriesDivisionID: m.GetSeriesDivisionId()}
	}
	return seriesPB(s.svc.MapSeriesDivisions(ctx, req.GetSeriesId(), req.GetEventId(), mapping))
}

func (s *Series) CreateSeriesDivision(ctx context.Context, req *pb.CreateSeriesDivisionRequest) (*pb.Series, error) {
	return seriesPB(s.svc.CreateSeriesDivision(ctx, req.GetSeriesId(), req.GetName()))
}

func (s *Series) ListSeriesActivity(ctx context.Context, req *pb.ListSeriesActivityRequest) (*pb.SeriesActivityPage, error) {
	page, err := s.svc.ListSeriesActivity(ctx, req.GetSeriesId(), int(req.GetLimit()), req.GetBefore())
	if err != nil {
		return nil, err
	}
	out := &pb.SeriesActivityPage{Entries: make([]*pb.SeriesActivityEntry, len(page.Entries)), NextBefore: page.NextBefore}
	for i, a := range page.Entries {
		out.Entries[i] = &pb.SeriesActivityEntry{Id: strconv.FormatInt(a.ID, 10), At: activityTime(a.At), Actor: a.Actor, Action: a.Action, Summary: a.Summary}
	}
	return out, nil
}

// GetSeriesStructure is internal: public-svc scores and shows a published series.
func (s *Series) GetSeriesStructure(ctx context.Context, req *pb.SeriesStructureRequest) (*pb.SeriesStructure, error) {
	v, teams, err := s.svc.SeriesStructure(ctx, req.GetSeriesId())
	if err != nil {
		return nil, err
	}
	out := &pb.SeriesStructure{Series: seriesMessage(v), Teams: make([]*pb.SeriesTeam, len(teams))}
	for i, t := range teams {
		out.Teams[i] = &pb.SeriesTeam{TeamId: t.TeamID, EventId: t.EventID, SeriesDivisionId: t.SeriesDivisionID, Name: t.Name, Competitor: t.Competitor}
		for _, a := range t.Athletes {
			out.Teams[i].Athletes = append(out.Teams[i].Athletes, &pb.SeriesTeamAthlete{AthleteId: a.ID, Name: a.Name})
		}
	}
	return out, nil
}

// ListVisibleSeries is internal: the published series, for the federation's home.
func (s *Series) ListVisibleSeries(ctx context.Context, _ *pb.ListVisibleSeriesRequest) (*pb.ListSeriesResponse, error) {
	list, err := s.svc.ListVisibleSeries(ctx)
	if err != nil {
		return nil, err
	}
	return seriesListPB(list), nil
}

// Search is internal: the public site's search box.
func (s *Series) Search(ctx context.Context, req *pb.SearchRequest) (*pb.SearchResponse, error) {
	r, err := s.svc.Search(ctx, req.GetQ(), int(req.GetLimit()))
	if err != nil {
		return nil, err
	}
	out := &pb.SearchResponse{
		Events:   make([]*pb.SearchEventHit, len(r.Events)),
		Teams:    make([]*pb.SearchTeamHit, len(r.Teams)),
		Athletes: make([]*pb.SearchAthleteHit, len(r.Athletes)),
	}
	for i, e := range r.Events {
		out.Events[i] = &pb.SearchEventHit{EventId: e.ID, Name: e.Name, DateFrom: core.Date(e.DateFrom), DateTo: core.Date(e.DateTo), Status: e.Status,
			DateRange: core.DateRange(e.DateFrom, e.DateTo)}
	}
	for i, t := range r.Teams {
		out.Teams[i] = teamHitPB(t)
	}
	for i, a := range r.Athletes {
		hit := &pb.SearchAthleteHit{Name: a.Name, AthleteId: a.AthleteID, Teams: make([]*pb.SearchTeamHit, len(a.Teams))}
		for j, t := range a.Teams {
			hit.Teams[j] = teamHitPB(t)
		}
		out.Athletes[i] = hit
	}
	return out, nil
}

func teamHitPB(t store.TeamHit) *pb.SearchTeamHit {
	return &pb.SearchTeamHit{TeamId: t.ID, Name: t.Name, EventId: t.EventID, EventName: t.EventName,
		DivisionName: t.DivisionName, Athlete1Name: t.Athlete1Name, Athlete2Name: t.Athlete2Name}
}

func seriesListPB(list []SeriesView) *pb.ListSeriesResponse {
	out := &pb.ListSeriesResponse{Series: make([]*pb.Series, len(list))}
	for i, v := range list {
		out.Series[i] = seriesMessage(v)
	}
	return out
}

func seriesPB(v SeriesView, err error) (*pb.Series, error) {
	if err != nil {
		return nil, err
	}
	return seriesMessage(v), nil
}

func seriesMessage(v SeriesView) *pb.Series {
	out := &pb.Series{
		Id: v.ID, Name: v.Name, Season: v.Season, Description: v.Description, ScoringTable: v.ScoringTable,
		CustomPoints: v.CustomPoints, BestN: int32(v.BestN), Published: v.Published, //nolint:gosec // at most bestNMax
		CreatedAt: core.Instant(v.CreatedAt), UpdatedAt: core.Instant(v.UpdatedAt), Ranking: v.Ranking,
		Divisions: make([]*pb.SeriesDivision, len(v.Divisions)), Events: make([]*pb.SeriesEvent, len(v.Events)),
	}
	for i, d := range v.Divisions {
		out.Divisions[i] = &pb.SeriesDivision{Id: d.ID, Name: d.Name}
	}
	for i, e := range v.Events {
		ev := &pb.SeriesEvent{EventId: e.EventID, EventName: e.EventName, DateFrom: core.Date(e.DateFrom), DateTo: core.Date(e.DateTo),
			Status: e.Status, Divisions: make([]*pb.SeriesDivisionMapping, len(e.Divisions))}
		for j, m := range e.Divisions {
			ev.Divisions[j] = &pb.SeriesDivisionMapping{DivisionId: m.DivisionID, DivisionName: m.DivisionName, SeriesDivisionId: m.SeriesDivisionID}
		}
		out.Events[i] = ev
	}
	return out
}

func (s *Series) ListSeriesAccess(ctx context.Context, req *pb.ListSeriesAccessRequest) (*pb.ListSeriesAccessResponse, error) {
	list, err := s.svc.ListSeriesAccess(ctx, req.GetSeriesId())
	if err != nil {
		return nil, err
	}
	out := &pb.ListSeriesAccessResponse{Access: make([]*pb.SeriesAccess, len(list))}
	for i, a := range list {
		out.Access[i] = &pb.SeriesAccess{UserId: a.UserID, Username: a.Username}
	}
	return out, nil
}

func (s *Series) GrantSeriesAccess(ctx context.Context, req *pb.SeriesAccessRequest) (*pb.SeriesAccess, error) {
	a, err := s.svc.GrantSeriesAccess(ctx, req.GetSeriesId(), req.GetUserId())
	if err != nil {
		return nil, err
	}
	return &pb.SeriesAccess{UserId: a.UserID, Username: a.Username}, nil
}

func (s *Series) RevokeSeriesAccess(ctx context.Context, req *pb.SeriesAccessRequest) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, s.svc.RevokeSeriesAccess(ctx, req.GetSeriesId(), req.GetUserId())
}

// GetPublicAthleteProfile is internal: an athlete's public profile (public-svc's).
func (s *Series) GetPublicAthleteProfile(ctx context.Context, req *pb.PublicAthleteProfileRequest) (*pb.PublicAthleteProfile, error) {
	v, err := s.svc.PublicAthleteProfile(ctx, req.GetAthleteId())
	if err != nil {
		return nil, err
	}
	out := &pb.PublicAthleteProfile{Former: v.Former, Name: v.Name, Club: v.Club, Country: v.Country, Teams: make([]*pb.PublicAthleteTeamRef, len(v.Teams))}
	for i, t := range v.Teams {
		out.Teams[i] = &pb.PublicAthleteTeamRef{TeamId: t.TeamID, EventId: t.EventID}
	}
	return out, nil
}
