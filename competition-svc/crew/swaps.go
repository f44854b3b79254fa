package crew

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Swaps (docs/crew.md, "Swaps"): a volunteer hands one of their places to another volunteer of
// the event, who accepts; the organiser approves, and only then, in one transaction and
// checked again by the rules, the place changes hands. Each step mails through the outbox.

// SwapInput is a volunteer's proposal: to whom (the address they signed up with) and which
// place, a shift or a heat's lane.
type SwapInput struct {
	ToEmail, ShiftID, HeatID string
	Lane                     int32
}

// Propose records a swap of one of the key's volunteer's places to another volunteer, refused
// when the place is not theirs, already has an open swap, or the other may not take it.
func (s *service) Propose(ctx context.Context, key string, in SwapInput) (_ Mine, err error) {
	defer apperr.Wrap(&err, "crew.Propose()")
	v, err := s.byKey(ctx, key)
	if err != nil {
		return Mine{}, err
	}
	w := store.CrewSwap{ID: uuid.NewString(), EventID: v.EventID, FromID: v.ID, CreatedAt: s.Now()}
	switch {
	case in.ShiftID != "" && in.HeatID != "":
		return Mine{}, apperr.Invalid("shiftId", msgSwapOnePlace)
	case in.ShiftID != "":
		if w.ShiftID, err = core.ParseID("shiftId", in.ShiftID, "Shift"); err != nil {
			return Mine{}, err
		}
	case in.HeatID != "":
		if w.HeatID, err = core.ParseID("heatId", in.HeatID, "Heat"); err != nil {
			return Mine{}, err
		}
		if in.Lane < 0 {
			return Mine{}, apperr.Invalid("lane", msgSwapLane)
		}
		w.Lane = in.Lane
	default:
		return Mine{}, apperr.Invalid("shiftId", msgSwapOnePlace)
	}
	email := strings.TrimSpace(in.ToEmail)
	if email == "" {
		return Mine{}, apperr.Invalid("toEmail", msgSwapToEmail)
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		to, err := tx.EventVolunteerByEmail(ctx, v.EventID, email)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.Invalid("toEmail", msgSwapNobody)
		} else if err != nil {
			return err
		}
		if to.ID == v.ID {
			return apperr.Invalid("toEmail", msgSwapSelf)
		}
		w.ToID, w.ToName, w.FromName = to.ID, to.Name, v.Name
		from, err := s.lockPair(ctx, tx, w)
		if err != nil {
			return err
		}
		if _, err := tx.OpenSwapOf(ctx, w.FromID, w.ShiftID, w.HeatID, w.Lane); err == nil {
			return apperr.ConflictField(placeField(w), msgSwapOpen)
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if msg, err := s.swapRefusal(ctx, tx, w, from); err != nil {
			return err
		} else if msg != "" {
			return apperr.ConflictField(placeField(w), msg)
		}
		if err := tx.InsertSwap(ctx, w); err != nil {
			return err
		}
		place, err := s.placeText(ctx, tx, w)
		if err != nil {
			return err
		}
		if err := tx.RecordActivity(ctx, byVolunteer(v, "swap_proposed", "swap", w.ID,
			fmt.Sprintf("%s asks %s to take over %s", v.Name, to.Name, place))); err != nil {
			return err
		}
		t, err := eventTexts(ctx, tx, v.EventID)
		if err != nil {
			return err
		}
		return s.QueueMails(ctx, tx, []core.Mail{proposedMail(t, v, to, place)})
	})
	if err != nil {
		return Mine{}, err
	}
	return s.mine(ctx, v)
}

// Answer is the asked volunteer's accept (status "accepted") or decline ("declined") of a
// proposed swap; a swap not addressed to them is not found.
func (s *service) Answer(ctx context.Context, key, swapID, status string) (_ Mine, err error) {
	defer apperr.Wrap(&err, "crew.Answer(%q, %q)", swapID, status)
	v, err := s.byKey(ctx, key)
	if err != nil {
		return Mine{}, err
	}
	if swapID, err = core.ParseID("swapId", swapID, "Swap"); err != nil {
		return Mine{}, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		w, err := tx.LockSwap(ctx, v.EventID, swapID)
		if errors.Is(err, store.ErrNotFound) || err == nil && w.ToID != v.ID {
			return apperr.NotFound(msgSwapMissing)
		} else if err != nil {
			return err
		}
		if w.Status != "proposed" {
			return apperr.ConflictField("swapId", fmt.Sprintf(msgSwapDecided, w.Status))
		}
		if err := tx.SetSwapStatus(ctx, w.ID, status, s.Now()); err != nil {
			return err
		}
		place, err := s.placeText(ctx, tx, w)
		if err != nil {
			return err
		}
		if err := tx.RecordActivity(ctx, byVolunteer(v, "swap_"+status, "swap", w.ID,
			fmt.Sprintf("%s %s to take over %s from %s", w.ToName, status, place, w.FromName))); err != nil {
			return err
		}
		t, err := eventTexts(ctx, tx, v.EventID)
		if err != nil {
			return err
		}
		return s.QueueMails(ctx, tx, []core.Mail{answeredMail(t, w, status, place)})
	})
	if err != nil {
		return Mine{}, err
	}
	return s.mine(ctx, v)
}

