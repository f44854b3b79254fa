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

// Division changes on request (docs/registration.md, "Division changes"): the captain asks,
// the organiser approves (move, eligibility, capacity, the price difference owed or refunded,
// in one transaction) or refuses with a reason; the team is mailed (Mailpit), Stripe is
// stripe-mock.

// openDivision opens registration on a new division of r's event with a fee and capacity.
func openDivision(t *testing.T, s *stacktest.Stack, r regEvent, name string, feeCents, capacity int) string {
	t.Helper()
	d := r.event.Division(name, "")
	s.Admin(http.MethodPut, "/api/divisions/"+d.GetId()+"/registration", apitest.Obj{"opensAt": rfc(-time.Hour),
		"closesAt": rfc(24 * time.Hour), "capacity": capacity, "currency": "EUR", "feeCents": feeCents, "waitlist": false}).
		MustStatus(t, http.StatusOK)
	return d.GetId()
}

func askChange(s *stacktest.Stack, a stacktest.Athlete, id, division, note string) *stacktest.Response {
	return s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/division-change", apitest.Obj{"divisionId": division, "note": note}, a.Token)
}

func approveChange(s *stacktest.Stack, id string, body apitest.Obj) *stacktest.Response {
	return s.Admin(http.MethodPost, "/api/registrations/"+id+"/division-change/approve", body)
}

// boardRegistration is the registration as the organiser's board shows it.
func boardRegistration(t *testing.T, s *stacktest.Stack, eventID, id, query string) apitest.Obj {
	t.Helper()
	view := apitest.Decode(t, s.Admin(http.MethodGet, "/api/events/"+eventID+"/registrations"+query, nil).MustStatus(t, http.StatusOK))
	for _, r := range view["registrations"].([]any) {
		if r := r.(apitest.Obj); r["id"] == id {
			return r
		}
	}
	return nil
}

func TestDivisionChangeToADearerDivisionOwesTheDifference(t *testing.T) {
	t.Parallel()
	mock, mailpit := stripetest.Start(t), mailtest.Start(t)
	env := mock.Env()
	maps.Copy(env, apitest.MailEnv(mailpit))
	s := startStripeStack(t, env)
	r, anna, ben, id := paidTeam(t, s, apitest.Obj{})
	pay(t, s, "evt_change_fee", id)
	if reg := mine(t, s, anna, id); reg["state"] != "confirmed" {
		t.Fatalf("paid: %v", reg)
	}
	elite := openDivision(t, s, r, "Elite Pairs", 6000, 2)
	other := openRegistration(t, s, apitest.Obj{})
	carl := s.SignUpAthlete("Carl", "Cole")

	// Bad requests are refused naming the field, and nothing is written.
	apitest.WantError(t, askChange(s, anna, id, r.divisionID, ""), http.StatusBadRequest, "divisionId",
		"The team is already in this division: choose another one")
	apitest.WantError(t, askChange(s, anna, id, other.divisionID, ""), http.StatusBadRequest, "divisionId",
		"The division must belong to the registration's event")
	apitest.WantError(t, askChange(s, anna, id, elite, strings.Repeat("x", 1001)), http.StatusBadRequest, "note",
		"Note must be at most 1000 characters")
	askChange(s, ben, id, elite, "").WantError(t, http.StatusForbidden, "", "Only the team's captain asks for a division change")
	askChange(s, carl, id, elite, "").MustStatus(t, http.StatusNotFound)
	s.Do(http.MethodPost, "/api/registrations/"+id+"/division-change/approve", apitest.Obj{}, anna.Token).MustStatus(t, http.StatusForbidden)
	if n := s.Rows(t, "competition.division_change_requests", "registration_id = $1", id); n != 0 {
		t.Fatalf("%d requests written by refused calls", n)
	}
	apitest.WantError(t, approveChange(s, id, apitest.Obj{}), http.StatusConflict, "id", "Team Adler & Berg has no open division change request")

	// Anna asks; one open request at a time.
	reg := apitest.Decode(t, askChange(s, anna, id, elite, "We trained hard").MustStatus(t, http.StatusOK))
	change, _ := reg["divisionChange"].(apitest.Obj)
	if change["toDivisionName"] != "Elite Pairs" || change["differenceCents"] != float64(2000) || change["note"] != "We trained hard" {
		t.Fatalf("requested: %v", reg)
	}
	apitest.WantError(t, askChange(s, anna, id, elite, ""), http.StatusConflict, "divisionId",
		"Team Adler & Berg already asked to move to Elite Pairs: cancel that request first")
	if got := boardRegistration(t, s, r.eventID, id, "?changeRequested=true"); got == nil {
		t.Fatal("the board's filter leaves out the open request")
	}

	// Approved: the team owes the difference and waits for its payment again.
	reg = apitest.Decode(t, approveChange(s, id, apitest.Obj{}).MustStatus(t, http.StatusOK))
	if reg["divisionId"] != elite || reg["state"] != "waiting_payment" || reg["owedCents"] != float64(2000) ||
		reg["feeCents"] != float64(4000) || reg["divisionChange"] != nil {
		t.Fatalf("approved: %v", reg)
	}
	if !strings.Contains(reg["howToPay"].(string), "Pay the price difference of 20.00 EUR online") || reg["nextStepLabel"] != "Pay the price difference" {
		t.Errorf("how to pay: %q, next: %q", reg["howToPay"], reg["nextStepLabel"])
	}
	moved := mailpit.WaitFor(ben.Email, "Team Adler & Berg: moved to Elite Pairs", 20*time.Second)
	if !strings.Contains(moved.Text, "please pay the difference of 20.00 EUR") {
		t.Errorf("approval mail:\n%s", moved.Text)
	}
	apitest.WantError(t, approveChange(s, id, apitest.Obj{}), http.StatusConflict, "id",
		"Team Adler & Berg has no open division change request (the last one was approved)")

	if total := moneyTotal(t, s, r.eventID); total["owedCents"] != "2000" || total["netCents"] != "4000" {
		t.Fatalf("money with the difference owed: %v", total)
	}
	// Paid online through the existing Checkout path: for the difference only.
	s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/checkout", nil, anna.Token).MustStatus(t, http.StatusOK)
	poll.Until(t, 60*time.Second, "the Checkout page of the difference", func() bool { return mine(t, s, anna, id)["checkoutUrl"] != "" })
	payload := stripetest.CheckoutCompleted("evt_change_diff", id, 2000, "eur", time.Now())
	webhook(s, payload, stripetest.Sign(payload, stripetest.WebhookSecret, time.Now())).MustStatus(t, http.StatusOK)
	reg = mine(t, s, anna, id)
	if reg["state"] != "confirmed" || reg["feeCents"] != float64(6000) || reg["owedCents"] != float64(0) {
		t.Fatalf("difference paid: %v", reg)
	}
	for _, action := range []string{"change_requested", "change_approved", "moved"} {
		if n := s.Rows(t, "competition.activity", "entity_id = $1 AND action = $2", id, action); n != 1 {
			t.Errorf("%d %q entries in the activity", n, action)
		}
	}
	if n := s.Rows(t, "competition.teams", "division_id = $1 AND name = 'Adler & Berg'", elite); n != 1 {
		t.Errorf("the team did not move with its registration")
	}
	if total := moneyTotal(t, s, r.eventID); total["netCents"] != "6000" || total["owedCents"] != "0" {
		t.Fatalf("money: %v", total)
	}
}

