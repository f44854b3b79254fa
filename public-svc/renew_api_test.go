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
// keeps its copies of the boards: it checks the event's sources instead of fetching every
// board again, and answers with the same bytes. A publication still shows on the next read,
// and a change nobody signalled within the gateway's second (PODIUM_PUBLIC_CACHE_TTL).
//
// Not parallel: it counts the process's public cache metrics, which parallel stacks share.
func TestBoardsOutliveDrafts(t *testing.T) {
	s := stacktest.Start(t)
	w := springThrowdown(t, s)
	w.publishEvent()
	boards := []string{w.rxLeaderboard(),
		"/api/public/events/" + w.ID + "/divisions/" + w.DivisionID("Rx") + "/workouts/" + w.WorkoutID("Fran") + "/leaderboard"}
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
	if got := count("renewed") - renewed; got != 2 {
		t.Errorf("%g copies renewed after the draft, want both boards", got)
	}
	if got := count("miss") - misses; got != 0 {
		t.Errorf("%g boards fetched again after the draft, want none", got)
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
}
