package waivers

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/mail"
	"strings"

	"github.com/google/uuid"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// An athlete's acceptance, by themselves (signed in) or at the door (the kiosk, staff signed
// in). A minor's is their guardian's: by the mailed link (guardian.go) or on the spot.

// Mine is the athlete's own view of an event's waiver.
type Mine struct {
	Event         store.Event
	Waiver        store.Waiver
	State         AthleteState
	Minor         bool
	GuardianEmail string
	Message       string
}

// AcceptInput is the athlete's acceptance form.
type AcceptInput struct {
	EventID, FullName, BirthDate, GuardianEmail string
	Version                                     int32
}

// GetMine is the signed-in athlete's waiver of an event they registered for.
func (s *service) GetMine(ctx context.Context, eventID string) (_ Mine, err error) {
	defer apperr.Wrap(&err, "waivers.GetMine(%q)", eventID)
	ev, me, err := s.myRegistration(ctx, eventID)
	if err != nil {
		return Mine{}, err
	}
	return s.mine(ctx, ev, me, "")
}

func (s *service) mine(ctx context.Context, ev store.Event, me AthleteState, message string) (_ Mine, err error) {
	defer apperr.Wrap(&err, "waivers.mine(%q)", ev.ID)
	w, err := s.current(ctx, ev.ID)
	if err != nil {
		return Mine{}, err
	}
	out := Mine{Event: ev, Waiver: w, State: me, GuardianEmail: me.GuardianEmail, Message: message}
	if p, err := s.Athletes.Find(ctx, me.AthleteID); err == nil && p != nil && p.GetBirthYear() != nil {
		by := p.GetBirthYear().GetValue()
		out.Minor, _, _ = minor(ev.DateFrom, &by, "")
	}
	return out, nil
}

// myRegistration is the event (visible to athletes) and the caller's place in its live
// registrations; not found when they have none.
func (s *service) myRegistration(ctx context.Context, eventID string) (_ store.Event, _ AthleteState, err error) {
	defer apperr.Wrap(&err, "waivers.myRegistration(%q)", eventID)
	c, ok := authn.CallerFrom(ctx)
	if !ok || !c.IsAthlete() {
		return store.Event{}, AthleteState{}, apperr.Unauthenticated("Sign in as an athlete")
	}
	return s.athleteOf(ctx, eventID, c.UserID, msgNotRegistered)
}

// athleteOf is the event and the athlete's state in it; notFound when the athlete is on none
// of its live registrations.
func (s *service) athleteOf(ctx context.Context, eventID, athleteID, notFound string) (_ store.Event, _ AthleteState, err error) {
	defer apperr.Wrap(&err, "waivers.athleteOf(%q, %q)", eventID, athleteID)
	eventID, err = core.ParseID("eventId", eventID, "Event")
	if err != nil {
		return store.Event{}, AthleteState{}, err
	}
	ev, err := s.Store.GetEvent(ctx, eventID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Event{}, AthleteState{}, apperr.NotFound(core.MsgEventNotFound)
	} else if err != nil {
		return store.Event{}, AthleteState{}, err
	}
	// The event first: a missing event answers as one without a grant does (docs/access.md).
	if athleteID, err = core.ParseID("athleteId", athleteID, "Athlete"); err != nil {
		return store.Event{}, AthleteState{}, err
	}
	st, err := s.states(ctx, eventID)
	if err != nil {
		return store.Event{}, AthleteState{}, err
	}
	for _, a := range st.Athletes {
		if strings.EqualFold(a.AthleteID, athleteID) {
			return ev, a, nil
		}
	}
	return store.Event{}, AthleteState{}, apperr.NotFound(notFound)
}

// AcceptMine records the signed-in athlete's acceptance of the current version; a minor's
// is their guardian's, so the link is mailed to the guardian (through the outbox, in the
// same transaction) instead.
func (s *service) AcceptMine(ctx context.Context, in AcceptInput) (_ Mine, err error) {
	defer apperr.Wrap(&err, "waivers.AcceptMine(%q)", in.EventID)
	ev, me, err := s.myRegistration(ctx, in.EventID)
	if err != nil {
		return Mine{}, err
	}
	name, err := typedName("fullName", in.FullName, msgNameRequired)
	if err != nil {
		return Mine{}, err
	}
	profile, err := s.Athletes.Profile(ctx, me.AthleteID)
	if err != nil {
		return Mine{}, err
	}
	var birthYear *int32
	if profile.GetBirthYear() != nil {
		birthYear = new(profile.GetBirthYear().GetValue())
	}
	isMinor, known, err := minor(ev.DateFrom, birthYear, in.BirthDate)
	if err != nil {
		return Mine{}, err
	}
	if !known {
		return Mine{}, apperr.Invalid("birthDate", msgBirthDateNeeded)
	}
	var guardian string
	if isMinor {
		if guardian, err = guardianEmail(in.GuardianEmail, profile.GetEmail()); err != nil {
			return Mine{}, err
		}
	}
	message := ""
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		w, err := s.lockedCurrent(ctx, tx, ev.ID, in.Version)
		if err != nil {
			return err
		}
		if me.Acceptance != nil && me.Acceptance.Version == w.Version {
			return apperr.ConflictField("version", msgAlreadyAccepted)
		}
		if isMinor {
			key := newKey()
			l := store.GuardianLink{ID: uuid.NewString(), EventID: ev.ID, AthleteID: me.AthleteID, AthleteName: me.AthleteName,
				GuardianEmail: guardian, KeyHash: hashKey(key)}
			if err := tx.InsertGuardianLink(ctx, l); err != nil {
				return err
			}
			message = "You are under 18 on the event date: we mailed the waiver to " + guardian + " to accept for you."
			return s.QueueMails(ctx, tx, []core.Mail{guardianMail(s.Service, ev, me.AthleteName, key, guardian)})
		}
		message = "Thank you: waiver accepted."
		return tx.InsertWaiverAcceptance(ctx, store.WaiverAcceptance{EventID: ev.ID, Version: w.Version, AthleteID: me.AthleteID,
			AthleteName: me.AthleteName, FullName: name, Via: viaAthlete, IP: svcauth.ClientAddress(ctx), AcceptedBy: authn.Actor(ctx)})
	})
	if err != nil {
		return Mine{}, err
	}
	ev, me, err = s.myRegistration(ctx, ev.ID)
	if err != nil {
		return Mine{}, err
	}
	out, err := s.mine(ctx, ev, me, message)
	out.Minor = out.Minor || isMinor
	return out, err
}

