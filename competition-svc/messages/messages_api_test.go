package messages_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/poll"
)

// addresses are the athletes' addresses, lower-cased and sorted, as outboxTo gives them.
func addresses(as ...stacktest.Athlete) []string {
	out := make([]string, 0, len(as))
	for _, a := range as {
		out = append(out, strings.ToLower(a.Email))
	}
	slices.Sort(out)
	return out
}

// TestMessageToEachGroup: the organiser sends to all athletes, a division, a heat, the judges,
// the athletes whose waiver is missing and the teams waiting for payment; each message reaches
// exactly its group by mail, is listed with its recipients, and shows on the banner of its
// athletes only. Bad input and an empty group name their field and change nothing.
func TestMessageToEachGroup(t *testing.T) {
	t.Parallel()
	s, mailpit := mailStack(t)
	e := newMessageEvent(t, s)
	anna, ben, cara, dan := athlete(t, s, "Anna", "Alpha"), athlete(t, s, "Ben", "Alpha"), athlete(t, s, "Cara", "Bravo"), athlete(t, s, "Dan", "Bravo")
	eva, finn := athlete(t, s, "Eva", "Charlie"), athlete(t, s, "Finn", "Charlie")
	if r := e.pair(t, e.RX, "Alpha", anna, ben); r["state"] != "confirmed" {
		t.Fatalf("alpha: %v", r)
	}
	e.pair(t, e.RX, "Bravo", cara, dan)
	if r := e.pair(t, e.Scaled, "Charlie", eva, finn); r["state"] != "waiting_payment" {
		t.Fatalf("charlie: %v", r)
	}
	heats := generateHeats(t, s, e.ID, e.Workout, e.RX, 1) // heat 1: Alpha, heat 2: Bravo
	e.volunteer(t, "Jo Judge", "jo@example.com", "judge")
	e.volunteer(t, "Hal Head", "hal@example.com", "head_judge", "scorer")
	e.volunteer(t, "Eli Equipment", "eli@example.com", "equipment")
	s.Do(http.MethodPut, "/api/events/"+e.ID+"/waiver", jsonObj{"body": "I take part at my own risk."}, e.Organiser).MustStatus(t, http.StatusOK)
	for _, a := range []stacktest.Athlete{anna, ben, eva} {
		s.Do(http.MethodPost, "/api/waivers/mine/"+e.ID+"/accept", jsonObj{"version": 1, "fullName": "Typed Name"}, a.Token).MustStatus(t, http.StatusOK)
	}

	// Refusals name their field and write nothing.
	ok := jsonObj{"audience": "all", "subject": "Parking", "body": "Park behind the hall."}
	with := func(change jsonObj) jsonObj {
		out := jsonObj{}
		for k, v := range ok {
			out[k] = v
		}
		for k, v := range change {
			out[k] = v
		}
		return out
	}
	for _, c := range []struct {
		body           jsonObj
		status         int
		field, message string
	}{
		{with(jsonObj{"subject": " "}), http.StatusBadRequest, "subject", "Subject is required"},
		{with(jsonObj{"subject": strings.Repeat("é", 151)}), http.StatusBadRequest, "subject", "Subject must not exceed 150 characters"},
		{with(jsonObj{"body": "\n "}), http.StatusBadRequest, "body", "Message is required"},
		{with(jsonObj{"body": strings.Repeat("x", 5001)}), http.StatusBadRequest, "body", "Message must not exceed 5000 characters"},
		{with(jsonObj{"audience": "everyone"}), http.StatusBadRequest, "audience",
			"Audience must be one of all, division, heat, judges, waiver_missing, payment_missing"},
		{with(jsonObj{"audience": "division"}), http.StatusBadRequest, "divisionId", "Choose the division to send to"},
		{with(jsonObj{"audience": "heat", "heatId": "nope"}), http.StatusBadRequest, "heatId", "Heat id must be a valid id"},
		{with(jsonObj{"audience": "heat", "heatId": e.OtherHeatID}), http.StatusNotFound, "", "Heat not found"},
		// An empty group: Masters has no registration.
		{with(jsonObj{"audience": "division", "divisionId": e.Masters}), http.StatusBadRequest, "audience", "No one is in this group: nothing was sent."},
	} {
		wantError(t, e.send(e.Organiser, c.body), c.status, c.field, c.message)
	}
	if n := query[int](t, s, `SELECT (SELECT count(*) FROM competition.messages) + (SELECT count(*) FROM competition.message_recipients)
		+ (SELECT count(*) FROM competition.mail_outbox WHERE subject LIKE 'Message Games: %')`); n != 0 {
		t.Fatalf("refused messages left %d rows", n)
	}

	// Each group gets its message, once per address.
	everyone := addresses(anna, ben, cara, dan, eva, finn)
	for _, c := range []struct {
		body  jsonObj
		label string
		want  []string
	}{
		{with(jsonObj{"subject": "To all"}), "All athletes", everyone},
		{with(jsonObj{"subject": "To RX", "audience": "division", "divisionId": e.RX}), "Division RX Pairs", addresses(anna, ben, cara, dan)},
		{with(jsonObj{"subject": "To heat 1", "audience": "heat", "heatId": heats[0]}), "Heat 1 of Fran", addresses(anna, ben)},
		{with(jsonObj{"subject": "To judges", "audience": "judges"}), "Judges", []string{"hal@example.com", "jo@example.com"}},
		{with(jsonObj{"subject": "Sign the waiver", "audience": "waiver_missing"}), "Athletes with a missing waiver", addresses(cara, dan, eva, finn)},
		{with(jsonObj{"subject": "Pay the fee", "audience": "payment_missing"}), "Teams waiting for payment", addresses(eva, finn)},
	} {
		m := decode(t, e.send(e.Organiser, c.body).MustStatus(t, http.StatusOK))
		if m["audienceLabel"] != c.label || m["recipientCount"] != float64(len(c.want)) || len(m["recipients"].([]any)) != len(c.want) {
			t.Errorf("%s: %v", c.body["subject"], m)
		}
		if got := outboxTo(t, s, "Message Games: "+c.body["subject"].(string)); !slices.Equal(got, c.want) {
			t.Errorf("%s went to %v, want %v", c.body["subject"], got, c.want)
		}
	}
	mail := mailpit.WaitFor(cara.Email, "Message Games: Sign the waiver", 10*time.Second)
	if !strings.Contains(mail.Text, "Hello Cara Bravo,") || !strings.Contains(mail.Text, "Park behind the hall.") ||
		!strings.Contains(mail.Text, "https://podium.test/public/me/registrations") {
		t.Errorf("mail to cara: %q", mail.Text)
	}
	mailpit.WaitFor("jo@example.com", "Message Games: To judges", 10*time.Second)

	// The organiser's list: newest first, with who sent it and to whom.
	list := decode(t, s.Do(http.MethodGet, "/api/events/"+e.ID+"/messages", nil, e.Organiser).MustStatus(t, http.StatusOK))["messages"].([]any)
	if len(list) != 6 || list[0].(jsonObj)["subject"] != "Pay the fee" || list[5].(jsonObj)["subject"] != "To all" {
		t.Fatalf("list: %v", list)
	}
	first := list[0].(jsonObj)
	if first["sentBy"] == "" || first["sentAt"] == "" {
		t.Errorf("sent by and at: %v", first)
	}
	if r := first["recipients"].([]any)[0].(jsonObj); r["name"] != "Eva Charlie" || !strings.EqualFold(r["email"].(string), eva.Email) || r["registrationId"] == "" {
		t.Errorf("first recipient: %v", r)
	}

	// The banner: each athlete sees the messages sent to them, newest first, no one else's.
	mine := func(a stacktest.Athlete) []string {
		var out []string
		for _, m := range decode(t, s.Do(http.MethodGet, "/api/messages/mine/"+e.ID, nil, a.Token).MustStatus(t, http.StatusOK))["messages"].([]any) {
			m := m.(jsonObj)
			if rs, _ := m["recipients"].([]any); len(rs) != 0 || m["sentBy"] != "" || m["recipientCount"] != float64(0) {
				t.Errorf("the athlete reads who else got it: %v", m)
			}
			out = append(out, m["subject"].(string))
		}
		return out
	}
	if got := mine(anna); !slices.Equal(got, []string{"To heat 1", "To RX", "To all"}) {
		t.Errorf("anna's banner: %v", got)
	}
	if got := mine(cara); !slices.Equal(got, []string{"Sign the waiver", "To RX", "To all"}) {
		t.Errorf("cara's banner: %v", got)
	}
	if got := mine(eva); !slices.Equal(got, []string{"Pay the fee", "Sign the waiver", "To all"}) {
		t.Errorf("eva's banner: %v", got)
	}
	if got := mine(athlete(t, s, "Zed", "Stranger")); len(got) != 0 {
		t.Errorf("a stranger's banner: %v", got)
	}
}

