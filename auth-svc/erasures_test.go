package authsvc_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/poll"
)

// TestDeletedAthletesReachTheErasureFeedInOrder: two athletes delete their accounts; the feed
// gives both, in the order of their deletions, to competition-svc and results-svc, whose
// workers apply them and acknowledge; then the feed keeps their ids only. A bad position or
// page size is refused naming its field (docs/access.md, "Athletes").
func TestDeletedAthletesReachTheErasureFeedInOrder(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ctx := context.Background()
	ada, bo := s.SignUpAthlete("Ada", "Feed"), s.SignUpAthlete("Bo", "Feed")
	for _, a := range []stacktest.Athlete{ada, bo} {
		s.Do(http.MethodPost, "/api/athlete/account/delete", map[string]any{"password": stacktest.AthletePassword}, a.Token).
			MustStatus(t, http.StatusOK)
	}
	feed := authv1.NewAuthServiceClient(s.DialService("results", "auth-svc", s.Cfg.AuthAddr))
	var got *authv1.ErasureFeed
	poll.Until(t, 30*time.Second, "both erasures applied by both readers", func() bool {
		var err error
		if got, err = feed.ListErasures(ctx, &authv1.ListErasuresRequest{}); err != nil {
			t.Fatal(err)
		}
		last := int64(-1)
		if n := len(got.GetErasures()); n == 2 {
			last = got.GetErasures()[1].GetPosition()
		}
		return got.GetRead()["competition"] >= last && got.GetRead()["results"] >= last && last > 0
	})
	list := got.GetErasures()
	if list[0].GetPosition() >= list[1].GetPosition() {
		t.Errorf("positions out of order: %v", list)
	}
	for i, e := range list {
		if e.GetUserId() == "" || e.GetEmail() != "" || e.GetName() != "" {
			t.Errorf("erasure %d once applied by both readers: %v", i, e)
		}
	}
	if n := s.Rows(t, "auth.athlete_erasures", "done_at IS NOT NULL"); n != 2 {
		t.Errorf("%d erasures done", n)
	}

	for _, bad := range []struct {
		req   *authv1.ListErasuresRequest
		field string
	}{
		{&authv1.ListErasuresRequest{After: -1}, "after"},
		{&authv1.ListErasuresRequest{Limit: 101}, "limit"},
		{&authv1.ListErasuresRequest{Limit: -1}, "limit"},
	} {
		_, err := feed.ListErasures(ctx, bad.req)
		if status.Code(err) != codes.InvalidArgument {
			t.Errorf("%v: %v, want InvalidArgument on %s", bad.req, err, bad.field)
		}
	}
	if page, err := feed.ListErasures(ctx, &authv1.ListErasuresRequest{Limit: 1}); err != nil || len(page.GetErasures()) != 1 {
		t.Errorf("a page of one: %v, %v", page, err)
	}
}
