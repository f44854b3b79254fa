package registration_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/platform/stripetest"
	"github.com/podium-dev/podium/internal/poll"
)

// A discount code entered after registering, at payment (docs/registration.md, "Discount
// codes"): the rules of one typed when registering, once per registration, before the fee is
// paid; the fee owed drops at once and Stripe charges the lower one.

func applyCode(s *stacktest.Stack, token, id, code string) *stacktest.Response {
	return s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/discount", apitest.Obj{"code": code}, token)
}

func TestDiscountCodeAtPayment(t *testing.T) {
	t.Parallel()
	mock := stripetest.Start(t)
	s := startStripeStack(t, mock.Env())
	r := openRegistration(t, s, apitest.Obj{"feeCents": 4000, "capacity": 10})
	scaled := r.event.Division("Scaled Pairs", "")
	codes := "/api/events/" + r.eventID + "/discount-codes"
	s.Admin(http.MethodPost, codes, apitest.Obj{"code": "Save25", "percentOff": 25, "maxUses": 5}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, codes, apitest.Obj{"code": "TENOFF", "amountOffCents": 1000}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, codes, apitest.Obj{"code": "OLD", "amountOffCents": 1000, "expiresAt": rfc(-time.Minute)}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, codes, apitest.Obj{"code": "SCALED", "amountOffCents": 1500, "divisionIds": []string{scaled.GetId()}}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, codes, apitest.Obj{"code": "FREE", "percentOff": 100}).MustStatus(t, http.StatusOK)

	anna, ben, cleo := s.SignUpAthlete("Anna", "Later"), s.SignUpAthlete("Ben", "Later"), s.SignUpAthlete("Cleo", "Later")
	reg := apitest.Decode(t, r.register(anna, "Later Pair", "").MustStatus(t, http.StatusOK))
	reg = apitest.Decode(t, accept(s, ben, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))
	id := reg["id"].(string)
	if reg["state"] != "waiting_payment" || reg["feeCents"] != float64(4000) {
		t.Fatalf("before the code: %v", reg)
	}
	// A Checkout page made for the whole fee.
	s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/checkout", nil, anna.Token).MustStatus(t, http.StatusOK)
	poll.Until(t, 10*time.Second, "the Checkout page", func() bool { return mine(t, s, anna, id)["checkoutUrl"] != "" })

	// Each refusal names the field and changes nothing.
	for _, c := range []struct {
		code          string
		status        int
		field, reason string
	}{
		{" ", http.StatusBadRequest, "code", "Code is required"},
		{"NOPE", http.StatusBadRequest, "code", "The code NOPE is not a discount code of this event"},
		{"old", http.StatusBadRequest, "code", "The code OLD expired on "},
		{"SCALED", http.StatusBadRequest, "code", "The code SCALED is not for RX Pairs"},
	} {
		got := applyCode(s, anna.Token, id, c.code)
		if got.Status != c.status || !strings.Contains(string(got.Body), `"field":"`+c.field+`"`) || !strings.Contains(string(got.Body), c.reason) {
			t.Fatalf("code %q: %d %s", c.code, got.Status, got.Body)
		}
	}
	// Only the team's athletes: another athlete's registration is not found; the console may not.
	apitest.WantError(t, applyCode(s, cleo.Token, id, "SAVE25"), http.StatusNotFound, "", "Registration not found")
	s.Admin(http.MethodPost, "/api/registration/registrations/"+id+"/discount", apitest.Obj{"code": "SAVE25"}).MustStatus(t, http.StatusForbidden)
	if got := mine(t, s, anna, id); got["feeCents"] != float64(4000) || got["discountCode"] != "" || got["checkoutUrl"] == "" {
		t.Fatalf("a refused code changed the registration: %v", got)
	}

	// The partner enters it at payment: the fee owed drops, the old Checkout page is dropped.
	reg = apitest.Decode(t, applyCode(s, ben.Token, id, " save25 ").MustStatus(t, http.StatusOK))
	if reg["feeCents"] != float64(3000) || reg["discountCode"] != "Save25" || reg["discountCents"] != float64(1000) ||
		reg["state"] != "waiting_payment" || reg["checkoutUrl"] != "" || reg["withdrawalRefundCents"] != float64(0) {
		t.Fatalf("after the code: %v", reg)
	}
	if !strings.Contains(reg["howToPay"].(string), "30.00 EUR") {
		t.Fatalf("how to pay: %v", reg["howToPay"])
	}
	// Once per registration.
	apitest.WantError(t, applyCode(s, anna.Token, id, "TENOFF"), http.StatusConflict, "code",
		"This registration already has the code Save25: one code per registration")
	if n := s.Rows(t, "competition.discount_codes", "code = 'TENOFF' AND uses = 0"); n != 1 {
		t.Fatal("a refused second code was counted")
	}
	// Stripe charges the lower fee: a new page, and a payment of 30.00 counts.
	s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/checkout", nil, anna.Token).MustStatus(t, http.StatusOK)
	poll.Until(t, 10*time.Second, "a new Checkout page", func() bool { return mine(t, s, anna, id)["checkoutUrl"] != "" })
	payload := stripetest.CheckoutCompleted("evt_later_1", id, 3000, "eur", time.Now())
	webhook(s, payload, stripetest.Sign(payload, stripetest.WebhookSecret, time.Now())).MustStatus(t, http.StatusOK)
	if got := mine(t, s, anna, id); got["paid"] != true || got["state"] != "confirmed" {
		t.Fatalf("paid the lower fee: %v", got)
	}
	// Paid: too late for a code.
	dora, eve := s.SignUpAthlete("Dora", "Later"), s.SignUpAthlete("Eve", "Later")
	paid := apitest.Decode(t, r.register(dora, "Paid Pair", "").MustStatus(t, http.StatusOK))
	paid = apitest.Decode(t, accept(s, eve, paid["shareCode"].(string)).MustStatus(t, http.StatusOK))
	s.Admin(http.MethodPost, "/api/registrations/"+paid["id"].(string)+"/paid", apitest.Obj{"method": "cash"}).MustStatus(t, http.StatusOK)
	apitest.WantError(t, applyCode(s, dora.Token, paid["id"].(string), "TENOFF"), http.StatusConflict, "code",
		"The entry fee is already paid: a discount code can no longer be entered")

	// A code that takes the whole fee moves the team on as a payment would: it is the division's.
	finn, gus := s.SignUpAthlete("Finn", "Later"), s.SignUpAthlete("Gus", "Later")
	free := apitest.Decode(t, r.register(finn, "Free Pair", "").MustStatus(t, http.StatusOK))
	free = apitest.Decode(t, accept(s, gus, free["shareCode"].(string)).MustStatus(t, http.StatusOK))
	free = apitest.Decode(t, applyCode(s, finn.Token, free["id"].(string), "FREE").MustStatus(t, http.StatusOK))
	if free["state"] != "confirmed" || free["teamId"] == "" || free["feeCents"] != float64(0) {
		t.Fatalf("a code for the whole fee: %v", free)
	}

	activity := registrationActivity(t, s, r.eventID)
	for _, want := range []string{"Discount code Save25 entered for team Later Pair in RX Pairs by Ben Later: 10.00 EUR off, 30.00 EUR owed",
		"Team Free Pair in RX Pairs: Waiting for payment → Confirmed"} {
		if !strings.Contains(activity, want) {
			t.Errorf("the activity lacks %q:\n%s", want, activity)
		}
	}
}

