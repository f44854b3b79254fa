package registration

import (
	"net/url"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The mails of a transfer (docs/registration.md, "Transfers"), queued in the transaction of
// the change like every registration mail.

// transferLink is the transfer's link: the new athlete signs in (or signs up) and accepts.
func (s *service) transferLink(key string) string {
	return s.MailLink("/public/registration/transfer", url.Values{"key": {key}})
}

// transferOfferMail carries the link to the new athlete's address: a secret mail, in the
// event's default language (who owns the address is not known yet).
func (s *service) transferOfferMail(l core.MailLanguages, r store.Registration, t store.Transfer, from placeHolder, key string) core.Mail {
	x := l.NoAccount()
	args := regArgs(r, mailtext.Args{"From": from.Name, "Link": s.transferLink(key), "Until": x.Time(t.ExpiresAt, r.TimeZone)})
	return core.Mail{To: t.ToEmail, Subject: x.T("transfer.offer.subject", args), Body: x.T("transfer.offer.body", args), Secret: true}
}

// transferredMails tell the athlete who left that their place is taken, the newcomer that
// they are on the team (and of the waiver), and the captain when neither is the captain.
func (s *service) transferredMails(l core.MailLanguages, r store.Registration, from placeHolder, me core.AthleteInfo) []core.Mail {
	f, m := l.Of(from.AthleteID), l.Of(me.ID)
	out := []core.Mail{
		{To: from.Email, Subject: f.T("roster.swappedOut.subject", regArgs(r, nil)),
			Body: f.T("transfer.left.body", regArgs(r, mailtext.Args{"Name": from.Name, "Member": me.Name})) + s.myRegistrationsLine(f)},
		{To: me.Email, Subject: m.T("transfer.joined.subject", regArgs(r, nil)),
			Body: m.T("transfer.joined.body", regArgs(r, mailtext.Args{"Name": me.Name, "From": from.Name})) + s.myRegistrationsLine(m)}}
	if r.CaptainID != me.ID && r.CaptainEmail != "" && r.CaptainEmail != from.Email {
		c := l.Of(r.CaptainID)
		args := regArgs(r, mailtext.Args{"Name": r.CaptainName, "Member": me.Name, "From": from.Name})
		out = append(out, core.Mail{To: r.CaptainEmail, Subject: c.T("registration.joined.subject", args),
			Body: c.T("transfer.captain.body", args) + s.myRegistrationsLine(c)})
	}
	return out
}