// ListSwaps returns an event's swaps for the organiser, newest first, each with its place in
// words.
func (s *service) ListSwaps(ctx context.Context, eventID string) (_ []Swap, err error) {
	defer apperr.Wrap(&err, "crew.ListSwaps(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	ws, err := s.Store.EventSwaps(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return s.described(ctx, s.Store, eventID, ws)
}

// Decide is the organiser's approval (the place changes hands, checked again by the rules) or
// refusal of an accepted swap.
func (s *service) Decide(ctx context.Context, eventID, swapID string, approve bool) (_ Swap, err error) {
	defer apperr.Wrap(&err, "crew.Decide(%q, %t)", swapID, approve)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return Swap{}, err
	}
	if swapID, err = core.ParseID("swapId", swapID, "Swap"); err != nil {
		return Swap{}, err
	}
	var out Swap
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		w, err := tx.LockSwap(ctx, eventID, swapID)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgSwapMissing)
		} else if err != nil {
			return err
		}
		if w.Status != "accepted" {
			return apperr.ConflictField("swapId", fmt.Sprintf(msgSwapNotAccepted, w.Status))
		}
		w.Status = "refused"
		if approve {
			if err := s.handOver(ctx, tx, w); err != nil {
				return err
			}
			w.Status = "approved"
		}
		if err := tx.SetSwapStatus(ctx, w.ID, w.Status, s.Now()); err != nil {
			return err
		}
		d, err := s.described(ctx, tx, eventID, []store.CrewSwap{w})
		if err != nil {
			return err
		}
		out = d[0]
		summary := fmt.Sprintf("Swap approved: %s takes over %s from %s", out.ToName, out.Place, out.FromName)
		if !approve {
			summary = fmt.Sprintf("Swap refused: %s stays with %s (asked of %s)", out.Place, out.FromName, out.ToName)
		}
		if err := tx.RecordActivity(ctx, core.Change(ctx, eventID, "swap_"+out.Status, "swap", out.ID, summary)); err != nil {
			return err
		}
		t, err := eventTexts(ctx, tx, eventID)
		if err != nil {
			return err
		}
		return s.QueueMails(ctx, tx, decisionMails(t, out))
	})
	return out, err
}

// handOver moves the swap's place from one volunteer to the other, checked again by the rules
// under the locks a change by hand takes.
func (s *service) handOver(ctx context.Context, tx *store.Store, w store.CrewSwap) (err error) {
	defer apperr.Wrap(&err, "crew.handOver(%q)", w.ID)
	from, err := s.lockPair(ctx, tx, w)
	if err != nil {
		return err
	}
	msg, err := s.swapRefusal(ctx, tx, w, from)
	if err != nil {
		return err
	}
	if msg != "" {
		return apperr.ConflictField("toVolunteerId", msg)
	}
	if w.ShiftID != "" {
		return tx.HandOverShift(ctx, w.ShiftID, w.FromID, w.ToID, s.Now())
	}
	return tx.SetRotationPlace(ctx, w.EventID, store.RotationPlace{HeatID: w.HeatID, Lane: w.Lane, VolunteerID: w.ToID})
}

// lockPair locks the swap's place, then both volunteers in one order (by id), as a change by
// hand takes its locks (the shift, or the rotation, before a volunteer), so no two changes wait
// for each other; it returns the volunteer who gives the place.
func (s *service) lockPair(ctx context.Context, tx *store.Store, w store.CrewSwap) (_ store.Volunteer, err error) {
	defer apperr.Wrap(&err, "crew.lockPair(%q)", w.ID)
	if w.ShiftID != "" {
		// A shift gone is reported by swapRefusal.
		if _, err := tx.LockShift(ctx, w.EventID, w.ShiftID); err != nil && !errors.Is(err, store.ErrNotFound) {
			return store.Volunteer{}, err
		}
	} else if _, err := tx.LockRotationSettings(ctx, w.EventID); errors.Is(err, store.ErrNotFound) {
		return store.Volunteer{}, apperr.ConflictField("heatId", msgNoRotation)
	} else if err != nil {
		return store.Volunteer{}, err
	}
	ids := []string{w.FromID, w.ToID}
	slices.Sort(ids)
	var from store.Volunteer
	for _, id := range ids {
		v, err := tx.LockVolunteer(ctx, w.EventID, id)
		if err != nil {
			return store.Volunteer{}, volunteerGone(err)
		}
		if id == w.FromID {
			from = v
		}
	}
	return from, nil
}