// TestDiscountCodeAtPaymentByAHundredAtOnce: a hundred registered teams enter a code limited to
// 7 uses at once; exactly 7 get it, the others are told it is used up and owe the whole fee.
func TestDiscountCodeAtPaymentByAHundredAtOnce(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, apitest.Obj{"feeCents": 4000, "capacity": 200})
	s.Admin(http.MethodPost, "/api/events/"+r.eventID+"/discount-codes", apitest.Obj{"code": "LATE", "percentOff": 50, "maxUses": 7}).
		MustStatus(t, http.StatusOK)
	const n, limit = 100, 7
	athletes := s.AthletesForLoad(n)
	ids := make([]string, n)
	for i, a := range athletes {
		ids[i] = apitest.Decode(t, r.register(a, fmt.Sprintf("Late %d", i), "").MustStatus(t, http.StatusOK))["id"].(string)
	}
	answers := make([]*stacktest.Response, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range athletes {
		wg.Go(func() {
			<-start
			answers[i] = applyCode(s, athletes[i].Token, ids[i], "late")
		})
	}
	close(start)
	wg.Wait()
	ok := 0
	for i, a := range answers {
		switch a.Status {
		case http.StatusOK:
			ok++
		case http.StatusBadRequest:
			a.WantError(t, http.StatusBadRequest, "code", "The code LATE has been used up")
		default:
			t.Errorf("athlete %d: %d %s", i, a.Status, a.Body)
		}
	}
	if ok != limit {
		t.Fatalf("%d teams redeemed a code limited to %d uses", ok, limit)
	}
	if got := s.Rows(t, "competition.registrations", "event_id = $1 AND discount_code = 'LATE' AND fee_cents = 2000", r.eventID); got != limit {
		t.Fatalf("%d discounted registrations, want %d", got, limit)
	}
	if got := s.Rows(t, "competition.registrations", "event_id = $1 AND discount_code = '' AND fee_cents = 4000", r.eventID); got != n-limit {
		t.Fatalf("%d registrations at the whole fee, want %d: a refused code writes nothing", got, n-limit)
	}
	if got := s.Rows(t, "competition.discount_codes", "code = 'LATE' AND uses = $1", limit); got != 1 {
		t.Fatal("the code's uses are not its limit")
	}
}
