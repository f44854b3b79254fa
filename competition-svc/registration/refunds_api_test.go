package registration_test

import (
	"maps"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
	"github.com/podium-dev/podium/internal/platform/stripetest"
	"github.com/podium-dev/podium/internal/poll"
)

// Refunds (docs/registration.md, "Refunds"): the event's refund policy decides what a
// withdrawal gives back, Stripe refunds what was paid online (stripe-mock) and the organiser
// marks by hand what was paid by hand; receipts and refund mails reach the team (Mailpit).

func rfc(d time.Duration) string { return time.Now().Add(d).UTC().Format(time.RFC3339) }

// moneyTotal is the event's money view total line for EUR.
func moneyTotal(t *testing.T, s *stacktest.Stack, eventID string) apitest.Obj {
	t.Helper()
	view := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+eventID+"/money", nil).MustStatus(t, http.StatusOK))
	return view["totals"].([]any)[0].(apitest.Obj)
}

func TestWithdrawalRefundsByThePolicyThroughStripe(t *testing.T) {
	t.Parallel()
	mock, mailpit := stripetest.Start(t), mailtest.Start(t)
	env := mock.Env()
	maps.Copy(env, apitest.MailEnv(mailpit))
	s := startStripeStack(t, env)
	r, anna, ben, id := paidTeam(t, s, apitest.Obj{})
	policy := "/api/events/" + r.eventID + "/refund-policy"

	// Bad policies are refused with the field named and change nothing; athletes cannot write one.
	apitest.WantError(t, s.Admin(http.MethodPut, policy, apitest.Obj{"fullUntil": "next week"}), http.StatusBadRequest, "fullUntil",
		"Full refund until must be a date and time (RFC 3339)")
	apitest.WantError(t, s.Admin(http.MethodPut, policy, apitest.Obj{"partialUntil": rfc(time.Hour), "partialPercent": 101}), http.StatusBadRequest,
		"partialPercent", "Partial refund percentage must be between 0 and 100")
	apitest.WantError(t, s.Admin(http.MethodPut, policy, apitest.Obj{"fullUntil": rfc(2 * time.Hour), "partialUntil": rfc(time.Hour), "partialPercent": 50}),
		http.StatusBadRequest, "partialUntil", "Partial refund until must be after full refund until")
	s.Do(http.MethodPut, policy, apitest.Obj{"fullUntil": rfc(time.Hour)}, anna.Token).MustStatus(t, http.StatusForbidden)
	if got := apitest.Decode(t, s.Admin(http.MethodGet, policy, nil).MustStatus(t, http.StatusOK)); got["fullUntil"] != "" || got["partialUntil"] != "" {
		t.Fatalf("policy after refusals: %v", got)
	}
	// Full until an hour ago, half until tomorrow.
	got := apitest.Decode(t, s.Admin(http.MethodPut, policy, apitest.Obj{"fullUntil": rfc(-time.Hour), "partialUntil": rfc(24 * time.Hour),
		"partialPercent": 50}).MustStatus(t, http.StatusOK))
	if got["partialPercent"] != float64(50) || got["fullUntil"] == "" {
		t.Fatalf("policy: %v", got)
	}

	// Paid online: the receipt reaches both athletes.
	pay(t, s, "evt_policy_1", id)
	receipt := mailpit.WaitFor(anna.Email, "Receipt: entry fee of team Adler & Berg", 20*time.Second)
	for _, want := range []string{"Entry fee: 40.00 EUR", "Amount paid: 40.00 EUR, online by card (Stripe)", "Paid to: the organiser of", "Reference: REG-"} {
		if !strings.Contains(receipt.Text, want) {
			t.Errorf("receipt lacks %q:\n%s", want, receipt.Text)
		}
	}
	mailpit.WaitFor(ben.Email, "Receipt: entry fee of team Adler & Berg", 20*time.Second)

	// The dialog's preview; another athlete sees neither the registration nor its refund.
	if reg := mine(t, s, anna, id); reg["withdrawalRefundCents"] != float64(2000) || reg["refundState"] != "" {
		t.Fatalf("before withdrawing: %v", reg)
	}
	carl := s.SignUpAthlete("Carl", "Cole")
	if list := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, carl.Token).MustStatus(t, http.StatusOK)); len(list) != 0 {
		t.Fatalf("another athlete's list: %v", list)
	}
	s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/withdraw", nil, carl.Token).MustStatus(t, http.StatusNotFound)
	s.Do(http.MethodPost, "/api/registrations/"+id+"/refund", apitest.Obj{"amountCents": 100}, anna.Token).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodPost, "/api/registrations/"+id+"/refunded", apitest.Obj{}, anna.Token).MustStatus(t, http.StatusForbidden)
	// More than was paid is refused on its field, and nothing is queued.
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/refund", apitest.Obj{"amountCents": 4001}), http.StatusBadRequest,
		"amountCents", "A refund must be more than 0 and at most the 40.00 EUR paid")
	if n := s.Rows(t, "competition.payment_outbox", "registration_id = $1 AND kind = 'refund'", id); n != 0 {
		t.Fatalf("%d refunds queued by a refused call", n)
	}

	// Withdrawn between the dates: half comes back through Stripe, with the mail saying so.
	reg := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/withdraw", nil, ben.Token).MustStatus(t, http.StatusOK))
	if reg["state"] != "withdrawn" || reg["refundState"] == "" || reg["refundCents"] != float64(2000) { // the worker may be done already
		t.Fatalf("withdrawn: %v", reg)
	}
	withdrawn := mailpit.WaitFor(anna.Email, "Team Adler & Berg: Withdrawn", 20*time.Second)
	if !strings.Contains(withdrawn.Text, "20.00 EUR of the entry fee of 40.00 EUR will be refunded to the card it was paid with.") {
		t.Errorf("withdrawal mail:\n%s", withdrawn.Text)
	}
	poll.Until(t, 60*time.Second, "the refund", func() bool { return mine(t, s, anna, id)["refundState"] == "refunded" })
	refunded := mailpit.WaitFor(ben.Email, "Team Adler & Berg: entry fee refunded", 20*time.Second)
	if !strings.Contains(refunded.Text, "20.00 EUR of the entry fee of 40.00 EUR for team Adler & Berg") {
		t.Errorf("refund mail:\n%s", refunded.Text)
	}
	if n := s.Rows(t, "competition.registrations", "id = $1 AND refund_id LIKE 're_%' AND refund_cents = 2000", id); n != 1 {
		t.Fatal("no partial Stripe refund kept")
	}
	for _, action := range []string{"refund", "refunded", "withdrawn"} {
		if n := s.Rows(t, "competition.activity", "entity_id = $1 AND action = $2", id, action); n != 1 {
			t.Errorf("%d %q entries in the activity", n, action)
		}
	}
	if total := moneyTotal(t, s, r.eventID); total["refundedCents"] != "2000" || total["netCents"] != "2000" || total["refundDueCents"] != "0" {
		t.Fatalf("money: %v", total)
	}
	// Refunded once: the organiser cannot refund it again.
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/refund", apitest.Obj{}), http.StatusConflict, "",
		"This payment is already refunded or being refunded")
}

