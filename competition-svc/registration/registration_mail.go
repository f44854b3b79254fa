package registration

import (
	"net/url"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The mails registration sends. They are queued in the transaction of the change that causes
// them (queueMails), so a registration is never lost or failed because the mail server is
// down, and no mail leaves for a change that did not happen. Each is written in its
// recipient's language (core.MailLanguages; docs/architecture.md, "Languages").

// regArgs are the placeholders every registration mail may use.
func regArgs(r store.Registration, more mailtext.Args) mailtext.Args {
	out := mailtext.Args{"Team": r.TeamName, "Event": r.EventName, "Division": r.DivisionName}
	for k, v := range more {
		out[k] = v
	}
	return out
}

// registeredMails tell the captain what happened and invite the partner named by email.
func (s *service) registeredMails(l core.MailLanguages, r store.Registration) []core.Mail {
	if byPlaces(r) {
		return s.sizeRegisteredMails(l, r)
	}
	var out []core.Mail
	t := l.Of(r.CaptainID)
	body := t.T("registration.registered.intro", regArgs(r, mailtext.Args{"Name": r.CaptainName, "State": stateWord(t, r.State)}))
	body += t.T("registration.registered.shareCode", mailtext.Args{"Code": r.InviteCode, "Until": t.Time(r.InviteExpiresAt, r.TimeZone)})
	if r.PartnerEmail != "" {
		body += t.T("registration.registered.invited", mailtext.Args{"Email": r.PartnerEmail})
	}
	body += ".\n" + s.feeLines(t, r) + s.myRegistrationsLine(t)
	out = append(out, core.Mail{To: r.CaptainEmail, Subject: t.T("registration.registered.subject", regArgs(r, nil)), Body: body, Secret: true})
	if r.PartnerEmail != "" {
		p := l.NoAccount() // invited by address: who owns it is not known yet
		args := regArgs(r, mailtext.Args{"Captain": r.CaptainName, "Link": s.acceptLink(r.InviteCode), "Code": r.InviteCode,
			"Until": p.Time(r.InviteExpiresAt, r.TimeZone)})
		out = append(out, core.Mail{To: r.PartnerEmail, Subject: p.T("registration.invite.subject", args),
			Body: p.T("registration.invite.body", args) + s.feeLines(p, r), Secret: true})
	}
	return out
}

// partnerJoinedMail tells the captain that the partner accepted.
func (s *service) partnerJoinedMail(l core.MailLanguages, r store.Registration) core.Mail {
	t := l.Of(r.CaptainID)
	args := regArgs(r, mailtext.Args{"Name": r.CaptainName, "Member": r.PartnerName})
	return core.Mail{To: r.CaptainEmail, Subject: t.T("registration.joined.subject", args),
		Body: t.T("registration.partnerJoined.body", args) + s.myRegistrationsLine(t)}
}

// stateMails tell the team its new state and what to do next.
func (s *service) stateMails(l core.MailLanguages, r store.Registration) []core.Mail {
	return s.teamMails(l, r, func(t mailtext.Texts) (string, string) {
		args := regArgs(r, mailtext.Args{"State": stateWord(t, r.State)})
		body := t.T("registration.state.body", args)
		if next := nextStepWord(t, RegState(r.State)); next != "" {
			body += t.T("registration.state.next", mailtext.Args{"Step": next})
		}
		if r.State == string(StateWaitingPayment) {
			body += s.feeLines(t, r)
		}
		return t.T("registration.state.subject", args), body + s.myRegistrationsLine(t)
	})
}

// placeOfferedMails tell a waitlisted team that a place is theirs.
func (s *service) placeOfferedMails(l core.MailLanguages, r store.Registration) []core.Mail {
	return s.teamMails(l, r, func(t mailtext.Texts) (string, string) {
		return t.T("registration.placeOffered.subject", regArgs(r, nil)),
			t.T("registration.placeOffered.body", regArgs(r, nil)) + s.myRegistrationsLine(t)
	})
}

// endedMails tell the team that its registration was withdrawn or refused (with the reason)
// and what of the fee comes back (refundFor decided it).
func (s *service) endedMails(l core.MailLanguages, r store.Registration, refund refundDecision) []core.Mail {
	return s.teamMails(l, r, func(t mailtext.Texts) (string, string) {
		var body string
		if r.State == string(StateRefused) {
			body = t.T("registration.ended.refused", regArgs(r, nil))
		} else {
			body = t.T("registration.ended.withdrawn", regArgs(r, nil))
		}
		if r.RefusalReason != "" {
			body += t.T("registration.ended.reason", mailtext.Args{"Reason": r.RefusalReason})
		}
		return t.T("registration.state.subject", regArgs(r, mailtext.Args{"State": stateWord(t, r.State)})), body + refundLine(t, r, refund)
	})
}

// refundLine says what of a paid fee comes back when a registration ends ("" when nothing was
// paid or it was refunded before).
func refundLine(t mailtext.Texts, r store.Registration, refund refundDecision) string {
	switch {
	case refund.Cents > 0 && refund.ByHand:
		return t.T("registration.refund.byHand", mailtext.Args{"Amount": refundWords(t, refund.Cents, r)})
	case refund.Cents > 0:
		return t.T("registration.refund.toCard", mailtext.Args{"Amount": refundWords(t, refund.Cents, r)})
	case r.PaidAt == nil || r.FeeCents == 0 || r.Payment.RefundRequestedAt != nil:
		return ""
	case r.RefundPolicy.Set():
		return t.T("registration.refund.noneByPolicy", mailtext.Args{"Fee": feeLabel(r.FeeCents, r.Currency)})
	}
	return t.T("registration.refund.noneByDeadline", mailtext.Args{"Fee": feeLabel(r.FeeCents, r.Currency)})
}

// refundWords is what of the fee comes back, starting a sentence ("The entry fee of 50.00
// EUR"): refundOf's words in the mail's language.
func refundWords(t mailtext.Texts, cents int32, r store.Registration) string {
	if cents == r.FeeCents {
		return t.T("registration.refund.whole", mailtext.Args{"Fee": feeLabel(r.FeeCents, r.Currency)})
	}
	return t.T("registration.refund.part", mailtext.Args{"Amount": feeLabel(cents, r.Currency), "Fee": feeLabel(r.FeeCents, r.Currency)})
}

// feeLines tell the team its entry fee and how to pay it ("" without a fee).
func (s *service) feeLines(t mailtext.Texts, r store.Registration) string {
	if how := howToPayIn(t, r, s.Stripe != nil); how != "" {
		return how + "\n"
	}
	return ""
}

// acceptLink is the invitation's link: the partner signs in and accepts.
func (s *service) acceptLink(code string) string {
	return s.MailLink("/public/registration/accept", url.Values{"code": {code}})
}

// myRegistrationsLine links the athlete's page "My registrations".
func (s *service) myRegistrationsLine(t mailtext.Texts) string {
	return s.MyRegistrationsLine(t)
}

// teamMails are one mail to each athlete of the team, each in the athlete's language, greeted
// by name.
func (s *service) teamMails(l core.MailLanguages, r store.Registration, write func(t mailtext.Texts) (subject, body string)) []core.Mail {
	return core.TeamMails(l, r, write)
}

// refundedMails tell the team that cents of its fee were refunded, by Stripe or by hand.
func (s *service) refundedMails(l core.MailLanguages, r store.Registration, cents int32, byHand bool) []core.Mail {
	return s.teamMails(l, r, func(t mailtext.Texts) (string, string) {
		args := regArgs(r, mailtext.Args{"Amount": refundWords(t, cents, r)})
		key := "registration.refunded.toCard"
		if byHand {
			key = "registration.refunded.byHand"
		}
		return t.T("registration.refunded.subject", args), t.T(key, args)
	})
}
