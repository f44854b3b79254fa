package registration

import (
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
)

// The mails of teams of other sizes than pairs (docs/rosters.md), queued in the transaction
// of the change like every registration mail (registration_mail.go).

// sizeRegisteredMails tell the captain what happened and invite every address given.
func (s *service) sizeRegisteredMails(r store.Registration) []core.Mail {
	body := fmt.Sprintf("Hello %s,\n\n%s %s is registered for %s, %s.\nState: %s.\n\n", r.CaptainName,
		teamWord(r), r.TeamName, r.EventName, r.DivisionName, StateLabel(r.State))
	if len(r.Places) > 0 {
		body += fmt.Sprintf("Your team's athletes join with the share code %s (valid until %s).\n", r.InviteCode,
			r.InviteExpiresAt.UTC().Format(regTimeLayout))
	}
	out := []core.Mail{{To: r.CaptainEmail, Subject: "Registration: team " + r.TeamName,
		Body: body + s.feeLines(r) + s.MyRegistrationsLine(), Secret: true}}
	for _, p := range r.Places {
		if p.Email == "" || !p.Open() {
			continue
		}
		out = append(out, core.Mail{To: p.Email, Subject: fmt.Sprintf("%s invites you to team %s", r.CaptainName, r.TeamName),
			Body: fmt.Sprintf("Hello,\n\n%s registered team %s for %s, %s, and invites you to the team.\n\n"+
				"Sign in (or sign up) and accept:\n%s\n\nShare code: %s, valid until %s.\n%s",
				r.CaptainName, r.TeamName, r.EventName, r.DivisionName, s.acceptLink(r.InviteCode), r.InviteCode,
				r.InviteExpiresAt.UTC().Format(regTimeLayout), s.feeLines(r)), Secret: true})
	}
	return out
}

// teamWord is "Athlete" for an individual registration, "Team" otherwise.
func teamWord(r store.Registration) string {
	if r.TeamSize == 1 {
		return "Athlete"
	}
	return "Team"
}

// memberJoinedMail tells the captain that an athlete took a place.
func (s *service) memberJoinedMail(r store.Registration, p store.RegPlace) core.Mail {
	return core.Mail{To: r.CaptainEmail, Subject: fmt.Sprintf("%s joined team %s", p.Name, r.TeamName),
		Body: fmt.Sprintf("Hello %s,\n\n%s took place %d of team %s (%s, %s).\n%s",
			r.CaptainName, p.Name, p.Position, r.TeamName, r.EventName, r.DivisionName, s.MyRegistrationsLine())}
}

// swappedOutMail tells an athlete that they are no longer on the team, and who changed it.
func (s *service) swappedOutMail(r store.Registration, p store.RegPlace, by string) core.Mail {
	return core.Mail{To: p.Email, Subject: fmt.Sprintf("You are no longer on team %s", r.TeamName),
		Body: fmt.Sprintf("Hello %s,\n\n%s took you off team %s (%s, %s).\nYou are free to join another team of %s.\n%s",
			p.Name, by, r.TeamName, r.EventName, r.DivisionName, r.DivisionName, s.MyRegistrationsLine())}
}

// memberLeftMail tells the captain that an athlete left the team and their place is open.
func (s *service) memberLeftMail(r store.Registration, p store.RegPlace) core.Mail {
	body := fmt.Sprintf("Hello %s,\n\n%s left team %s (%s, %s).\n", r.CaptainName, p.Name, r.TeamName, r.EventName, r.DivisionName)
	if !p.Substitute {
		body += fmt.Sprintf("Place %d is open again: an athlete takes it with the share code %s.\n", p.Position, r.InviteCode)
	}
	return core.Mail{To: r.CaptainEmail, Subject: fmt.Sprintf("%s left team %s", p.Name, r.TeamName),
		Body: body + s.MyRegistrationsLine(), Secret: !p.Substitute}
}
