package registration

import (
	"context"
	"slices"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
	pb "github.com/podium-dev/podium/gen/go/podium/registration/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
)

func (s *Server) GetEventRegistration(ctx context.Context, req *pb.EventRegistrationRequest) (*pb.EventRegistration, error) {
	e, divisions, err := s.svc.EventRegistration(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	now := time.Now()
	out := &pb.EventRegistration{EventId: e.ID, EventName: e.Name, Now: core.Instant(now)}
	for _, d := range divisions {
		w := window(d.Settings.OpensAt, d.Settings.ClosesAt, now)
		out.Divisions = append(out.Divisions, &pb.DivisionRegistration{
			DivisionId: d.Division.ID, DivisionName: d.Division.Name, Settings: settingsPB(d.Settings, true),
			Window: w, WindowLabel: windowLabel(w, d.Settings.OpensAt, d.Settings.ClosesAt),
			PlacesLeft: core.PlacesLeft(d.Settings, d.Places), WaitlistLength: d.Places.Waitlist,
			FeeLabel: feeLabel(d.Settings.FeeCents, d.Settings.Currency),
			// Eligibility asks what the roster rule does, and a birth date with a membership too.
			TeamSize: int32(d.Rules.TeamSize), Categories: categoryNames(d.Rules.Composition), BirthDateRequired: d.Rules.AgeOn != "" || d.Asks.BirthDate,
			RequiresMembership: d.Asks.MemberNumber,
		})
	}
	return out, nil
}

func (s *Server) Register(ctx context.Context, req *pb.RegisterRequest) (*pb.Registration, error) {
	return s.pb(s.svc.Register(ctx, RegisterInput{EventID: req.GetEventId(), DivisionID: req.GetDivisionId(),
		TeamName: req.GetTeamName(), PartnerEmail: req.GetPartnerEmail(), PartnerEmails: req.GetPartnerEmails(),
		Eligible:     Eligible{MemberNumber: req.GetMemberNumber(), BirthDate: req.GetBirthDate(), Category: req.GetCategory()},
		DiscountCode: req.GetDiscountCode()}))
}

func (s *Server) AcceptInvitation(ctx context.Context, req *pb.AcceptInvitationRequest) (*pb.Registration, error) {
	return s.pb(s.svc.AcceptInvitation(ctx, AcceptInput{Code: req.GetCode(),
		Eligible: Eligible{MemberNumber: req.GetMemberNumber(), BirthDate: req.GetBirthDate(), Category: req.GetCategory()}}))
}

func (s *Server) GetInvitation(ctx context.Context, req *pb.AcceptInvitationRequest) (*pb.Invitation, error) {
	inv, err := s.svc.GetInvitation(ctx, req.GetCode())
	if err != nil {
		return nil, err
	}
	r, e := inv.Registration, inv.Event
	return &pb.Invitation{TeamName: r.TeamName, DivisionName: r.DivisionName, EventId: e.ID, EventName: e.Name,
		EventDates: core.DateRange(e.DateFrom, e.DateTo), EventLocation: e.Location, CaptainName: r.CaptainName,
		TeamSize: int32(r.TeamSize), Categories: r.Categories, BirthDateRequired: r.BirthDateRequired || inv.Asks.BirthDate,
		RequiresMembership: inv.Asks.MemberNumber}, nil
}

func (s *Server) ListMyRegistrations(ctx context.Context, _ *pb.ListMyRegistrationsRequest) (*pb.ListRegistrationsResponse, error) {
	list, slots, err := s.svc.ListMyRegistrations(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.ListRegistrationsResponse{Registrations: s.pbs(list)}
	caller, _ := authn.CallerFrom(ctx)
	for _, r := range out.Registrations {
		r.CallerIsCaptain = r.GetCaptainId() == caller.UserID
		for _, sl := range slots[r.GetTeamId()] {
			r.Heats = append(r.Heats, &pb.HeatSlot{WorkoutName: sl.WorkoutName, HeatNumber: sl.HeatNumber,
				StartTime: core.Instant(sl.StartTime), Lane: sl.Lane, PlannedStartTime: core.Instant(sl.PlannedStart)})
		}
	}
	return out, nil
}

func (s *Server) WithdrawRegistration(ctx context.Context, req *pb.RegistrationRequest) (*pb.Registration, error) {
	return s.pb(s.svc.WithdrawRegistration(ctx, req.GetId()))
}

func (s *Server) GetRegistrationSettings(ctx context.Context, req *pb.DivisionSettingsRequest) (*pb.RegistrationSettings, error) {
	_, set, ok, err := s.svc.GetRegistrationSettings(ctx, req.GetDivisionId())
	if err != nil {
		return nil, err
	}
	return settingsPB(set, ok), nil
}

func (s *Server) PutRegistrationSettings(ctx context.Context, req *pb.PutRegistrationSettingsRequest) (*pb.RegistrationSettings, error) {
	set, err := s.svc.PutRegistrationSettings(ctx, req.GetDivisionId(), SettingsInput{OpensAt: req.GetOpensAt(),
		ClosesAt: req.GetClosesAt(), Capacity: req.GetCapacity(), FeeCents: req.GetFeeCents(), Currency: req.GetCurrency(),
		Waitlist: req.GetWaitlist(), ApprovalRequired: req.GetApprovalRequired(), RefundDeadline: req.GetRefundDeadline()})
	if err != nil {
		return nil, err
	}
	return settingsPB(set, true), nil
}

func (s *Server) ListEventRegistrations(ctx context.Context, req *pb.ListEventRegistrationsRequest) (*pb.EventRegistrations, error) {
	list, counts, err := s.svc.EventRegistrations(ctx, req.GetEventId(), req.GetDivisionId(), req.GetState(), req.GetWaiverMissing())
	if err != nil {
		return nil, err
	}
	if req.GetChangeRequested() {
		list = slices.DeleteFunc(list, func(r store.Registration) bool { return r.DivisionChange.ID == "" })
	}
	out := &pb.EventRegistrations{Registrations: s.pbs(list)}
	// The member numbers the athletes gave: the organiser's board only (an athlete reads their
	// own through eligibility's GetMyEligibility).
	for i, r := range list {
		out.Registrations[i].CaptainMemberNumber, out.Registrations[i].PartnerMemberNumber = r.CaptainMemberNumber, r.PartnerMemberNumber
	}
	for _, c := range counts {
		dc := &pb.DivisionCounts{DivisionId: c.Division.ID, DivisionName: c.Division.Name, Configured: c.Configured,
			WaitlistLength: c.Places.Waitlist, Confirmed: c.Confirmed, Paid: c.Paid, Waiting: c.Waiting, ChangeRequests: c.ChangeRequests}
		if c.Configured {
			dc.Capacity, dc.PlacesLeft = c.Settings.Capacity, core.PlacesLeft(c.Settings, c.Places)
		}
		out.Divisions = append(out.Divisions, dc)
	}
	return out, nil
}

func (s *Server) ExportRegistrationsCsv(ctx context.Context, req *pb.ListEventRegistrationsRequest) (*filesv1.CsvFile, error) {
	name, content, err := s.svc.ExportRegistrations(ctx, req.GetEventId(), req.GetDivisionId(), req.GetState(), req.GetWaiverMissing())
	if err != nil {
		return nil, err
	}
	return &filesv1.CsvFile{FileName: name, Content: content}, nil
}

func (s *Server) ApproveRegistration(ctx context.Context, req *pb.RegistrationRequest) (*pb.Registration, error) {
	return s.pb(s.svc.ApproveRegistration(ctx, req.GetId()))
}

func (s *Server) RefuseRegistration(ctx context.Context, req *pb.RefuseRegistrationRequest) (*pb.Registration, error) {
	return s.pb(s.svc.RefuseRegistration(ctx, req.GetId(), req.GetReason()))
}

func (s *Server) MarkRegistrationPaid(ctx context.Context, req *pb.MarkPaidRequest) (*pb.Registration, error) {
	return s.pb(s.svc.MarkRegistrationPaid(ctx, req.GetId(), req.GetMethod()))
}

func (s *Server) MoveRegistration(ctx context.Context, req *pb.MoveRegistrationRequest) (*pb.Registration, error) {
	return s.pb(s.svc.MoveRegistration(ctx, req.GetId(), req.GetDivisionId()))
}

func settingsPB(set store.RegSettings, configured bool) *pb.RegistrationSettings {
	out := &pb.RegistrationSettings{DivisionId: set.DivisionID, EventId: set.EventID, Configured: configured}
	if configured {
		out.OpensAt, out.ClosesAt, out.Capacity = core.Instant(set.OpensAt), core.Instant(set.ClosesAt), set.Capacity
		out.FeeCents, out.Currency, out.Waitlist, out.ApprovalRequired = set.FeeCents, set.Currency, set.Waitlist, set.ApprovalRequired
		if set.RefundDeadline != nil {
			out.RefundDeadline = core.Instant(*set.RefundDeadline)
		}
	}
	return out
}

func registrationPB(r store.Registration, err error) (*pb.Registration, error) {
	if err != nil {
		return nil, err
	}
	step, stepLabel := nextStep(RegState(r.State))
	if step == "pay" && r.PaidAt != nil && r.OwedCents > 0 { // after a change to a dearer division
		stepLabel = "Pay the price difference"
	}
	out := &pb.Registration{Id: r.ID, EventId: r.EventID, EventName: r.EventName, DivisionId: r.DivisionID,
		DivisionName: r.DivisionName, TeamName: r.TeamName, State: r.State, StateLabel: StateLabel(r.State),
		NextStep: step, NextStepLabel: stepLabel, CaptainId: r.CaptainID, CaptainName: r.CaptainName,
		PartnerId: r.PartnerID, PartnerName: r.PartnerName, PartnerEmail: r.PartnerEmail, FeeCents: r.FeeCents,
		Currency: r.Currency, Paid: r.PaidAt != nil, PaidBy: r.PaidBy, PaymentMethod: r.PaymentMethod,
		RefusalReason: r.RefusalReason, WaitlistPosition: r.WaitlistPosition, TeamId: r.TeamID,
		CreatedAt: core.Instant(r.CreatedAt), UpdatedAt: core.Instant(r.UpdatedAt)}
	if r.PaidAt != nil {
		out.PaidAt = core.Instant(*r.PaidAt)
	}
	if !RegState(r.State).Ended() && (!byPlaces(r) && r.PartnerID == "" || byPlaces(r) && hasOpenPlace(r)) {
		out.ShareCode = r.InviteCode
	}
	rosterPB(out, r)
	transfersPB(out, r)
	if checkoutUsable(r.Payment, time.Now()) && r.State == string(StateWaitingPayment) {
		out.CheckoutUrl = r.Payment.CheckoutURL
	}
	out.PaymentPending, out.PaymentError = r.Payment.Pending, r.Payment.LastError
	switch {
	case r.Payment.RefundedAt != nil:
		out.RefundState, out.RefundedAt = "refunded", core.Instant(*r.Payment.RefundedAt)
	case r.Payment.RefundRequestedAt != nil && r.Payment.RefundByHand:
		out.RefundState = "due"
	case r.Payment.RefundRequestedAt != nil:
		out.RefundState = "pending"
	}
	out.RefundCents, out.RefundByHand = r.Payment.RefundCents, r.Payment.RefundByHand
	out.DiscountCode, out.DiscountCents = r.DiscountCode, r.DiscountCents
	out.OwedCents = r.OwedCents
	if c := r.DivisionChange; c.ID != "" {
		price, _ := changePrice(c.ToFeeCents, r, c.Code)
		out.DivisionChange = &pb.DivisionChangeRequest{Id: c.ID, ToDivisionId: c.ToDivisionID, ToDivisionName: c.ToDivisionName,
			ToFeeCents: c.ToFeeCents, ToPriceCents: price, DifferenceCents: moneyOfChange(r, price).Difference, Note: c.Note,
			RequestedBy: c.RequestedBy, RequestedAt: core.Instant(c.CreatedAt)}
	}
	if !RegState(r.State).Ended() {
		preview := refundFor(StateWithdrawn, r, time.Now())
		out.WithdrawalRefundCents = preview.Cents
		if out.RefundState == "" {
			out.RefundByHand = preview.ByHand
		}
	}
	return out, nil
}

// pb is a registration's message, saying whether its fee can be paid online.
func (s *Server) pb(r store.Registration, err error) (*pb.Registration, error) {
	out, err := registrationPB(r, err)
	if out != nil {
		out.OnlinePayment = s.svc.Stripe != nil
		out.HowToPay = howToPay(r, out.OnlinePayment)
		out.PaymentReference = PaymentReference(r.ID)
		if !out.OnlinePayment && r.FeeCents > 0 {
			out.BankDetails = r.BankDetails
		}
		out.RosterLocked = rosterLocked(r, s.svc.Now())
	}
	return out, err
}

func (s *Server) pbs(list []store.Registration) []*pb.Registration {
	out := make([]*pb.Registration, len(list))
	for i, r := range list {
		out[i], _ = s.pb(r, nil)
	}
	return out
}

func (s *Server) StartCheckout(ctx context.Context, req *pb.RegistrationRequest) (*pb.Registration, error) {
	return s.pb(s.svc.StartCheckout(ctx, req.GetId()))
}

func (s *Server) ApplyDiscountCode(ctx context.Context, req *pb.ApplyDiscountCodeRequest) (*pb.Registration, error) {
	return s.pb(s.svc.ApplyDiscountCode(ctx, req.GetId(), req.GetCode()))
}

func (s *Server) RefundRegistration(ctx context.Context, req *pb.RefundRequest) (*pb.Registration, error) {
	return s.pb(s.svc.RefundRegistration(ctx, req.GetId(), req.GetAmountCents()))
}

func (s *Server) MarkRegistrationRefunded(ctx context.Context, req *pb.RefundRequest) (*pb.Registration, error) {
	return s.pb(s.svc.MarkRegistrationRefunded(ctx, req.GetId(), req.GetAmountCents()))
}

func (s *Server) GetRefundPolicy(ctx context.Context, req *pb.RefundPolicyRequest) (*pb.RefundPolicy, error) {
	return refundPolicyPB(req.GetEventId())(s.svc.GetRefundPolicy(ctx, req.GetEventId()))
}

func (s *Server) PutRefundPolicy(ctx context.Context, req *pb.RefundPolicy) (*pb.RefundPolicy, error) {
	return refundPolicyPB(req.GetEventId())(s.svc.PutRefundPolicy(ctx, req.GetEventId(), refundPolicyInput{
		FullUntil: req.GetFullUntil(), PartialUntil: req.GetPartialUntil(), PartialPercent: req.GetPartialPercent()}))
}

// refundPolicyPB is an event's refund policy as its message.
func refundPolicyPB(eventID string) func(store.RefundPolicy, error) (*pb.RefundPolicy, error) {
	return func(p store.RefundPolicy, err error) (*pb.RefundPolicy, error) {
		if err != nil {
			return nil, err
		}
		out := &pb.RefundPolicy{EventId: eventID, PartialPercent: p.PartialPercent}
		if p.FullUntil != nil {
			out.FullUntil = core.Instant(*p.FullUntil)
		}
		if p.PartialUntil != nil {
			out.PartialUntil = core.Instant(*p.PartialUntil)
		}
		return out, nil
	}
}

func (s *Server) ReceiveStripeEvent(ctx context.Context, req *pb.StripeEventRequest) (*pb.StripeEventResponse, error) {
	applied, err := s.svc.ReceiveStripeEvent(ctx, req.GetPayload(), req.GetSignature())
	if err != nil {
		return nil, err
	}
	return &pb.StripeEventResponse{Applied: applied}, nil
}

func (s *Server) ListCheckIn(ctx context.Context, req *pb.CheckInRequest) (*pb.CheckInList, error) {
	teams, counts, err := s.svc.ListCheckIn(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	out := &pb.CheckInList{Teams: make([]*pb.CheckInTeam, len(teams))}
	for i, t := range teams {
		out.Teams[i] = checkInPB(t)
	}
	for _, c := range counts {
		out.Divisions = append(out.Divisions, &pb.CheckInCounts{DivisionId: c.DivisionID, DivisionName: c.DivisionName,
			Teams: c.Teams, Present: c.Present, Absent: c.Absent})
	}
	return out, nil
}

func (s *Server) SetCheckIn(ctx context.Context, req *pb.SetCheckInRequest) (*pb.CheckInTeam, error) {
	t, err := s.svc.SetCheckIn(ctx, req.GetEventId(), req.GetTeamId(), req.GetPresent())
	if err != nil {
		return nil, err
	}
	return checkInPB(t), nil
}

func (s *Server) ScanCheckIn(ctx context.Context, req *pb.ScanCheckInRequest) (*pb.CheckInTeam, error) {
	t, err := s.svc.ScanCheckIn(ctx, req.GetEventId(), req.GetCode())
	if err != nil {
		return nil, err
	}
	return checkInPB(t), nil
}

func checkInPB(t store.CheckInTeam) *pb.CheckInTeam {
	out := &pb.CheckInTeam{TeamId: t.TeamID, TeamName: t.TeamName, DivisionId: t.DivisionID, DivisionName: t.DivisionName,
		Athlete1Name: t.Athlete1Name, Athlete2Name: t.Athlete2Name, RegistrationId: t.RegistrationID,
		Checked: t.Checked, Present: t.Present, By: t.By, Athletes: checkInAthletesPB(t.Athletes)}
	if t.At != nil {
		out.At = core.Instant(*t.At)
	}
	return out
}

func (s *Server) ExportMyData(ctx context.Context, _ *pb.ListMyRegistrationsRequest) (*filesv1.CsvFile, error) {
	name, content, err := s.svc.ExportMyData(ctx)
	if err != nil {
		return nil, err
	}
	return &filesv1.CsvFile{FileName: name, Content: content}, nil
}

func (s *Server) GetPaymentInstructions(ctx context.Context, req *pb.PaymentInstructionsRequest) (*pb.PaymentInstructions, error) {
	details, err := s.svc.GetPaymentInstructions(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	return &pb.PaymentInstructions{EventId: req.GetEventId(), BankDetails: details}, nil
}

func (s *Server) PutPaymentInstructions(ctx context.Context, req *pb.PaymentInstructions) (*pb.PaymentInstructions, error) {
	details, err := s.svc.PutPaymentInstructions(ctx, req.GetEventId(), req.GetBankDetails())
	if err != nil {
		return nil, err
	}
	return &pb.PaymentInstructions{EventId: req.GetEventId(), BankDetails: details}, nil
}
