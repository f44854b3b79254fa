package registration

import (
	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The mails of a division change's decision (docs/registration.md), one to each athlete of
// the team in the athlete's language; the activity log keeps English (changeMoneyLine).

// changeMoneyWords is changeMoneyLine in t's language.
func changeMoneyWords(t mailtext.Texts, r store.Registration, m changeMoney, byHand bool) string {
	switch {
	case m.Refund > 0 && byHand:
		return t.T("divisionChange.money.refundByHand", mailtext.Args{"Amount": feeLabel(m.Refund, r.Currency)})
	case m.Refund > 0:
		return t.T("divisionChange.money.refundToCard", mailtext.Args{"Amount": feeLabel(m.Refund, r.Currency)})
	case m.Owed > 0:
		return t.T("divisionChange.money.owed", mailtext.Args{"Amount": feeLabel(m.Owed, r.Currency)})
	case r.PaidAt == nil && m.Fee > 0:
		return t.T("divisionChange.money.fee", mailtext.Args{"Amount": feeLabel(m.Fee, r.Currency)})
	}
	return t.T("divisionChange.money.same")
}

// changeApprovedMails tell the team it moved from division from to r's, and what it costs.
func (s *service) changeApprovedMails(l core.MailLanguages, r store.Registration, from string, m changeMoney, byHand bool) []core.Mail {
	return s.teamMails(l, r, func(t mailtext.Texts) (string, string) {
		args := regArgs(r, mailtext.Args{"From": from, "Money": changeMoneyWords(t, r, m, byHand)})
		return t.T("divisionChange.approved.subject", args), t.T("divisionChange.approved.body", args) + s.myRegistrationsLine(t)
	})
}

// changeRefusedMails tell the team the organiser refused its move to division to, and why.
func (s *service) changeRefusedMails(l core.MailLanguages, r store.Registration, to, reason string) []core.Mail {
	return s.teamMails(l, r, func(t mailtext.Texts) (string, string) {
		args := regArgs(r, mailtext.Args{"To": to, "Reason": reason})
		return t.T("divisionChange.refused.subject", args), t.T("divisionChange.refused.body", args) + s.myRegistrationsLine(t)
	})
}
