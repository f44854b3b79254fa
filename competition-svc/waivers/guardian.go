package waivers

import (
	"context"
	"errors"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailtext"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// A minor's guardian accepts by the link mailed to them: it opens the waiver and the minor it
// is for, is used once, and never after the event's last day.

// ForGuardian is what a guardian's link opens.
type ForGuardian struct {
	Event       store.Event
	AthleteName string
	Waiver      store.Waiver
	Accepted    bool
	Message     string
}

// guardianMail goes to an address without an account: in the event's default language.
func guardianMail(c *core.Service, ev store.Event, athleteName, key, to string) core.Mail {
	t := mailtext.For(ev.DefaultLanguage)
	dates := core.DateRange(ev.DateFrom, ev.DateTo)
	if t.Language != "en" { // core.DateRange writes English month names
		dates = t.Date(ev.DateFrom, "UTC")
		if !ev.DateTo.Equal(ev.DateFrom) {
			dates += " – " + t.Date(ev.DateTo, "UTC")
		}
	}
	args := mailtext.Args{"Athlete": athleteName, "Event": ev.Name, "Dates": dates,
		"Link": c.MailLink("/public/waiver/guardian/"+key, nil)}
	return core.Mail{To: to, Subject: t.T("waiver.guardian.subject", args), Body: t.T("waiver.guardian.body", args), Secret: true}
}

// GetForGuardian is what the link opens, refused when it was used or the event is over.
func (s *service) GetForGuardian(ctx context.Context, key string) (_ ForGuardian, err error) {
	defer apperr.Wrap(&err, "waivers.GetForGuardian()")
	l, ev, err := s.guardianLink(ctx, key)
	if err != nil {
		return ForGuardian{}, err
	}
	w, err := s.current(ctx, ev.ID)
	if err != nil {
		return ForGuardian{}, err
	}
	return ForGuardian{Event: ev, AthleteName: l.AthleteName, Waiver: w}, nil
}

// AcceptAsGuardian records the guardian's acceptance of the current version for the minor and
// uses the link up, in one transaction: of two tabs at once, one wins.
func (s *service) AcceptAsGuardian(ctx context.Context, key string, version int32, fullName string) (_ ForGuardian, err error) {
	defer apperr.Wrap(&err, "waivers.AcceptAsGuardian()")
	l, ev, err := s.guardianLink(ctx, key)
	if err != nil {
		return ForGuardian{}, err
	}
	name, err := typedName("fullName", fullName, msgGuardianName)
	if err != nil {
		return ForGuardian{}, err
	}
	var w store.Waiver
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if w, err = s.lockedCurrent(ctx, tx, ev.ID, version); err != nil {
			return err
		}
		if err := tx.UseGuardianLink(ctx, l.ID); errors.Is(err, store.ErrLinkUsed) {
			return apperr.Conflict(msgLinkUsed)
		} else if err != nil {
			return err
		}
		return tx.InsertWaiverAcceptance(ctx, store.WaiverAcceptance{EventID: ev.ID, Version: w.Version, AthleteID: l.AthleteID,
			AthleteName: l.AthleteName, FullName: name, Via: viaGuardian, Guardian: true, IP: svcauth.ClientAddress(ctx),
			AcceptedBy: "guardian " + l.GuardianEmail})
	})
	if err != nil {
		return ForGuardian{}, err
	}
	return ForGuardian{Event: ev, AthleteName: l.AthleteName, Waiver: w, Accepted: true,
		Message: "Thank you: you accepted the waiver for " + l.AthleteName + "."}, nil
}

// guardianLink is the link key opens and its event; refused when unknown, used, or after the
// event's last day (in the event's zone).
func (s *service) guardianLink(ctx context.Context, key string) (_ store.GuardianLink, _ store.Event, err error) {
	defer apperr.Wrap(&err, "waivers.guardianLink()")
	l, err := s.Store.GuardianLinkByHash(ctx, hashKey(key))
	if errors.Is(err, store.ErrNotFound) {
		return store.GuardianLink{}, store.Event{}, apperr.NotFound(msgLinkInvalid)
	} else if err != nil {
		return store.GuardianLink{}, store.Event{}, err
	}
	ev, err := s.Store.GetEvent(ctx, l.EventID)
	if err != nil {
		return store.GuardianLink{}, store.Event{}, err
	}
	if l.UsedAt != nil {
		return store.GuardianLink{}, store.Event{}, apperr.Conflict(msgLinkUsed)
	}
	if over(ev, s.Now()) {
		return store.GuardianLink{}, store.Event{}, apperr.Conflict(msgLinkExpired)
	}
	return l, ev, nil
}

// over says whether the event's last day has ended in its zone (UTC when it has none).
func over(ev store.Event, now time.Time) bool {
	last := ev.DateTo
	if last.IsZero() {
		last = ev.DateFrom
	}
	loc := time.UTC
	if z, err := time.LoadLocation(ev.TimeZone); err == nil && ev.TimeZone != "" {
		loc = z
	}
	end := time.Date(last.Year(), last.Month(), last.Day()+1, 0, 0, 0, 0, loc)
	return !now.Before(end)
}
