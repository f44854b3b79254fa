package registration_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/platform/porttest"
	"github.com/podium-dev/podium/internal/platform/stripetest"
	"github.com/podium-dev/podium/internal/poll"
)

// Online payment (docs/registration.md, "Payment") against Stripe's own stripe-mock: the
// Checkout session is made by the payment worker, the payment counts when Stripe's signed
// webhook says so, and refunds follow the refund deadline. stripe-mock sends no webhooks, so
// the tests sign the payloads with the webhook secret, as Stripe does.

func startStripeStack(t *testing.T, env map[string]string) *stacktest.Stack {
	t.Helper()
	return stacktest.StartWith(t, stacktest.Options{Env: env})
}

// paidTeam registers a complete team (Anna captain, Ben partner) in a division with a fee.
func paidTeam(t *testing.T, s *stacktest.Stack, settings apitest.Obj) (regEvent, stacktest.Athlete, stacktest.Athlete, string) {
	t.Helper()
	settings["feeCents"] = 4000
	r := openRegistration(t, s, settings)
	anna, ben := s.SignUpAthlete("Anna", "Adler"), s.SignUpAthlete("Ben", "Berg")
	reg := apitest.Decode(t, r.register(anna, "Adler & Berg", "").MustStatus(t, http.StatusOK))
	reg = apitest.Decode(t, accept(s, ben, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))
	if reg["state"] != "waiting_payment" {
		t.Fatalf("accepted: %v", reg)
	}
	return r, anna, ben, reg["id"].(string)
}

// mine is the athlete's registration id as "My registrations" shows it.
func mine(t *testing.T, s *stacktest.Stack, a stacktest.Athlete, id string) apitest.Obj {
	t.Helper()
	for _, r := range apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, a.Token).MustStatus(t, http.StatusOK)) {
		if r["id"] == id {
			return r
		}
	}
	t.Fatalf("registration %s not in the athlete's list", id)
	return nil
}

func webhook(s *stacktest.Stack, payload []byte, signature string) *stacktest.Response {
	return s.DoWithHeaders(http.MethodPost, "/api/payments/stripe/webhook", payload, "", map[string]string{"Stripe-Signature": signature})
}

// pay completes the registration's checkout as Stripe's webhook does.
func pay(t *testing.T, s *stacktest.Stack, eventID, id string) apitest.Obj {
	t.Helper()
	payload := stripetest.CheckoutCompleted(eventID, id, 4000, "eur", time.Now())
	return apitest.Decode(t, webhook(s, payload, stripetest.Sign(payload, stripetest.WebhookSecret, time.Now())).MustStatus(t, http.StatusOK))
}

