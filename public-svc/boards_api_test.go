package publicsvc_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/proto"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// boardEvent is an event with one division of n teams ("Team 0001" …, athletes "Athlete One
// 1" …) and three REPS workouts, every result published, written straight to the database
// (as largest_event_test.go does), then scored through the API.
type boardEvent struct {
	*world
	division string
	workouts []string
	db       *pgx.Conn
}

func newBoardEvent(t *testing.T, s *stacktest.Stack, n int, start bool) *boardEvent {
	t.Helper()
	w := newWorld(t, s, eventtest.Fields{"name": "Board Open", "dateFrom": "2026-06-01", "dateTo": "2026-06-03"})
	b := &boardEvent{world: w, division: w.division("Open")}
	for i := 1; i <= 3; i++ {
		b.workouts = append(b.workouts, w.Workout(eventtest.Fields{"name": fmt.Sprintf("Workout %d", i), "scoreType": "REPS", "workoutOrder": i}).GetId())
	}
	ctx := context.Background()
	db, err := pgx.Connect(ctx, s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close(ctx) })
	b.db = db
	if _, err := db.Exec(ctx, `INSERT INTO competition.teams (event_id, division_id, name, athlete1_name, athlete2_name)
		SELECT $1, $2, 'Team ' || lpad(g::text, 4, '0'), 'Athlete One ' || g, 'Athlete Two ' || g
		FROM generate_series(1, $3::int) g`, w.ID, b.division, n); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, `INSERT INTO results.results (event_id, division_id, team_id, workout_id, status, value, is_published)
		SELECT t.event_id, t.division_id, t.id, w, 'completed', (abs(hashtext(t.id::text || w::text)) % 50)::float8, true
		FROM competition.teams t, unnest($2::uuid[]) w WHERE t.event_id = $1`, w.ID, b.workouts); err != nil {
		t.Fatal(err)
	}
	s.Admin(http.MethodPost, "/api/events/"+w.ID+"/results/recalculate", nil).MustStatus(t, http.StatusOK)
	if start {
		s.Admin(http.MethodPost, "/api/events/"+w.ID+"/start", nil).MustStatus(t, http.StatusOK)
	}
	return b
}

func (b *boardEvent) path(rest string) string {
	return "/api/public/events/" + b.ID + "/divisions/" + b.division + rest
}

