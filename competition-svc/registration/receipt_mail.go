package registration

import (
	"context"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The receipt (docs/registration.md, "Refunds"): once a fee is paid, online or marked paid by
// hand, each athlete of the team is mailed what was paid, for what and to whom, queued in the
// transaction that records the payment. Only the team's own athletes receive it.

// receiptMails are the receipt of r's payment, read in tx (the event's details), each in its
// athlete's language (l).
func (s *service) receiptMails(ctx context.Context, tx *store.Store, l core.MailLanguages, r store.Registration) (_ []core.Mail, err error) {
	defer apperr.Wrap(&err, "registration.receiptMails(%q)", r.ID)
	if r.PaidAt == nil || r.FeeCents == 0 {
		return nil, nil
	}
	ev, err := tx.GetEvent(ctx, r.EventID)
	if err != nil {
		return nil, err
	}
	return s.teamMails(l, r, func(t mailtext.Texts) (string, string) {
		var b strings.Builder
		args := regArgs(r, mailtext.Args{"Fee": feeLabel(r.FeeCents+r.DiscountCents, r.Currency), "Code": r.DiscountCode,
			"Discount": feeLabel(r.DiscountCents, r.Currency), "Amount": feeLabel(r.FeeCents, r.Currency),
			"Method": paymentMethodWord(t, r.PaymentMethod), "At": t.Time(*r.PaidAt, r.TimeZone), "Reference": PaymentReference(r.ID),
			"Organiser": ev.Name})
		b.WriteString(t.T("receipt.intro", args))
		if r.DiscountCode != "" {
			b.WriteString(t.T("receipt.discount", args))
		}
		b.WriteString(t.T("receipt.paid", args))
		if ev.Location != "" {
			b.WriteString(", " + ev.Location)
		}
		b.WriteString("\n")
		if r.BankDetails != "" {
			b.WriteString(r.BankDetails + "\n")
		}
		b.WriteString(t.T("receipt.refundNote"))
		b.WriteString(s.myRegistrationsLine(t))
		return t.T("receipt.subject", args), b.String()
	}), nil
}

// paymentMethodWord names how a fee was paid, in t's language.
func paymentMethodWord(t mailtext.Texts, method string) string {
	switch method {
	case "stripe":
		return t.T("receipt.method.stripe")
	case "cash":
		return t.T("receipt.method.cash")
	case "transfer":
		return t.T("receipt.method.transfer")
	}
	return method
}
