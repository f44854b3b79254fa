package resultssvc

import (
	"context"
	"errors"
	"hash/fnv"
	"sort"
	"strings"
	"sync"
	"time"

	"google.golang.org/protobuf/proto"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/agebands"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/telemetry"
	"github.com/podium-dev/podium/internal/platform/words"
	"github.com/podium-dev/podium/internal/platform/worker"
	"github.com/podium-dev/podium/internal/release"
	"github.com/podium-dev/podium/results-svc/store"
)

// Boards (docs/boards.md): each division's public standings kept as rows with their
// position, ranked again only when the division's results changed (a trigger marks it in the
// change's transaction) or a reader saw a newer structure, and at most once per boardSpacing
// while changes stream in. A ranking rewrites only the rows whose entry changed.

const (
	// boardSpacing is the least time between two rankings of one division.
	boardSpacing = 300 * time.Millisecond
	// boardPoll is how often the ranker looks for boards due.
	boardPoll = 50 * time.Millisecond
	// structureKept is how long a structure fetched without a known version is used.
	structureKept = 30 * time.Second
	// firstRankingWait bounds a first reader's wait for a ranking another ranker is writing.
	firstRankingWait = 5 * time.Second
)

// boardStructures keeps the last structure of each event a ranking read, so the rankings of
// a stream of publications read competition-svc once.
type boardStructures struct {
	mu     sync.Mutex
	events map[string]keptStructure
}

type keptStructure struct {
	version int64
	at      time.Time
	held    string
	st      *structure
	event   *competitionv1.Event
}

// runBoards ranks the boards due until ctx ends; several replicas may run it (a division's
// ranking takes a lock, the others pass).
func (s *service) runBoards(ctx context.Context) {
	worker.Run(ctx, s.log, boardPoll, nil, "boards: reading the boards due", s.rankDueBoards)
}

// rankDueBoards ranks the boards due now; a board that fails is logged and stays due.
func (s *service) rankDueBoards(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "resultssvc.rankDueBoards()")
	due, err := s.store.DueBoards(ctx, boardSpacing, 16)
	if err != nil {
		return err
	}
	for _, b := range due {
		if err := s.rankBoard(ctx, b); err != nil && ctx.Err() == nil {
			s.log.Warn("boards: ranking", "division", b.DivisionID, "err", err)
		}
	}
	return nil
}

// boardStructure is an event's public structure (without its held workouts) at least as new
// as version (0: unknown, a kept one serves for structureKept), with the version it stands for.
func (s *service) boardStructure(ctx context.Context, eventID string, version int64) (_ keptStructure, err error) {
	defer apperr.Wrap(&err, "resultssvc.boardStructure(%q)", eventID)
	s.boards.mu.Lock()
	kept, ok := s.boards.events[eventID]
	s.boards.mu.Unlock()
	now := s.now()
	if ok && kept.version >= version && (version > 0 || time.Since(kept.at) < structureKept) &&
		heldKey(release.Held(kept.event.GetWorkouts(), now)) == kept.held {
		return kept, nil
	}
	es, err := s.structureMessage(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return keptStructure{}, err
	}
	held := release.Held(es.GetEvent().GetWorkouts(), now)
	st, err := newStructure(release.Public(es, held))
	if err != nil {
		return keptStructure{}, err
	}
	kept = keptStructure{version: version, at: time.Now(), held: heldKey(held), st: st, event: es.GetEvent()}
	s.boards.mu.Lock()
	s.boards.events[eventID] = kept
	s.boards.mu.Unlock()
	return kept, nil
}

// tieBreak is how the event breaks equal totals, as the boards note it (public-svc's
// eventData.tieBreak: countback unless the rules say otherwise; a by_workout rule naming no
// workout the board shows shares the place, as the scoring does).
func (k keptStructure) tieBreak() (typesv1.OverallTieBreak, string) {
	sr := k.event.GetScoringRules()
	rule, _ := words.Parse[typesv1.OverallTieBreak](sr.GetOverallTieBreak())
	switch rule {
	case typesv1.OverallTieBreak_shared:
		return rule, ""
	case typesv1.OverallTieBreak_by_workout:
		if k.st.workouts[sr.GetOverallWorkoutId()] != nil {
			return rule, sr.GetOverallWorkoutId()
		}
		return typesv1.OverallTieBreak_shared, ""
	}
	return typesv1.OverallTieBreak_countback, ""
}