// KioskInput is an acceptance given at the door.
type KioskInput struct {
	EventID, AthleteID, FullName, BirthDate string
	Version                                 int32
	Guardian                                bool
}

// AcceptAtKiosk records an athlete's acceptance typed on the door's kiosk; a minor's guardian
// signs there in person.
func (s *service) AcceptAtKiosk(ctx context.Context, in KioskInput) (_ AthleteState, err error) {
	defer apperr.Wrap(&err, "waivers.AcceptAtKiosk(%q, %q)", in.EventID, in.AthleteID)
	ev, me, err := s.athleteOf(ctx, in.EventID, in.AthleteID, msgAthleteNotHere)
	if err != nil {
		return AthleteState{}, err
	}
	msg := msgNameRequired
	if in.Guardian {
		msg = msgGuardianName
	}
	name, err := typedName("fullName", in.FullName, msg)
	if err != nil {
		return AthleteState{}, err
	}
	if !in.Guardian {
		p, err := s.Athletes.Find(ctx, me.AthleteID)
		if err != nil {
			return AthleteState{}, err
		}
		var birthYear *int32
		if p.GetBirthYear() != nil {
			birthYear = new(p.GetBirthYear().GetValue())
		}
		isMinor, known, err := minor(ev.DateFrom, birthYear, in.BirthDate)
		if err != nil {
			return AthleteState{}, err
		}
		if !known {
			return AthleteState{}, apperr.Invalid("birthDate", "The athlete's birth date is needed to know whether they are 18 on the event date")
		}
		if isMinor {
			return AthleteState{}, apperr.Invalid("guardian", msgKioskGuardian)
		}
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		w, err := s.lockedCurrent(ctx, tx, ev.ID, in.Version)
		if err != nil {
			return err
		}
		return tx.InsertWaiverAcceptance(ctx, store.WaiverAcceptance{EventID: ev.ID, Version: w.Version, AthleteID: me.AthleteID,
			AthleteName: me.AthleteName, FullName: name, Via: viaKiosk, Guardian: in.Guardian, IP: svcauth.ClientAddress(ctx),
			AcceptedBy: authn.Actor(ctx)})
	})
	if err != nil {
		return AthleteState{}, err
	}
	_, me, err = s.athleteOf(ctx, ev.ID, me.AthleteID, msgAthleteNotHere)
	return me, err
}

// lockedCurrent is the current version, held while the acceptance is written; refused on
// version when the form was for another one.
func (s *service) lockedCurrent(ctx context.Context, tx *store.Store, eventID string, version int32) (_ store.Waiver, err error) {
	defer apperr.Wrap(&err, "waivers.lockedCurrent(%q, %d)", eventID, version)
	if err := tx.LockWaivers(ctx, eventID); err != nil {
		return store.Waiver{}, err
	}
	w, err := tx.CurrentWaiver(ctx, eventID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Waiver{}, apperr.Invalid("version", msgNoWaiver)
	} else if err != nil {
		return store.Waiver{}, err
	}
	if version != w.Version {
		return store.Waiver{}, apperr.Invalid("version", msgOtherVersion(version, w.Version))
	}
	return w, nil
}

func guardianEmail(v, own string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", apperr.Invalid("guardianEmail", msgGuardianEmail)
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || !strings.Contains(v, "@") {
		return "", apperr.Invalid("guardianEmail", msgGuardianBadEmail)
	}
	if strings.EqualFold(v, strings.TrimSpace(own)) {
		return "", apperr.Invalid("guardianEmail", msgGuardianNotSelf)
	}
	return v, nil
}

func newKey() string {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashKey(key string) []byte {
	h := sha256.Sum256([]byte(strings.TrimSpace(key)))
	return h[:]
}
