package money_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/internal/eventtest"
)

// The money view: paid online and by hand, refunded and owed per division, totals, the CSV;
// only an organiser of the event (or an admin) reads it.
func TestEventMoney(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	ev := s.Events(t).Event(eventtest.Fields{"name": "Money Games", "dateFrom": "2026-12-01", "dateTo": "2026-12-02"})
	rx := ev.Division("RX Pairs", "")
	scaled := ev.Division("Scaled Pairs", "")
	ev.Transition("publish")
	for _, d := range []string{rx.GetId(), scaled.GetId()} {
		s.Admin(http.MethodPut, "/api/divisions/"+d+"/registration", apitest.Obj{"opensAt": time.Now().Add(-time.Hour).UTC().Format(time.RFC3339),
			"closesAt": time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339), "capacity": 5, "feeCents": 4000, "currency": "EUR"}).MustStatus(t, http.StatusOK)
	}
	register := func(division, team string) string {
		a, b := s.SignUpAthlete(team, "One"), s.SignUpAthlete(team, "Two")
		var reg apitest.Obj
		if err := json.Unmarshal(s.Do(http.MethodPost, "/api/registration/events/"+ev.ID+"/registrations",
			apitest.Obj{"divisionId": division, "teamName": team}, a.Token).MustStatus(t, http.StatusOK).Body, &reg); err != nil {
			t.Fatal(err)
		}
		s.Do(http.MethodPost, "/api/registration/accept", apitest.Obj{"code": reg["shareCode"]}, b.Token).MustStatus(t, http.StatusOK)
		return reg["id"].(string)
	}
	cash, transfer, online := register(rx.GetId(), "Cash"), register(rx.GetId(), "Transfer"), register(scaled.GetId(), "Online")
	register(rx.GetId(), "Owing") // confirmed, fee not paid
	s.Admin(http.MethodPost, "/api/registrations/"+cash+"/paid", apitest.Obj{"method": "cash"}).MustStatus(t, http.StatusOK)
	s.Admin(http.MethodPost, "/api/registrations/"+transfer+"/paid", apitest.Obj{"method": "transfer"}).MustStatus(t, http.StatusOK)
	// An online payment refunded: Stripe's part (payments_api_test.go on stripe-mock) leaves
	// these columns; the view reads only them.
	conn, err := pgx.Connect(context.Background(), s.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), `UPDATE competition.registrations SET paid_at = now(), payment_method = 'stripe',
		paid_by = 'Stripe', refund_requested_at = now(), refund_cents = 4000, refunded_at = now() WHERE id = $1`, online); err != nil {
		t.Fatal(err)
	}

	var got struct {
		Divisions, Totals []struct {
			DivisionName, Currency                                               string
			PaidOnlineCents, PaidByHandCents, RefundedCents, OwedCents, NetCents string
			PaidOnlineCount, PaidByHandCount, RefundedCount, OwedCount           int
		}
	}
	resp := s.Admin(http.MethodGet, "/api/events/"+ev.ID+"/money", nil).MustStatus(t, http.StatusOK)
	if err := json.Unmarshal(resp.Body, &got); err != nil {
		t.Fatalf("%v: %s", err, resp.Body)
	}
	line := func(l struct {
		DivisionName, Currency                                               string
		PaidOnlineCents, PaidByHandCents, RefundedCents, OwedCents, NetCents string
		PaidOnlineCount, PaidByHandCount, RefundedCount, OwedCount           int
	}) string {
		return strings.Join([]string{l.DivisionName, l.Currency, l.PaidOnlineCents, l.PaidByHandCents, l.RefundedCents, l.OwedCents, l.NetCents}, "/") +
			strings.Repeat("#", l.PaidByHandCount) + strings.Repeat("o", l.OwedCount) + strings.Repeat("r", l.RefundedCount) + strings.Repeat("s", l.PaidOnlineCount)
	}
	var lines []string
	for _, l := range got.Divisions {
		lines = append(lines, line(l))
	}
	for _, l := range got.Totals {
		lines = append(lines, line(l))
	}
	// division/currency/paid online/by hand/refunded/owed/net, then # per team paid by hand, o owing,
	// r refunded, s paid online; the totals line has no division.
	want := "RX Pairs/EUR/0/8000/0/4000/8000##o,Scaled Pairs/EUR/4000/0/4000/0/0rs,/EUR/4000/8000/4000/4000/8000##ors"
	if strings.Join(lines, ",") != want {
		t.Errorf("money:\n%s\nwant\n%s", strings.Join(lines, ","), want)
	}

	csv := string(s.Admin(http.MethodGet, "/api/events/"+ev.ID+"/money.csv", nil).MustStatus(t, http.StatusOK).Body)
	for _, row := range []string{"Division,Currency,Paid online,", "RX Pairs,EUR,0.00,0,80.00,2,0.00,0,40.00,1,80.00,0.00,0,0.00,0\r\n",
		"Scaled Pairs,EUR,40.00,1,0.00,0,40.00,1,0.00,0,0.00,0.00,0,0.00,0\r\n", "Total,EUR,40.00,1,80.00,2,40.00,1,40.00,1,80.00,0.00,0,0.00,0\r\n"} {
		if !strings.Contains(csv, row) {
			t.Errorf("csv lacks %q:\n%s", row, csv)
		}
	}

	// A scorer of the event and an athlete read nothing; an unknown event is not found.
	var u struct{ ID string }
	s.Admin(http.MethodPost, "/api/users", apitest.Obj{"username": "money_scorer", "password": "money-scorer-passphrase", "role": "scorer"}).MustStatus(t, http.StatusOK).Decode(t, &u)
	s.Admin(http.MethodPut, "/api/events/"+ev.ID+"/access/"+u.ID, apitest.Obj{"role": "scorer"}).MustStatus(t, http.StatusOK)
	scorer := s.Login("money_scorer", "money-scorer-passphrase")
	for _, path := range []string{"/money", "/money.csv"} {
		if got := s.Do(http.MethodGet, "/api/events/"+ev.ID+path, nil, scorer).Status; got != http.StatusForbidden {
			t.Errorf("scorer %s: %d", path, got)
		}
		if got := s.Do(http.MethodGet, "/api/events/"+ev.ID+path, nil, s.SignUpAthlete("Nosy", path).Token).Status; got == http.StatusOK {
			t.Errorf("athlete %s: %d", path, got)
		}
	}
	if got := s.Admin(http.MethodGet, "/api/events/00000000-0000-4000-8000-000000000000/money", nil).Status; got != http.StatusNotFound {
		t.Errorf("unknown event: %d", got)
	}
}
