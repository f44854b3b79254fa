package registration

import (
	"fmt"
	"github.com/podium-dev/podium/internal/platform/mailtext"
	"net/mail"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Registration's vocabulary and rules (docs/registration.md): the states, what decides a
// registration's state, the registration window and the field rules with their messages.

// RegState is a registration's state, as the contract spells it.
type RegState string

// The states of a registration.
const (
	StateWaitingPartner  RegState = "waiting_partner"
	StateWaitingPayment  RegState = "waiting_payment"
	StateWaitingApproval RegState = "waiting_approval"
	StateConfirmed       RegState = "confirmed"
	StateWaitlisted      RegState = "waitlisted"
	StateWithdrawn       RegState = "withdrawn"
	StateRefused         RegState = "refused"
)

var stateLabels = map[RegState]string{
	StateWaitingPartner:  "Waiting for partner",
	StateWaitingPayment:  "Waiting for payment",
	StateWaitingApproval: "Waiting for approval",
	StateConfirmed:       "Confirmed",
	StateWaitlisted:      "Waitlisted",
	StateWithdrawn:       "Withdrawn",
	StateRefused:         "Refused",
}

// Label is the state's text for people.
func (s RegState) Label() string { return stateLabels[s] }

// Valid reports whether s is one of the states.
func (s RegState) Valid() bool { _, ok := stateLabels[s]; return ok }

// Ended reports whether the registration is over (withdrawn or refused): it holds no place
// and no athlete.
func (s RegState) Ended() bool { return s == StateWithdrawn || s == StateRefused }

// regFacts are what a live registration's state follows from.
type regFacts struct {
	holdsPlace       bool
	partnerAccepted  bool
	feeDue           bool // a fee and not paid
	approvalRequired bool
	approved         bool
}

// liveState is the state of a registration that is neither withdrawn nor refused: without a
// place it waits on the list; with one it waits for the partner, then the payment, then the
// organiser's approval, in that order, and is confirmed when nothing is missing.
func liveState(f regFacts) RegState {
	switch {
	case !f.holdsPlace:
		return StateWaitlisted
	case !f.partnerAccepted:
		return StateWaitingPartner
	case f.feeDue:
		return StateWaitingPayment
	case f.approvalRequired && !f.approved:
		return StateWaitingApproval
	}
	return StateConfirmed
}

// nextStep is what the athletes do next: accept (the partner joins), pay, or nothing.
func nextStep(s RegState) (step, label string) {
	return nextStepKey(s), nextStepWord(mailtext.For("en"), s)
}

// nextStepKey is the step's word in the contract ("" when nothing is left to do).
func nextStepKey(s RegState) string {
	switch s {
	case StateWaitingPartner:
		return "accept"
	case StateWaitingPayment:
		return "pay"
	case StateWaitingApproval, StateWaitlisted:
		return "wait"
	}
	return ""
}

// nextStepWord is what the team does next, in t's language ("" when nothing is left to do).
func nextStepWord(t mailtext.Texts, s RegState) string {
	switch s {
	case StateWaitingPartner:
		return t.T("registration.next.accept")
	case StateWaitingPayment:
		return t.T("registration.next.pay")
	case StateWaitingApproval:
		return t.T("registration.next.approval")
	case StateWaitlisted:
		return t.T("registration.next.waitlisted")
	}
	return ""
}

// stateWord is the state's label in t's language.
func stateWord(t mailtext.Texts, state string) string {
	switch RegState(state) {
	case StateWaitingPartner:
		return t.T("registration.states.waiting_partner")
	case StateWaitingPayment:
		return t.T("registration.states.waiting_payment")
	case StateWaitingApproval:
		return t.T("registration.states.waiting_approval")
	case StateConfirmed:
		return t.T("registration.states.confirmed")
	case StateWaitlisted:
		return t.T("registration.states.waitlisted")
	case StateWithdrawn:
		return t.T("registration.states.withdrawn")
	case StateRefused:
		return t.T("registration.states.refused")
	}
	return state
}

// howToPay says whom the team pays its entry fee and how ("" without a fee): online from "My
// registrations" when the deployment has Stripe, else to the organiser by hand, who marks it
// paid: by transfer to the event's bank details when the organiser gave them, always with the
// registration's reference (docs/registration.md, "Payment instructions"). The page and the
// mails say the same.
func howToPay(r store.Registration, online bool) string {
	return howToPayIn(mailtext.For("en"), r, online)
}

// howToPayIn is howToPay in t's language (the mails'). After a change to a dearer division the
// team pays the difference (division_changes.go).
func howToPayIn(t mailtext.Texts, r store.Registration, online bool) string {
	if r.FeeCents == 0 && r.OwedCents == 0 {
		return ""
	}
	what := t.T("registration.pay.fee", mailtext.Args{"Amount": feeLabel(r.FeeCents, r.Currency)})
	if r.PaidAt != nil && r.OwedCents > 0 {
		what = t.T("registration.pay.difference", mailtext.Args{"Amount": feeLabel(r.OwedCents, r.Currency)})
	}
	args := mailtext.Args{"What": what, "Event": r.EventName, "Bank": r.BankDetails, "Reference": PaymentReference(r.ID)}
	switch {
	case online:
		return t.T("registration.pay.online", args)
	case r.BankDetails != "":
		return t.T("registration.pay.transfer", args)
	}
	return t.T("registration.pay.byHand", args)
}

// The registration window.
const (
	windowOpen       = "open"
	windowNotYetOpen = "not_yet_open"
	windowClosed     = "closed"
)

// window says whether registration is open at now (the server's time).
func window(opensAt, closesAt, now time.Time) string {
	switch {
	case now.Before(opensAt):
		return windowNotYetOpen
	case !now.Before(closesAt):
		return windowClosed
	}
	return windowOpen
}

const regTimeLayout = "2 Jan 2006, 15:04 MST"

func windowLabel(w string, opensAt, closesAt time.Time) string {
	switch w {
	case windowNotYetOpen:
		return "Opens " + opensAt.UTC().Format(regTimeLayout)
	case windowClosed:
		return "Closed"
	}
	return "Open until " + closesAt.UTC().Format(regTimeLayout)
}

// feeLabel shows a fee in its minor unit as "40.00 EUR", or "Free".
func feeLabel(cents int32, currency string) string {
	if cents == 0 {
		return "Free"
	}
	return fmt.Sprintf("%d.%02d %s", cents/100, cents%100, currency)
}

// Limits and codes.
const (
	capacityMax        = core.TeamsPerDivisionMax
	feeMaxCents        = 100_000_000
	refusalReasonMax   = 1000
	invitationLifetime = 7 * 24 * time.Hour
	shareCodeLength    = 10
	// codeInputMax bounds a typed code (spaces and dashes allowed): a longer one is refused
	// before any lookup.
	codeInputMax = 64
)

// Payment methods an organiser records by hand.
var handPaymentMethods = []string{"cash", "transfer"}

// Messages of registration.
const (
	MsgRegNotFound          = "Registration not found"
	msgRegNotConfigured     = "Registration is not open for this division"
	msgRegNotYetOpen        = "Registration for %s opens on %s"
	msgRegClosed            = "Registration for %s closed on %s"
	msgRegFull              = "%s is full: no places left and no waiting list"
	msgRegEventNotOpen      = "This event does not take registrations"
	msgRegDuplicate         = "You are already registered in %s (team %s)"
	msgRegTeamNameTaken     = "A team named %s is already in %s"
	msgRegPartnerEmail      = "Partner email must be a valid email address"
	msgRegPartnerSelf       = "You cannot invite yourself as your partner"
	msgRegPartnerTaken      = "%s is already in a team of %s: invite another partner"
	msgRegCodeRequired      = "Code is required"
	msgRegCodeTooLong       = "Code must be at most 64 characters"
	msgRegCodeOtherAddress  = "This invitation was sent to another email address: sign in with the address it was sent to"
	msgRegCodeUnknown       = "No invitation has this code: check the link or the share code"
	msgRegCodeExpired       = "This invitation expired on %s: ask %s to invite you again"
	msgRegCodeUsed          = "This invitation was already accepted"
	msgRegCodeEnded         = "This registration was %s: the invitation is no longer valid"
	msgRegOwnInvitation     = "This is your own registration: your partner accepts the invitation"
	msgRegPartnerInDivision = "You are already in a team of %s (team %s)"
	msgRegNotYours          = "Registration not found"
	msgRegAlreadyEnded      = "This registration was already %s"
	msgRegNotAwaitingApprov = "Only a registration waiting for approval can be approved (this one is %s)"
	msgRegReasonRequired    = "Reason is required"
	msgRegReasonLong        = "Reason must be at most 1000 characters"
	msgRegPaidMethod        = "Method must be cash or transfer"
	msgRegAlreadyPaid       = "This registration is already paid"
	msgRegNoFee             = "This division has no entry fee"
	msgRegMoveSame          = "The team is already in this division"
	msgRegMoveOtherEvent    = "The division must belong to the registration's event"
	msgRegTeamLocked        = "Team %s has published results and cannot leave the division"
	msgRegOpensAt           = "Opens at must be a date and time (RFC 3339)"
	msgRegClosesAt          = "Closes at must be a date and time (RFC 3339)"
	msgRegClosesBefore      = "Closes at must be after opens at"
	msgRegCapacity          = "Capacity must be between 1 and 100000"
	msgRegFee               = "Entry fee must be between 0 and 1000000.00"
	msgRegCurrency          = "Currency must be a three-letter ISO 4217 code, e.g. EUR"
	msgRegStateFilter       = "State must be one of waiting_partner, waiting_payment, waiting_approval, confirmed, waitlisted, withdrawn, refused"
	msgRegAthleteOnly       = "Only athletes register teams: sign in with an athlete account"
)

// cleanEmail reads an email address ("" stays "").
func cleanEmail(field, v string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", nil
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || len(v) > 254 {
		return "", apperr.Invalid(field, msgRegPartnerEmail)
	}
	return strings.ToLower(v), nil
}

// parseRegInstant reads an RFC 3339 time.
func parseRegInstant(field, v, msg string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(v))
	if err != nil {
		return time.Time{}, apperr.Invalid(field, msg)
	}
	return t, nil
}

// Messages of online payment.
const (
	msgPayOffline      = "Online payment is not available for this event: the organiser takes the entry fee by hand (cash or transfer)"
	msgPayNotWaiting   = "Only a registration waiting for payment can be paid (this one is %s)"
	msgPayNoWebhook    = "Online payment is not configured"
	msgPaySignature    = "Stripe-Signature is missing, wrong or too old"
	msgPayFuture       = "The Stripe event is dated in the future: check the server's clock"
	msgPayPayload      = "The webhook payload is not a Stripe event"
	msgRefundNotOnline = "Only a fee paid online can be refunded here; a fee taken by hand is paid back by hand"
	msgRefundAlready   = "This payment is already refunded or being refunded"
	msgRegRefundAt     = "Refund deadline must be a date and time (RFC 3339)"
)

// checkoutUsable reports whether a registration's Checkout page can still be used: Stripe
// made one and it does not expire within a minute.
func checkoutUsable(p store.Payment, now time.Time) bool {
	return p.CheckoutURL != "" && p.CheckoutExpiresAt != nil && now.Add(time.Minute).Before(*p.CheckoutExpiresAt)
}
