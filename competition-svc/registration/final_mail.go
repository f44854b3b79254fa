package registration

import (
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/zonetime"
)

// The mails of the invitations to the final, queued in the transaction of the change that
// causes them (queueMails), one to each athlete of the team.

// invitationTeamMails is one mail to each athlete of an invited team.
func invitationTeamMails(i store.FinalInvitation, subject, body string) []core.Mail {
	return []core.Mail{
		{To: i.CaptainEmail, Subject: subject, Body: "Hello " + i.CaptainName + ",\n\n" + body},
		{To: i.PartnerEmail, Subject: subject, Body: "Hello " + i.PartnerName + ",\n\n" + body},
	}
}

// invitationMails invite the team, with the deadline and the link to accept or decline.
func (s *service) invitationMails(i store.FinalInvitation) []core.Mail {
	rank := ""
	if i.Rank > 0 {
		rank = fmt.Sprintf(" (rank %d)", i.Rank)
	}
	return invitationTeamMails(i, fmt.Sprintf("Team %s is invited to %s", i.TeamName, i.FinalEventName),
		fmt.Sprintf("team %s%s of %s is invited to %s, division %s. A place is reserved for you until %s.\n\n"+
			"Accept or decline on your registrations page (either of you may answer):\n%s\n\n"+
			"Once accepted, the registration continues as usual (entry fee, approval).\n",
			i.TeamName, rank, i.QualifierEventName, i.FinalEventName, i.FinalDivisionName, zonetime.Format(i.Deadline, i.FinalTimeZone),
			s.MailLink("/public/me/registrations", nil)))
}

// invitationReminderMails say that the invitation is about to expire.
func (s *service) invitationReminderMails(i store.FinalInvitation) []core.Mail {
	return invitationTeamMails(i, fmt.Sprintf("Invitation about to expire: team %s, %s", i.TeamName, i.FinalEventName),
		fmt.Sprintf("the invitation of team %s to %s, division %s, expires on %s. After that, the place goes to the next team.\n\n"+
			"Accept or decline:\n%s\n", i.TeamName, i.FinalEventName, i.FinalDivisionName, zonetime.Format(i.Deadline, i.FinalTimeZone),
			s.MailLink("/public/me/registrations", nil)))
}

// invitationAcceptedMails confirm the acceptance and say what comes next.
func (s *service) invitationAcceptedMails(i store.FinalInvitation, r store.Registration) []core.Mail {
	return invitationTeamMails(i, fmt.Sprintf("Team %s accepted: %s", i.TeamName, i.FinalEventName),
		fmt.Sprintf("%s accepted the invitation of team %s to %s, division %s.\nState: %s.\n%s", i.DecidedBy, i.TeamName,
			i.FinalEventName, i.FinalDivisionName, StateLabel(r.State), s.MyRegistrationsLine()))
}

// invitationEndedMails tell the team that its invitation was declined or expired.
func (s *service) invitationEndedMails(i store.FinalInvitation) []core.Mail {
	what := fmt.Sprintf("%s declined the invitation", i.DecidedBy)
	if i.State == InvitationExpired {
		what = fmt.Sprintf("the invitation expired on %s without an answer", zonetime.Format(i.Deadline, i.FinalTimeZone))
	}
	return invitationTeamMails(i, fmt.Sprintf("Team %s: invitation to %s %s", i.TeamName, i.FinalEventName, i.State),
		fmt.Sprintf("%s of team %s to %s, division %s. The place goes to the next team of the standings.\n",
			what, i.TeamName, i.FinalEventName, i.FinalDivisionName))
}
