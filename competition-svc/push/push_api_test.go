package push_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/internal/platform/pushtest"
	"github.com/podium-dev/podium/internal/poll"
)

// notification is a push's decrypted payload, as the athletes' service worker reads it.
type notification struct{ Title, Body, URL string }

// TestWebPush: an athlete's browser subscribes and receives, from a local push service that
// checks each push's VAPID token and decrypts it, the push of a schedule shift of 12 minutes,
// an organiser's message and the hour's heat reminder on a moved clock; a subscription the push
// service calls gone is deleted; bad subscriptions and callers are refused; unsubscribing stops
// the pushes.
func TestWebPush(t *testing.T) {
	t.Parallel()
	pushes := pushtest.Start(t)
	now := time.Now().UTC().Truncate(time.Minute)
	clock := stacktest.NewClock(now)
	s := stacktest.StartWith(t, stacktest.Options{Now: clock.Now, Env: map[string]string{"PODIUM_PUSH_ALLOWED_ORIGINS": pushes.Origin}})
	ev := s.Events(t).Event(eventtest.Fields{"name": "Push Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02"})
	d := ev.Division("RX Pairs", "")
	ev.Transition("publish")
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/online", eventtest.Fields{"format": "in_person", "timeZone": "Europe/Paris"}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", apitest.Obj{"opensAt": now.Add(-time.Hour).Format(time.RFC3339),
		"closesAt": now.Add(24 * time.Hour).Format(time.RFC3339), "capacity": 5, "currency": "EUR"}).MustStatus(t, http.StatusOK)
	fran := ev.Workout(eventtest.WorkoutFields("Fran", "TIME", 600, 1)).GetId()
	anna, ben := s.SignUpAthlete("Anna", "Push"), s.SignUpAthlete("Ben", "Push")
	reg := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations",
		apitest.Obj{"divisionId": d.GetId(), "teamName": "Push Pair"}, anna.Token).MustStatus(t, http.StatusOK))
	s.Do(http.MethodPost, "/api/registration/accept", apitest.Obj{"code": reg["shareCode"]}, ben.Token).MustStatus(t, http.StatusOK)
	start := now.Add(3 * time.Hour)
	var heats []struct{ ID string }
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/workouts/"+fran+"/heats/generate", apitest.Obj{
		"divisionIds": []string{d.GetId()}, "lanesPerHeat": 2, "order": "name", "firstStart": start.Format(time.RFC3339),
	}).MustStatus(t, http.StatusOK).Decode(t, &heats)

	var key competitionv1.PushKey
	s.Do(http.MethodGet, "/api/push/key", nil, anna.Token).MustStatus(t, http.StatusOK).Decode(t, &key)
	if !key.Enabled || len(key.PublicKey) != 87 {
		t.Fatalf("push key: %v", &key)
	}
	annas, bens := pushes.Subscribe(t, "/push/anna"), pushes.Subscribe(t, "/gone/ben")
	body := func(sub pushtest.Subscription) apitest.Obj {
		return apitest.Obj{"endpoint": sub.Endpoint, "p256dh": sub.P256dh, "auth": sub.Auth}
	}

	// Refused, nothing stored.
	with := func(change apitest.Obj) apitest.Obj {
		out := body(annas)
		for k, v := range change {
			out[k] = v
		}
		return out
	}
	for _, c := range []struct {
		body           apitest.Obj
		field, message string
	}{
		{with(apitest.Obj{"endpoint": "http://push.example.com/x"}), "endpoint", "Endpoint must be the https address of the browser's push service"},
		{with(apitest.Obj{"endpoint": "not a url"}), "endpoint", "Endpoint must be the https address of the browser's push service"},
		{with(apitest.Obj{"endpoint": "https://169.254.169.254/latest/meta-data"}), "endpoint", "Endpoint must be the https address of the browser's push service"},
		{with(apitest.Obj{"endpoint": "https://[::1]:5432/x"}), "endpoint", "Endpoint must be the https address of the browser's push service"},
		{with(apitest.Obj{"endpoint": "https://10.0.0.8/push"}), "endpoint", "Endpoint must be the https address of the browser's push service"},
		{with(apitest.Obj{"p256dh": "AAAA"}), "p256dh", "p256dh must be the browser's P-256 public key (base64url, 65 bytes)"},
		{with(apitest.Obj{"auth": ""}), "auth", "auth must be the browser's authentication secret (base64url, 16 bytes)"},
	} {
		apitest.WantError(t, s.Do(http.MethodPost, "/api/push/subscriptions", c.body, anna.Token), http.StatusBadRequest, c.field, c.message)
	}
	if got := s.Do(http.MethodPost, "/api/push/subscriptions", body(annas), "").Status; got != http.StatusUnauthorized {
		t.Errorf("without a session: %d", got)
	}
	if got := s.Admin(http.MethodPost, "/api/push/subscriptions", body(annas)).Status; got == http.StatusOK {
		t.Errorf("a console session subscribed: %d", got)
	}
	if n := stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.push_subscriptions`); n != 0 {
		t.Fatalf("refused subscriptions left %d rows", n)
	}
	s.Do(http.MethodPost, "/api/push/subscriptions", body(annas), anna.Token).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPost, "/api/push/subscriptions", body(bens), ben.Token).MustStatus(t, http.StatusOK)

	received := func(path string, n int) notification {
		t.Helper()
		poll.Until(t, 20*time.Second, path+" receives its push", func() bool { return len(pushes.Received(path)) >= n })
		got := pushes.Received(path)
		if len(got) != n {
			t.Fatalf("%s received %d pushes, want %d", path, len(got), n)
		}
		if got[n-1].Key != key.PublicKey {
			t.Errorf("signed with %q, not the served key %q", got[n-1].Key, key.PublicKey)
		}
		var m notification
		if err := json.Unmarshal([]byte(got[n-1].Text), &m); err != nil {
			t.Fatalf("push %q: %v", got[n-1].Text, err)
		}
		return m
	}

	// The schedule slips 12 minutes: Anna is told at once; Ben's push service says his
	// subscription is gone, so it is deleted.
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/heats/shift", apitest.Obj{"fromHeatId": heats[0].ID, "minutes": 12}).MustStatus(t, http.StatusOK)
	moved := start.Add(12 * time.Minute)
	paris, _ := time.LoadLocation("Europe/Paris")
	if m := received("/push/anna", 1); m.Title != "Schedule moved +12 min: Fran, heat 1" ||
		!strings.Contains(m.Body, "Push Games: your heat now starts at "+moved.In(paris).Format("2 Jan 2006, 15:04")+" (Europe/Paris) (planned "+start.In(paris).Format("15:04")+")") ||
		m.URL != "/public/me/registrations" {
		t.Errorf("the shift's push: %+v", m)
	}
	poll.Until(t, 20*time.Second, "Ben's gone subscription deleted", func() bool {
		return stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.push_subscriptions WHERE endpoint = $1`, bens.Endpoint) == 0
	})

	// An organiser's message.
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/messages", apitest.Obj{"audience": "all", "subject": "Parking", "body": "Park behind the hall."}).
		MustStatus(t, http.StatusOK)
	if m := received("/push/anna", 2); m.Title != "Push Games: Parking" || m.Body != "Park behind the hall." {
		t.Errorf("the message's push: %+v", m)
	}

	// The hour's reminder, by the heat's current start, once.
	clock.Set(moved.Add(-59 * time.Minute))
	if m := received("/push/anna", 3); m.Title != "Your heat in an hour: Fran, heat 1" ||
		!strings.Contains(m.Body, "Push Pair, Push Games: lane 1 at ") {
		t.Errorf("the reminder's push: %+v", m)
	}

	// Unsubscribed: the next message pushes nothing. A removal without an address is refused on
	// its field and keeps the subscription.
	apitest.WantError(t, s.Do(http.MethodPost, "/api/push/subscriptions/remove", apitest.Obj{"endpoint": " "}, anna.Token), http.StatusBadRequest,
		"endpoint", "Endpoint must be the https address of the browser's push service")
	s.Do(http.MethodPost, "/api/push/subscriptions/remove", apitest.Obj{"endpoint": annas.Endpoint}, anna.Token).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, "/api/events/"+ev.ID+"/messages", apitest.Obj{"audience": "all", "subject": "Late", "body": "Too late."}).
		MustStatus(t, http.StatusOK)
	if n := stacktest.QueryRow[int](t, s, `SELECT (SELECT count(*) FROM competition.push_outbox) + (SELECT count(*) FROM competition.push_subscriptions)`); n != 0 {
		t.Errorf("after unsubscribing: %d subscriptions and pushes, want none", n)
	}
}
