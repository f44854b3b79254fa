package publicsvc

import (
	"context"
	"regexp"
	"strconv"
	"strings"

	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/agebands"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// Boards in pages (docs/boards.md): a division's board of any size, read from the rows
// results-svc keeps ranked, a page, a team's place or a search at a time. Each answer is
// small, shared and filed under its canonical query, and dropped with the event's changes
// like every view of the event.

const (
	// boardPageSize is the entries of a page: fixed, so every reader of a page shares its copy.
	boardPageSize = 50
	// boardSearchLimit is the hits a board search answers.
	boardSearchLimit = 20
	// boardQueryMax bounds a search or filter text.
	boardQueryMax = 100
)

var (
	boardPageParam    = queryParam(&publicv1.BoardPageRequest{}, "page")
	boardClubParam    = queryParam(&publicv1.BoardPageRequest{}, "club")
	boardCountryParam = queryParam(&publicv1.BoardPageRequest{}, "country")
	boardAgeBandParam = queryParam(&publicv1.BoardPageRequest{}, "age_band")
	boardSearchParam  = queryParam(&publicv1.BoardSearchRequest{}, "q")
	countryCode       = regexp.MustCompile(`^[A-Za-z]{2}$`)
)

const (
	msgBoardPageMin    = "Page must be at least 1"
	msgBoardCountry    = "Country must be a two-letter code"
	msgBoardClubLong   = "Club must be at most 100 characters"
	msgBoardSearchMin  = "Search needs at least 2 characters"
	msgBoardSearchLong = "Search must be at most 100 characters"
)

// boardIDs checks the event and division ids of a board request (a malformed one names no
// board: not found, as the whole-board views answer).
func boardIDs(eventID, divisionID string) (string, string, error) {
	e, ok1 := ids.Canonical(eventID)
	d, ok2 := ids.Canonical(divisionID)
	if !ok1 || !ok2 {
		return "", "", apperr.NotFound(msgDivisionNotFound)
	}
	return e, d, nil
}

// structureVersion is the event's public structure version, which results-svc ranks the
// board against (it ranks it again when it is behind).
func (s *service) structureVersion(ctx context.Context, eventID string) (_ int64, err error) {
	defer apperr.Wrap(&err, "publicsvc.structureVersion(%q)", eventID)
	v, err := s.comp.GetPublicVersion(ctx, &competitionv1.PublicVersionRequest{EventId: eventID})
	return v.GetVersion(), err
}

// boardPage is one page of a division's board, optionally filtered by club, country and age band.
func (s *service) boardPage(ctx context.Context, req *publicv1.BoardPageRequest) (_ *publicv1.BoardPage, err error) {
	defer apperr.Wrap(&err, "publicsvc.boardPage()")
	eventID, divisionID, err := boardIDs(req.GetEventId(), req.GetDivisionId())
	if err != nil {
		return nil, err
	}
	page := req.GetPage()
	if page == 0 {
		page = 1
	}
	if page < 1 {
		return nil, apperr.Invalid("page", msgBoardPageMin)
	}
	club := strings.TrimSpace(req.GetClub())
	if len([]rune(club)) > boardQueryMax {
		return nil, apperr.Invalid("club", msgBoardClubLong)
	}
	country := strings.ToUpper(strings.TrimSpace(req.GetCountry()))
	if country != "" && !countryCode.MatchString(country) {
		return nil, apperr.Invalid("country", msgBoardCountry)
	}
	band := strings.TrimSpace(req.GetAgeBand())
	if band != "" && !agebands.Valid(band) {
		return nil, apperr.Invalid("ageBand", agebands.Message())
	}
	version, err := s.structureVersion(ctx, eventID)
	if err != nil {
		return nil, err
	}
	r, err := s.res.GetBoardPage(ctx, &resultsv1.BoardPageRequest{EventId: eventID, DivisionId: divisionID,
		From: (page-1)*boardPageSize + 1, Count: boardPageSize, StructureVersion: version,
		Filter: &resultsv1.BoardFilter{Club: club, Country: country, AgeBand: band}})
	if err != nil {
		return nil, err
	}
	pages := max(1, (r.GetTotal()+boardPageSize-1)/boardPageSize)
	if page > pages {
		return nil, apperr.Invalid("page", "Page must be at most "+strconv.Itoa(int(pages)))
	}
	query := []string{boardPageParam[0], strconv.Itoa(int(page))}
	if club != "" {
		query = append(query, boardClubParam[0], strings.ToLower(club))
	}
	if country != "" {
		query = append(query, boardCountryParam[0], country)
	}
	if band != "" {
		query = append(query, boardAgeBandParam[0], band)
	}
	cache.Advice{Public: true, Params: [][]string{boardPageParam, boardClubParam, boardCountryParam, boardAgeBandParam},
		Query: cache.Query(query...), Event: eventID}.Send(ctx)
	h := r.GetHeader()
	out := &publicv1.BoardPage{
		Event:             &publicv1.LeaderboardEvent{Id: eventID, Name: h.GetEventName(), Frozen: h.GetFrozen()},
		Division:          &publicv1.NamedRef{Id: divisionID, Name: h.GetDivisionName()},
		Workouts:          make([]*publicv1.LeaderboardWorkout, len(h.GetWorkouts())),
		LastUpdated:       h.GetLastUpdated(),
		LatestWorkoutId:   h.GetLatestWorkoutId(),
		TieBreak:          h.GetTieBreak(),
		TieBreakWorkoutId: h.GetTieBreakWorkoutId(),
		Page:              page,
		PageSize:          boardPageSize,
		Total:             r.GetTotal(),
		Pages:             pages,
		Rows:              make([]*publicv1.BoardRow, len(r.GetEntries())),
	}
	for i, w := range h.GetWorkouts() {
		out.Workouts[i] = leaderboardWorkout(w)
	}
	for i, e := range r.GetEntries() {
		out.Rows[i] = boardRow(e, h.GetWorkouts())
	}
	return out, nil
}

// findBoardEntry is a team's row on a division's board and the page it is on.
func (s *service) findBoardEntry(ctx context.Context, req *publicv1.BoardEntryRequest) (_ *publicv1.BoardEntryPlace, err error) {
	defer apperr.Wrap(&err, "publicsvc.findBoardEntry()")
	eventID, divisionID, err := boardIDs(req.GetEventId(), req.GetDivisionId())
	if err != nil {
		return nil, err
	}
	teamID, ok := ids.Canonical(req.GetTeamId())
	if !ok {
		return nil, apperr.Invalid("teamId", "Team id must be a valid id")
	}
	version, err := s.structureVersion(ctx, eventID)
	if err != nil {
		return nil, err
	}
	r, err := s.res.FindBoardEntry(ctx, &resultsv1.BoardEntryRequest{EventId: eventID, DivisionId: divisionID,
		TeamId: teamID, StructureVersion: version})
	if err != nil {
		return nil, err
	}
	adviseEventView(ctx, eventID) // the path names the answer
	e := r.GetEntry()
	return &publicv1.BoardEntryPlace{Row: boardRow(e, r.GetHeader().GetWorkouts()), Page: pageOf(e), PageSize: boardPageSize,
		Total: r.GetTotal()}, nil
}

// pageOf is the page of the unfiltered board an entry is on.
func pageOf(e *resultsv1.BoardEntry) int32 { return (e.GetPosition()-1)/boardPageSize + 1 }

// searchBoard is the entries of a division's board whose team or athlete names contain q.
func (s *service) searchBoard(ctx context.Context, req *publicv1.BoardSearchRequest) (_ *publicv1.BoardSearchResult, err error) {
	defer apperr.Wrap(&err, "publicsvc.searchBoard()")
	eventID, divisionID, err := boardIDs(req.GetEventId(), req.GetDivisionId())
	if err != nil {
		return nil, err
	}
	q := strings.TrimSpace(req.GetQ())
	switch n := len([]rune(q)); {
	case n < 2:
		return nil, apperr.Invalid("q", msgBoardSearchMin)
	case n > boardQueryMax:
		return nil, apperr.Invalid("q", msgBoardSearchLong)
	}
	version, err := s.structureVersion(ctx, eventID)
	if err != nil {
		return nil, err
	}
	r, err := s.res.SearchBoard(ctx, &resultsv1.BoardSearchRequest{EventId: eventID, DivisionId: divisionID,
		Query: q, Limit: boardSearchLimit, StructureVersion: version})
	if err != nil {
		return nil, err
	}
	cache.Advice{Public: true, Params: [][]string{boardSearchParam}, Query: cache.Query(boardSearchParam[0], strings.ToLower(q)),
		Event: eventID}.Send(ctx)
	out := &publicv1.BoardSearchResult{Matches: r.GetMatches(), Entries: make([]*publicv1.BoardEntryPlace, len(r.GetEntries()))}
	for i, e := range r.GetEntries() {
		out.Entries[i] = &publicv1.BoardEntryPlace{Row: boardRow(e, r.GetHeader().GetWorkouts()), Page: pageOf(e),
			PageSize: boardPageSize, Total: r.GetTotal()}
	}
	return out, nil
}

// boardRow is a kept entry as the boards show a standing (divisionLeaderboardView's rows):
// one result per workout of the board, not_started where the team has none; no rank and no
// total for a team withdrawn or without a result shown.
func boardRow(e *resultsv1.BoardEntry, workouts []*competitionv1.Workout) *publicv1.BoardRow {
	ts := e.GetStanding()
	st := &publicv1.Standing{
		TeamId:         ts.GetTeamId(),
		TeamName:       e.GetTeamName(),
		Athlete1Name:   e.GetAthlete1Name(),
		Athlete2Name:   e.GetAthlete2Name(),
		AthleteNames:   keptNames(e),
		Withdrawn:      ts.GetWithdrawn(),
		Tie:            ts.GetTie(),
		PreviousRank:   cloneInt32(ts.GetPreviousRank()),
		WorkoutResults: make([]*publicv1.StandingWorkoutResult, len(workouts)),
	}
	if ts.GetRank() != nil {
		st.Rank = wrapperspb.Int32(ts.GetRank().GetValue())
		st.TotalPoints = cloneDouble(ts.GetTotalPoints())
	}
	byWorkout := make(map[string]*resultsv1.WorkoutPlacing, len(ts.GetPlacings()))
	for _, p := range ts.GetPlacings() {
		byWorkout[p.GetWorkoutId()] = p
	}
	for i, w := range workouts {
		r := &publicv1.StandingWorkoutResult{WorkoutId: w.GetId(), Status: typesv1.ResultStatus_not_started}
		if p := byWorkout[w.GetId()]; p != nil {
			r.Result, r.RawResult, r.Status, r.Points, r.Rank = p.GetResultText(), cloneDouble(p.GetRawResult()), p.GetStatus(),
				cloneDouble(p.GetPoints()), cloneInt32(p.GetRank())
			r.Scaled, r.PenaltyText, r.Unreviewed = p.GetScaled(), p.GetPenaltyText(), p.GetUnreviewed()
		}
		st.WorkoutResults[i] = r
	}
	return &publicv1.BoardRow{Standing: st, Position: e.GetPosition(), Club: e.GetClub(), Country: e.GetCountry()}
}

// keptNames are the athlete names a kept entry carries: every starting athlete, as the whole
// board shows them; a row ranked before the entries carried them has its first two places.
func keptNames(e *resultsv1.BoardEntry) []string {
	if names := e.GetAthleteNames(); len(names) > 0 {
		return names
	}
	var out []string
	for _, n := range []string{e.GetAthlete1Name(), e.GetAthlete2Name()} {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}
