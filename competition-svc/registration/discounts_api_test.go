package registration_test

import (
	"fmt"
	"maps"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
	"github.com/podium-dev/podium/internal/platform/stripetest"
)

// Discount codes (docs/registration.md, "Discount codes"): the organiser's codes, each refusal
// naming the field, the lower fee charged through Stripe (stripe-mock) and by hand, shown on the
// receipt (Mailpit), the money view and the athlete's data download.

// registerWith registers the athlete's team (share code) with a discount code.
func registerWith(s *stacktest.Stack, r regEvent, divisionID string, a stacktest.Athlete, team, code string) *stacktest.Response {
	return s.Do(http.MethodPost, "/api/registration/events/"+r.eventID+"/registrations",
		apitest.Obj{"divisionId": divisionID, "teamName": team, "discountCode": code}, a.Token)
}

func TestDiscountCodesLowerTheFeeEverywhere(t *testing.T) {
	t.Parallel()
	mock, mailpit := stripetest.Start(t), mailtest.Start(t)
	env := mock.Env()
	maps.Copy(env, apitest.MailEnv(mailpit))
	s := startStripeStack(t, env)
	r := openRegistration(t, s, apitest.Obj{"feeCents": 4000, "capacity": 10})
	scaled := r.event.Division("Scaled Pairs", "")
	s.Admin(http.MethodPut, "/api/divisions/"+scaled.GetId()+"/registration", apitest.Obj{"opensAt": rfc(-time.Hour),
		"closesAt": rfc(24 * time.Hour), "capacity": 10, "currency": "EUR", "feeCents": 4000}).MustStatus(t, http.StatusOK)
	codes := "/api/events/" + r.eventID + "/discount-codes"

	// The organiser's codes: bad input is refused on its field, nothing stored; athletes may not.
	anna, ben := s.SignUpAthlete("Anna", "Adler"), s.SignUpAthlete("Ben", "Berg")
	for _, c := range []struct {
		body          apitest.Obj
		field, reason string
	}{
		{apitest.Obj{"code": "x", "percentOff": 10}, "code", "Code must be 3 to 32 letters, digits, dashes or underscores"},
		{apitest.Obj{"code": "SAVE"}, "percentOff", "Give a percentage or an amount off"},
		{apitest.Obj{"code": "SAVE", "percentOff": 101}, "percentOff", "Percentage off must be between 1 and 100"},
		{apitest.Obj{"code": "SAVE", "percentOff": 10, "amountOffCents": 500}, "amountOffCents", "Give a percentage or an amount off, not both"},
		{apitest.Obj{"code": "SAVE", "percentOff": 10, "maxUses": -1}, "maxUses", "Uses must be between 1 and 100000, or empty for no limit"},
		{apitest.Obj{"code": "SAVE", "percentOff": 10, "expiresAt": "soon"}, "expiresAt", "Expires must be a date and time (RFC 3339)"},
		{apitest.Obj{"code": "SAVE", "percentOff": 10, "divisionIds": []string{"7d1c6a52-5a4e-4a8e-9a55-7d5e7b0d7a11"}}, "divisionIds",
			"Each division must be one of the event's"},
	} {
		apitest.WantError(t, s.Admin(http.MethodPost, codes, c.body), http.StatusBadRequest, c.field, c.reason)
	}
	s.Do(http.MethodPost, codes, apitest.Obj{"code": "MINE", "percentOff": 100}, anna.Token).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodGet, codes, nil, anna.Token).MustStatus(t, http.StatusForbidden)
	if n := s.Rows(t, "competition.discount_codes", "event_id = $1", r.eventID); n != 0 {
		t.Fatalf("%d codes stored by refused calls", n)
	}
	s.Admin(http.MethodPost, codes, apitest.Obj{"code": "Save25", "percentOff": 25, "maxUses": 3}).MustStatus(t, http.StatusOK)
	apitest.WantError(t, s.Admin(http.MethodPost, codes, apitest.Obj{"code": "SAVE25", "amountOffCents": 100}), http.StatusConflict, "code",
		"The event already has the code SAVE25")
	s.Admin(http.MethodPost, codes, apitest.Obj{"code": "OLD", "amountOffCents": 1000, "expiresAt": rfc(-time.Minute)}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, codes, apitest.Obj{"code": "SCALED", "amountOffCents": 1500, "divisionIds": []string{scaled.GetId()}}).MustStatus(t, http.StatusOK)
	once := apitest.Decode(t, s.Admin(http.MethodPost, codes, apitest.Obj{"code": "ONCE", "amountOffCents": 500, "maxUses": 1}).MustStatus(t, http.StatusOK))

	// Each refusal names the field "code" and writes nothing.
	for _, c := range []struct{ division, code, reason string }{
		{r.divisionID, "NOPE", "The code NOPE is not a discount code of this event"},
		{r.divisionID, "old", "The code OLD expired on "},
		{r.divisionID, "SCALED", "The code SCALED is not for RX Pairs"},
	} {
		got := registerWith(s, r, c.division, anna, "Adler & Berg", c.code)
		if got.Status != http.StatusBadRequest || !strings.Contains(string(got.Body), `"field":"code"`) || !strings.Contains(string(got.Body), c.reason) {
			t.Fatalf("code %s: %d %s", c.code, got.Status, got.Body)
		}
	}
	if n := s.Rows(t, "competition.registrations", "event_id = $1", r.eventID); n != 0 {
		t.Fatalf("%d registrations written by refused codes", n)
	}
	carl := s.SignUpAthlete("Carl", "Cole")
	registerWith(s, r, r.divisionID, carl, "Cole Team", "once").MustStatus(t, http.StatusOK)
	apitest.WantError(t, registerWith(s, r, r.divisionID, s.SignUpAthlete("Dora", "Dahl"), "Dahl Team", "ONCE"), http.StatusBadRequest, "code",
		"The code ONCE has been used up")

	// Redeemed: the fee owed is 25% lower, the code named, in any case.
	reg := apitest.Decode(t, registerWith(s, r, r.divisionID, anna, "Adler & Berg", " save25 ").MustStatus(t, http.StatusOK))
	if reg["feeCents"] != float64(3000) || reg["discountCode"] != "Save25" || reg["discountCents"] != float64(1000) {
		t.Fatalf("registered with a code: %v", reg)
	}
	reg = apitest.Decode(t, accept(s, ben, reg["shareCode"].(string)).MustStatus(t, http.StatusOK))
	id := reg["id"].(string)
	if !strings.Contains(reg["howToPay"].(string), "30.00 EUR") {
		t.Fatalf("how to pay: %v", reg["howToPay"])
	}
	// Stripe charges the lower fee: a payment of it counts.
	payload := stripetest.CheckoutCompleted("evt_discount_1", id, 3000, "eur", time.Now())
	webhook(s, payload, stripetest.Sign(payload, stripetest.WebhookSecret, time.Now())).MustStatus(t, http.StatusOK)
	if got := mine(t, s, anna, id); got["paid"] != true || got["paymentMethod"] != "stripe" {
		t.Fatalf("paid the discounted fee online: %v", got)
	}
	receipt := mailpit.WaitFor(anna.Email, "Receipt: entry fee of team Adler & Berg", 20*time.Second)
	for _, want := range []string{"Entry fee: 40.00 EUR", "Discount (code Save25): -10.00 EUR", "Amount paid: 30.00 EUR, online by card (Stripe)"} {
		if !strings.Contains(receipt.Text, want) {
			t.Errorf("receipt lacks %q:\n%s", want, receipt.Text)
		}
	}
	// By hand: the organiser marks the lower fee paid.
	s.Admin(http.MethodPost, "/api/registrations/"+carlsRegistration(t, s, carl)+"/paid", apitest.Obj{"method": "cash"}).MustStatus(t, http.StatusOK)

	total := moneyTotal(t, s, r.eventID)
	if total["paidOnlineCents"] != "3000" || total["paidByHandCents"] != "3500" || total["discountCents"] != "1500" || total["discountCount"] != float64(2) {
		t.Fatalf("money: %v", total)
	}
	csv := string(s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/money.csv", nil).MustStatus(t, http.StatusOK).Body)
	if !strings.Contains(csv, "Discounts") || !strings.Contains(csv, ",15.00,2") {
		t.Fatalf("money CSV: %q", csv)
	}
	// The list counts the uses; the athlete's own data names the code and the refund.
	list := apitest.Decode(t, s.Admin(http.MethodGet, codes, nil).MustStatus(t, http.StatusOK))["codes"].([]any)
	uses := map[string]float64{}
	for _, c := range list {
		uses[c.(apitest.Obj)["code"].(string)] = c.(apitest.Obj)["uses"].(float64)
	}
	if uses["Save25"] != 1 || uses["ONCE"] != 1 || uses["OLD"] != 0 {
		t.Fatalf("uses: %v", uses)
	}
	s.Admin(http.MethodPost, "/api/registrations/"+id+"/refund", apitest.Obj{"amountCents": 1000}).MustStatus(t, http.StatusOK)
	data := string(s.Do(http.MethodGet, "/api/registration/my-data.csv", nil, ben.Token).MustStatus(t, http.StatusOK).Body)
	for _, want := range []string{"Entry fee,40.00 EUR", "Discount code,Save25", "Discount,10.00 EUR", "Fee after discount,30.00 EUR",
		"Refund,10.00 EUR", "Refund paid back,\"online, to the card it was paid with (Stripe)\"", "Refund decided at,"} {
		if !strings.Contains(data, want) {
			t.Errorf("the athlete's data lacks %q:\n%s", want, data)
		}
	}
	// Deleting a code is the organiser's, recorded; the registration keeps its price.
	s.Do(http.MethodDelete, codes+"/"+once["id"].(string), nil, anna.Token).MustStatus(t, http.StatusForbidden)
	s.Admin(http.MethodDelete, codes+"/"+once["id"].(string), nil).MustStatus(t, http.StatusOK)
	apitest.WantError(t, s.Admin(http.MethodDelete, codes+"/"+once["id"].(string), nil), http.StatusNotFound, "", "Discount code not found")
	if n := s.Rows(t, "competition.activity", "entity_id = $1 AND action = 'discount_code_deleted'", r.eventID); n != 1 {
		t.Fatalf("%d deletions of codes in the activity", n)
	}
	if n := s.Rows(t, "competition.registrations", "discount_code = 'ONCE' AND fee_cents = 3500"); n != 1 {
		t.Fatal("the registration lost its discount with the code")
	}
}