func TestOnlinePaymentPath(t *testing.T) {
	t.Parallel()
	mock := stripetest.Start(t)
	s := startStripeStack(t, mock.Env())
	r, anna, ben, id := paidTeam(t, s, apitest.Obj{"refundDeadline": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339)})
	if reg := mine(t, s, anna, id); reg["onlinePayment"] != true || reg["checkoutUrl"] != "" {
		t.Fatalf("before checkout: %v", reg)
	}
	// Another athlete cannot pay (or see) it.
	carl := s.SignUpAthlete("Carl", "Cole")
	s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/checkout", nil, carl.Token).MustStatus(t, http.StatusNotFound)

	// The partner pays: the worker asks Stripe for a Checkout page.
	s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/checkout", nil, ben.Token).MustStatus(t, http.StatusOK)
	var url string
	poll.Until(t, 60*time.Second, "the Checkout page", func() bool {
		url, _ = mine(t, s, ben, id)["checkoutUrl"].(string)
		return url != ""
	})
	if n := s.Rows(t, "competition.payment_outbox", "registration_id = $1 AND kind = 'checkout' AND done_at IS NOT NULL", id); n != 1 {
		t.Fatalf("%d checkout jobs done", n)
	}
	// Asking again while the page is valid queues nothing new.
	s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/checkout", nil, anna.Token).MustStatus(t, http.StatusOK)
	if n := s.Rows(t, "competition.payment_outbox", "registration_id = $1", id); n != 1 {
		t.Fatalf("%d payment jobs after asking twice", n)
	}

	payload := stripetest.CheckoutCompleted("evt_path_1", id, 4000, "eur", time.Now())
	// Forged (another secret), altered, unsigned and old requests are refused and change nothing.
	apitest.WantError(t, webhook(s, payload, stripetest.Sign(payload, "whsec_forged", time.Now())), http.StatusBadRequest, "signature", "Stripe-Signature is missing, wrong or too old")
	altered := stripetest.CheckoutCompleted("evt_path_1", id, 1, "eur", time.Now())
	apitest.WantError(t, webhook(s, altered, stripetest.Sign(payload, stripetest.WebhookSecret, time.Now())), http.StatusBadRequest, "signature", "Stripe-Signature is missing, wrong or too old")
	apitest.WantError(t, webhook(s, payload, ""), http.StatusBadRequest, "signature", "Stripe-Signature is missing, wrong or too old")
	old := time.Now().Add(-10 * time.Minute)
	apitest.WantError(t, webhook(s, payload, stripetest.Sign(payload, stripetest.WebhookSecret, old)), http.StatusBadRequest, "signature", "Stripe-Signature is missing, wrong or too old")
	// Dated an hour ahead, by its signature or by the event itself: refused (a small skew is not).
	ahead := time.Now().Add(time.Hour)
	future := "The Stripe event is dated in the future: check the server's clock"
	apitest.WantError(t, webhook(s, payload, stripetest.Sign(payload, stripetest.WebhookSecret, ahead)), http.StatusBadRequest, "signature", future)
	created := stripetest.CheckoutCompleted("evt_path_1", id, 4000, "eur", ahead)
	apitest.WantError(t, webhook(s, created, stripetest.Sign(created, stripetest.WebhookSecret, time.Now())), http.StatusBadRequest, "signature", future)
	if reg := mine(t, s, anna, id); reg["state"] != "waiting_payment" || reg["paid"] == true {
		t.Fatalf("after refused webhooks: %v", reg)
	}
	if n := s.Rows(t, "competition.stripe_events", "true"); n != 0 {
		t.Fatalf("%d events kept from refused requests", n)
	}

	got := apitest.Decode(t, webhook(s, payload, stripetest.Sign(payload, stripetest.WebhookSecret, time.Now())).MustStatus(t, http.StatusOK))
	if got["applied"] != true {
		t.Fatalf("webhook answer %v", got)
	}
	reg := mine(t, s, anna, id)
	if reg["state"] != "confirmed" || reg["paidBy"] != "Stripe" || reg["paymentMethod"] != "stripe" || reg["teamId"] == "" {
		t.Fatalf("paid online: %v", reg)
	}
	// The same event again (Stripe retries, or someone replays it) is acknowledged, not applied.
	got = apitest.Decode(t, webhook(s, payload, stripetest.Sign(payload, stripetest.WebhookSecret, time.Now())).MustStatus(t, http.StatusOK))
	if got["applied"] != false {
		t.Fatalf("replayed webhook answer %v", got)
	}
	if n := s.Rows(t, "competition.activity", "entity_id = $1 AND action = 'paid'", id); n != 1 {
		t.Fatalf("%d payments in the activity", n)
	}
	if n := s.Rows(t, "competition.teams", "division_id = $1", r.divisionID); n != 1 {
		t.Fatalf("%d teams", n)
	}
	view := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/registrations", nil).MustStatus(t, http.StatusOK))
	if c := view["divisions"].([]any)[0].(apitest.Obj); c["paid"] != float64(1) || c["confirmed"] != float64(1) {
		t.Fatalf("organiser's counts: %v", c)
	}

	// Withdrawn before the refund deadline: Stripe refunds the fee, the team is mailed.
	reg = apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/withdraw", nil, anna.Token).MustStatus(t, http.StatusOK))
	if reg["state"] != "withdrawn" || reg["refundState"] == "" {
		t.Fatalf("withdrawn: %v", reg)
	}
	poll.Until(t, 60*time.Second, "the refund", func() bool { return mine(t, s, anna, id)["refundState"] == "refunded" })
	if n := s.Rows(t, "competition.registrations", "id = $1 AND refund_id LIKE 're_%'", id); n != 1 {
		t.Fatal("no Stripe refund id kept")
	}
	if n := s.Rows(t, "competition.mail_outbox", "to_address = $1 AND subject LIKE '%entry fee refunded'", anna.Email); n != 1 {
		t.Fatalf("%d refund mails to the captain", n)
	}
	if n := s.Rows(t, "competition.mail_outbox", "to_address = $1 AND body_text LIKE '%is refunded to the card%'", ben.Email); n < 1 {
		t.Fatal("the partner was not told of the refund")
	}
}

