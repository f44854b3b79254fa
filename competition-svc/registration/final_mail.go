package registration

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The mails of the invitations to the final, queued in the transaction of the change that
// causes them (queueMails), one to each athlete of the team.

// invitationTeamMails is one mail to each athlete of an invited team, each in the athlete's
// language (l: theirs, else the final's default).
func invitationTeamMails(l core.MailLanguages, i store.FinalInvitation, write func(t mailtext.Texts) (subject, body string)) []core.Mail {
	one := func(id, name, email string) core.Mail {
		t := l.Of(id)
		subject, body := write(t)
		return core.Mail{To: email, Subject: subject, Body: t.T("mail.greeting", mailtext.Args{"Name": name}) + "\n\n" + body}
	}
	return []core.Mail{one(i.CaptainID, i.CaptainName, i.CaptainEmail), one(i.PartnerID, i.PartnerName, i.PartnerEmail)}
}

// invitationLanguages are the languages of the mails to the invited team.
func (s *service) invitationLanguages(ctx context.Context, i store.FinalInvitation) core.MailLanguages {
	return s.MailLanguages(ctx, i.FinalLanguage, []string{i.CaptainID, i.PartnerID})
}

// invitationArgs are the placeholders of the invitation mails.
func (s *service) invitationArgs(t mailtext.Texts, i store.FinalInvitation) mailtext.Args {
	return mailtext.Args{"Team": i.TeamName, "Qualifier": i.QualifierEventName, "Event": i.FinalEventName, "Division": i.FinalDivisionName,
		"Deadline": t.Time(i.Deadline, i.FinalTimeZone), "Link": s.MailLink("/public/me/registrations", nil), "By": i.DecidedBy, "Rank": i.Rank}
}

// invitationMails invite the team, with the deadline and the link to accept or decline.
func (s *service) invitationMails(l core.MailLanguages, i store.FinalInvitation) []core.Mail {
	return invitationTeamMails(l, i, func(t mailtext.Texts) (string, string) {
		args := s.invitationArgs(t, i)
		key := "final.invited.body"
		if i.Rank > 0 {
			key = "final.invited.bodyRanked"
		}
		return t.T("final.invited.subject", args), t.T(key, args)
	})
}

// invitationReminderMails say that the invitation is about to expire.
func (s *service) invitationReminderMails(l core.MailLanguages, i store.FinalInvitation) []core.Mail {
	return invitationTeamMails(l, i, func(t mailtext.Texts) (string, string) {
		args := s.invitationArgs(t, i)
		return t.T("final.reminder.subject", args), t.T("final.reminder.body", args)
	})
}

// invitationAcceptedMails confirm the acceptance and say what comes next.
func (s *service) invitationAcceptedMails(l core.MailLanguages, i store.FinalInvitation, r store.Registration) []core.Mail {
	return invitationTeamMails(l, i, func(t mailtext.Texts) (string, string) {
		args := s.invitationArgs(t, i)
		args["State"] = stateWord(t, r.State)
		return t.T("final.accepted.subject", args), t.T("final.accepted.body", args) + s.myRegistrationsLine(t)
	})
}

// invitationEndedMails tell the team that its invitation was declined or expired.
func (s *service) invitationEndedMails(l core.MailLanguages, i store.FinalInvitation) []core.Mail {
	return invitationTeamMails(l, i, func(t mailtext.Texts) (string, string) {
		args := s.invitationArgs(t, i)
		if i.State == InvitationExpired {
			return t.T("final.expired.subject", args), t.T("final.expired.body", args)
		}
		return t.T("final.declined.subject", args), t.T("final.declined.body", args)
	})
}
