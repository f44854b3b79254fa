package core

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailq"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The mails to athletes. They are queued in the transaction of the change that causes them
// (QueueMails), so a change is never lost or failed because the mail server is down, and no
// mail leaves for a change that did not happen.

// Mail is one mail to one address; Secret when it carries the share code (mailq.Message).
type Mail struct {
	To, Subject, Body string
	Secret            bool
}

// MailLink is a link into the public site: the base URL (PODIUM_PUBLIC_URL) and a path.
func (s *Service) MailLink(path string, query url.Values) string {
	u := strings.TrimRight(s.PublicURL, "/") + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	return u
}

// TeamMails are one mail to each athlete of the team, each in the athlete's language (l),
// greeted by name (docs/architecture.md, "Languages").
func TeamMails(l MailLanguages, r store.Registration, write func(t mailtext.Texts) (subject, body string)) []Mail {
	one := func(id, name, email string) Mail {
		t := l.Of(id)
		subject, body := write(t)
		return Mail{To: email, Subject: subject, Body: t.T("mail.greeting", mailtext.Args{"Name": name}) + "\n\n" + body}
	}
	out := []Mail{one(r.CaptainID, r.CaptainName, r.CaptainEmail)}
	if r.PartnerID != "" && r.PartnerEmail != "" {
		out = append(out, one(r.PartnerID, r.PartnerName, r.PartnerEmail))
	}
	// Teams of other sizes than pairs: every athlete who took a place (docs/rosters.md).
	for _, p := range r.Places {
		if p.AthleteID != "" && p.Email != "" {
			out = append(out, one(p.AthleteID, p.Name, p.Email))
		}
	}
	return out
}

// MyRegistrationsLine links the athlete's page "My registrations", in t's language.
func (s *Service) MyRegistrationsLine(t mailtext.Texts) string {
	return t.T("mail.myRegistrations", mailtext.Args{"Link": s.MailLink("/public/me/registrations", nil)})
}

// QueueMails queues mails in tx, the transaction of the change that causes them.
func (s *Service) QueueMails(ctx context.Context, tx *store.Store, mails []Mail) (err error) {
	defer apperr.Wrap(&err, "core.QueueMails()")
	for _, m := range mails {
		if err := tx.QueueMail(ctx, mailq.Message{To: m.To, Subject: m.Subject, Text: m.Body, Secret: m.Secret}); err != nil {
			return fmt.Errorf("queue mail: %w", err)
		}
	}
	return nil
}

// SlotsByTeam groups heats by team, each team's by start time as given.
func SlotsByTeam(slots []store.TeamSlot) map[string][]store.TeamSlot {
	out := map[string][]store.TeamSlot{}
	for _, sl := range slots {
		out[sl.TeamID] = append(out[sl.TeamID], sl)
	}
	return out
}
