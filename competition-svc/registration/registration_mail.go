package registration

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"

	"github.com/podium-dev/podium/competition-svc/store"
)

// The mails registration sends. They are queued in the transaction of the change that causes
// them (queueMails), so a registration is never lost or failed because the mail server is
// down, and no mail leaves for a change that did not happen.

// registeredMails tell the captain what happened and invite the partner named by email.
func (s *service) registeredMails(r store.Registration) []core.Mail {
	if byPlaces(r) {
		return s.sizeRegisteredMails(r)
	}
	var out []core.Mail
	body := fmt.Sprintf("Hello %s,\n\nteam %s is registered for %s, %s.\nState: %s.\n\n", r.CaptainName,
		r.TeamName, r.EventName, r.DivisionName, StateLabel(r.State))
	body += fmt.Sprintf("Your partner joins with the share code %s (valid until %s)", r.InviteCode, r.InviteExpiresAt.UTC().Format(regTimeLayout))
	if r.PartnerEmail != "" {
		body += fmt.Sprintf("; we also sent an invitation to %s", r.PartnerEmail)
	}
	body += ".\n" + s.feeLines(r) + s.MyRegistrationsLine()
	out = append(out, core.Mail{To: r.CaptainEmail, Subject: "Registration: team " + r.TeamName, Body: body, Secret: true})
	if r.PartnerEmail != "" {
		out = append(out, core.Mail{To: r.PartnerEmail, Subject: fmt.Sprintf("%s invites you to team %s", r.CaptainName, r.TeamName),
			Body: fmt.Sprintf("Hello,\n\n%s registered team %s for %s, %s, and invites you as their partner.\n\n"+
				"Sign in (or sign up) and accept:\n%s\n\nShare code: %s, valid until %s.\n%s",
				r.CaptainName, r.TeamName, r.EventName, r.DivisionName, s.acceptLink(r.InviteCode), r.InviteCode,
				r.InviteExpiresAt.UTC().Format(regTimeLayout), s.feeLines(r)), Secret: true})
	}
	return out
}

// partnerJoinedMail tells the captain that the partner accepted.
func (s *service) partnerJoinedMail(r store.Registration) core.Mail {
	return core.Mail{To: r.CaptainEmail, Subject: fmt.Sprintf("%s joined team %s", r.PartnerName, r.TeamName),
		Body: fmt.Sprintf("Hello %s,\n\n%s accepted your invitation to team %s (%s, %s).\n%s",
			r.CaptainName, r.PartnerName, r.TeamName, r.EventName, r.DivisionName, s.MyRegistrationsLine())}
}

// stateMails tell the team its new state and what to do next.
func (s *service) stateMails(r store.Registration) []core.Mail {
	_, next := nextStep(RegState(r.State))
	body := fmt.Sprintf("team %s (%s, %s) is now: %s.\n", r.TeamName, r.EventName, r.DivisionName, StateLabel(r.State))
	if next != "" {
		body += "Next: " + next + ".\n"
	}
	if r.State == string(StateWaitingPayment) {
		body += s.feeLines(r)
	}
	return s.TeamMails(r, fmt.Sprintf("Team %s: %s", r.TeamName, StateLabel(r.State)), body+s.MyRegistrationsLine())
}

// placeOfferedMails tell a waitlisted team that a place is theirs.
func (s *service) placeOfferedMails(r store.Registration) []core.Mail {
	return s.TeamMails(r, fmt.Sprintf("A place for team %s in %s", r.TeamName, r.DivisionName),
		fmt.Sprintf("a place in %s (%s) became free and is now team %s's.\n%s", r.DivisionName, r.EventName, r.TeamName, s.MyRegistrationsLine()))
}

// endedMails tell the team that its registration was withdrawn or refused (with the reason)
// and what of the fee comes back (refundFor decided it).
func (s *service) endedMails(r store.Registration, refund refundDecision) []core.Mail {
	body := fmt.Sprintf("the registration of team %s for %s, %s was %s.\n", r.TeamName, r.EventName, r.DivisionName,
		strings.ToLower(StateLabel(r.State)))
	if r.RefusalReason != "" {
		body += "Reason: " + r.RefusalReason + "\n"
	}
	return s.TeamMails(r, fmt.Sprintf("Team %s: %s", r.TeamName, StateLabel(r.State)), body+refundLine(r, refund))
}

// refundLine says what of a paid fee comes back when a registration ends ("" when nothing was
// paid or it was refunded before).
func refundLine(r store.Registration, refund refundDecision) string {
	switch {
	case refund.Cents > 0 && refund.ByHand:
		return fmt.Sprintf("%s will be refunded: the organiser pays it back as it was paid (cash or transfer).\n", capitalise(refundOf(refund.Cents, r)))
	case refund.Cents > 0:
		return fmt.Sprintf("%s will be refunded to the card it was paid with.\n", capitalise(refundOf(refund.Cents, r)))
	case r.PaidAt == nil || r.FeeCents == 0 || r.Payment.RefundRequestedAt != nil:
		return ""
	case r.RefundPolicy.Set():
		return fmt.Sprintf("The entry fee of %s is not refunded: the event's refund policy gives nothing back for a withdrawal now.\n",
			feeLabel(r.FeeCents, r.Currency))
	}
	return fmt.Sprintf("The entry fee of %s is not refunded: this division refunds withdrawals only before its refund deadline.\n",
		feeLabel(r.FeeCents, r.Currency))
}

// capitalise starts a sentence.
func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// feeLines tell the team its entry fee and how to pay it ("" without a fee).
func (s *service) feeLines(r store.Registration) string {
	if how := howToPay(r, s.Stripe != nil); how != "" {
		return how + "\n"
	}
	return ""
}

// acceptLink is the invitation's link: the partner signs in and accepts.
func (s *service) acceptLink(code string) string {
	return s.MailLink("/public/registration/accept", url.Values{"code": {code}})
}

// refundedMails tell the team that cents of its fee were refunded, by Stripe or by hand.
func (s *service) refundedMails(r store.Registration, cents int32, byHand bool) []core.Mail {
	how := "to the card it was paid with"
	if byHand {
		how = "by the organiser, by hand"
	}
	return s.TeamMails(r, fmt.Sprintf("Team %s: entry fee refunded", r.TeamName),
		fmt.Sprintf("%s for team %s (%s, %s) is refunded %s.\n", capitalise(refundOf(cents, r)), r.TeamName, r.EventName, r.DivisionName, how))
}
