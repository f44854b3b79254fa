package registration

import (
	"fmt"
	"net/url"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
)

// The mails of a transfer (docs/registration.md, "Transfers"), queued in the transaction of
// the change like every registration mail.

// transferLink is the transfer's link: the new athlete signs in (or signs up) and accepts.
func (s *service) transferLink(key string) string {
	return s.MailLink("/public/registration/transfer", url.Values{"key": {key}})
}

// transferOfferMail carries the link to the new athlete's address: a secret mail.
func (s *service) transferOfferMail(r store.Registration, t store.Transfer, from placeHolder, key string) core.Mail {
	return core.Mail{To: t.ToEmail, Subject: fmt.Sprintf("%s offers you a place on team %s", from.Name, r.TeamName),
		Body: fmt.Sprintf("Hello,\n\n%s's place on team %s (%s, %s) is offered to you.\n\n"+
			"Sign in (or sign up) with this address and accept:\n%s\n\nThe link is valid until %s. %s keeps the place until you accept.\n"+
			"Once on the team, accept the event's waiver on your registrations page if it asks for one.\n",
			from.Name, r.TeamName, r.EventName, r.DivisionName, s.transferLink(key),
			t.ExpiresAt.UTC().Format(regTimeLayout), from.Name), Secret: true}
}

// transferredMails tell the athlete who left that their place is taken, the newcomer that
// they are on the team (and of the waiver), and the captain when neither is the captain.
func (s *service) transferredMails(r store.Registration, from placeHolder, me core.AthleteInfo) []core.Mail {
	out := []core.Mail{{To: from.Email, Subject: fmt.Sprintf("You are no longer on team %s", r.TeamName),
		Body: fmt.Sprintf("Hello %s,\n\n%s accepted your place on team %s (%s, %s): you are no longer on the team.\n"+
			"You are free to join another team of %s.\n%s",
			from.Name, me.Name, r.TeamName, r.EventName, r.DivisionName, r.DivisionName, s.MyRegistrationsLine())},
		{To: me.Email, Subject: fmt.Sprintf("You are on team %s", r.TeamName),
			Body: fmt.Sprintf("Hello %s,\n\nYou took %s's place on team %s (%s, %s).\n"+
				"If the event asks for a waiver, accept it on your registrations page before the day.\n%s",
				me.Name, from.Name, r.TeamName, r.EventName, r.DivisionName, s.MyRegistrationsLine())}}
	if r.CaptainID != me.ID && r.CaptainEmail != "" && r.CaptainEmail != from.Email {
		out = append(out, core.Mail{To: r.CaptainEmail, Subject: fmt.Sprintf("%s joined team %s", me.Name, r.TeamName),
			Body: fmt.Sprintf("Hello %s,\n\n%s took %s's place on team %s (%s, %s).\n%s",
				r.CaptainName, me.Name, from.Name, r.TeamName, r.EventName, r.DivisionName, s.MyRegistrationsLine())})
	}
	return out
}
