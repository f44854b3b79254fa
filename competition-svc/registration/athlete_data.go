package registration

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/csvfile"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// The athlete's own data (docs/access.md, "Athletes"): a download of what Podium keeps of
// them, and the erasure of their name when they delete their account.

// ExportMyData is the signed-in athlete's profile and registrations as one CSV file (cells a
// spreadsheet would run are neutralised by csvfile).
func (s *service) ExportMyData(ctx context.Context) (_ string, _ string, err error) {
	defer apperr.Wrap(&err, "registration.ExportMyData()")
	me, err := s.me(ctx)
	if err != nil {
		return "", "", err
	}
	p, err := s.Athletes.Profile(ctx, me.ID)
	if err != nil {
		return "", "", err
	}
	list, slots, err := s.ListMyRegistrations(ctx)
	if err != nil {
		return "", "", err
	}
	rows := [][]string{{"Section", "Field", "Value"},
		{"Account", "Email address", p.GetEmail()},
		{"Account", "Email confirmed", core.YesNo(p.GetEmailVerified())},
		{"Profile", "First name", p.GetFirstName()},
		{"Profile", "Last name", p.GetLastName()},
		{"Profile", "Club or box", p.GetClub()},
		{"Profile", "Country", p.GetCountry()},
	}
	if p.BirthYear != nil {
		rows = append(rows, []string{"Profile", "Birth year", fmt.Sprint(p.GetBirthYear().GetValue())})
	}
	for _, r := range p.GetLinkReadings() {
		rows = append(rows, []string{"Link read by staff", r.GetReader(), fmt.Sprintf("%s: %d×, first %s, last %s",
			r.GetSubject(), r.GetTimes(), r.GetFirstReadAt(), r.GetLastReadAt())})
	}
	for i, r := range list {
		section := fmt.Sprintf("Registration %d", i+1)
		add := func(field, value string) { rows = append(rows, []string{section, field, value}) }
		add("Event", r.EventName)
		add("Division", r.DivisionName)
		add("Team", r.TeamName)
		if byPlaces(r) {
			rows = append(rows, myPlaceRows(section, r, me.ID)...)
		} else {
			role := "captain"
			if r.PartnerID == me.ID {
				role = "partner"
			}
			add("Your role", role)
			add("Captain", r.CaptainName)
			add("Partner", r.PartnerName)
		}
		add("State", StateLabel(r.State))
		add("Entry fee", feeLabel(r.FeeCents+r.DiscountCents, r.Currency))
		if r.DiscountCode != "" {
			add("Discount code", r.DiscountCode)
			add("Discount", feeLabel(r.DiscountCents, r.Currency))
			add("Fee after discount", feeLabel(r.FeeCents, r.Currency))
		}
		if r.PaidAt != nil {
			add("Paid at", r.PaidAt.UTC().Format(time.RFC3339))
			add("Payment method", r.PaymentMethod)
		}
		rows = append(rows, refundRows(section, r)...)
		if r.RefusalReason != "" {
			add("Refusal reason", r.RefusalReason)
		}
		add("Registered at", r.CreatedAt.UTC().Format(time.RFC3339))
		for _, sl := range slots[r.TeamID] {
			add("Heat", fmt.Sprintf("%s, heat %d, lane %d, %s", sl.WorkoutName, sl.HeatNumber, sl.Lane, sl.StartTime.UTC().Format(time.RFC3339)))
		}
	}
	return "podium-my-data.csv", csvfile.Render(rows), nil
}

// refundRows are a registration's refund in the athlete's download: the amount decided, how it
// is paid back, and when it was made (nothing without a refund).
func refundRows(section string, r store.Registration) [][]string {
	p := r.Payment
	if p.RefundRequestedAt == nil {
		return nil
	}
	rows := [][]string{{section, "Refund", feeLabel(p.RefundCents, r.Currency)}}
	how := "online, to the card it was paid with (Stripe)"
	if p.RefundByHand {
		how = "by hand, by the organiser"
	}
	rows = append(rows, []string{section, "Refund paid back", how},
		[]string{section, "Refund decided at", p.RefundRequestedAt.UTC().Format(time.RFC3339)})
	if p.RefundedAt != nil {
		rows = append(rows, []string{section, "Refunded at", p.RefundedAt.UTC().Format(time.RFC3339)})
	} else {
		rows = append(rows, []string{section, "Refunded at", "not yet"})
	}
	return rows
}

// myPlaceRows are a registration's roster lines in the athlete's download for a division of a
// size other than pairs (docs/rosters.md): their role, the category and birth date kept of
// them, and the names of the places taken (Athlete 2 is place 2); no other athlete's address.
func myPlaceRows(section string, r store.Registration, me string) [][]string {
	var rows [][]string
	add := func(field, value string) { rows = append(rows, []string{section, field, value}) }
	role, category, birthDate := "captain", r.CaptainCategory, r.CaptainBirthDate
	if r.TeamSize == 1 {
		role = "athlete"
	}
	for _, p := range r.Places {
		if p.AthleteID == me && r.CaptainID != me {
			role, category, birthDate = "athlete", p.Category, p.BirthDate
			if p.Substitute {
				role = "substitute"
			}
		}
	}
	add("Your role", role)
	if category != "" {
		add("Your category", category)
	}
	if birthDate != "" {
		add("Your birth date", birthDate)
	}
	add("Captain", r.CaptainName)
	for _, p := range r.Places {
		switch {
		case p.Open():
			continue
		case p.Substitute:
			add("Substitute", p.Name)
		default:
			add(fmt.Sprintf("Athlete %d", p.Position), p.Name)
		}
	}
	return rows
}

// forgetAthlete erases a deleted athlete's name and address from registrations, teams,
// invitations, the activity and the mails (store.ForgetAthlete), in tx, the transaction that
// moves the erasure feed's cursor (erasure_feed.go), and returns the events whose teams
// changed. Published results stay with the team, whose athlete is then "Former athlete".
// Applying it again changes nothing more.
func (s *service) forgetAthlete(ctx context.Context, tx *store.Store, userID, email, name string) (_ []string, err error) {
	defer apperr.Wrap(&err, "registration.forgetAthlete(%q)", userID)
	id, ok := ids.Canonical(strings.TrimSpace(userID))
	if !ok {
		return nil, fmt.Errorf("the erasure feed names user %q, not a UUID", userID)
	}
	_, events, err := tx.ForgetAthlete(ctx, id, strings.TrimSpace(email), strings.TrimSpace(name))
	return events, err
}
