package resultssvc

import (
	"context"

	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// The boards' RPCs (boards.go), internal: public-svc's pages, find and search.

// GetBoardPage is internal: a range of positions of a division's kept board.
func (s *Server) GetBoardPage(ctx context.Context, req *resultsv1.BoardPageRequest) (*resultsv1.BoardPage, error) {
	return s.svc.boardPage(ctx, req)
}

// FindBoardEntry is internal: one team's row of a division's kept board.
func (s *Server) FindBoardEntry(ctx context.Context, req *resultsv1.BoardEntryRequest) (*resultsv1.BoardEntryPlace, error) {
	return s.svc.findBoardEntry(ctx, req)
}

// SearchBoard is internal: the rows of a division's kept board whose names match.
func (s *Server) SearchBoard(ctx context.Context, req *resultsv1.BoardSearchRequest) (*resultsv1.BoardSearchResult, error) {
	return s.svc.searchBoard(ctx, req)
}

// RunBoards ranks the boards due (boards.go) and scores the cells due (cell_scores.go) until
// ctx ends; the process runs it beside the server.
func (s *Server) RunBoards(ctx context.Context) {
	go s.svc.runCellScores(ctx)
	s.svc.runBoards(ctx)
}
