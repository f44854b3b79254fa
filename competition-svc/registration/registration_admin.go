package registration

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/csvfile"
)

// Registration, the organiser's side (docs/registration.md): open a division, see and decide
// registrations, record payments, move teams. The access rules (competition-svc/access.go) have checked the
// organiser grant on the event before any of these runs.

// SettingsInput is a division's registration settings as the organiser sends them.
type SettingsInput struct {
	OpensAt, ClosesAt string
	Capacity          int32
	FeeCents          int32
	Currency          string
	Waitlist          bool
	ApprovalRequired  bool
	RefundDeadline    string
}

func (in SettingsInput) clean() (store.RegSettings, error) {
	var out store.RegSettings
	var err error
	if out.OpensAt, err = parseRegInstant("opensAt", in.OpensAt, msgRegOpensAt); err != nil {
		return out, err
	}
	if out.ClosesAt, err = parseRegInstant("closesAt", in.ClosesAt, msgRegClosesAt); err != nil {
		return out, err
	}
	if !out.OpensAt.Before(out.ClosesAt) {
		return out, apperr.Invalid("closesAt", msgRegClosesBefore)
	}
	if in.Capacity < 1 || in.Capacity > capacityMax {
		return out, apperr.Invalid("capacity", msgRegCapacity)
	}
	if in.FeeCents < 0 || in.FeeCents > feeMaxCents {
		return out, apperr.Invalid("feeCents", msgRegFee)
	}
	out.Currency = core.TrimUpper(in.Currency)
	if out.Currency == "" {
		out.Currency = "EUR"
	}
	if len(out.Currency) != 3 || strings.Trim(out.Currency, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		return out, apperr.Invalid("currency", msgRegCurrency)
	}
	out.Capacity, out.FeeCents, out.Waitlist, out.ApprovalRequired = in.Capacity, in.FeeCents, in.Waitlist, in.ApprovalRequired
	if strings.TrimSpace(in.RefundDeadline) != "" {
		at, err := parseRegInstant("refundDeadline", in.RefundDeadline, msgRegRefundAt)
		if err != nil {
			return out, err
		}
		out.RefundDeadline = &at
	}
	return out, nil
}

// GetRegistrationSettings returns a division's settings; ok is false when it has none.
func (s *service) GetRegistrationSettings(ctx context.Context, divisionID string) (_ store.Division, _ store.RegSettings, _ bool, err error) {
	defer apperr.Wrap(&err, "registration.GetRegistrationSettings(%q)", divisionID)
	d, err := s.DivisionOfEvent(ctx, "", divisionID, false)
	if err != nil {
		return d, store.RegSettings{}, false, err
	}
	set, err := s.Store.GetRegSettings(ctx, d.ID)
	if errors.Is(err, store.ErrNotFound) {
		return d, store.RegSettings{DivisionID: d.ID, EventID: d.EventID}, false, nil
	}
	return d, set, err == nil, err
}

// PutRegistrationSettings opens (or changes) a division's registration.
func (s *service) PutRegistrationSettings(ctx context.Context, divisionID string, in SettingsInput) (_ store.RegSettings, err error) {
	defer apperr.Wrap(&err, "registration.PutRegistrationSettings(%q)", divisionID)
	// The division first: a missing one answers as one the caller may not see (competition-svc/access.go).
	d, err := s.DivisionOfEvent(ctx, "", divisionID, false)
	if err != nil {
		return store.RegSettings{}, err
	}
	set, err := in.clean()
	if err != nil {
		return set, err
	}
	set.DivisionID, set.EventID, set.DivisionName = d.ID, d.EventID, d.Name
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.PutRegSettings(ctx, set); err != nil {
			return err
		}
		// More places may have come: the waiting list moves up.
		var mails []core.Mail
		var entries []store.Activity
		for {
			m, e, err := s.offerPlace(ctx, tx, set)
			if err != nil {
				return err
			}
			if len(e) == 0 && len(m) == 0 {
				break
			}
			mails, entries = append(mails, m...), append(entries, e...)
		}
		if err := s.QueueMails(ctx, tx, mails); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, append([]store.Activity{core.Change(ctx, d.EventID, "updated", "division", d.ID,
			fmt.Sprintf("Registration for %s: %s to %s, %d places, %s, waiting list %s, approval %s", d.Name,
				set.OpensAt.UTC().Format(regTimeLayout), set.ClosesAt.UTC().Format(regTimeLayout), set.Capacity,
				feeLabel(set.FeeCents, set.Currency), onOff(set.Waitlist), onOff(set.ApprovalRequired)))}, entries...)...)
	})
	if err != nil {
		return set, err
	}
	s.Changed(ctx, d.EventID)
	return s.Store.GetRegSettings(ctx, d.ID)
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// DivisionCount is one division's figures for the organiser.
type DivisionCount struct {
	Division   store.Division
	Settings   store.RegSettings
	Configured bool
	Places     store.Places
	Confirmed  int32
	Paid       int32
	Waiting    int32
	// ChangeRequests are the open division change requests (division_changes.go).
	ChangeRequests int32
}