func TestDivisionChangeToACheaperDivisionRefundsOnStripe(t *testing.T) {
	t.Parallel()
	mock, mailpit := stripetest.Start(t), mailtest.Start(t)
	env := mock.Env()
	maps.Copy(env, apitest.MailEnv(mailpit))
	s := startStripeStack(t, env)
	r, anna, _, id := paidTeam(t, s, apitest.Obj{})
	pay(t, s, "evt_change_cheaper", id)
	scaled := openDivision(t, s, r, "Scaled Pairs", 2500, 2)

	askChange(s, anna, id, scaled, "").MustStatus(t, http.StatusOK)
	reg := apitest.Decode(t, approveChange(s, id, apitest.Obj{}).MustStatus(t, http.StatusOK))
	if reg["divisionId"] != scaled || reg["state"] != "confirmed" || reg["refundCents"] != float64(1500) || reg["refundState"] == "" {
		t.Fatalf("approved: %v", reg)
	}
	poll.Until(t, 60*time.Second, "the refund of the difference", func() bool { return mine(t, s, anna, id)["refundState"] == "refunded" })
	if n := s.Rows(t, "competition.registrations", "id = $1 AND refund_id LIKE 're_%' AND refund_cents = 1500", id); n != 1 {
		t.Fatal("no Stripe refund of the difference kept")
	}
	moved := mailpit.WaitFor(anna.Email, "Team Adler & Berg: moved to Scaled Pairs", 20*time.Second)
	if !strings.Contains(moved.Text, "15.00 EUR will be refunded to the card it was paid with") {
		t.Errorf("approval mail:\n%s", moved.Text)
	}
	if total := moneyTotal(t, s, r.eventID); total["refundedCents"] != "1500" || total["netCents"] != "2500" {
		t.Fatalf("money: %v", total)
	}
}

