package crew

import (
	"context"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The shift reminders (docs/crew.md, "Reminders"): every reminderSweep the worker mails each
// volunteer (confirmed address) 48 and 24 hours before each shift they work, once each. A shift
// nearer than 24 hours gets only the 24-hour mail; one put on less than 48 hours ahead gets no
// 48-hour mail. A reminder is claimed by the UPDATE that marks it, in the transaction that
// queues its mail (store.ClaimShiftReminders), so any number of replicas send it once.

const (
	// reminderSweep is how often the worker looks for shifts to remind of.
	reminderSweep = time.Second
	reminderFar   = 48 * time.Hour
	reminderNear  = 24 * time.Hour
)

// RunShiftReminders queues the due shift reminders until ctx ends.
func (c *Crew) RunShiftReminders(ctx context.Context) {
	c.svc.RunEvery(ctx, reminderSweep, "shift reminders queued", c.svc.sendShiftReminders)
}

// sendShiftReminders queues the 24-hour reminders first, then the 48-hour ones: a shift that
// comes within 24 hours while its 48-hour mail waits gets the nearer one only.
func (s *service) sendShiftReminders(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "crew.sendShiftReminders()")
	now := s.Now()
	return s.Store.InTx(ctx, func(tx *store.Store) error {
		near, err := tx.ClaimShiftReminders(ctx, now, "reminded_24h_at", reminderNear, 0, core.SweepBatch)
		if err != nil {
			return err
		}
		far, err := tx.ClaimShiftReminders(ctx, now, "reminded_48h_at", reminderFar, reminderNear, core.SweepBatch)
		if err != nil {
			return err
		}
		mails := make([]core.Mail, 0, len(near)+len(far))
		for _, r := range near {
			mails = append(mails, reminderMail(r))
		}
		for _, r := range far {
			mails = append(mails, reminderMail(r))
		}
		return s.QueueMails(ctx, tx, mails)
	})
}

// reminderMail says which shift, when (in the event's time zone), and asks for the confirmation
// when it is missing, in the event's default language (a volunteer has no account). It carries
// no link: the volunteer's link is a secret Podium does not keep.
func reminderMail(r store.ShiftReminder) core.Mail {
	t := mailtext.For(r.EventLanguage)
	args := mailtext.Args{"Name": r.Name, "Role": roleWords(t, r.Role), "Event": r.EventName,
		"Start": t.Time(r.StartsAt, r.TimeZone), "End": t.Time(r.EndsAt, r.TimeZone)}
	body := t.T("crew.reminder.intro", args)
	if !r.Confirmed {
		body += t.T("crew.reminder.unconfirmed")
	}
	body += t.T("crew.reminder.thanks")
	return core.Mail{To: r.Email, Subject: t.T("crew.reminder.subject", args), Body: body}
}
