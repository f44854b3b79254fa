package authsvc

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailq"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// An athlete is mailed whenever their password changes, by a reset link or on their profile,
// so a change they did not make cannot go unnoticed; the mail also names the staff who read a
// link sent to them on the Outbox page (possible only without a mail server: mailq, "Secret
// mails"). Staff accounts have no address: they see their sessions end.

// maxReadingsTold bounds the readings one mail lists (the newest).
const maxReadingsTold = 5

// tellPasswordChanged queues, in tx, the mail telling athlete userID that their password was
// changed how (a catalogue key: "auth.passwordChanged.byReset"); nothing for a staff user.
func (s *service) tellPasswordChanged(ctx context.Context, tx *store.Store, userID, how string) (err error) {
	defer apperr.Wrap(&err, "authsvc.tellPasswordChanged(%q)", userID)
	a, err := tx.AthleteByID(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("look up athlete: %w", err)
	}
	readings, err := tx.MailReadings(ctx, a.Email)
	if err != nil {
		return fmt.Errorf("read outbox readings: %w", err)
	}
	return tx.QueueMail(ctx, s.passwordChangedMail(a, how, s.now(), readings))
}

func (s *service) passwordChangedMail(a store.Athlete, how string, at time.Time, readings []mailq.Reading) mailq.Message {
	t := mailtext.For(a.Language)
	text := t.T("auth.passwordChanged.body", mailtext.Args{"Name": a.FirstName, "How": t.T(how), "At": t.Time(at, "UTC"),
		"Link": s.page("forgot-password")})
	if len(readings) > maxReadingsTold {
		readings = readings[len(readings)-maxReadingsTold:]
	}
	if len(readings) > 0 {
		lines := make([]string, 0, len(readings))
		for _, r := range readings {
			lines = append(lines, t.T("auth.passwordChanged.reading", mailtext.Args{"Reader": r.Reader, "At": t.Time(r.ReadAt, "UTC")}))
		}
		text += t.T("auth.passwordChanged.readings") + strings.Join(lines, "\n") + "\n"
	}
	return mailq.Message{To: a.Email, Subject: t.T("auth.passwordChanged.subject"), Text: text}
}