func TestDivisionChangeRefusals(t *testing.T) {
	t.Parallel()
	mailpit := mailtest.Start(t)
	s := stacktest.StartWith(t, stacktest.Options{Env: apitest.MailEnv(mailpit)})
	r, anna, ben, id := paidTeam(t, s, apitest.Obj{})
	s.Admin(http.MethodPost, "/api/registrations/"+id+"/paid", apitest.Obj{"method": "cash"}).MustStatus(t, http.StatusOK)
	full := openDivision(t, s, r, "Full Pairs", 4000, 1)
	members := openDivision(t, s, r, "Members Pairs", 4000, 2)
	s.Admin(http.MethodPut, "/api/divisions/"+members+"/eligibility", apitest.Obj{"requiresMembership": true}).MustStatus(t, http.StatusOK)
	// Full Pairs' one place is taken.
	s.Do(http.MethodPost, "/api/registration/events/"+r.eventID+"/registrations", apitest.Obj{"divisionId": full, "teamName": "Early Birds"},
		s.SignUpAthlete("Eve", "Early").Token).MustStatus(t, http.StatusOK)

	unchanged := func(what string) {
		t.Helper()
		if got := boardRegistration(t, s, r.eventID, id, ""); got["divisionId"] != r.divisionID || got["state"] != "confirmed" || got["divisionChange"] == nil {
			t.Fatalf("%s: refused, yet %v", what, got)
		}
	}
	// A full division refuses on the field, the request stays open.
	askChange(s, anna, id, full, "").MustStatus(t, http.StatusOK)
	apitest.WantError(t, approveChange(s, id, apitest.Obj{}), http.StatusConflict, "divisionId", "Full Pairs has no free place")
	unchanged("full")
	// The captain cancels; cancelling twice names the field.
	s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/division-change/cancel", nil, anna.Token).MustStatus(t, http.StatusOK)
	s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/division-change/cancel", nil, anna.Token).
		WantError(t, http.StatusConflict, "id", "Team Adler & Berg has no open division change request")

	// Eligibility: the rule is named; the organiser lets the team past with a reason.
	askChange(s, anna, id, members, "").MustStatus(t, http.StatusOK)
	apitest.WantError(t, approveChange(s, id, apitest.Obj{}), http.StatusBadRequest, "memberNumber",
		"Membership: this division requires a member number of the federation. The organiser can let you in with an override.")
	unchanged("eligibility")
	reg := apitest.Decode(t, approveChange(s, id, apitest.Obj{"overrideReason": "Membership renewed at the desk"}).MustStatus(t, http.StatusOK))
	if reg["divisionId"] != members || reg["state"] != "confirmed" || reg["owedCents"] != float64(0) {
		t.Fatalf("approved past the rule: %v", reg)
	}
	if n := s.Rows(t, "competition.activity", "entity_id = $1 AND action = 'override' AND summary LIKE '%Membership renewed at the desk%'", id); n != 2 {
		t.Errorf("%d overrides in the activity, want one per athlete", n)
	}

	// Refusal: a reason is required, and mailed.
	s.Do(http.MethodPut, "/api/auth/me/language", apitest.Obj{"language": "es"}, ben.Token).MustStatus(t, http.StatusOK)
	askChange(s, anna, id, r.divisionID, "Back please").MustStatus(t, http.StatusOK)
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/division-change/refuse", apitest.Obj{"reason": " "}),
		http.StatusBadRequest, "reason", "Reason is required")
	s.Admin(http.MethodPost, "/api/registrations/"+id+"/division-change/refuse", apitest.Obj{"reason": "RX is full of sandbaggers"}).
		MustStatus(t, http.StatusOK)
	refused := mailpit.WaitFor(anna.Email, "Team Adler & Berg: division change refused", 20*time.Second)
	if !strings.Contains(refused.Text, "Reason: RX is full of sandbaggers") {
		t.Errorf("refusal mail:\n%s", refused.Text)
	}
	// The partner chose Spanish: the same refusal reaches him in Spanish (docs/architecture.md,
	// "Languages"); the organiser's reason stays as written.
	spanish := mailpit.WaitFor(ben.Email, "Equipo Adler & Berg: cambio de división rechazado", 20*time.Second)
	for _, want := range []string{"Hola, ", "Motivo: RX is full of sandbaggers", "El equipo sigue en "} {
		if !strings.Contains(spanish.Text, want) {
			t.Errorf("Spanish refusal mail without %q:\n%s", want, spanish.Text)
		}
	}
	apitest.WantError(t, s.Admin(http.MethodPost, "/api/registrations/"+id+"/division-change/refuse", apitest.Obj{"reason": "again"}),
		http.StatusConflict, "id", "Team Adler & Berg has no open division change request (the last one was refused)")

	// A withdrawn registration asks nothing.
	s.Do(http.MethodPost, "/api/registration/registrations/"+id+"/withdraw", nil, anna.Token).MustStatus(t, http.StatusOK)
	askChange(s, anna, id, r.divisionID, "").WantError(t, http.StatusConflict, "id", "This registration was withdrawn: it cannot change division")
}