// EventRegistrations returns an event's registrations (filtered; waiverMissing keeps those with
// an athlete whose waiver is missing, docs/waivers.md) and every division's counts.
func (s *service) EventRegistrations(ctx context.Context, eventID, divisionID, state string, waiverMissing bool) (_ []store.Registration, _ []DivisionCount, err error) {
	defer apperr.Wrap(&err, "registration.EventRegistrations(%q, %q)", eventID, divisionID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, nil, err
	}
	if divisionID != "" {
		if _, err := s.DivisionOfEvent(ctx, eventID, divisionID, false); err != nil {
			return nil, nil, err
		}
	}
	if state != "" && !RegState(state).Valid() {
		return nil, nil, apperr.Invalid("state", msgRegStateFilter)
	}
	all, err := s.Store.ListRegistrations(ctx, store.RegFilter{EventID: eventID})
	if err != nil {
		return nil, nil, err
	}
	divisions, err := s.Store.ListEventDivisions(ctx, eventID)
	if err != nil {
		return nil, nil, err
	}
	settings, err := s.Store.ListEventRegSettings(ctx, eventID)
	if err != nil {
		return nil, nil, err
	}
	counts := make([]DivisionCount, len(divisions))
	for i, d := range divisions {
		c := DivisionCount{Division: d}
		if j := slices.IndexFunc(settings, func(x store.RegSettings) bool { return x.DivisionID == d.ID }); j >= 0 {
			c.Settings, c.Configured = settings[j], true
		}
		if c.Places, err = s.Store.CountPlaces(ctx, d.ID); err != nil {
			return nil, nil, err
		}
		for _, r := range all {
			if r.DivisionID != d.ID {
				continue
			}
			switch RegState(r.State) {
			case StateConfirmed:
				c.Confirmed++
			case StateWaitingPartner, StateWaitingPayment, StateWaitingApproval:
				c.Waiting++
			}
			if r.PaidAt != nil && !RegState(r.State).Ended() {
				c.Paid++
			}
			if r.DivisionChange.ID != "" {
				c.ChangeRequests++
			}
		}
		counts[i] = c
	}
	missing, err := s.Waivers.MissingRegistrations(ctx, eventID)
	if err != nil {
		return nil, nil, err
	}
	list := all[:0:0]
	for _, r := range all {
		if (divisionID == "" || strings.EqualFold(r.DivisionID, divisionID)) && (state == "" || r.State == state) &&
			(!waiverMissing || missing[r.ID]) {
			list = append(list, r)
		}
	}
	if list, err = s.listWithTransfers(ctx, list); err != nil {
		return nil, nil, err
	}
	return list, counts, nil
}

