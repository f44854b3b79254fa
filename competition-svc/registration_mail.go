package competitionsvc

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailq"
)

// The mails registration sends. They are queued in the transaction of the change that causes
// them (queueMails), so a registration is never lost or failed because the mail server is
// down, and no mail leaves for a change that did not happen.

// regMail is one mail to one address; Secret when it carries the share code (mailq.Message).
type regMail struct {
	To, Subject, Body string
	Secret            bool
}

// mailLink is a link into the public site: the base URL (PODIUM_PUBLIC_URL) and a path.
func (s *service) mailLink(path string, query url.Values) string {
	u := strings.TrimRight(s.publicURL, "/") + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	return u
}

// registeredMails tell the captain what happened and invite the partner named by email.
func (s *service) registeredMails(r store.Registration) []regMail {
	var out []regMail
	body := fmt.Sprintf("Hello %s,\n\nteam %s is registered for %s, %s.\nState: %s.\n\n", r.CaptainName,
		r.TeamName, r.EventName, r.DivisionName, StateLabel(r.State))
	body += fmt.Sprintf("Your partner joins with the share code %s (valid until %s)", r.InviteCode, r.InviteExpiresAt.UTC().Format(regTimeLayout))
	if r.PartnerEmail != "" {
		body += fmt.Sprintf("; we also sent an invitation to %s", r.PartnerEmail)
	}
	body += ".\n" + s.feeLines(r) + s.myRegistrationsLine()
	out = append(out, regMail{To: r.CaptainEmail, Subject: "Registration: team " + r.TeamName, Body: body, Secret: true})
	if r.PartnerEmail != "" {
		out = append(out, regMail{To: r.PartnerEmail, Subject: fmt.Sprintf("%s invites you to team %s", r.CaptainName, r.TeamName),
			Body: fmt.Sprintf("Hello,\n\n%s registered team %s for %s, %s, and invites you as their partner.\n\n"+
				"Sign in (or sign up) and accept:\n%s\n\nShare code: %s, valid until %s.\n%s",
				r.CaptainName, r.TeamName, r.EventName, r.DivisionName, s.acceptLink(r.InviteCode), r.InviteCode,
				r.InviteExpiresAt.UTC().Format(regTimeLayout), s.feeLines(r)), Secret: true})
	}
	return out
}

// partnerJoinedMail tells the captain that the partner accepted.
func (s *service) partnerJoinedMail(r store.Registration) regMail {
	return regMail{To: r.CaptainEmail, Subject: fmt.Sprintf("%s joined team %s", r.PartnerName, r.TeamName),
		Body: fmt.Sprintf("Hello %s,\n\n%s accepted your invitation to team %s (%s, %s).\n%s",
			r.CaptainName, r.PartnerName, r.TeamName, r.EventName, r.DivisionName, s.myRegistrationsLine())}
}

// teamMails is one mail to each athlete of the team.
func (s *service) teamMails(r store.Registration, subject, body string) []regMail {
	out := []regMail{{To: r.CaptainEmail, Subject: subject, Body: "Hello " + r.CaptainName + ",\n\n" + body}}
	if r.PartnerID != "" && r.PartnerEmail != "" {
		out = append(out, regMail{To: r.PartnerEmail, Subject: subject, Body: "Hello " + r.PartnerName + ",\n\n" + body})
	}
	return out
}

// stateMails tell the team its new state and what to do next.
func (s *service) stateMails(r store.Registration) []regMail {
	_, next := nextStep(RegState(r.State))
	body := fmt.Sprintf("team %s (%s, %s) is now: %s.\n", r.TeamName, r.EventName, r.DivisionName, StateLabel(r.State))
	if next != "" {
		body += "Next: " + next + ".\n"
	}
	if r.State == string(StateWaitingPayment) {
		body += s.feeLines(r)
	}
	return s.teamMails(r, fmt.Sprintf("Team %s: %s", r.TeamName, StateLabel(r.State)), body+s.myRegistrationsLine())
}

// placeOfferedMails tell a waitlisted team that a place is theirs.
func (s *service) placeOfferedMails(r store.Registration) []regMail {
	return s.teamMails(r, fmt.Sprintf("A place for team %s in %s", r.TeamName, r.DivisionName),
		fmt.Sprintf("a place in %s (%s) became free and is now team %s's.\n%s", r.DivisionName, r.EventName, r.TeamName, s.myRegistrationsLine()))
}

// endedMails tell the team that its registration was withdrawn or refused (with the reason).
func (s *service) endedMails(r store.Registration, refund bool) []regMail {
	body := fmt.Sprintf("the registration of team %s for %s, %s was %s.\n", r.TeamName, r.EventName, r.DivisionName,
		strings.ToLower(StateLabel(r.State)))
	if r.RefusalReason != "" {
		body += "Reason: " + r.RefusalReason + "\n"
	}
	switch {
	case refund:
		body += fmt.Sprintf("The entry fee of %s paid online is refunded to the card it was paid with.\n", feeLabel(r.FeeCents, r.Currency))
	case r.PaidAt != nil && r.PaymentMethod == "stripe" && r.Payment.RefundRequestedAt == nil:
		body += "The entry fee is not refunded: this division refunds withdrawals only before its refund deadline.\n"
	}
	return s.teamMails(r, fmt.Sprintf("Team %s: %s", r.TeamName, StateLabel(r.State)), body)
}

// feeLines tell the team its entry fee and how to pay it ("" without a fee).
func (s *service) feeLines(r store.Registration) string {
	if how := howToPay(r, s.stripe != nil); how != "" {
		return how + "\n"
	}
	return ""
}

// myRegistrationsLine links the athlete's page "My registrations".
func (s *service) myRegistrationsLine() string {
	return "Your registrations: " + s.mailLink("/public/me/registrations", nil) + "\n"
}

// acceptLink is the invitation's link: the partner signs in and accepts.
func (s *service) acceptLink(code string) string {
	return s.mailLink("/public/registration/accept", url.Values{"code": {code}})
}

// queueMails queues mails in tx, the transaction of the change that causes them.
func (s *service) queueMails(ctx context.Context, tx *store.Store, mails []regMail) (err error) {
	defer apperr.Wrap(&err, "competitionsvc.queueMails()")
	for _, m := range mails {
		if err := tx.QueueMail(ctx, mailq.Message{To: m.To, Subject: m.Subject, Text: m.Body, Secret: m.Secret}); err != nil {
			return fmt.Errorf("queue mail: %w", err)
		}
	}
	return nil
}

// refundedMails tell the team that Stripe refunded its fee.
func (s *service) refundedMails(r store.Registration) []regMail {
	return s.teamMails(r, fmt.Sprintf("Team %s: entry fee refunded", r.TeamName),
		fmt.Sprintf("the entry fee of %s for team %s (%s, %s) is refunded to the card it was paid with.\n", feeLabel(r.FeeCents, r.Currency),
			r.TeamName, r.EventName, r.DivisionName))
}