func TestWithdrawalAfterTheRefundDeadlineKeepsTheFeeUntilTheOrganiserRefunds(t *testing.T) {
	t.Parallel()
	mock := stripetest.Start(t)
	s := startStripeStack(t, mock.Env())
	r, anna, _, id := paidTeam(t, s, apitest.Obj{"refundDeadline": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)})
	settings := apitest.Decode(t, s.Admin(http.MethodGet, "/api/divisions/"+r.divisionID+"/registration", nil).MustStatus(t, http.StatusOK))
	if settings["refundDeadline"] == "" || settings["refundDeadline"] == nil {
		t.Fatalf("settings without the refund deadline: %v", settings)
	}
	pay(t, s, "evt_late_1", id)
	reg := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/withdraw", nil, anna.Token).MustStatus(t, http.StatusOK))
	if reg["state"] != "withdrawn" || reg["refundState"] != "" {
		t.Fatalf("withdrawn after the deadline: %v", reg)
	}
	if n := s.Rows(t, "competition.payment_outbox", "registration_id = $1 AND kind = 'refund'", id); n != 0 {
		t.Fatalf("%d refunds queued after the deadline", n)
	}
	if n := s.Rows(t, "competition.mail_outbox", "to_address = $1 AND body_text LIKE '%not refunded%'", anna.Email); n != 1 {
		t.Fatal("the withdrawal mail does not say the fee is kept")
	}
	// The organiser refunds all the same; twice is refused.
	reg = apitest.Decode(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/refund", nil).MustStatus(t, http.StatusOK))
	if reg["refundState"] == "" {
		t.Fatalf("organiser's refund: %v", reg)
	}
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/refund", nil), http.StatusConflict, "", "This payment is already refunded or being refunded")
	poll.Until(t, 60*time.Second, "the organiser's refund", func() bool { return mine(t, s, anna, id)["refundState"] == "refunded" })
	if n := s.Rows(t, "competition.activity", "entity_id = $1 AND action = 'refund' AND actor = $2", id, s.AdminUsername); n != 1 {
		t.Fatalf("%d refunds by the organiser in the activity", n)
	}
}

func TestRefusingAPaidRegistrationRefundsIt(t *testing.T) {
	t.Parallel()
	mock := stripetest.Start(t)
	s := startStripeStack(t, mock.Env())
	_, anna, _, id := paidTeam(t, s, apitest.Obj{"approvalRequired": true})
	if reg := pay(t, s, "evt_refuse_1", id); reg["applied"] != true {
		t.Fatalf("paid: %v", reg)
	}
	if reg := mine(t, s, anna, id); reg["state"] != "waiting_approval" {
		t.Fatalf("after payment: %v", reg)
	}
	reg := apitest.Decode(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/refuse", apitest.Obj{"reason": "Division is for masters"}).MustStatus(t, http.StatusOK))
	if reg["state"] != "refused" || reg["refundState"] == "" {
		t.Fatalf("refused: %v", reg)
	}
	poll.Until(t, 60*time.Second, "the refund", func() bool { return mine(t, s, anna, id)["refundState"] == "refunded" })
}

// TestCheckoutWaitsForStripe: while Stripe cannot be reached the request is kept and the
// athlete is told; once Stripe answers the Checkout page comes, nothing typed again.
func TestCheckoutWaitsForStripe(t *testing.T) {
	t.Parallel()
	addr := porttest.Addr(t)
	s := startStripeStack(t, stripetest.EnvFor("http://"+addr))
	_, anna, _, id := paidTeam(t, s, apitest.Obj{})
	reg := apitest.Decode(t, s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/checkout", nil, anna.Token).MustStatus(t, http.StatusOK))
	if reg["paymentPending"] != true {
		t.Fatalf("checkout asked: %v", reg)
	}
	poll.Until(t, 60*time.Second, "the failed call's message", func() bool {
		msg, _ := mine(t, s, anna, id)["paymentError"].(string)
		return msg != ""
	})
	if reg := mine(t, s, anna, id); reg["state"] != "waiting_payment" || reg["paymentPending"] != true {
		t.Fatalf("while Stripe is down: %v", reg)
	}
	stripetest.StartOn(t, addr)
	poll.Until(t, 120*time.Second, "the Checkout page once Stripe is back", func() bool {
		url, _ := mine(t, s, anna, id)["checkoutUrl"].(string)
		return url != ""
	})
	if reg := mine(t, s, anna, id); reg["paymentPending"] == true || reg["paymentError"] != "" {
		t.Fatalf("after Stripe came back: %v", reg)
	}
}

// TestWithoutStripePaymentsAreMarkedByHand: no Stripe key, no online payment.
func TestWithoutStripePaymentsAreMarkedByHand(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	_, anna, _, id := paidTeam(t, s, apitest.Obj{})
	if reg := mine(t, s, anna, id); reg["onlinePayment"] == true {
		t.Fatalf("online payment without Stripe: %v", reg)
	}
	apitest.WantError(t, s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/checkout", nil, anna.Token), http.StatusConflict, "",
		"Online payment is not available for this event: the organiser takes the entry fee by hand (cash or transfer)")
	payload := stripetest.CheckoutCompleted("evt_nostripe", id, 4000, "eur", time.Now())
	webhook(s, payload, stripetest.Sign(payload, stripetest.WebhookSecret, time.Now())).MustStatus(t, http.StatusNotFound)
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/refund", nil), http.StatusConflict, "",
		"Only a fee paid online can be refunded here; a fee taken by hand is paid back by hand")
	reg := apitest.Decode(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/paid", apitest.Obj{"method": "transfer"}).MustStatus(t, http.StatusOK))
	if reg["state"] != "confirmed" {
		t.Fatal(fmt.Sprint("marked paid: ", reg))
	}
}