// carlsRegistration is the id of the athlete's one registration.
func carlsRegistration(t *testing.T, s *stacktest.Stack, a stacktest.Athlete) string {
	t.Helper()
	list := apitest.DecodeList(t, s.Do(http.MethodGet, "/api/registration/mine", nil, a.Token).MustStatus(t, http.StatusOK))
	if len(list) != 1 {
		t.Fatalf("%d registrations of %s", len(list), a.Email)
	}
	return list[0]["id"].(string)
}

// TestDiscountCodeUsedByAHundredAtOnce: a hundred athletes redeem a code limited to 7 uses at
// once; exactly 7 get it, the others are told it is used up and register nothing.
func TestDiscountCodeUsedByAHundredAtOnce(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	r := openRegistration(t, s, apitest.Obj{"feeCents": 4000, "capacity": 200})
	s.Admin(http.MethodPost, "/api/events/"+r.eventID+"/discount-codes", apitest.Obj{"code": "RUSH", "percentOff": 50, "maxUses": 7}).
		MustStatus(t, http.StatusOK)
	const n, limit = 100, 7
	athletes := s.AthletesForLoad(n)
	answers := make([]*stacktest.Response, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range athletes {
		wg.Go(func() {
			<-start
			answers[i] = registerWith(s, r, r.divisionID, athletes[i], fmt.Sprintf("Rush %d", i), "RUSH")
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
			a.WantError(t, http.StatusBadRequest, "code", "The code RUSH has been used up")
		default:
			t.Errorf("athlete %d: %d %s", i, a.Status, a.Body)
		}
	}
	if ok != limit {
		t.Fatalf("%d athletes redeemed a code limited to %d uses", ok, limit)
	}
	if got := s.Rows(t, "competition.registrations", "event_id = $1 AND discount_code = 'RUSH' AND fee_cents = 2000", r.eventID); got != limit {
		t.Fatalf("%d discounted registrations, want %d", got, limit)
	}
	if got := s.Rows(t, "competition.registrations", "event_id = $1", r.eventID); got != limit {
		t.Fatalf("%d registrations written, want %d: a refused code writes nothing", got, limit)
	}
	if got := s.Rows(t, "competition.discount_codes", "code = 'RUSH' AND uses = $1", limit); got != 1 {
		t.Fatal("the code's uses are not its limit")
	}
}
