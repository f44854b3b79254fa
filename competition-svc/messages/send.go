package messages

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// SendInput is the organiser's form.
type SendInput struct {
	GroupInput
	Subject, Body string
}

// Send resolves the group, stores the message with its recipients and queues one mail to each
// recipient and one push to each browser of a recipient with an account, all in one
// transaction. An empty group is refused on audience and writes nothing.
func (s *service) Send(ctx context.Context, in SendInput) (_ store.Message, err error) {
	defer apperr.Wrap(&err, "messages.Send(%q)", in.EventID)
	ev, err := s.event(ctx, in.EventID)
	if err != nil {
		return store.Message{}, err
	}
	in.EventID = ev.ID
	subject, err := cleanText("subject", in.Subject, maxSubject, msgSubjectRequired, msgSubjectTooLong)
	if err != nil {
		return store.Message{}, err
	}
	body, err := cleanText("body", in.Body, maxBody, msgBodyRequired, msgBodyTooLong)
	if err != nil {
		return store.Message{}, err
	}
	g, err := s.group(ctx, in.GroupInput)
	if err != nil {
		return store.Message{}, err
	}
	if len(g.Recipients) == 0 {
		return store.Message{}, apperr.Invalid("audience", msgEmptyGroup)
	}
	m := store.Message{ID: uuid.NewString(), EventID: ev.ID, Audience: g.Audience, AudienceLabel: g.Label, TargetID: g.TargetID,
		Subject: subject, Body: body, SentBy: authn.Actor(ctx), SentAt: s.Now().UTC(), Recipients: g.Recipients}
	// Each mail's frame is in its recipient's language; the organiser's own words stay as
	// written (docs/architecture.md, "Languages").
	ids := make([]string, len(g.Recipients))
	for i, r := range g.Recipients {
		ids[i] = r.AthleteID
	}
	l := s.MailLanguages(ctx, ev.DefaultLanguage, ids)
	mails := make([]core.Mail, len(g.Recipients))
	var pushes []store.Push
	for i, r := range g.Recipients {
		if r.AthleteID != "" {
			pushes = append(pushes, store.Push{AthleteID: r.AthleteID, Title: ev.Name + ": " + subject, Body: body})
		}
		t := l.Of(r.AthleteID)
		mails[i] = core.Mail{To: r.Email, Subject: ev.Name + ": " + subject,
			Body: t.T("message.body", mailtext.Args{"Name": r.Name, "Body": body, "Event": ev.Name})}
		if r.RegistrationID != "" {
			mails[i].Body += s.MyRegistrationsLine(t)
		}
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.InsertMessage(ctx, m); err != nil {
			return err
		}
		if err := s.QueueMails(ctx, tx, mails); err != nil {
			return err
		}
		return s.QueuePushes(ctx, tx, pushes)
	})
	return m, err
}

// List is the event's messages, newest first, with their recipients.
func (s *service) List(ctx context.Context, eventID string) (_ []store.Message, err error) {
	defer apperr.Wrap(&err, "messages.List(%q)", eventID)
	ev, err := s.event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return s.Store.EventMessages(ctx, ev.ID)
}

// Mine is the messages of an event sent to the signed-in athlete, newest first (their banner).
func (s *service) Mine(ctx context.Context, eventID string) (_ []store.Message, err error) {
	defer apperr.Wrap(&err, "messages.Mine(%q)", eventID)
	c, ok := authn.CallerFrom(ctx)
	if !ok || !c.IsAthlete() {
		return nil, apperr.Unauthenticated("Sign in as an athlete")
	}
	ev, err := s.event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return s.Store.AthleteMessages(ctx, ev.ID, c.UserID)
}

func (s *service) event(ctx context.Context, eventID string) (_ store.Event, err error) {
	defer apperr.Wrap(&err, "messages.event(%q)", eventID)
	eventID, err = core.ParseID("eventId", eventID, "Event")
	if err != nil {
		return store.Event{}, err
	}
	ev, err := s.Store.GetEvent(ctx, eventID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Event{}, apperr.NotFound(core.MsgEventNotFound)
	}
	return ev, err
}