// TestMessagesAccess: only the event's organisers send and list; an athlete, a scorer,
// another event's organiser and a judge card's token are refused. A deleted athlete's
// recipient rows keep the count but lose their name and address.
func TestMessagesAccess(t *testing.T) {
	t.Parallel()
	s, _ := mailStack(t)
	e := newMessageEvent(t, s)
	anna, ben := athlete(t, s, "Anna", "Alpha"), athlete(t, s, "Ben", "Alpha")
	e.pair(t, e.RX, "Alpha", anna, ben)
	heats := generateHeats(t, s, e.ID, e.Workout, e.RX, 10)
	var links struct{ Links []struct{ Token string } }
	s.Do(http.MethodPost, "/api/events/"+e.ID+"/judge-links", jsonObj{"workoutId": e.Workout, "heatId": heats[0],
		"stations": []jsonObj{{"lanes": []int{1}}}}, e.Organiser).MustStatus(t, http.StatusOK).Decode(t, &links)
	judge := links.Links[0].Token
	body := jsonObj{"audience": "all", "subject": "Hello", "body": "Welcome."}
	list := func(token string) *stacktest.Response {
		return s.Do(http.MethodGet, "/api/events/"+e.ID+"/messages", nil, token)
	}

	for name, token := range map[string]string{"athlete": anna.Token, "scorer": e.Scorer, "judge card": judge} {
		if r := e.send(token, body); r.Status != http.StatusForbidden && r.Status != http.StatusUnauthorized {
			t.Errorf("%s sent: %d %s", name, r.Status, r.Body)
		}
		if r := list(token); r.Status != http.StatusForbidden && r.Status != http.StatusUnauthorized {
			t.Errorf("%s listed: %d %s", name, r.Status, r.Body)
		}
	}
	if r := e.send(e.Other, body); r.Status != http.StatusForbidden && r.Status != http.StatusNotFound {
		t.Errorf("another event's organiser sent: %d %s", r.Status, r.Body)
	}
	if r := list(e.Other); r.Status != http.StatusForbidden && r.Status != http.StatusNotFound {
		t.Errorf("another event's organiser listed: %d %s", r.Status, r.Body)
	}
	s.Do(http.MethodGet, "/api/messages/mine/"+e.ID, nil, e.Organiser).MustStatus(t, http.StatusForbidden)
	if n := query[int](t, s, `SELECT count(*) FROM competition.messages`); n != 0 {
		t.Fatalf("refused callers left %d messages", n)
	}

	// The erasure: the message still went to two, one of them a former athlete.
	e.send(e.Organiser, body).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPost, "/api/athlete/account/delete", jsonObj{"password": stacktest.AthletePassword}, anna.Token).MustStatus(t, http.StatusOK)
	poll.Until(t, 30*time.Second, "the erasure done", func() bool {
		return s.Rows(t, "auth.athlete_erasures", "done_at IS NOT NULL") == 1
	})
	m := decode(t, list(e.Organiser).MustStatus(t, http.StatusOK))["messages"].([]any)[0].(jsonObj)
	rs := m["recipients"].([]any)
	if m["recipientCount"] != float64(2) || rs[0].(jsonObj)["name"] != "Former athlete" || rs[0].(jsonObj)["email"] != "" {
		t.Errorf("after the erasure: %v", m)
	}
	if n := s.Rows(t, "competition.message_recipients", "lower(email) = lower($1) OR name = 'Anna Alpha'", anna.Email); n != 0 {
		t.Errorf("%d recipient rows still name the deleted athlete", n)
	}
}
