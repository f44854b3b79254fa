package crew

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// ShiftInput is a new shift: a role for a time window and how many it needs.
type ShiftInput struct {
	Role, StartsAt, EndsAt string
	Needed                 int32
}

// CreateShift adds a shift to an event.
func (s *service) CreateShift(ctx context.Context, eventID string, in ShiftInput) (_ store.Shift, err error) {
	defer apperr.Wrap(&err, "crew.CreateShift(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return store.Shift{}, err
	}
	roles, err := roleList([]string{in.Role})
	if err != nil {
		return store.Shift{}, apperr.Invalid("role", msgRoleInvalid)
	}
	from, err := parseInstant("startsAt", in.StartsAt, msgShiftTimes)
	if err != nil {
		return store.Shift{}, err
	}
	to, err := parseInstant("endsAt", in.EndsAt, msgShiftTimes)
	if err != nil || !to.After(from) {
		return store.Shift{}, apperr.Invalid("endsAt", msgShiftTimes)
	}
	if in.Needed < 1 || in.Needed > maxShiftNeeded {
		return store.Shift{}, apperr.Invalid("needed", msgShiftNeeded)
	}
	sh := store.Shift{ID: uuid.NewString(), EventID: eventID, Role: roles[0], StartsAt: from, EndsAt: to, Needed: in.Needed}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		return tx.InsertShift(ctx, sh)
	})
	return sh, err
}

// ListShifts returns an event's shifts by start.
func (s *service) ListShifts(ctx context.Context, eventID string) (_ []store.Shift, err error) {
	defer apperr.Wrap(&err, "crew.ListShifts(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	return s.Store.EventShifts(ctx, eventID)
}

// DeleteShift deletes a shift and who works it.
func (s *service) DeleteShift(ctx context.Context, eventID, shiftID string) (err error) {
	defer apperr.Wrap(&err, "crew.DeleteShift(%q)", shiftID)
	eventID, shiftID, err = s.shiftRef(ctx, eventID, shiftID)
	if err != nil {
		return err
	}
	return s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.DeleteShift(ctx, eventID, shiftID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgShiftMissing)
		} else if err != nil {
			return err
		}
		return nil
	})
}

func (s *service) shiftRef(ctx context.Context, eventID, shiftID string) (_, _ string, err error) {
	defer apperr.Wrap(&err, "crew.shiftRef(%q)", shiftID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return "", "", err
	}
	shiftID, err = core.ParseID("shiftId", shiftID, "Shift")
	return eventID, shiftID, err
}

// Assign puts a volunteer on a shift: refused when the shift is full, when they did not offer
// its role, are not available for all of it, or work another shift at the same time.
func (s *service) Assign(ctx context.Context, eventID, shiftID, volunteerID string) (_ store.Shift, err error) {
	defer apperr.Wrap(&err, "crew.Assign(%q, %q)", shiftID, volunteerID)
	eventID, shiftID, err = s.shiftRef(ctx, eventID, shiftID)
	if err != nil {
		return store.Shift{}, err
	}
	volunteerID, err = core.ParseID("volunteerId", volunteerID, "Volunteer")
	if err != nil {
		return store.Shift{}, err
	}
	var out store.Shift
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		sh, err := tx.LockShift(ctx, eventID, shiftID)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgShiftMissing)
		} else if err != nil {
			return err
		}
		v, err := tx.LockVolunteer(ctx, eventID, volunteerID)
		if err != nil {
			return volunteerGone(err)
		}
		if slices.ContainsFunc(sh.Volunteers, func(x store.ShiftVolunteer) bool { return x.VolunteerID == v.ID }) {
			out = sh
			return nil
		}
		if msg, err := s.assignRefusal(ctx, tx, sh, v); err != nil || msg != "" {
			if err == nil {
				err = apperr.Invalid("volunteerId", msg)
			}
			return err
		}
		if err := tx.Assign(ctx, sh.ID, v.ID, s.Now()); err != nil {
			return err
		}
		if err := tx.RecordActivity(ctx, core.Change(ctx, eventID, "assigned", "volunteer", v.ID,
			fmt.Sprintf("%s put on %s", v.Name, shiftWords(sh)))); err != nil {
			return err
		}
		out, err = tx.LockShift(ctx, eventID, shiftID)
		return err
	})
	return out, err
}

func (s *service) assignRefusal(ctx context.Context, tx *store.Store, sh store.Shift, v store.Volunteer) (_ string, err error) {
	defer apperr.Wrap(&err, "crew.assignRefusal(%q)", sh.ID)
	if n := int32(len(sh.Volunteers)); n >= sh.Needed {
		return fmt.Sprintf("This shift is full: %d of %d places are taken", n, sh.Needed), nil
	}
	if !slices.Contains(v.Roles, sh.Role) && !(sh.Role == "judge" && slices.Contains(v.Roles, "head_judge")) {
		return fmt.Sprintf("%s did not offer %s", v.Name, roleLabels[sh.Role]), nil
	}
	span := Span{sh.StartsAt, sh.EndsAt}
	if len(v.Availability) > 0 && !slices.ContainsFunc(v.Availability, func(w store.Window) bool {
		return span.within(Span{w.StartsAt, w.EndsAt})
	}) {
		return fmt.Sprintf("%s is not available %s–%s", v.Name, clock(sh.StartsAt), clock(sh.EndsAt)), nil
	}
	theirs, err := tx.VolunteerShifts(ctx, v.ID)
	if err != nil {
		return "", err
	}
	for _, o := range theirs {
		if span.overlaps(Span{o.StartsAt, o.EndsAt}) {
			return fmt.Sprintf("%s already works %s %s–%s at that time", v.Name, roleLabels[o.Role], clock(o.StartsAt), clock(o.EndsAt)), nil
		}
	}
	return "", nil
}

func clock(t time.Time) string { return t.UTC().Format("15:04") }

// Unassign takes a volunteer off a shift.
func (s *service) Unassign(ctx context.Context, eventID, shiftID, volunteerID string) (_ store.Shift, err error) {
	defer apperr.Wrap(&err, "crew.Unassign(%q, %q)", shiftID, volunteerID)
	eventID, shiftID, err = s.shiftRef(ctx, eventID, shiftID)
	if err != nil {
		return store.Shift{}, err
	}
	volunteerID, err = core.ParseID("volunteerId", volunteerID, "Volunteer")
	if err != nil {
		return store.Shift{}, err
	}
	var out store.Shift
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		sh, err := tx.LockShift(ctx, eventID, shiftID)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgShiftMissing)
		} else if err != nil {
			return err
		}
		if err := tx.Unassign(ctx, shiftID, volunteerID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgNotOnShift)
		} else if err != nil {
			return err
		}
		name := ""
		for _, x := range sh.Volunteers {
			if x.VolunteerID == volunteerID {
				name = x.Name
			}
		}
		if err := tx.RecordActivity(ctx, core.Change(ctx, eventID, "unassigned", "volunteer", volunteerID,
			fmt.Sprintf("%s taken off %s", name, shiftWords(sh)))); err != nil {
			return err
		}
		out, err = tx.LockShift(ctx, eventID, shiftID)
		return err
	})
	return out, err
}
