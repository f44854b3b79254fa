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
)

// An athlete is mailed whenever their password changes, by a reset link or on their profile,
// so a change they did not make cannot go unnoticed; the mail also names the staff who read a
// link sent to them on the Outbox page (possible only without a mail server: mailq, "Secret
// mails"). Staff accounts have no address: they see their sessions end.

// maxReadingsTold bounds the readings one mail lists (the newest).
const maxReadingsTold = 5

// tellPasswordChanged queues, in tx, the mail telling athlete userID that their password was
// changed how ("with a reset link"); nothing for a staff user.
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
	text := fmt.Sprintf(`Hello %s,

the password of your Podium athlete account was changed %s on %s (UTC). Every session signed in with the old password has ended.

If this was you, there is nothing to do. If it was not, choose a new password now: %s
`, a.FirstName, how, at.UTC().Format("2 January 2006 at 15:04"), s.page("forgot-password"))
	if len(readings) > maxReadingsTold {
		readings = readings[len(readings)-maxReadingsTold:]
	}
	if len(readings) > 0 {
		lines := make([]string, 0, len(readings))
		for _, r := range readings {
			lines = append(lines, fmt.Sprintf("- %s, first on %s (UTC)", r.Reader, r.ReadAt.UTC().Format("2 January 2006 at 15:04")))
		}
		text += "\nThis Podium sends no mail itself yet: its staff passed links on to you. These staff members read a link sent to this address:\n" +
			strings.Join(lines, "\n") + "\n"
	}
	return mailq.Message{To: a.Email, Subject: "Your Podium password was changed", Text: text}
}