func heldKey(held map[string]bool) string {
	keys := make([]string, 0, len(held))
	for k, h := range held {
		if h {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

// rankBoard ranks one division's board and writes the rows that changed.
func (s *service) rankBoard(ctx context.Context, b store.Board) (err error) {
	defer apperr.Wrap(&err, "resultssvc.rankBoard(%q)", b.DivisionID)
	started := time.Now()
	kept, err := s.boardStructure(ctx, b.EventID, b.WantedVersion)
	st := kept.st
	var gone bool
	switch {
	case apperr.IsKind(err, apperr.KindNotFound):
		gone, err = true, nil // the event is deleted: its board empties
	case err != nil:
		return err
	case st.divisions[b.DivisionID] == nil:
		gone = true // the division is deleted or moved
	}
	b.StructureVersion = kept.version
	var rows []store.BoardRow
	if !gone {
		var header []byte
		rows, header, err = s.boardRows(ctx, kept, b.DivisionID)
		if err != nil {
			return err
		}
		b.Header, b.Listed, b.Entries = header, !st.draft, len(rows)
	}
	var changed int
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		locked, err := tx.LockBoard(ctx, b.DivisionID)
		if err != nil || !locked {
			return err
		}
		// A newer structure asked for meanwhile (renamed teams, an erased athlete): these rows
		// hold the older names; the board stays due and is ranked again with the newer one.
		now, err := tx.BoardState(ctx, b.DivisionID)
		if err != nil || now.WantedVersion > kept.version {
			return err
		}
		old, err := tx.BoardDigests(ctx, b.DivisionID)
		if err != nil {
			return err
		}
		var write []store.BoardRow
		for _, r := range rows {
			if o, ok := old[r.TeamID]; !ok || o.Digest != r.Digest || o.Position != r.Position {
				write = append(write, r)
			}
			delete(old, r.TeamID)
		}
		dropped := make([]string, 0, len(old))
		for team := range old {
			dropped = append(dropped, team)
		}
		changed = len(write) + len(dropped)
		return tx.WriteBoard(ctx, b, write, dropped)
	})
	if err == nil {
		telemetry.BoardRankings.Observe(time.Since(started).Seconds())
		telemetry.BoardRowsWritten.Add(float64(changed))
	}
	return err
}

// boardRows are a division's public standings as board rows in position order, and the
// header its pages share.
func (s *service) boardRows(ctx context.Context, kept keptStructure, divisionID string) (_ []store.BoardRow, header []byte, err error) {
	defer apperr.Wrap(&err, "resultssvc.boardRows(%q)", divisionID)
	st := kept.st
	ds, lastUpdated, frozen, err := s.divisionStandings(ctx, st, divisionID)
	if err != nil {
		return nil, nil, err
	}
	div := st.divisions[divisionID]
	h := &resultsv1.BoardHeader{EventName: st.eventName, DivisionName: div.GetName(), Workouts: st.orderedWorkouts,
		LatestWorkoutId: ds.GetLatestWorkoutId(), LastUpdated: lastUpdated, Frozen: frozen,
	}
	h.TieBreak, h.TieBreakWorkoutId = kept.tieBreak()
	if header, err = proto.Marshal(h); err != nil {
		return nil, nil, err
	}
	deterministic := proto.MarshalOptions{Deterministic: true}
	rows := make([]store.BoardRow, 0, len(ds.GetStandings()))
	for i, ts := range ds.GetStandings() {
		team := st.teams[ts.GetTeamId()]
		names := startingNames(team)
		e := &resultsv1.BoardEntry{Standing: ts, TeamName: team.GetName(), Athlete1Name: team.GetAthlete1Name(),
			Athlete2Name: team.GetAthlete2Name(), Position: int32(i + 1), AthleteNames: names, //nolint:gosec // at most the division's teams
			Club: team.GetClub(), Country: team.GetCountry(), AgeBand: agebands.Of(captainBirthDate(team), st.dateFrom)}
		bytes, err := deterministic.Marshal(e)
		if err != nil {
			return nil, nil, err
		}
		rows = append(rows, store.BoardRow{TeamID: ts.GetTeamId(), Position: e.GetPosition(), Digest: digest(bytes),
			Names: strings.ToLower(strings.Join(append([]string{team.GetName()}, names...), "\n")), Entry: bytes,
			Club: strings.ToLower(strings.TrimSpace(team.GetClub())), Country: filterCountry(team.GetCountry()), AgeBand: e.GetAgeBand()})
	}
	return rows, header, nil
}

// startingNames are the names a board row shows and its search finds: every starting athlete
// of the roster in order (docs/rosters.md); a team from before rosters has its two names.
func startingNames(t *competitionv1.Team) []string {
	var out []string
	if len(t.GetAthletes()) == 0 {
		for _, n := range []string{t.GetAthlete1Name(), t.GetAthlete2Name()} {
			if n != "" {
				out = append(out, n)
			}
		}
		return out
	}
	for _, a := range t.GetAthletes() {
		if !a.GetSubstitute() {
			out = append(out, a.GetName())
		}
	}
	return out
}

// captainBirthDate is the birth date the age filter reads: the captain's, else the first
// place's (a team from before rosters has none).
func captainBirthDate(t *competitionv1.Team) string {
	for _, a := range t.GetAthletes() {
		if a.GetCaptain() {
			return a.GetBirthDate()
		}
	}
	if len(t.GetAthletes()) > 0 {
		return t.GetAthletes()[0].GetBirthDate()
	}
	return ""
}

// filterCountry is the country a board's filter matches: a profile's country when it is a
// two-letter code (the filter's words), in lower case; a country written out matches none.
func filterCountry(country string) string {
	c := strings.ToLower(strings.TrimSpace(country))
	if len(c) != 2 || c[0] < 'a' || c[0] > 'z' || c[1] < 'a' || c[1] > 'z' {
		return ""
	}
	return c
}

// digest is an entry's hash: a row is rewritten only when it changes.
func digest(entry []byte) int64 {
	h := fnv.New64a()
	_, _ = h.Write(entry)   // a hash never fails
	return int64(h.Sum64()) //nolint:gosec // a digest: any bits
}

// divisionStandings are one division's public standings: those kept at the freeze of a frozen
// event, else scored from the division's public results alone.
func (s *service) divisionStandings(ctx context.Context, st *structure, divisionID string) (_ *resultsv1.DivisionStandings, lastUpdated string, frozen bool, err error) {
	defer apperr.Wrap(&err, "resultssvc.divisionStandings(%q)", divisionID)
	kept, frozen, err := s.frozenStandings(ctx, st.eventID)
	if err != nil {
		return nil, "", false, err
	}
	if frozen {
		for _, d := range kept.GetDivisions() {
			if d.GetDivisionId() == divisionID {
				return d, kept.GetLastUpdated(), true, nil
			}
		}
		return &resultsv1.DivisionStandings{DivisionId: divisionID}, kept.GetLastUpdated(), true, nil
	}
	results, err := s.publicDivisionResults(ctx, st, divisionID)
	if err != nil {
		return nil, "", false, err
	}
	one := *st
	one.orderedDivisions = []*competitionv1.Division{st.divisions[divisionID]}
	es, err := eventStandings(&one, results)
	if err != nil {
		return nil, "", false, err
	}
	return es.GetDivisions()[0], es.GetLastUpdated(), false, nil
}

// Reads of the boards, for public-svc.

const (
	msgBoardTeamNotFound = "Team not found on this board"
	boardCountMax        = 200
	boardSearchMax       = 50
)

// board is a division's board of eventID as last ranked, ranked now when it never was, and
// marked for ranking when the caller saw a newer structure than it was ranked against.
func (s *service) board(ctx context.Context, eventID, divisionID string, structureVersion int64) (_ store.Board, err error) {
	defer apperr.Wrap(&err, "resultssvc.board(%q)", divisionID)
	if eventID, err = parseID("eventId", "event", eventID); err != nil {
		return store.Board{}, err
	}
	if divisionID, err = parseID("divisionId", "division", divisionID); err != nil {
		return store.Board{}, err
	}
	b, err := s.store.GetBoard(ctx, divisionID)
	if errors.Is(err, store.ErrNoBoard) {
		// First read of a board: it is ranked now, once, whoever else asks meanwhile.
		b, err = s.firstRanking(ctx, eventID, divisionID, structureVersion)
	}
	if err != nil {
		return store.Board{}, err
	}
	if b.EventID != eventID {
		return store.Board{}, apperr.NotFound(msgDivisionNotFound)
	}
	if structureVersion > b.StructureVersion {
		if !b.Listed {
			// An event just published: its board is ranked now rather than answered as not found.
			if b, err = s.rankNow(ctx, b, structureVersion); err != nil {
				return store.Board{}, err
			}
		} else if structureVersion > b.WantedVersion {
			if err := s.store.WantStructure(ctx, eventID, structureVersion); err != nil {
				return store.Board{}, err
			}
		}
	}
	if !b.Listed {
		return store.Board{}, apperr.NotFound(msgDivisionNotFound)
	}
	return b, nil
}

// firstRanking ranks a board never ranked before, one caller at a time per division.
func (s *service) firstRanking(ctx context.Context, eventID, divisionID string, structureVersion int64) (_ store.Board, err error) {
	defer apperr.Wrap(&err, "resultssvc.firstRanking(%q)", divisionID)
	_, err, _ = s.boardFirst.Do(divisionID, func() (any, error) {
		if _, err := s.store.GetBoard(ctx, divisionID); !errors.Is(err, store.ErrNoBoard) {
			return nil, err
		}
		if err := s.store.EnsureBoard(ctx, eventID, divisionID); err != nil {
			return nil, err
		}
		b, err := s.store.BoardState(ctx, divisionID)
		if err != nil {
			return nil, err
		}
		if b.EventID != eventID {
			return nil, apperr.NotFound(msgDivisionNotFound)
		}
		b.WantedVersion = max(b.WantedVersion, structureVersion)
		return nil, s.rankBoard(ctx, b)
	})
	if err != nil {
		return store.Board{}, err
	}
	b, err := s.awaitBoard(ctx, divisionID, func(store.Board) bool { return true })
	if errors.Is(err, store.ErrNoBoard) {
		return store.Board{}, apperr.NotFound(msgDivisionNotFound)
	}
	return b, err
}

// rankNow ranks a board at once against at least structureVersion, one caller at a time.
func (s *service) rankNow(ctx context.Context, b store.Board, structureVersion int64) (_ store.Board, err error) {
	defer apperr.Wrap(&err, "resultssvc.rankNow(%q)", b.DivisionID)
	// Wanted in the store first: when another ranker holds the board's lock (ranking an older
	// structure), this ranking is dropped and the board stays due, so the background ranker
	// ranks this version next instead of the reader waiting for a ranking nobody writes.
	if err := s.store.WantStructure(ctx, b.EventID, structureVersion); err != nil {
		return store.Board{}, err
	}
	_, err, _ = s.boardFirst.Do(b.DivisionID, func() (any, error) {
		state, err := s.store.BoardState(ctx, b.DivisionID)
		if err != nil {
			return nil, err
		}
		state.WantedVersion = max(state.WantedVersion, structureVersion)
		return nil, s.rankBoard(ctx, state)
	})
	if err != nil {
		return store.Board{}, err
	}
	return s.awaitBoard(ctx, b.DivisionID, func(b store.Board) bool { return b.StructureVersion >= structureVersion })
}

// awaitBoard reads a board until ready says it is, for at most firstRankingWait, and then
// answers it as it is. A ranking asked for may be written by another ranker (the background
// one, another replica) that held the board's lock: the reader waits for it rather than
// answering from before it, such as that a just-published division does not exist.
func (s *service) awaitBoard(ctx context.Context, divisionID string, ready func(store.Board) bool) (_ store.Board, err error) {
	defer apperr.Wrap(&err, "resultssvc.awaitBoard(%q)", divisionID)
	deadline := time.Now().Add(firstRankingWait)
	for {
		b, err := s.store.GetBoard(ctx, divisionID)
		if (err == nil && ready(b)) || (err != nil && !errors.Is(err, store.ErrNoBoard)) || time.Now().After(deadline) {
			return b, err
		}
		select {
		case <-ctx.Done():
			return store.Board{}, ctx.Err()
		case <-time.After(boardPoll):
		}
	}
}

func boardHeader(b store.Board) (*resultsv1.BoardHeader, error) {
	h := &resultsv1.BoardHeader{}
	return h, proto.Unmarshal(b.Header, h)
}

func boardEntries(rows []store.BoardRow) ([]*resultsv1.BoardEntry, error) {
	out := make([]*resultsv1.BoardEntry, len(rows))
	for i, r := range rows {
		out[i] = &resultsv1.BoardEntry{}
		if err := proto.Unmarshal(r.Entry, out[i]); err != nil {
			return nil, err
		}
		out[i].Position = r.Position
	}
	return out, nil
}

// boardPage is a range of a board's positions (as filtered) with its total.
func (s *service) boardPage(ctx context.Context, req *resultsv1.BoardPageRequest) (_ *resultsv1.BoardPage, err error) {
	defer apperr.Wrap(&err, "resultssvc.boardPage()")
	if req.GetFrom() < 1 {
		return nil, apperr.Invalid("from", "From must be at least 1")
	}
	if req.GetCount() < 1 || req.GetCount() > boardCountMax {
		return nil, apperr.Invalid("count", "Count must be between 1 and 200")
	}
	b, err := s.board(ctx, req.GetEventId(), req.GetDivisionId(), req.GetStructureVersion())
	if err != nil {
		return nil, err
	}
	band := req.GetFilter().GetAgeBand()
	if band != "" && !agebands.Valid(band) {
		return nil, apperr.Invalid("ageBand", agebands.Message())
	}
	f := store.BoardFilter{Club: strings.ToLower(strings.TrimSpace(req.GetFilter().GetClub())),
		Country: strings.ToLower(strings.TrimSpace(req.GetFilter().GetCountry())), AgeBand: band}
	rows, total, err := s.store.BoardRange(ctx, b.DivisionID, f, int(req.GetFrom()), int(req.GetCount()))
	if err != nil {
		return nil, err
	}
	if total < 0 {
		total = b.Entries
	}
	h, err := boardHeader(b)
	if err != nil {
		return nil, err
	}
	entries, err := boardEntries(rows)
	if err != nil {
		return nil, err
	}
	return &resultsv1.BoardPage{Header: h, Total: int32(total), Entries: entries}, nil //nolint:gosec // at most the division's teams
}

// findBoardEntry is one team's row of a board and the board's size.
func (s *service) findBoardEntry(ctx context.Context, req *resultsv1.BoardEntryRequest) (_ *resultsv1.BoardEntryPlace, err error) {
	defer apperr.Wrap(&err, "resultssvc.findBoardEntry()")
	teamID, err := parseID("teamId", "team", req.GetTeamId())
	if err != nil {
		return nil, err
	}
	b, err := s.board(ctx, req.GetEventId(), req.GetDivisionId(), req.GetStructureVersion())
	if err != nil {
		return nil, err
	}
	row, err := s.store.BoardEntry(ctx, b.DivisionID, teamID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperr.NotFound(msgBoardTeamNotFound)
	}
	if err != nil {
		return nil, err
	}
	entries, err := boardEntries([]store.BoardRow{row})
	if err != nil {
		return nil, err
	}
	h, err := boardHeader(b)
	if err != nil {
		return nil, err
	}
	return &resultsv1.BoardEntryPlace{Entry: entries[0], Total: int32(b.Entries), Header: h}, nil //nolint:gosec // at most the division's teams
}

// searchBoard is the rows of a board whose team or athlete names contain the query.
func (s *service) searchBoard(ctx context.Context, req *resultsv1.BoardSearchRequest) (_ *resultsv1.BoardSearchResult, err error) {
	defer apperr.Wrap(&err, "resultssvc.searchBoard()")
	q := strings.ToLower(strings.TrimSpace(req.GetQuery()))
	if len([]rune(q)) < 2 {
		return nil, apperr.Invalid("query", "Search needs at least 2 characters")
	}
	if req.GetLimit() < 1 || req.GetLimit() > boardSearchMax {
		return nil, apperr.Invalid("limit", "Limit must be between 1 and 50")
	}
	b, err := s.board(ctx, req.GetEventId(), req.GetDivisionId(), req.GetStructureVersion())
	if err != nil {
		return nil, err
	}
	rows, matches, err := s.store.SearchBoard(ctx, b.DivisionID, q, int(req.GetLimit()))
	if err != nil {
		return nil, err
	}
	entries, err := boardEntries(rows)
	if err != nil {
		return nil, err
	}
	h, err := boardHeader(b)
	if err != nil {
		return nil, err
	}
	return &resultsv1.BoardSearchResult{Entries: entries, Matches: int32(matches), Header: h, Total: int32(b.Entries)}, nil //nolint:gosec // at most the division's teams
}
