package setup

import (
	"context"

	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
)

// The team RPCs, the CSV import of teams included.

func (s *Setup) ListTeams(ctx context.Context, _ *competitionv1.ListTeamsRequest) (*competitionv1.ListTeamsResponse, error) {
	return teamsPB(s.svc.ListTeams(ctx))
}

func (s *Setup) ListEventTeams(ctx context.Context, req *competitionv1.ListEventTeamsRequest) (*competitionv1.ListTeamsResponse, error) {
	return teamsPB(s.svc.ListEventTeams(ctx, req.GetEventId()))
}

func (s *Setup) ListDivisionTeams(ctx context.Context, req *competitionv1.ListDivisionTeamsRequest) (*competitionv1.ListTeamsResponse, error) {
	return teamsPB(s.svc.ListDivisionTeams(ctx, req.GetDivisionId()))
}

func (s *Setup) GetTeam(ctx context.Context, req *competitionv1.TeamRequest) (*competitionv1.Team, error) {
	return teamResult(s.svc.GetTeam(ctx, req.GetId()))
}

func (s *Setup) CreateTeam(ctx context.Context, req *competitionv1.CreateTeamRequest) (*competitionv1.Team, error) {
	return teamResult(s.svc.CreateTeam(ctx, req.GetEventId(), req.GetDivisionId(), TeamInput{
		Name: req.GetName(), Athlete1Name: req.GetAthlete1Name(), Athlete2Name: req.GetAthlete2Name(),
		Roster: rosterFromPB(req.GetAthletes()),
	}, req.GetBeyondCapacity()))
}

func (s *Setup) BulkCreateTeams(ctx context.Context, req *competitionv1.BulkCreateTeamsRequest) (*competitionv1.ListTeamsResponse, error) {
	in := make([]TeamInput, len(req.GetTeams()))
	for i, t := range req.GetTeams() {
		in[i] = TeamInput{Name: t.GetName(), Athlete1Name: t.GetAthlete1Name(), Athlete2Name: t.GetAthlete2Name(),
			Roster: rosterFromPB(t.GetAthletes())}
	}
	return teamsPB(s.svc.BulkCreateTeams(ctx, req.GetEventId(), req.GetDivisionId(), in, req.GetBeyondCapacity()))
}

// ImportTeams implements competitionv1.CompetitionServiceServer.
func (s *Setup) ImportTeams(ctx context.Context, req *competitionv1.ImportTeamsRequest) (*competitionv1.ImportTeamsResponse, error) {
	imported, err := s.svc.ImportTeams(ctx, req.GetEventId(), req.GetDivisionId(), req.GetCsv(), req.GetDryRun(), req.GetBeyondCapacity())
	if err != nil {
		return nil, err
	}
	out := &competitionv1.ImportTeamsResponse{
		Created:          make([]*competitionv1.Team, len(imported.Teams)),
		Errors:           make([]*competitionv1.ImportLineError, len(imported.Errors)),
		CreatedCount:     int32(imported.Created),
		CreatedTruncated: len(imported.Teams) < imported.Created,
		ErrorCount:       int32(imported.ErrorCount),
	}
	for i, t := range imported.Teams {
		out.Created[i] = teamPB(t)
	}
	for i, e := range imported.Errors {
		out.Errors[i] = &competitionv1.ImportLineError{Line: int32(e.Line), Message: e.Message}
	}
	return out, nil
}

func (s *Setup) UpdateTeam(ctx context.Context, req *competitionv1.UpdateTeamRequest) (*competitionv1.Team, error) {
	return teamResult(s.svc.UpdateTeam(ctx, req.GetId(), req.GetDivisionId(), TeamInput{
		Name: req.GetName(), Athlete1Name: req.GetAthlete1Name(), Athlete2Name: req.GetAthlete2Name(),
		Roster: rosterFromPB(req.GetAthletes()),
	}, req.GetDeleteResults(), req.GetBeyondCapacity()))
}

func (s *Setup) DeleteTeam(ctx context.Context, req *competitionv1.TeamRequest) (*emptypb.Empty, error) {
	return core.Empty(s.svc.DeleteTeam(ctx, req.GetId()))
}

// AthleteCount is how many starting athletes a team has: its roster's, or (a team read without
// it) how many of its two names are filled in.
func AthleteCount(t store.Team) int32 {
	var n int32
	if len(t.Roster) > 0 {
		for _, a := range t.Roster {
			if !a.Substitute {
				n++
			}
		}
		return n
	}
	for _, a := range []string{t.Athlete1Name, t.Athlete2Name} {
		if core.Trim(a) != "" {
			n++
		}
	}
	return n
}

func teamPB(t TeamView) *competitionv1.Team {
	return &competitionv1.Team{
		Id:                t.ID,
		Name:              t.Name,
		EventId:           t.EventID,
		EventName:         t.EventName,
		DivisionId:        t.DivisionID,
		DivisionName:      t.DivisionName,
		Athlete1Name:      t.Athlete1Name,
		Athlete2Name:      t.Athlete2Name,
		Athlete1Id:        t.Athlete1ID,
		Athlete2Id:        t.Athlete2ID,
		Athletes:          rosterPB(t.Roster),
		Club:              t.Club,
		Country:           t.Country,
		AthleteCount:      AthleteCount(t.Team),
		FinalResultsCount: t.FinalResultsCount,
		ResultsCount:      t.ResultsCount,
		CreatedAt:         core.Instant(t.CreatedAt),
		UpdatedAt:         core.Instant(t.UpdatedAt),
	}
}

func teamResult(t TeamView, err error) (*competitionv1.Team, error) {
	if err != nil {
		return nil, err
	}
	return teamPB(t), nil
}

func teamsPB(ts []TeamView, err error) (*competitionv1.ListTeamsResponse, error) {
	if err != nil {
		return nil, err
	}
	out := &competitionv1.ListTeamsResponse{Teams: make([]*competitionv1.Team, len(ts))}
	for i, t := range ts {
		out.Teams[i] = teamPB(t)
	}
	return out, nil
}

func (s *Setup) ExportDivisionTeamsCsv(ctx context.Context, req *competitionv1.ListDivisionTeamsRequest) (*filesv1.CsvFile, error) {
	name, content, err := s.svc.ExportDivisionTeams(ctx, req.GetDivisionId())
	if err != nil {
		return nil, err
	}
	return &filesv1.CsvFile{FileName: name, Content: content}, nil
}
