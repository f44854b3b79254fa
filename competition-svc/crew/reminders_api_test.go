package crew_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
	"github.com/podium-dev/podium/internal/platform/zonetime"
)

// The shift reminders (docs/crew.md, "Reminders"), on a clock the test moves and with the mails
// read from Mailpit: 48 and 24 hours before a shift, once each; none to an unconfirmed address;
// no 48-hour mail to a volunteer put on the shift less than 48 hours ahead.

const reminderSubject = "Reminder: "

func remindersTo(m *mailtest.Mailpit, email string) []mailtest.Mail {
	var out []mailtest.Mail
	for _, mail := range m.MailsTo(email) {
		if strings.HasPrefix(mail.Subject, reminderSubject) {
			out = append(out, mail)
		}
	}
	return out
}

// waitReminders waits until email has n reminders and returns the newest (none when n is 0).
func waitReminders(t *testing.T, m *mailtest.Mailpit, email string, n int) mailtest.Mail {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		got := remindersTo(m, email)
		if len(got) == n && n == 0 {
			return mailtest.Mail{}
		}
		if len(got) == n {
			return got[0]
		}
		if len(got) > n || time.Now().After(deadline) {
			t.Fatalf("%s has %d reminders, want %d", email, len(got), n)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// keyFromMailpit is the volunteer link's secret in the sign-up mail Mailpit received for email.
func keyFromMailpit(t *testing.T, m *mailtest.Mailpit, email string) string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		for _, mail := range m.MailsTo(email) {
			if k := volunteerLink.FindStringSubmatch(mail.Text); k != nil {
				return k[1]
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("no volunteer link mailed to %s", email)
	return ""
}

func TestShiftRemindersGoOnceEach(t *testing.T) {
	t.Parallel()
	s, mailpit, clock := apitest.MailStackAt(t, time.Now().UTC().Truncate(time.Minute))
	t0 := clock.Now()
	ev, org := crewEvent(t, s)
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/online", apitest.Obj{"format": "in_person", "timeZone": "Europe/Paris"}).MustStatus(t, http.StatusOK)
	start := t0.Add(72 * time.Hour)
	shifts := "/api/events/" + ev.ID + "/crew/shifts"
	shift := apitest.Decode(t, s.Do(http.MethodPost, shifts, apitest.Obj{"role": "check_in", "startsAt": start.Format(time.RFC3339),
		"endsAt": start.Add(2 * time.Hour).Format(time.RFC3339), "needed": 3}, org).MustStatus(t, http.StatusOK))["id"].(string)
	volunteer := func(name, email string, confirm bool) (id, key string) {
		id = signUp(t, s, ev.ID, apitest.Obj{"name": name, "email": email, "roles": []string{"check_in"}})["id"].(string)
		key = keyFromMailpit(t, mailpit, email)
		if confirm {
			s.Do(http.MethodPost, "/api/crew/volunteers/"+key+"/confirm", nil, "").MustStatus(t, http.StatusOK)
		}
		return id, key
	}
	assign := func(id string) {
		s.Do(http.MethodPut, shifts+"/"+shift+"/volunteers/"+id, nil, org).MustStatus(t, http.StatusOK)
	}
	ann, annKey := volunteer("Ann", "ann@example.com", true)
	bob, _ := volunteer("Bob", "bob@example.com", false) // never confirmed the address
	cat, _ := volunteer("Cat", "cat@example.com", true)
	assign(ann)
	assign(bob)
	quiet := func() { t.Helper(); time.Sleep(2500 * time.Millisecond) }

	// 49 hours ahead: nothing yet.
	clock.Set(t0.Add(23 * time.Hour))
	quiet()
	if got := remindersTo(mailpit, "ann@example.com"); len(got) != 0 {
		t.Fatalf("a reminder more than 48 hours ahead: %v", got[0].Subject)
	}
	// 47 hours ahead: Ann's 48-hour mail, in the event's zone, asking for her confirmation.
	clock.Set(t0.Add(25 * time.Hour))
	mail := waitReminders(t, mailpit, "ann@example.com", 1)
	when := zonetime.Format(start, "Europe/Paris")
	if mail.Subject != "Reminder: Check-in at Crew Games, "+when || !strings.Contains(mail.Text, "Hello Ann") ||
		!strings.Contains(mail.Text, "you work Check-in at Crew Games from "+when) || !strings.Contains(mail.Text, "You have not confirmed this shift yet") {
		t.Fatalf("Ann's 48-hour reminder: %q %q", mail.Subject, mail.Text)
	}
	// Cat, put on the shift now (47 hours ahead), gets no 48-hour mail; Ann's is not sent again.
	assign(cat)
	clock.Set(t0.Add(26 * time.Hour))
	quiet()
	waitReminders(t, mailpit, "ann@example.com", 1)
	waitReminders(t, mailpit, "cat@example.com", 0)

	// Ann confirms; 23 hours ahead both get the 24-hour mail, Ann's without the request.
	s.Do(http.MethodPost, "/api/crew/volunteers/"+annKey+"/shifts/"+shift+"/confirm", nil, "").MustStatus(t, http.StatusOK)
	clock.Set(t0.Add(49 * time.Hour))
	if mail := waitReminders(t, mailpit, "ann@example.com", 2); strings.Contains(mail.Text, "not confirmed") {
		t.Fatalf("Ann's 24-hour reminder after her confirmation: %q", mail.Text)
	}
	waitReminders(t, mailpit, "cat@example.com", 1)

	// Later sweeps, and the shift's start, send nothing more; Bob's unconfirmed address nothing at all.
	clock.Set(t0.Add(73 * time.Hour))
	quiet()
	waitReminders(t, mailpit, "ann@example.com", 2)
	waitReminders(t, mailpit, "cat@example.com", 1)
	waitReminders(t, mailpit, "bob@example.com", 0)
	if n := stacktest.QueryRow[int](t, s, `SELECT count(*) FROM competition.crew_assignments WHERE reminded_24h_at IS NOT NULL`); n != 2 {
		t.Errorf("%d assignments reminded 24 hours ahead, want 2", n)
	}
}
