package publicsvc

import (
	"context"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// The board RPCs (boards.go): a division's board in pages.

func (s *Server) GetBoardPage(ctx context.Context, req *publicv1.BoardPageRequest) (*publicv1.BoardPage, error) {
	return s.svc.boardPage(ctx, req)
}

func (s *Server) FindBoardEntry(ctx context.Context, req *publicv1.BoardEntryRequest) (*publicv1.BoardEntryPlace, error) {
	return s.svc.findBoardEntry(ctx, req)
}

func (s *Server) SearchBoard(ctx context.Context, req *publicv1.BoardSearchRequest) (*publicv1.BoardSearchResult, error) {
	return s.svc.searchBoard(ctx, req)
}
