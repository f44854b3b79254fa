package floor

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The athletes' heat mails (docs/heats.md, "Heat mails"): a heat change notes, in its own
// transaction, every registered team whose heats it changed; once a team's heats stayed
// unchanged for heatNoticeQuiet, the worker queues one mail to each of its athletes with the
// heats as they are then, unless they are back to what they were before the first change.

const (
	// heatNoticeQuiet is how long a team's heats stay unchanged before its athletes are told:
	// an organiser's moves in a row make one mail.
	heatNoticeQuiet = 2 * time.Minute
	// heatNoticeSweep is how often the worker looks for teams to tell.
	heatNoticeSweep = time.Second
)

// heatSnapshot is the heats of an event's notified teams before a change: team id → heatsKey.
type heatSnapshot struct {
	eventID string
	teams   []string
	keys    map[string]string
}

// laneTeams is the teams of the lanes given, never nil: the teams a change of those lanes
// touches.
func laneTeams(lanes ...[]store.Lane) []string {
	out := []string{}
	for _, ls := range lanes {
		for _, l := range ls {
			out = append(out, l.TeamID)
		}
	}
	return out
}

// heatsKey writes a team's heats as one comparable string ("" for none).
func heatsKey(slots []store.TeamSlot) string {
	parts := make([]string, len(slots))
	for i, sl := range slots {
		parts[i] = fmt.Sprintf("%s|%d|%d|%d", sl.WorkoutName, sl.HeatNumber, sl.StartTime.Unix(), sl.Lane)
	}
	return strings.Join(parts, "\n")
}

// heatKeys is heatsKey of every team.
func heatKeys(ctx context.Context, tx *store.Store, teams []string) (_ map[string]string, err error) {
	defer apperr.Wrap(&err, "floor.heatKeys()")
	slots, err := tx.TeamSlots(ctx, teams)
	if err != nil {
		return nil, err
	}
	byTeam := core.SlotsByTeam(slots)
	out := make(map[string]string, len(teams))
	for _, t := range teams {
		out[t] = heatsKey(byTeam[t])
	}
	return out, nil
}

// heatsBefore reads, in the change's transaction, the heats before the change of the teams it
// may touch (among: nil for every team of the event) whose athletes are told
// (store.NoticeTeams), so a change of one heat reads its teams only.
func heatsBefore(ctx context.Context, tx *store.Store, eventID string, among []string) (_ heatSnapshot, err error) {
	defer apperr.Wrap(&err, "floor.heatsBefore(%q)", eventID)
	snap := heatSnapshot{eventID: eventID}
	if snap.teams, err = tx.NoticeTeams(ctx, eventID, among); err != nil || len(snap.teams) == 0 {
		return snap, err
	}
	snap.keys, err = heatKeys(ctx, tx, snap.teams)
	return snap, err
}

// noteHeatChanges records, after the change and in its transaction, the teams whose heats it
// changed: their athletes are told once the quiet period passed.
func (s *service) noteHeatChanges(ctx context.Context, tx *store.Store, before heatSnapshot) (err error) {
	defer apperr.Wrap(&err, "floor.noteHeatChanges(%q)", before.eventID)
	if len(before.teams) == 0 {
		return nil
	}
	after, err := heatKeys(ctx, tx, before.teams)
	if err != nil {
		return err
	}
	changed := map[string]string{}
	for _, t := range before.teams {
		if after[t] != before.keys[t] {
			changed[t] = before.keys[t]
		}
	}
	if len(changed) == 0 {
		return nil
	}
	return tx.NoteHeatChanges(ctx, before.eventID, changed, s.Now().Add(heatNoticeQuiet))
}

// RunHeatNotices queues the due heat mails until ctx ends.
func (s *Floor) RunHeatNotices(ctx context.Context) {
	s.svc.RunEvery(ctx, heatNoticeSweep, "heat mails queued", s.svc.sendHeatNotices)
}

// sendHeatNotices turns the due notices into mails, in the transaction that removes them, so
// with any number of replicas each is mailed once.
func (s *service) sendHeatNotices(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "floor.sendHeatNotices()")
	return s.Store.InTx(ctx, func(tx *store.Store) error {
		due, err := tx.ClaimHeatNotices(ctx, s.Now(), core.SweepBatch)
		if err != nil {
			return err
		}
		for _, n := range due {
			if err := s.queueHeatMails(ctx, tx, n); err != nil {
				return err
			}
		}
		return nil
	})
}

// queueHeatMails queues one notice's mails: none when the team's heats are what they were
// before its changes, or when it no longer has a registration to write to.
func (s *service) queueHeatMails(ctx context.Context, tx *store.Store, n store.HeatNotice) (err error) {
	defer apperr.Wrap(&err, "floor.queueHeatMails(%q)", n.TeamID)
	slots, err := tx.TeamSlots(ctx, []string{n.TeamID})
	if err != nil || heatsKey(slots) == n.Baseline {
		return err
	}
	r, err := tx.TeamRegistration(ctx, n.TeamID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	} else if err != nil {
		return err
	}
	e, err := tx.GetEvent(ctx, n.EventID)
	if err != nil {
		return err
	}
	return s.QueueMails(ctx, tx, s.heatMails(s.TeamLanguages(ctx, r), r, e.TimeZone, slots))
}

// heatMails tell each athlete of the team its heats, in the athlete's language, times in the
// event's time zone.
func (s *service) heatMails(l core.MailLanguages, r store.Registration, zone string, slots []store.TeamSlot) []core.Mail {
	return core.TeamMails(l, r, func(t mailtext.Texts) (string, string) {
		args := mailtext.Args{"Team": r.TeamName, "Event": r.EventName, "Division": r.DivisionName}
		body := t.T("heats.notice.intro", args)
		if len(slots) == 0 {
			body = t.T("heats.notice.none", args)
		}
		for _, sl := range slots {
			when := t.Time(sl.StartTime, zone)
			if !sl.PlannedStart.Equal(sl.StartTime) { // the schedule shifted (schedule_shift.go)
				when += t.T("heats.notice.planned", mailtext.Args{"Clock": t.Clock(sl.PlannedStart, zone)})
			}
			body += t.T("heats.notice.line", mailtext.Args{"Workout": sl.WorkoutName, "Heat": sl.HeatNumber, "Lane": sl.Lane, "When": when})
		}
		return t.T("heats.notice.subject", args), body + "\n" + s.MyRegistrationsLine(t)
	})
}

// zoneOf is the event's zone, UTC when unknown (as zonetime.Format reads it).
func zoneOf(zone string) *time.Location {
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" || zone == "Local" {
		return time.UTC
	}
	return loc
}