// eventually reads path until check accepts the page (the board is ranked within a second of
// a change), failing after 10 s.
func (b *boardEvent) eventually(path string, check func(*publicv1.BoardPage) bool) *publicv1.BoardPage {
	b.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var p publicv1.BoardPage
		r := b.s.Do(http.MethodGet, path, nil, "")
		if r.Status == http.StatusOK {
			r.Decode(b.t, &p)
			if check(&p) {
				return &p
			}
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("GET %s: %d %.400s", path, r.Status, r.Body)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// badRequest checks an anonymous GET answers 400 naming field with message.
func (b *boardEvent) badRequest(path, field, message string) {
	b.t.Helper()
	r := b.s.Do(http.MethodGet, path, nil, "")
	var body struct{ Field, Message string }
	json.Unmarshal(r.Body, &body) //nolint:errcheck // an empty body fails below
	if r.Status != http.StatusBadRequest || body.Field != field || body.Message != message {
		b.t.Errorf("GET %s: %d %s, want 400 %s %q", path, r.Status, r.Body, field, message)
	}
}

// TestBoardPagesAreTheWholeBoardInPages reads a 120-team board in pages and checks every row
// is the whole board's row at the same place, with the totals, and that a team's place and a
// search name the page the team is on.
func TestBoardPagesAreTheWholeBoardInPages(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	b := newBoardEvent(t, s, 120, true)

	var whole publicv1.DivisionLeaderboard
	b.get(b.path("/leaderboard"), &whole)
	if len(whole.GetStandings()) != 120 {
		t.Fatalf("whole board: %d standings", len(whole.GetStandings()))
	}
	var rows []*publicv1.BoardRow
	for page := 1; page <= 3; page++ {
		var p publicv1.BoardPage
		b.get(b.path(fmt.Sprintf("/board?page=%d", page)), &p)
		if p.GetTotal() != 120 || p.GetPages() != 3 || p.GetPage() != int32(page) || p.GetPageSize() != 50 {
			t.Fatalf("page %d: total %d, pages %d, page %d, size %d", page, p.GetTotal(), p.GetPages(), p.GetPage(), p.GetPageSize())
		}
		if want := min(50, 120-(page-1)*50); len(p.GetRows()) != want {
			t.Fatalf("page %d: %d rows, want %d", page, len(p.GetRows()), want)
		}
		if len(p.GetWorkouts()) != 3 || p.GetDivision().GetName() != "Open" || p.GetEvent().GetName() != "Board Open" {
			t.Errorf("page %d header: %v %v %v", page, p.GetWorkouts(), p.GetDivision(), p.GetEvent())
		}
		if p.GetLatestWorkoutId() != whole.GetLatestWorkoutId() || p.GetTieBreak() != whole.GetTieBreak() {
			t.Errorf("page %d: latest %q tie-break %v, whole board %q %v", page, p.GetLatestWorkoutId(), p.GetTieBreak(),
				whole.GetLatestWorkoutId(), whole.GetTieBreak())
		}
		rows = append(rows, p.GetRows()...)
	}
	for i, r := range rows {
		if r.GetPosition() != int32(i+1) {
			t.Errorf("row %d: position %d", i, r.GetPosition())
		}
		if !proto.Equal(r.GetStanding(), whole.GetStandings()[i]) {
			t.Fatalf("row %d:\n page  %v\n whole %v", i, r.GetStanding(), whole.GetStandings()[i])
		}
	}

	// Find my entry: the 75th team is on page 2.
	want := whole.GetStandings()[74]
	var found publicv1.BoardEntryPlace
	b.get(b.path("/board/teams/"+want.GetTeamId()), &found)
	if found.GetPage() != 2 || found.GetRow().GetPosition() != 75 || found.GetTotal() != 120 || !proto.Equal(found.GetRow().GetStanding(), want) {
		t.Errorf("find: page %d position %d total %d %v", found.GetPage(), found.GetRow().GetPosition(), found.GetTotal(), found.GetRow().GetStanding())
	}

	// Search by a team's name or an athlete's, any case.
	var hits publicv1.BoardSearchResult
	b.get(b.path("/board/search?q=team%20"+want.GetTeamName()[len("Team "):]), &hits)
	if hits.GetMatches() != 1 || len(hits.GetEntries()) != 1 || hits.GetEntries()[0].GetPage() != 2 ||
		hits.GetEntries()[0].GetRow().GetStanding().GetTeamId() != want.GetTeamId() {
		t.Errorf("search %q: %v", want.GetTeamName(), &hits)
	}
	b.get(b.path("/board/search?q=ATHLETE%20TWO"), &hits)
	if hits.GetMatches() != 120 || len(hits.GetEntries()) != 20 || hits.GetEntries()[0].GetRow().GetPosition() != 1 {
		t.Errorf("search athlete two: %d matches, %d entries", hits.GetMatches(), len(hits.GetEntries()))
	}

	// Filters: no captain of this board gave a club or country, so they leave nothing.
	var filtered publicv1.BoardPage
	b.get(b.path("/board?country=nz"), &filtered)
	if filtered.GetTotal() != 0 || filtered.GetPages() != 1 || len(filtered.GetRows()) != 0 {
		t.Errorf("country filter: total %d pages %d rows %d", filtered.GetTotal(), filtered.GetPages(), len(filtered.GetRows()))
	}

	// Bad input: a clear error naming the field.
	b.badRequest(b.path("/board?page=4"), "page", "Page must be at most 3")
	b.badRequest(b.path("/board?page=-1"), "page", "Page must be at least 1")
	b.badRequest(b.path("/board?country=Nowhere"), "country", "Country must be a two-letter code")
	b.badRequest(b.path("/board/search?q=a"), "q", "Search needs at least 2 characters")
	b.badRequest(b.path("/board/teams/not-an-id"), "teamId", "Team id must be a valid id")
	if r := b.s.Do(http.MethodGet, b.path("/board?page=x"), nil, ""); r.Status != http.StatusBadRequest {
		t.Errorf("page=x: %d %s", r.Status, r.Body)
	}
	b.notFound(b.path("/board/teams/"+b.division), "Team not found on this board")
	b.notFound("/api/public/events/"+b.ID+"/divisions/"+b.workouts[0]+"/board", "Division not found")
	b.notFound("/api/public/events/"+b.workouts[0]+"/divisions/"+b.division+"/board", "Division not found")
}

// TestABoardShowsAPublicationAndNoDraft: a draft event's board is not found; a publication
// that moves a team reaches its page within seconds; a draft save changes nothing there.
func TestABoardShowsAPublicationAndNoDraft(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	b := newBoardEvent(t, s, 60, false)
	b.notFound(b.path("/board"), "Division not found")
	s.Admin(http.MethodPost, "/api/events/"+b.ID+"/start", nil).MustStatus(t, http.StatusOK)
	first := b.eventually(b.path("/board?page=2"), func(p *publicv1.BoardPage) bool { return p.GetTotal() == 60 })
	last := first.GetRows()[len(first.GetRows())-1].GetStanding()

	// The last team scores far above everyone in every workout: it leads after publication.
	var rows []eventtest.Fields
	for _, w := range b.workouts {
		rows = append(rows, eventtest.Fields{"teamId": last.GetTeamId(), "workoutId": w, "status": "completed", "resultValue": 1000})
	}
	b.Publish(b.Results(rows...)...)
	top := b.eventually(b.path("/board?page=1"), func(p *publicv1.BoardPage) bool {
		return p.GetRows()[0].GetStanding().GetTeamId() == last.GetTeamId()
	})
	if top.GetRows()[0].GetStanding().GetRank().GetValue() != 1 {
		t.Errorf("leader: %v", top.GetRows()[0])
	}

	// A draft of the second team goes nowhere near the board.
	second := top.GetRows()[1].GetStanding()
	b.Results(eventtest.Fields{"teamId": second.GetTeamId(), "workoutId": b.workouts[0], "status": "completed", "resultValue": 2000})
	time.Sleep(time.Second)
	var after publicv1.BoardPage
	b.get(b.path("/board?page=1"), &after)
	if after.GetRows()[0].GetStanding().GetTeamId() != last.GetTeamId() || after.GetRows()[1].GetStanding().GetTeamId() != second.GetTeamId() {
		t.Errorf("after a draft: %v, %v", after.GetRows()[0].GetStanding().GetTeamName(), after.GetRows()[1].GetStanding().GetTeamName())
	}
}
