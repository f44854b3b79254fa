package calendar

import (
	"context"
	"fmt"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/zonetime"
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
			mails := make([]core.Mail, len(due))
			for j, r := range due {
				mails[j] = s.reminderMail(r, lead)
			}
			if err := s.QueueMails(ctx, tx, mails); err != nil {
				return err
			}
			pushed, err := tx.ClaimHeatPushReminders(ctx, s.Now(), lead, until, core.SweepBatch)
			if err != nil {
				return err
			}
			pushes := make([]store.Push, len(pushed))
			for j, r := range pushed {
				pushes[j] = reminderPush(r, lead)
			}
			if err := s.QueuePushes(ctx, tx, pushes); err != nil {
				return err
			}
		}
		return nil
	})
}

// reminderPush is one athlete's reminder as a notification: the mail's facts, shorter.
func reminderPush(r store.HeatReminder, lead int32) store.Push {
	when := zonetime.Format(r.StartTime, r.TimeZone)
	if !r.PlannedStart.Equal(r.StartTime) {
		when += fmt.Sprintf(" (planned %s)", zonetime.Format(r.PlannedStart, r.TimeZone))
	}
	return store.Push{AthleteID: r.AthleteID, Title: reminderSubject(r, lead),
		Body: fmt.Sprintf("%s, %s: lane %d at %s.", r.TeamName, r.EventName, r.Lane, when)}
}

// reminderMail is one athlete's reminder, the start on the event's clock.
func (s *service) reminderMail(r store.HeatReminder, lead int32) core.Mail {
	when := zonetime.Format(r.StartTime, r.TimeZone)
	if !r.PlannedStart.Equal(r.StartTime) {
		when += fmt.Sprintf(", planned %s: the schedule moved", zonetime.Format(r.PlannedStart, r.TimeZone))
	}
	body := fmt.Sprintf("Hello %s,\n\nteam %s races %s at %s: %s, heat %d, lane %d, at %s.\n\n%s",
		r.Name, r.TeamName, reminderIn(lead), r.EventName, r.WorkoutName, r.HeatNumber, r.Lane, when, s.MyRegistrationsLine())
	return core.Mail{To: r.Email, Subject: reminderSubject(r, lead), Body: body}
}

// reminderSubject is a reminder's first line, the mail's subject and the push's title alike.
func reminderSubject(r store.HeatReminder, lead int32) string {
	return fmt.Sprintf("Your heat %s: %s, heat %d", reminderIn(lead), r.WorkoutName, r.HeatNumber)
}

// reminderIn says how soon the heat starts, by the reminder's lead in minutes.
func reminderIn(lead int32) string {
	if lead == 60 {
		return "in an hour"
	}
	return "in 10 minutes"
}