// swapRefusal says why the swap's place cannot go from one volunteer to the other ("" when it
// can): the place must still be the first's, and the second must be allowed to take it by the
// rules a change by hand is checked by.
func (s *service) swapRefusal(ctx context.Context, tx *store.Store, w store.CrewSwap, from store.Volunteer) (_ string, err error) {
	defer apperr.Wrap(&err, "crew.swapRefusal(%q)", w.ID)
	if w.ShiftID != "" {
		sh, err := tx.LockShift(ctx, w.EventID, w.ShiftID)
		if errors.Is(err, store.ErrNotFound) {
			return msgShiftMissing, nil
		} else if err != nil {
			return "", err
		}
		holds := func(id string) bool {
			return slices.ContainsFunc(sh.Volunteers, func(x store.ShiftVolunteer) bool { return x.VolunteerID == id })
		}
		if !holds(w.FromID) {
			return fmt.Sprintf("%s does not work this shift", from.Name), nil
		}
		if holds(w.ToID) {
			return fmt.Sprintf("%s already works this shift", w.ToName), nil
		}
		to, err := tx.EventVolunteer(ctx, w.EventID, w.ToID)
		if err != nil {
			return "", volunteerGone(err)
		}
		// The place is handed over: it does not count as taken.
		sh.Volunteers = slices.DeleteFunc(sh.Volunteers, func(x store.ShiftVolunteer) bool { return x.VolunteerID == w.FromID })
		return s.assignRefusal(ctx, tx, sh, to)
	}
	set, err := tx.GetRotationSettings(ctx, w.EventID)
	if errors.Is(err, store.ErrNotFound) {
		return msgNoRotation, nil
	} else if err != nil {
		return "", err
	}
	places, err := tx.EventRotation(ctx, w.EventID)
	if err != nil {
		return "", err
	}
	if !slices.Contains(places, store.RotationPlace{HeatID: w.HeatID, Lane: w.Lane, VolunteerID: w.FromID}) {
		return fmt.Sprintf("%s does not judge lane %d of this heat", from.Name, w.Lane), nil
	}
	msg, err := s.laneRefusal(ctx, tx, w.EventID, set, w.HeatID, w.Lane, w.ToID)
	if apperr.IsKind(err, apperr.KindNotFound) {
		return msgHeatMissing, nil
	}
	return msg, err
}

func placeField(w store.CrewSwap) string {
	if w.ShiftID != "" {
		return "shiftId"
	}
	return "heatId"
}

// Swap is a swap with its place in words.
type Swap struct {
	store.CrewSwap
	Place string
}

func (s *service) described(ctx context.Context, st *store.Store, eventID string, ws []store.CrewSwap) (_ []Swap, err error) {
	defer apperr.Wrap(&err, "crew.described(%q)", eventID)
	out := make([]Swap, len(ws))
	if len(ws) == 0 {
		return out, nil
	}
	texts, err := s.placeTexts(ctx, st, eventID)
	if err != nil {
		return nil, err
	}
	for i, w := range ws {
		out[i] = Swap{CrewSwap: w, Place: texts[placeKey(w)]}
	}
	return out, nil
}

func (s *service) placeText(ctx context.Context, st *store.Store, w store.CrewSwap) (_ string, err error) {
	defer apperr.Wrap(&err, "crew.placeText(%q)", w.ID)
	d, err := s.described(ctx, st, w.EventID, []store.CrewSwap{w})
	if err != nil {
		return "", err
	}
	return d[0].Place, nil
}

func placeKey(w store.CrewSwap) string {
	if w.ShiftID != "" {
		return w.ShiftID
	}
	return fmt.Sprint(w.HeatID, "/", w.Lane)
}

// placeTexts names every shift and heat lane of an event: "Check-in 09:00–11:00",
// "Fran, heat 1, lane 2 (09:00)".
func (s *service) placeTexts(ctx context.Context, st *store.Store, eventID string) (_ map[string]string, err error) {
	defer apperr.Wrap(&err, "crew.placeTexts(%q)", eventID)
	shifts, err := st.EventShifts(ctx, eventID)
	if err != nil {
		return nil, err
	}
	heats, err := st.ListEventHeats(ctx, eventID)
	if err != nil {
		return nil, err
	}
	workouts, err := st.ListWorkoutsByOrder(ctx, eventID)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, w := range workouts {
		names[w.ID] = w.Name
	}
	out := map[string]string{}
	for _, sh := range shifts {
		out[sh.ID] = fmt.Sprintf("%s %s–%s", roleLabels[sh.Role], clock(sh.StartsAt), clock(sh.EndsAt))
	}
	for _, h := range heats {
		out[fmt.Sprint(h.ID, "/0")] = fmt.Sprintf("%s, heat %d, head judge (%s)", names[h.WorkoutID], h.Number, clock(h.StartTime))
		for _, l := range h.Lanes {
			out[fmt.Sprint(h.ID, "/", l.Lane)] = fmt.Sprintf("%s, heat %d, lane %d (%s)", names[h.WorkoutID], h.Number, l.Lane, clock(h.StartTime))
		}
	}
	return out, nil
}

// mySwaps are the swaps a volunteer proposed or was asked to take, newest first.
func (s *service) mySwaps(ctx context.Context, v store.Volunteer) (_ []Swap, err error) {
	defer apperr.Wrap(&err, "crew.mySwaps(%q)", v.ID)
	ws, err := s.Store.VolunteerSwaps(ctx, v.ID)
	if err != nil {
		return nil, err
	}
	return s.described(ctx, s.Store, v.EventID, ws)
}
