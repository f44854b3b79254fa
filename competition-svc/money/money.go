// Package money is the organiser's money view of an event (docs/finding-events.md, "Money"):
// paid online and by hand, refunded and owed, per division and currency, and its CSV. It only
// reads the registrations; the access table (organiser grant on the event) guards it.
package money

import (
	"context"
	"fmt"
	"strconv"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/csvfile"
)

type service struct {
	*core.Service
}

// Money implements the money RPCs of competitionv1.CompetitionServiceServer.
type Money struct{ svc *service }

// New returns the money RPCs over the shared service core.
func New(c *core.Service) *Money { return &Money{svc: &service{Service: c}} }

func (m *Money) GetEventMoney(ctx context.Context, req *pb.EventMoneyRequest) (*pb.EventMoney, error) {
	out, _, err := m.svc.eventMoney(ctx, req.GetEventId())
	return out, err
}

func (m *Money) GetEventMoneyCsv(ctx context.Context, req *pb.EventMoneyRequest) (*filesv1.CsvFile, error) {
	view, event, err := m.svc.eventMoney(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	return &filesv1.CsvFile{FileName: csvfile.FileName(m.svc.Now(), event, "money"), Content: csvfile.Render(moneyRows(view))}, nil
}

// eventMoney is the view and the event's name.
func (s *service) eventMoney(ctx context.Context, rawEventID string) (_ *pb.EventMoney, name string, err error) {
	defer apperr.Wrap(&err, "money.eventMoney(%q)", rawEventID)
	eventID, err := s.ExistingEvent(ctx, "eventId", rawEventID)
	if err != nil {
		return nil, "", err
	}
	ev, err := s.Store.GetEvent(ctx, eventID)
	if err != nil {
		return nil, "", err
	}
	lines, err := s.Store.EventMoney(ctx, eventID)
	if err != nil {
		return nil, "", err
	}
	return view(lines), ev.Name, nil
}

// view is the lines as messages, with one total line per currency in the order first seen.
func view(lines []store.MoneyLine) *pb.EventMoney {
	out := &pb.EventMoney{Divisions: []*pb.MoneyLine{}, Totals: []*pb.MoneyLine{}}
	totals := map[string]*pb.MoneyLine{}
	for _, l := range lines {
		m := &pb.MoneyLine{DivisionId: l.DivisionID, DivisionName: l.DivisionName, Currency: l.Currency,
			PaidOnlineCents: l.PaidOnlineCents, PaidOnlineCount: l.PaidOnlineCount, PaidByHandCents: l.PaidByHandCents,
			PaidByHandCount: l.PaidByHandCount, RefundedCents: l.RefundedCents, RefundedCount: l.RefundedCount,
			OwedCents: l.OwedCents, OwedCount: l.OwedCount, RefundDueCents: l.RefundDueCents, RefundDueCount: l.RefundDueCount, NetCents: l.PaidOnlineCents + l.PaidByHandCents - l.RefundedCents,
			DiscountCents: l.DiscountCents, DiscountCount: l.DiscountCount}
		out.Divisions = append(out.Divisions, m)
		t := totals[l.Currency]
		if t == nil {
			t = &pb.MoneyLine{Currency: l.Currency}
			totals[l.Currency] = t
			out.Totals = append(out.Totals, t)
		}
		t.PaidOnlineCents += m.PaidOnlineCents
		t.PaidOnlineCount += m.PaidOnlineCount
		t.PaidByHandCents += m.PaidByHandCents
		t.PaidByHandCount += m.PaidByHandCount
		t.RefundedCents += m.RefundedCents
		t.RefundedCount += m.RefundedCount
		t.OwedCents += m.OwedCents
		t.OwedCount += m.OwedCount
		t.NetCents += m.NetCents
		t.RefundDueCents += m.RefundDueCents
		t.RefundDueCount += m.RefundDueCount
		t.DiscountCents += m.DiscountCents
		t.DiscountCount += m.DiscountCount
	}
	return out
}

// moneyRows is the view as a spreadsheet: amounts in the currency's units ("40.00"), a row per
// division and currency, then the totals.
func moneyRows(v *pb.EventMoney) [][]string {
	rows := [][]string{{"Division", "Currency", "Paid online", "Paid online (teams)", "Paid by hand", "Paid by hand (teams)",
		"Refunded", "Refunded (teams)", "Owed", "Owed (teams)", "Net", "Refund due", "Refund due (teams)",
		"Discounts", "Discounts (teams)"}}
	add := func(name string, l *pb.MoneyLine) {
		rows = append(rows, []string{name, l.GetCurrency(), amount(l.GetPaidOnlineCents()), count(l.GetPaidOnlineCount()),
			amount(l.GetPaidByHandCents()), count(l.GetPaidByHandCount()), amount(l.GetRefundedCents()), count(l.GetRefundedCount()),
			amount(l.GetOwedCents()), count(l.GetOwedCount()), amount(l.GetNetCents()), amount(l.GetRefundDueCents()),
			count(l.GetRefundDueCount()), amount(l.GetDiscountCents()), count(l.GetDiscountCount())})
	}
	for _, l := range v.GetDivisions() {
		add(l.GetDivisionName(), l)
	}
	for _, l := range v.GetTotals() {
		add("Total", l)
	}
	return rows
}

func amount(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d", sign, cents/100, cents%100)
}

func count(n int32) string { return strconv.Itoa(int(n)) }
