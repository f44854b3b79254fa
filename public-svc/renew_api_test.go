package publicsvc_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/telemetry"
	"github.com/podium-dev/podium/internal/poll"
)

// A judge's draft changes the event's versions but not what the public sees, so the gateway
// keeps its copies of the boards and the schedule: it checks the event's sources instead of
// fetching every view again, and answers with the same bytes. A publication still shows on the
// next read, and a change nobody signalled, to a result or a heat, within the gateway's second
// (PODIUM_PUBLIC_CACHE_TTL).
//
// serial: it counts the process's public cache metrics, which parallel stacks share
func TestBoardsOutliveDrafts(t *testing.T) {
	s := stacktest.Start(t)
	w := springThrowdown(t, s)
	w.publishEvent()
	s.Admin(http.MethodPost, "/api/events/"+w.ID+"/workouts/"+w.WorkoutID("Fran")+"/heats", map[string]any{"startTime": "2026-05-01T09:00:00Z",
		"lanes": []map[string]any{{"lane": 1, "teamId": w.TeamID("Alpha")}}}).MustStatus(t, http.StatusOK)
	schedule := "/api/public/events/" + w.ID + "/schedule"
	boards := []string{w.rxLeaderboard(),
		"/api/public/events/" + w.ID + "/divisions/" + w.DivisionID("Rx") + "/workouts/" + w.WorkoutID("Fran") + "/leaderboard",
		schedule}
	identity := map[string]string{"Accept-Encoding": "identity"}
	read := func(path string) *stacktest.Response {
		return s.DoWithHeaders(http.MethodGet, path, nil, "", identity).MustStatus(t, http.StatusOK)
	}
	count := func(result string) float64 {
		return testutil.ToFloat64(telemetry.PublicCache.WithLabelValues("gateway", result))
	}
	var first []*stacktest.Response
	for _, path := range boards {
		first = append(first, read(path))
	}

	renewed, misses := count("renewed"), count("miss")
	w.save("Echo", "Fran", eventtest.Fields{"resultValue": 200}, false) // a draft
	for i, path := range boards {
		if r := read(path); !bytes.Equal(r.Body, first[i].Body) || r.Header.Get("ETag") != first[i].Header.Get("ETag") {
			t.Errorf("%s changed with a draft: ETag %q, was %q", path, r.Header.Get("ETag"), first[i].Header.Get("ETag"))
		}
	}
	if got := count("renewed") - renewed; got != 3 {
		t.Errorf("%g copies renewed after the draft, want both boards and the schedule", got)
	}
	if got := count("miss") - misses; got != 0 {
		t.Errorf("%g views fetched again after the draft, want none", got)
	}

	misses = count("miss")
	w.Publish(w.Saved("Charlie", "Fran")) // 2:50, the best time
	lb := &publicv1.DivisionLeaderboard{}
	read(boards[0]).Decode(t, lb)
	if standingsText(lb) != adminRx {
		t.Errorf("after the publication the board shows\n%s\nwant\n%s", standingsText(lb), adminRx)
	}
	if got := count("miss") - misses; got != 1 {
		t.Errorf("%g fetches after the publication, want 1", got)
	}

	// A change nobody signals (written straight to the database) still shows within the
	// gateway's second: the check finds other sources.
	db, err := pgx.Connect(context.Background(), s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(context.Background())
	if _, err := db.Exec(context.Background(), `UPDATE results.results SET value = 175 WHERE team_id = $1 AND workout_id = $2`,
		w.TeamID("Alpha"), w.WorkoutID("Fran")); err != nil {
		t.Fatal(err)
	}
	poll.Until(t, 5*time.Second, "Alpha's 2:55 on the board", func() bool {
		read(boards[0]).Decode(t, lb)
		return strings.Contains(standingsText(lb), "completed 2:55")
	})
	// So does a heat's new start: the sources the check reads include the heats.
	if _, err := db.Exec(context.Background(), `UPDATE competition.heats SET start_time = '2026-05-01T10:30:00Z' WHERE event_id = $1`, w.ID); err != nil {
		t.Fatal(err)
	}
	poll.Until(t, 5*time.Second, "the heat's new start on the schedule", func() bool {
		sc := &publicv1.Schedule{}
		read(schedule).Decode(t, sc)
		return sc.GetWorkouts()[0].GetHeats()[0].GetStartTime() == "2026-05-01T10:30:00Z"
	})
}
