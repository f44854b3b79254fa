package registration

import (
	"context"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The receipt (docs/registration.md, "Refunds"): once a fee is paid, online or marked paid by
// hand, each athlete of the team is mailed what was paid, for what and to whom, queued in the
// transaction that records the payment. Only the team's own athletes receive it.

// paymentMethodLabels name how a fee was paid, for people.
var paymentMethodLabels = map[string]string{"stripe": "online by card (Stripe)", "cash": "in cash", "transfer": "by bank transfer"}

// receiptMails are the receipt of r's payment, read in tx (the event's details).
func (s *service) receiptMails(ctx context.Context, tx *store.Store, r store.Registration) (_ []core.Mail, err error) {
	defer apperr.Wrap(&err, "registration.receiptMails(%q)", r.ID)
	if r.PaidAt == nil || r.FeeCents == 0 {
		return nil, nil
	}
	ev, err := tx.GetEvent(ctx, r.EventID)
	if err != nil {
		return nil, err
	}
	method := paymentMethodLabels[r.PaymentMethod]
	if method == "" {
		method = r.PaymentMethod
	}
	var b strings.Builder
	fmt.Fprintf(&b, "this is the receipt of the entry fee of team %s.\n\n", r.TeamName)
	fmt.Fprintf(&b, "Event: %s, %s\n", r.EventName, r.DivisionName)
	fmt.Fprintf(&b, "Entry fee: %s\n", feeLabel(r.FeeCents+r.DiscountCents, r.Currency))
	if r.DiscountCode != "" {
		fmt.Fprintf(&b, "Discount (code %s): -%s\n", r.DiscountCode, feeLabel(r.DiscountCents, r.Currency))
	}
	fmt.Fprintf(&b, "Fees on top: none\n")
	fmt.Fprintf(&b, "Amount paid: %s, %s, on %s\n", feeLabel(r.FeeCents, r.Currency), method, r.PaidAt.UTC().Format(regTimeLayout))
	fmt.Fprintf(&b, "Reference: %s\n\n", PaymentReference(r.ID))
	fmt.Fprintf(&b, "Paid to: the organiser of %s", ev.Name)
	if ev.Location != "" {
		fmt.Fprintf(&b, ", %s", ev.Location)
	}
	b.WriteString("\n")
	if r.BankDetails != "" {
		fmt.Fprintf(&b, "%s\n", r.BankDetails)
	}
	b.WriteString("\nA withdrawal gives back what the event's refund policy says at the time; My registrations shows it before you confirm.\n")
	b.WriteString(s.MyRegistrationsLine())
	return s.TeamMails(r, fmt.Sprintf("Receipt: entry fee of team %s", r.TeamName), b.String()), nil
}
