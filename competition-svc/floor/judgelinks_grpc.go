package floor

import (
	"context"

	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/core"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

// The judge link RPCs (judgelinks.go).

func (s *Floor) CreateJudgeLinks(ctx context.Context, req *competitionv1.CreateJudgeLinksRequest) (*competitionv1.JudgeLinks, error) {
	stations := make([]JudgeStation, len(req.GetStations()))
	for i, st := range req.GetStations() {
		stations[i] = JudgeStation{Lanes: st.GetLanes(), Label: st.GetLabel()}
	}
	cards, err := s.svc.CreateJudgeLinks(ctx, req.GetEventId(), req.GetWorkoutId(), req.GetHeatId(), stations)
	if err != nil {
		return nil, err
	}
	out := &competitionv1.JudgeLinks{Links: make([]*competitionv1.JudgeLink, len(cards))}
	for i, c := range cards {
		out.Links[i] = judgeLinkPB(c)
	}
	return out, nil
}

func (s *Floor) ListJudgeLinks(ctx context.Context, req *competitionv1.ListJudgeLinksRequest) (*competitionv1.JudgeLinks, error) {
	links, err := s.svc.ListJudgeLinks(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	out := &competitionv1.JudgeLinks{Links: make([]*competitionv1.JudgeLink, len(links))}
	for i, l := range links {
		out.Links[i] = judgeLinkPB(JudgeLinkCard{JudgeLink: l})
	}
	return out, nil
}

func (s *Floor) GetJudgeLinkCard(ctx context.Context, req *competitionv1.JudgeLinkRequest) (*competitionv1.JudgeLink, error) {
	c, err := s.svc.JudgeLinkCard(ctx, req.GetId())
	if err != nil {
		return nil, err
	}
	return judgeLinkPB(c), nil
}

func (s *Floor) RedeemJudgeCode(ctx context.Context, req *competitionv1.RedeemJudgeCodeRequest) (*competitionv1.JudgeLink, error) {
	c, err := s.svc.RedeemJudgeCode(ctx, req.GetCode())
	if err != nil {
		return nil, err
	}
	return judgeLinkPB(c), nil
}

func (s *Floor) RevokeJudgeLink(ctx context.Context, req *competitionv1.JudgeLinkRequest) (*emptypb.Empty, error) {
	return core.Empty(s.svc.RevokeJudgeLink(ctx, req.GetId()))
}

func (s *Floor) RevokeJudgeLinks(ctx context.Context, req *competitionv1.ListJudgeLinksRequest) (*competitionv1.RevokeJudgeLinksResponse, error) {
	n, err := s.svc.RevokeJudgeLinks(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	return &competitionv1.RevokeJudgeLinksResponse{RevokedCount: int32(n)}, nil //nolint:gosec // at most an event's links
}

// judgeLinkPB is a link; its token and code only where the card carries them.
func judgeLinkPB(c JudgeLinkCard) *competitionv1.JudgeLink {
	l := c.JudgeLink
	lanes := l.Lanes
	if lanes == nil {
		lanes = []int32{}
	}
	return &competitionv1.JudgeLink{
		Id: l.ID, EventId: l.EventID, WorkoutId: l.WorkoutID, WorkoutName: l.WorkoutName, HeatId: l.HeatID,
		HeatNumber: l.HeatNumber, Lanes: lanes, Label: l.Label, CreatedAt: core.Instant(l.CreatedAt), CreatedBy: l.CreatedBy,
		ExpiresAt: core.Instant(l.ExpiresAt), Token: c.Token, Code: c.Code,
	}
}