// ExportRegistrations is the organiser's list as CSV.
func (s *service) ExportRegistrations(ctx context.Context, eventID, divisionID, state string, waiverMissing bool) (_ string, _ string, err error) {
	defer apperr.Wrap(&err, "registration.ExportRegistrations(%q, %q)", eventID, divisionID)
	list, counts, err := s.EventRegistrations(ctx, eventID, divisionID, state, waiverMissing)
	if err != nil {
		return "", "", err
	}
	missing, err := s.Waivers.MissingRegistrations(ctx, eventID) // the event exists: EventRegistrations found it
	if err != nil {
		return "", "", err
	}
	ev, err := s.Store.GetEvent(ctx, eventID) // found by EventRegistrations
	if err != nil {
		return "", "", fmt.Errorf("export registrations: %w", err)
	}
	rows := [][]string{{"Division", "Team", "State", "Captain", "Captain email", "Partner", "Partner email",
		"Fee", "Paid", "Paid by", "Method", "Waitlist position", "Registered at", "Waiver", "Reference"}}
	for _, r := range list {
		paid, position := "", ""
		if r.PaidAt != nil {
			paid = r.PaidAt.UTC().Format(time.RFC3339)
		}
		if r.WaitlistPosition > 0 {
			position = fmt.Sprint(r.WaitlistPosition)
		}
		rows = append(rows, []string{r.DivisionName, r.TeamName, StateLabel(r.State), r.CaptainName, r.CaptainEmail,
			r.PartnerName, r.PartnerEmail, feeLabel(r.FeeCents, r.Currency), paid, r.PaidBy, r.PaymentMethod, position,
			r.CreatedAt.UTC().Format(time.RFC3339), map[bool]string{true: "missing", false: ""}[missing[r.ID]],
			PaymentReference(r.ID)})
	}
	return registrationsFileName(ev.Name, counts, divisionID, state, time.Now()), csvfile.Render(rows), nil
}

// registrationsFileName says what the export holds: the event, the division and state it is
// narrowed to, and the day.
func registrationsFileName(event string, counts []DivisionCount, divisionID, state string, made time.Time) string {
	division := ""
	for _, c := range counts {
		if divisionID != "" && strings.EqualFold(c.Division.ID, divisionID) {
			division = c.Division.Name
		}
	}
	what := "registrations"
	if state != "" {
		what += " (" + strings.ToLower(StateLabel(state)) + ")"
	}
	return csvfile.FileName(made, event, division, what)
}

// organiserRegistration reads the registration an organiser RPC addresses.
func (s *service) organiserRegistration(ctx context.Context, id string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.organiserRegistration(%q)", id)
	id, err = core.ParseID("id", id, "Registration")
	if err != nil {
		return store.Registration{}, err
	}
	r, err := s.Store.GetRegistration(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return r, apperr.NotFound(MsgRegNotFound)
	}
	return r, err
}

// decide runs an organiser's decision on a live registration in one transaction: apply
// changes the registration, then its state follows (advance).
func (s *service) decide(ctx context.Context, id string, apply func(r *store.Registration) (string, error)) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.decide(%q)", id)
	found, err := s.organiserRegistration(ctx, id)
	if err != nil {
		return found, err
	}
	var teamMade bool
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		set, r, err := lockRegistration(ctx, tx, found.ID)
		if err != nil {
			return err
		}
		if RegState(r.State).Ended() {
			return apperr.Conflict(fmt.Sprintf(msgRegAlreadyEnded, strings.ToLower(StateLabel(r.State))))
		}
		wasPaid := r.PaidAt != nil
		summary, err := apply(&r)
		if err != nil {
			return err
		}
		hadTeam := r.TeamID != ""
		mails, entries, err := s.advance(ctx, tx, &r, set)
		if err != nil {
			return err
		}
		if !wasPaid && r.PaidAt != nil {
			receipt, err := s.receiptMails(ctx, tx, s.TeamLanguages(ctx, r), r)
			if err != nil {
				return err
			}
			mails = append(mails, receipt...)
		}
		teamMade = !hadTeam && r.TeamID != ""
		if err := s.QueueMails(ctx, tx, mails); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, append([]store.Activity{core.Change(ctx, r.EventID, "updated", "registration", r.ID, summary)}, entries...)...)
	})
	if err != nil {
		return store.Registration{}, err
	}
	if teamMade {
		s.Changed(ctx, found.EventID)
	}
	return s.Store.GetRegistration(ctx, found.ID)
}

