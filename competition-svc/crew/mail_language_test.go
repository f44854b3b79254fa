package crew

import (
	"testing"
	"time"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The crew's reminders and swap mails are in the event's default language (a volunteer has no
// account; docs/architecture.md, "Languages"); English stays as it always was written.
func TestCrewMailsInTheEventsLanguage(t *testing.T) {
	t.Parallel()
	r := store.ShiftReminder{Name: "Vera", Email: "vera@example.test", EventName: "Open Games", TimeZone: "Europe/Berlin",
		Role: "head_judge", StartsAt: time.Date(2026, 5, 1, 7, 0, 0, 0, time.UTC), EndsAt: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	en := reminderMail(r)
	if want := "Reminder: Head judge at Open Games, 1 May 2026, 09:00 (Europe/Berlin)"; en.Subject != want {
		t.Errorf("English subject %q, want %q", en.Subject, want)
	}
	if want := "Hello Vera,\n\nA reminder: you work Head judge at Open Games from 1 May 2026, 09:00 (Europe/Berlin) until 1 May 2026, 11:00 (Europe/Berlin).\n" +
		"\nYou have not confirmed this shift yet: please confirm it on your volunteer page (the link in your sign-up mail), or tell the organiser if you cannot come.\n" +
		"\nThank you for volunteering!\n"; en.Body != want {
		t.Errorf("English body %q, want %q", en.Body, want)
	}
	r.EventLanguage = "de"
	if de := reminderMail(r); de.Subject != "Erinnerung: Hauptkampfrichter bei Open Games, 1. Mai 2026, 09:00 (Europe/Berlin)" ||
		de.Body[:len("Hallo Vera,")] != "Hallo Vera," {
		t.Errorf("German reminder: %q\n%s", de.Subject, de.Body)
	}

	w := Swap{CrewSwap: store.CrewSwap{FromName: "Vera", FromEmail: "vera@example.test", ToName: "Ivo", ToEmail: "ivo@example.test",
		Status: "refused"}, Place: "Judge 09:00–11:00"}
	got := decisionMails(mailtext.For("en"), w)
	if got[0].Subject != "Swap refused: Judge 09:00–11:00" ||
		got[0].Body != "Hello Vera,\n\nThe organiser refused your swap with Ivo: Judge 09:00–11:00 stays yours.\n" ||
		got[1].Body != "Hello Ivo,\n\nThe organiser refused the swap: Judge 09:00–11:00 stays with Vera.\n" {
		t.Errorf("English refusal: %+v", got)
	}
	w.Status = "approved"
	got = decisionMails(mailtext.For("fr"), w)
	if got[0].Subject != "Échange approuvé : Judge 09:00–11:00" || got[1].To != "ivo@example.test" ||
		got[1].Body != "Bonjour Ivo,\n\nl'organisateur a approuvé l'échange : Judge 09:00–11:00 est maintenant à vous (reprise de Vera).\n" {
		t.Errorf("French approval: %+v", got)
	}
}
