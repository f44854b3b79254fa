package messages_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
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
	s, mailpit, _ := apitest.MailStackAt(t, today)
	e := newMessageEvent(t, s)
	anna, ben, cara, dan := apitest.Athlete(t, s, "Anna", "Alpha", 1990), apitest.Athlete(t, s, "Ben", "Alpha", 1990), apitest.Athlete(t, s, "Cara", "Bravo", 1990), apitest.Athlete(t, s, "Dan", "Bravo", 1990)
	eva, finn := apitest.Athlete(t, s, "Eva", "Charlie", 1990), apitest.Athlete(t, s, "Finn", "Charlie", 1990)
	if r := e.pair(t, e.RX, "Alpha", anna, ben); r["state"] != "confirmed" {
		t.Fatalf("alpha: %v", r)
	}
	e.pair(t, e.RX, "Bravo", cara, dan)
	// Dan chose French: the frame of his mails is French, the organiser's words stay as written
	// (docs/architecture.md, "Languages").
	s.Do(http.MethodPut, "/api/auth/me/language", apitest.Obj{"language": "fr"}, dan.Token).MustStatus(t, http.StatusOK)
	if r := e.pair(t, e.Scaled, "Charlie", eva, finn); r["state"] != "waiting_payment" {
		t.Fatalf("charlie: %v", r)
	}
	heats := generateHeats(t, s, e.ID, e.Workout, e.RX, 1) // heat 1: Alpha, heat 2: Bravo
	e.volunteer(t, "Jo Judge", "jo@example.com", "judge")
	e.volunteer(t, "Hal Head", "hal@example.com", "head_judge", "scorer")
	e.volunteer(t, "Eli Equipment", "eli@example.com", "equipment")
	s.Do(http.MethodPut, "/api/events/"+e.ID+"/waiver", apitest.Obj{"body": "I take part at my own risk."}, e.Organiser).MustStatus(t, http.StatusOK)
	for _, a := range []stacktest.Athlete{anna, ben, eva} {
		s.Do(http.MethodPost, "/api/waivers/mine/"+e.ID+"/accept", apitest.Obj{"version": 1, "fullName": "Typed Name"}, a.Token).MustStatus(t, http.StatusOK)
	}

	// Refusals name their field and write nothing.
	ok := apitest.Obj{"audience": "all", "subject": "Parking", "body": "Park behind the hall."}
	with := func(change apitest.Obj) apitest.Obj {
		out := apitest.Obj{}
		for k, v := range ok {
			out[k] = v
		}
		for k, v := range change {
			out[k] = v
		}
		return out
	}
	for _, c := range []struct {
		body           apitest.Obj
		status         int
		field, message string
	}{
		{with(apitest.Obj{"subject": " "}), http.StatusBadRequest, "subject", "Subject is required"},
		{with(apitest.Obj{"subject": strings.Repeat("é", 151)}), http.StatusBadRequest, "subject", "Subject must not exceed 150 characters"},
		{with(apitest.Obj{"body": "\n "}), http.StatusBadRequest, "body", "Message is required"},
		{with(apitest.Obj{"body": strings.Repeat("x", 5001)}), http.StatusBadRequest, "body", "Message must not exceed 5000 characters"},
		{with(apitest.Obj{"audience": "everyone"}), http.StatusBadRequest, "audience",
			"Audience must be one of all, division, heat, judges, waiver_missing, payment_missing"},
		{with(apitest.Obj{"audience": "division"}), http.StatusBadRequest, "divisionId", "Choose the division to send to"},
		{with(apitest.Obj{"audience": "heat", "heatId": "nope"}), http.StatusBadRequest, "heatId", "Heat id must be a valid id"},
		{with(apitest.Obj{"audience": "heat", "heatId": e.OtherHeatID}), http.StatusNotFound, "", "Heat not found"},
		// An empty group: Masters has no registration.
		{with(apitest.Obj{"audience": "division", "divisionId": e.Masters}), http.StatusBadRequest, "audience", "No one is in this group: nothing was sent."},
	} {
		apitest.WantError(t, e.send(e.Organiser, c.body), c.status, c.field, c.message)
	}
	if n := stacktest.QueryRow[int](t, s, `SELECT (SELECT count(*) FROM competition.messages) + (SELECT count(*) FROM competition.message_recipients)
		+ (SELECT count(*) FROM competition.mail_outbox WHERE subject LIKE 'Message Games: %')`); n != 0 {
		t.Fatalf("refused messages left %d rows", n)
	}

	// Each group gets its message, once per address.
	everyone := addresses(anna, ben, cara, dan, eva, finn)
	for _, c := range []struct {
		body  apitest.Obj
		label string
		want  []string
	}{
		{with(apitest.Obj{"subject": "To all"}), "All athletes", everyone},
		{with(apitest.Obj{"subject": "To RX", "audience": "division", "divisionId": e.RX}), "Division RX Pairs", addresses(anna, ben, cara, dan)},
		{with(apitest.Obj{"subject": "To heat 1", "audience": "heat", "heatId": heats[0]}), "Heat 1 of Fran", addresses(anna, ben)},
		{with(apitest.Obj{"subject": "To judges", "audience": "judges"}), "Judges", []string{"hal@example.com", "jo@example.com"}},
		{with(apitest.Obj{"subject": "Sign the waiver", "audience": "waiver_missing"}), "Athletes with a missing waiver", addresses(cara, dan, eva, finn)},
		{with(apitest.Obj{"subject": "Pay the fee", "audience": "payment_missing"}), "Teams waiting for payment", addresses(eva, finn)},
	} {
		m := apitest.Decode(t, e.send(e.Organiser, c.body).MustStatus(t, http.StatusOK))
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
	if !strings.Contains(mail.Text, "Message Games, from the organisers") {
		t.Errorf("mail to cara without the English frame: %q", mail.Text)
	}
	french := mailpit.WaitFor(dan.Email, "Message Games: Sign the waiver", 10*time.Second)
	for _, want := range []string{"Bonjour Dan Bravo,", "Message Games, de la part des organisateurs",
		"Vos inscriptions : https://podium.test/public/me/registrations"} {
		if !strings.Contains(french.Text, want) {
			t.Errorf("Dan's French mail without %q:\n%s", want, french.Text)
		}
	}
	mailpit.WaitFor("jo@example.com", "Message Games: To judges", 10*time.Second)

	// The organiser's list: newest first, with who sent it and to whom.
	list := apitest.Decode(t, s.Do(http.MethodGet, "/api/events/"+e.ID+"/messages", nil, e.Organiser).MustStatus(t, http.StatusOK))["messages"].([]any)
	if len(list) != 6 || list[0].(apitest.Obj)["subject"] != "Pay the fee" || list[5].(apitest.Obj)["subject"] != "To all" {
		t.Fatalf("list: %v", list)
	}
	first := list[0].(apitest.Obj)
	if first["sentBy"] == "" || first["sentAt"] == "" {
		t.Errorf("sent by and at: %v", first)
	}
	if r := first["recipients"].([]any)[0].(apitest.Obj); r["name"] != "Eva Charlie" || !strings.EqualFold(r["email"].(string), eva.Email) || r["registrationId"] == "" {
		t.Errorf("first recipient: %v", r)
	}

	// The banner: each athlete sees the messages sent to them, newest first, no one else's.
	mine := func(a stacktest.Athlete) []string {
		var out []string
		for _, m := range apitest.Decode(t, s.Do(http.MethodGet, "/api/messages/mine/"+e.ID, nil, a.Token).MustStatus(t, http.StatusOK))["messages"].([]any) {
			m := m.(apitest.Obj)
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
	if got := mine(apitest.Athlete(t, s, "Zed", "Stranger", 1990)); len(got) != 0 {
		t.Errorf("a stranger's banner: %v", got)
	}
}

// TestMessagesAccess: only the event's organisers send and list; an athlete, a scorer,
// another event's organiser and a judge card's token are refused. A deleted athlete's
// recipient rows keep the count but lose their name and address.
func TestMessagesAccess(t *testing.T) {
	t.Parallel()
	s, _, _ := apitest.MailStackAt(t, today)
	e := newMessageEvent(t, s)
	anna, ben := apitest.Athlete(t, s, "Anna", "Alpha", 1990), apitest.Athlete(t, s, "Ben", "Alpha", 1990)
	e.pair(t, e.RX, "Alpha", anna, ben)
	heats := generateHeats(t, s, e.ID, e.Workout, e.RX, 10)
	var links struct{ Links []struct{ Token string } }
	s.Do(http.MethodPost, "/api/events/"+e.ID+"/judge-links", apitest.Obj{"workoutId": e.Workout, "heatId": heats[0],
		"stations": []apitest.Obj{{"lanes": []int{1}}}}, e.Organiser).MustStatus(t, http.StatusOK).Decode(t, &links)
	judge := links.Links[0].Token
	body := apitest.Obj{"audience": "all", "subject": "Hello", "body": "Welcome."}
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
	if n := stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.messages`); n != 0 {
		t.Fatalf("refused callers left %d messages", n)
	}

	// The erasure: the message still went to two, one of them a former athlete.
	e.send(e.Organiser, body).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPost, "/api/athlete/account/delete", apitest.Obj{"password": stacktest.AthletePassword}, anna.Token).MustStatus(t, http.StatusOK)
	poll.Until(t, 30*time.Second, "the erasure done", func() bool {
		return s.Rows(t, "auth.athlete_erasures", "done_at IS NOT NULL") == 1
	})
	m := apitest.Decode(t, list(e.Organiser).MustStatus(t, http.StatusOK))["messages"].([]any)[0].(apitest.Obj)
	rs := m["recipients"].([]any)
	if m["recipientCount"] != float64(2) || rs[0].(apitest.Obj)["name"] != "Former athlete" || rs[0].(apitest.Obj)["email"] != "" {
		t.Errorf("after the erasure: %v", m)
	}
	if n := s.Rows(t, "competition.message_recipients", "lower(email) = lower($1) OR name = 'Anna Alpha'", anna.Email); n != 0 {
		t.Errorf("%d recipient rows still name the deleted athlete", n)
	}
}