// ApproveRegistration approves a registration waiting for approval.
func (s *service) ApproveRegistration(ctx context.Context, id string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.ApproveRegistration(%q)", id)
	return s.decide(ctx, id, func(r *store.Registration) (string, error) {
		if r.State != string(StateWaitingApproval) {
			return "", apperr.Conflict(fmt.Sprintf(msgRegNotAwaitingApprov, strings.ToLower(StateLabel(r.State))))
		}
		r.ApprovedAt, r.ApprovedBy = new(time.Now()), authn.Actor(ctx)
		return fmt.Sprintf("Team %s in %s approved", r.TeamName, r.DivisionName), nil
	})
}

// MarkRegistrationPaid records a payment taken by hand (cash, transfer) and who took it.
func (s *service) MarkRegistrationPaid(ctx context.Context, id, method string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.MarkRegistrationPaid(%q)", id)
	method = strings.ToLower(core.Trim(method))
	return s.decide(ctx, id, func(r *store.Registration) (string, error) {
		if !slices.Contains(handPaymentMethods, method) {
			return "", apperr.Invalid("method", msgRegPaidMethod)
		}
		switch {
		case r.PaidAt != nil && r.OwedCents > 0: // the difference owed after a division change
			owed := r.OwedCents
			r.FeeCents, r.OwedCents = r.FeeCents+owed, 0
			return fmt.Sprintf("Team %s in %s paid the price difference of %s (%s)", r.TeamName, r.DivisionName,
				feeLabel(owed, r.Currency), method), nil
		case r.FeeCents == 0:
			return "", apperr.Conflict(msgRegNoFee)
		case r.PaidAt != nil:
			return "", apperr.Conflict(msgRegAlreadyPaid)
		}
		r.PaidAt, r.PaidBy, r.PaymentMethod = new(time.Now()), authn.Actor(ctx), method
		return fmt.Sprintf("Team %s in %s paid %s (%s)", r.TeamName, r.DivisionName, feeLabel(r.FeeCents, r.Currency), method), nil
	})
}

// RefuseRegistration refuses a registration with a reason the athletes are mailed.
func (s *service) RefuseRegistration(ctx context.Context, id, reason string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.RefuseRegistration(%q)", id)
	r, err := s.organiserRegistration(ctx, id)
	if err != nil {
		return r, err
	}
	reason = core.Trim(reason)
	switch {
	case reason == "":
		return store.Registration{}, apperr.Invalid("reason", msgRegReasonRequired)
	case core.Runes(reason) > refusalReasonMax:
		return store.Registration{}, apperr.Invalid("reason", msgRegReasonLong)
	}
	return s.end(ctx, r, StateRefused, reason, fmt.Sprintf("Team %s in %s refused: %s", r.TeamName, r.DivisionName, reason))
}

// MoveRegistration moves a registration (and its team) to another division of the event. A
// registration that holds a place needs a free one there; a waitlisted one joins the end of
// that division's list. The place it leaves goes to the first team waiting. Into a division
// of another size it moves only when its roster fits there (roster_move.go).
func (s *service) MoveRegistration(ctx context.Context, id, divisionID string) (_ store.Registration, err error) {
	defer apperr.Wrap(&err, "registration.MoveRegistration(%q, %q)", id, divisionID)
	found, err := s.organiserRegistration(ctx, id)
	if err != nil {
		return found, err
	}
	target, err := s.DivisionOfEvent(ctx, "", divisionID, false)
	if err != nil {
		return found, err
	}
	switch {
	case target.EventID != found.EventID:
		return found, apperr.Invalid("divisionId", msgRegMoveOtherEvent)
	case target.ID == found.DivisionID:
		return found, apperr.Invalid("divisionId", msgRegMoveSame)
	case RegState(found.State).Ended():
		return found, apperr.Conflict(fmt.Sprintf(msgRegAlreadyEnded, strings.ToLower(StateLabel(found.State))))
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		return s.moveTx(ctx, tx, found, target, nil)
	})
	if err != nil {
		return store.Registration{}, err
	}
	s.Changed(ctx, found.EventID)
	return s.Store.GetRegistration(ctx, found.ID)
}

// moveHook runs inside a move once the registration is in its new division (its athletes
// moved, its place checked) and before its state follows: it may change r (its price) and
// returns the mails and activity it adds, or refuses the move.
type moveHook func(r *store.Registration, to store.RegSettings) ([]core.Mail, []store.Activity, error)

