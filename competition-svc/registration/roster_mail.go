package registration

import (
	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The mails of teams of other sizes than pairs (docs/rosters.md), queued in the transaction
// of the change like every registration mail (registration_mail.go), each in its recipient's
// language.

// sizeRegisteredMails tell the captain what happened and invite every address given.
func (s *service) sizeRegisteredMails(l core.MailLanguages, r store.Registration) []core.Mail {
	t := l.Of(r.CaptainID)
	body := t.T("roster.registered.intro", regArgs(r, mailtext.Args{"Name": r.CaptainName, "TeamWord": teamWord(t, r),
		"State": stateWord(t, r.State)}))
	if len(r.Places) > 0 {
		body += t.T("roster.registered.shareCode", mailtext.Args{"Code": r.InviteCode, "Until": t.Time(r.InviteExpiresAt, r.TimeZone)})
	}
	out := []core.Mail{{To: r.CaptainEmail, Subject: t.T("registration.registered.subject", regArgs(r, nil)),
		Body: body + s.feeLines(t, r) + s.myRegistrationsLine(t), Secret: true}}
	for _, p := range r.Places {
		if p.Email == "" || !p.Open() {
			continue
		}
		i := l.NoAccount() // invited by address: who owns it is not known yet
		args := regArgs(r, mailtext.Args{"Captain": r.CaptainName, "Link": s.acceptLink(r.InviteCode), "Code": r.InviteCode,
			"Until": i.Time(r.InviteExpiresAt, r.TimeZone)})
		out = append(out, core.Mail{To: p.Email, Subject: i.T("registration.invite.subject", args),
			Body: i.T("roster.invite.body", args) + s.feeLines(i, r), Secret: true})
	}
	return out
}

// teamWord is "Athlete" for an individual registration, "Team" otherwise.
func teamWord(t mailtext.Texts, r store.Registration) string {
	if r.TeamSize == 1 {
		return t.T("roster.teamWord.athlete")
	}
	return t.T("roster.teamWord.team")
}

// memberJoinedMail tells the captain that an athlete took a place.
func (s *service) memberJoinedMail(l core.MailLanguages, r store.Registration, p store.RegPlace) core.Mail {
	t := l.Of(r.CaptainID)
	args := regArgs(r, mailtext.Args{"Name": r.CaptainName, "Member": p.Name, "Position": p.Position})
	return core.Mail{To: r.CaptainEmail, Subject: t.T("registration.joined.subject", args),
		Body: t.T("roster.joined.body", args) + s.myRegistrationsLine(t)}
}

// swappedOutMail tells an athlete that they are no longer on the team, and who changed it.
func (s *service) swappedOutMail(l core.MailLanguages, r store.Registration, p store.RegPlace, by string) core.Mail {
	t := l.Of(p.AthleteID)
	args := regArgs(r, mailtext.Args{"Name": p.Name, "By": by})
	return core.Mail{To: p.Email, Subject: t.T("roster.swappedOut.subject", args),
		Body: t.T("roster.swappedOut.body", args) + s.myRegistrationsLine(t)}
}

// memberLeftMail tells the captain that an athlete left the team and their place is open.
func (s *service) memberLeftMail(l core.MailLanguages, r store.Registration, p store.RegPlace) core.Mail {
	t := l.Of(r.CaptainID)
	args := regArgs(r, mailtext.Args{"Name": r.CaptainName, "Member": p.Name})
	body := t.T("roster.left.body", args)
	if !p.Substitute {
		body += t.T("roster.left.placeOpen", mailtext.Args{"Position": p.Position, "Code": r.InviteCode})
	}
	return core.Mail{To: r.CaptainEmail, Subject: t.T("roster.left.subject", args),
		Body: body + s.myRegistrationsLine(t), Secret: !p.Substitute}
}
