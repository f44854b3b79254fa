package calendar

import (
	"context"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// Heat reminders (docs/competition-day.md, "Reminders"): an athlete who allows them is mailed
// an hour and ten minutes before each of their heats' current start, once per heat, athlete
// and lead time, through the outbox; an athlete with a browser subscribed to push gets the
// same reminders as pushes, by the same rule, whether they asked for the mails or not.

// reminderLeads are the reminders' lead times in minutes, longest first: a reminder is due
// from its lead until the next one's (the last: until the start), so a worker that was down
// sends only the one that is still useful.
var reminderLeads = []int32{60, 10}

// reminderSweep is how often the worker looks for reminders due.
const reminderSweep = 5 * time.Second

// SetMyHeatReminders records whether the signed-in athlete wants heat reminders.
func (c *Calendar) SetMyHeatReminders(ctx context.Context, req *pb.SetMyHeatRemindersRequest) (*pb.MyHeatReminders, error) {
	on, err := c.svc.setReminders(ctx, req.GetOn())
	if err != nil {
		return nil, err
	}
	return &pb.MyHeatReminders{On: on}, nil
}

func (s *service) setReminders(ctx context.Context, on bool) (_ bool, err error) {
	defer apperr.Wrap(&err, "calendar.setReminders(%t)", on)
	athleteID, err := athlete(ctx)
	if err != nil {
		return false, err
	}
	if err := s.Store.SetHeatReminders(ctx, athleteID, on); err != nil {
		return false, err
	}
	return s.Store.HeatRemindersOn(ctx, athleteID)
}

// RunHeatReminders queues the due reminders until ctx ends.
func (c *Calendar) RunHeatReminders(ctx context.Context) {
	c.svc.RunEvery(ctx, reminderSweep, "heat reminders queued", c.svc.sendReminders)
}

// sendReminders claims the due reminders and queues their mails and pushes in one transaction.
func (s *service) sendReminders(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "calendar.sendReminders()")
	return s.Store.InTx(ctx, func(tx *store.Store) error {
		for i, lead := range reminderLeads {
			var until int32
			if i+1 < len(reminderLeads) {
				until = reminderLeads[i+1]
			}
			due, err := tx.ClaimHeatReminders(ctx, s.Now(), lead, until, core.SweepBatch)
			if err != nil {
				return err
			}
			l := s.reminderLanguages(ctx, due)
			mails := make([]core.Mail, len(due))
			for j, r := range due {
				mails[j] = s.reminderMail(l.textsOf(r), r, lead)
			}
			if err := s.QueueMails(ctx, tx, mails); err != nil {
				return err
			}
			pushed, err := tx.ClaimHeatPushReminders(ctx, s.Now(), lead, until, core.SweepBatch)
			if err != nil {
				return err
			}
			pl := s.reminderLanguages(ctx, pushed)
			pushes := make([]store.Push, len(pushed))
			for j, r := range pushed {
				pushes[j] = reminderPush(pl.textsOf(r), r, lead)
			}
			if err := s.QueuePushes(ctx, tx, pushes); err != nil {
				return err
			}
		}
		return nil
	})
}

// reminderLanguages are the languages of the reminders' athletes, asked of auth-svc in one
// call; each event's default stands in for an athlete who chose none.
func (s *service) reminderLanguages(ctx context.Context, due []store.HeatReminder) languages {
	if len(due) == 0 {
		return languages{}
	}
	ids := make([]string, len(due))
	for i, r := range due {
		ids[i] = r.AthleteID
	}
	return languages(s.MailLanguages(ctx, "", ids).ByAthlete)
}

// languages are the athletes' chosen languages by account id.
type languages map[string]string

// textsOf is the texts of r's athlete: their language, else the event's default, else English
// (docs/architecture.md, "Languages").
func (l languages) textsOf(r store.HeatReminder) mailtext.Texts {
	return mailtext.For(mailtext.Pick(l[r.AthleteID], r.EventLanguage))
}

// reminderArgs are the placeholders of a reminder's mail and push.
func reminderArgs(t mailtext.Texts, r store.HeatReminder, lead int32) mailtext.Args {
	return mailtext.Args{"In": reminderIn(t, lead), "Name": r.Name, "Team": r.TeamName, "Event": r.EventName,
		"Workout": r.WorkoutName, "Heat": r.HeatNumber, "Lane": r.Lane, "When": t.Time(r.StartTime, r.TimeZone),
		"Planned": t.Time(r.PlannedStart, r.TimeZone)}
}

// reminderPush is one athlete's reminder as a notification: the mail's facts, shorter.
func reminderPush(t mailtext.Texts, r store.HeatReminder, lead int32) store.Push {
	args := reminderArgs(t, r, lead)
	if !r.PlannedStart.Equal(r.StartTime) {
		args["When"] = args["When"].(string) + t.T("reminder.push.planned", args)
	}
	return store.Push{AthleteID: r.AthleteID, Title: t.T("reminder.subject", args), Body: t.T("reminder.push.body", args)}
}

// reminderMail is one athlete's reminder, the start on the event's clock.
func (s *service) reminderMail(t mailtext.Texts, r store.HeatReminder, lead int32) core.Mail {
	args := reminderArgs(t, r, lead)
	if !r.PlannedStart.Equal(r.StartTime) {
		args["When"] = args["When"].(string) + t.T("reminder.mail.planned", args)
	}
	return core.Mail{To: r.Email, Subject: t.T("reminder.subject", args), Body: t.T("reminder.mail.body", args) + s.MyRegistrationsLine(t)}
}

// reminderIn is how far ahead the reminder is, for the subject and the body.
func reminderIn(t mailtext.Texts, lead int32) string {
	if lead == 60 {
		return t.T("reminder.inAnHour")
	}
	return t.T("reminder.inTenMinutes")
}