// moveTx moves found (and its team) to target in tx: the organiser's move and an approved
// division change (division_changes.go) alike. A registration that holds a place needs a free
// one there; a waitlisted one joins the end of that division's list; the place it leaves goes
// to the first team waiting.
func (s *service) moveTx(ctx context.Context, tx *store.Store, found store.Registration, target store.Division, hook moveHook) (err error) {
	defer apperr.Wrap(&err, "registration.moveTx(%q, %q)", found.ID, target.ID)
	// Both divisions' settings, in id order: two moves in opposite directions never wait
	// on each other.
	first, second := found.DivisionID, target.ID
	if second < first {
		first, second = second, first
	}
	for _, d := range []string{first, second} {
		if _, err := tx.LockRegSettings(ctx, d); err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	to, err := tx.GetRegSettings(ctx, target.ID)
	if errors.Is(err, store.ErrNotFound) {
		return apperr.ConflictField("divisionId", msgRegNotConfigured)
	} else if err != nil {
		return err
	}
	from, err := tx.GetRegSettings(ctx, found.DivisionID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	r, err := tx.LockRegistration(ctx, found.ID)
	if err != nil {
		return err
	}
	if r.DivisionID != found.DivisionID || RegState(r.State).Ended() {
		return apperr.Conflict("The registration changed meanwhile: reload and try again")
	}
	if results, err := s.registeredTeamUnlocked(ctx, tx, r); err != nil {
		return err
	} else if results > 0 {
		return apperr.ConflictField("divisionId", fmt.Sprintf(core.MsgTeamMoveHasResults, r.TeamName, results, core.Plural(int(results), "result", "results")))
	}
	if taken, err := tx.TeamNameTaken(ctx, target.ID, r.TeamName, r.ID); err != nil {
		return err
	} else if taken {
		return apperr.ConflictField("divisionId", fmt.Sprintf(msgRegTeamNameTaken, r.TeamName, target.Name))
	}
	rules, err := tx.DivisionRosterRules(ctx, target.ID)
	if err != nil {
		return err
	}
	laidOut := byPlaces(r)
	if r, err = s.fitRoster(ctx, tx, r, target, rules); err != nil {
		return err
	}
	if laidOut || byPlaces(r) { // places kept, dropped or made for the target's size
		if err := tx.ReplacePlaces(ctx, r.ID, r.Places); err != nil {
			return err
		}
	}
	if err := tx.MoveAthletes(ctx, r.ID, target.ID); errors.Is(err, store.ErrAthleteTaken) {
		return apperr.ConflictField("divisionId", fmt.Sprintf("An athlete of team %s is already in a team of %s", r.TeamName, target.Name))
	} else if err != nil {
		return err
	}
	heldPlace := r.HoldsPlace
	if heldPlace {
		left, err := core.FreePlaces(ctx, tx, to)
		if err != nil {
			return err
		}
		if left == 0 {
			return apperr.ConflictField("divisionId", fmt.Sprintf("%s has no free place", target.Name))
		}
	} else {
		r.WaitlistedAt = new(time.Now())
	}
	before := r.DivisionName
	r.DivisionID, r.DivisionName = target.ID, target.Name
	if r.TeamID != "" {
		t, err := tx.GetTeam(ctx, r.TeamID)
		if err != nil {
			return err
		}
		t.DivisionID = target.ID
		if err := tx.UpdateTeam(ctx, t); err != nil {
			return err
		}
	}
	var hookMails []core.Mail
	var hookEntries []store.Activity
	if hook != nil {
		if hookMails, hookEntries, err = hook(&r, to); err != nil {
			return err
		}
	}
	mails, entries, err := s.advance(ctx, tx, &r, to)
	if err != nil {
		return err
	}
	entries = append(append([]store.Activity{core.Change(ctx, r.EventID, "moved", "registration", r.ID,
		fmt.Sprintf("Team %s moved from %s to %s", r.TeamName, before, target.Name))}, hookEntries...), entries...)
	mails = append(hookMails, mails...)
	return s.leaveDivision(ctx, tx, heldPlace, from, mails, entries)
}