func TestWithdrawalRefundDueByHand(t *testing.T) {
	t.Parallel()
	mailpit := mailtest.Start(t)
	s := stacktest.StartWith(t, stacktest.Options{Env: apitest.MailEnv(mailpit)})
	r, anna, _, id := paidTeam(t, s, apitest.Obj{})
	s.Admin(http.MethodPut, "/api/events/"+r.eventID+"/refund-policy", apitest.Obj{"fullUntil": rfc(24 * time.Hour)}).MustStatus(t, http.StatusOK)

	// Nothing paid: nothing to mark refunded.
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/refunded", apitest.Obj{}), http.StatusConflict, "",
		"Nothing was paid for this registration: there is nothing to refund")
	s.Admin(http.MethodPost, "/api/registrations/"+id+"/paid", apitest.Obj{"method": "cash"}).MustStatus(t, http.StatusOK)
	receipt := mailpit.WaitFor(anna.Email, "Receipt: entry fee of team Adler & Berg", 20*time.Second)
	if !strings.Contains(receipt.Text, "Amount paid: 40.00 EUR, in cash") {
		t.Errorf("receipt:\n%s", receipt.Text)
	}
	if reg := mine(t, s, anna, id); reg["withdrawalRefundCents"] != float64(4000) || reg["refundByHand"] != true {
		t.Fatalf("before withdrawing: %v", reg)
	}

	reg := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/withdraw", nil, anna.Token).MustStatus(t, http.StatusOK))
	if reg["refundState"] != "due" || reg["refundCents"] != float64(4000) {
		t.Fatalf("withdrawn: %v", reg)
	}
	if n := s.Rows(t, "competition.payment_outbox", "registration_id = $1", id); n != 0 {
		t.Fatalf("%d calls to Stripe queued for a fee paid by hand", n)
	}
	withdrawn := mailpit.WaitFor(anna.Email, "Team Adler & Berg: Withdrawn", 20*time.Second)
	if !strings.Contains(withdrawn.Text, "The entry fee of 40.00 EUR will be refunded: the organiser pays it back") {
		t.Errorf("withdrawal mail:\n%s", withdrawn.Text)
	}
	if total := moneyTotal(t, s, r.eventID); total["refundDueCents"] != "4000" || total["refundDueCount"] != float64(1) || total["refundedCents"] != "0" {
		t.Fatalf("money with a refund due: %v", total)
	}

	// More than was paid is refused; the due amount is marked, once.
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/refunded", apitest.Obj{"amountCents": 4500}), http.StatusBadRequest,
		"amountCents", "A refund must be more than 0 and at most the 40.00 EUR paid")
	reg = apitest.Decode(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/refunded", apitest.Obj{}).MustStatus(t, http.StatusOK))
	if reg["refundState"] != "refunded" || reg["refundCents"] != float64(4000) {
		t.Fatalf("marked refunded: %v", reg)
	}
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/refunded", apitest.Obj{}), http.StatusConflict, "",
		"This payment is already refunded or being refunded")
	if mail := mailpit.WaitFor(anna.Email, "Team Adler & Berg: entry fee refunded", 20*time.Second); !strings.Contains(mail.Text, "by the organiser, by hand") {
		t.Errorf("refund mail:\n%s", mail.Text)
	}
	if n := s.Rows(t, "competition.activity", "entity_id = $1 AND action = 'refunded' AND actor = $2", id, s.AdminUsername); n != 1 {
		t.Errorf("%d refunds marked by the organiser in the activity", n)
	}
	if total := moneyTotal(t, s, r.eventID); total["refundDueCents"] != "0" || total["refundedCents"] != "4000" || total["netCents"] != "0" {
		t.Fatalf("money after the refund: %v", total)
	}
}
