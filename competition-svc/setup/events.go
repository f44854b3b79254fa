package setup

import (
	"context"
	"errors"
	"slices"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// Events: the use cases (create, update, status, delete).

// EventInput is a create or update request for an event. Nil pointers are absent fields:
// defaults on create, unchanged on update.
type EventInput struct {
	Name           string
	DateFrom       string
	DateTo         string
	Location       string
	Description    *string
	Status         *string
	DetailsVisible *bool
	ScoringTable   *string
	CustomPoints   []float64
	// RosterLockAt (RFC 3339): "" clears it, nil keeps it (docs/rosters.md).
	RosterLockAt *string
	// DefaultLanguage (en, de, fr or es): nil keeps it, English on create
	// (docs/architecture.md, "Languages").
	DefaultLanguage *string
}

// apply validates in on top of e (the current event, or the defaults for a new one), in the
// order the form shows the fields, and returns the first failure.
func (in EventInput) apply(e store.Event) (store.Event, error) {
	var err error
	if e.Name, err = core.CleanName("name", "Event name", in.Name); err != nil {
		return e, err
	}
	if e.Name == "" {
		return e, apperr.Invalid("name", msgEventNameRequired)
	}
	if core.Runes(e.Name) > core.NameMax {
		return e, apperr.Invalid("name", MsgEventNameTooLong)
	}
	if e.DateFrom, err = parseDate("dateFrom", in.DateFrom, msgDateFromRequired, MsgDateFromInvalid, msgDateFromYears); err != nil {
		return e, err
	}
	if e.DateTo, err = parseDate("dateTo", in.DateTo, msgDateToRequired, MsgDateToInvalid, msgDateToYears); err != nil {
		return e, err
	}
	if e.DateFrom.After(e.DateTo) {
		return e, apperr.Invalid("dateTo", msgDateOrder)
	}
	e.Location = core.Trim(in.Location)
	if core.Runes(e.Location) > locationMax {
		return e, apperr.Invalid("location", MsgLocationTooLong)
	}
	if in.Description != nil {
		e.Description = *in.Description
	}
	if core.Runes(e.Description) > core.EventDescMax {
		return e, apperr.Invalid("description", core.MsgEventDescTooLong)
	}
	if in.Status != nil {
		if e.Status, err = parseStatus("status", *in.Status); err != nil {
			return e, err
		}
	}
	if in.DetailsVisible != nil {
		e.DetailsVisible = *in.DetailsVisible
	}
	if in.ScoringTable != nil {
		if e.ScoringTable, err = core.NormalizeScoringTable(*in.ScoringTable); err != nil {
			return e, err
		}
	}
	if in.RosterLockAt != nil {
		if e.RosterLockAt, err = parseRosterLock(*in.RosterLockAt); err != nil {
			return e, err
		}
	}
	if in.DefaultLanguage != nil {
		if !slices.Contains(mailtext.Languages, *in.DefaultLanguage) {
			return e, apperr.Invalid("defaultLanguage", msgDefaultLanguage)
		}
		e.DefaultLanguage = *in.DefaultLanguage
	}
	// customPoints belong to the custom table: given points replace the stored ones, absent
	// points keep them, and any other table has none.
	if e.ScoringTable == core.TableCustom {
		if len(in.CustomPoints) > 0 {
			e.CustomPoints = append([]float64(nil), in.CustomPoints...)
		}
		if err := core.CheckCustomPoints(e.CustomPoints); err != nil {
			return e, err
		}
	} else {
		e.CustomPoints = []float64{}
	}
	return e, nil
}

func (s *service) ListEvents(ctx context.Context) (_ []store.Event, err error) {
	defer apperr.Wrap(&err, "setup.ListEvents()")
	events, err := s.Store.ListEvents(ctx)
	if err != nil {
		return nil, err
	}
	return core.FilterVisible(s.Service, ctx, events, func(e store.Event) string { return e.ID })
}

// GetEvent returns an event with its workouts and divisions; hasResults comes from results-svc.
func (s *service) GetEvent(ctx context.Context, id string) (_ EventView, err error) {
	defer apperr.Wrap(&err, "setup.GetEvent(%q)", id)
	id, err = core.ParseID("id", id, "Event")
	if err != nil {
		return EventView{}, err
	}
	return s.eventView(ctx, id, countsRequired)
}

func (s *service) eventView(ctx context.Context, id string, strict countsStrictness) (_ EventView, err error) {
	defer apperr.Wrap(&err, "setup.eventView(%q)", id)
	e, err := s.Store.GetEvent(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return EventView{}, apperr.NotFound(core.MsgEventNotFound)
	}
	if err != nil {
		return EventView{}, err
	}
	return s.fillEvent(ctx, e, strict)
}

func (s *service) fillEvent(ctx context.Context, e store.Event, strict countsStrictness) (_ EventView, err error) {
	defer apperr.Wrap(&err, "setup.fillEvent()")
	workouts, err := s.Store.ListWorkoutsByOrder(ctx, e.ID)
	if err != nil {
		return EventView{}, err
	}
	divisions, err := s.Store.ListEventDivisions(ctx, e.ID)
	if err != nil {
		return EventView{}, err
	}
	views, err := s.workoutViews(ctx, workouts, strict)
	if err != nil {
		return EventView{}, err
	}
	return EventView{Event: e, Workouts: views, Divisions: divisions}, nil
}

// CreateEvent adds an event; its creator holds the organiser grant on it, in the same
// transaction.
func (s *service) CreateEvent(ctx context.Context, in EventInput) (_ EventView, err error) {
	defer apperr.Wrap(&err, "setup.CreateEvent()")
	caller, err := mayCreateEvents(ctx)
	if err != nil {
		return EventView{}, err
	}
	e, err := in.apply(store.Event{Status: typesv1.EventStatus_DRAFT, DetailsVisible: true, ScoringTable: core.TablePodium100,
		DefaultLanguage: "en"})
	if err != nil {
		return EventView{}, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if e, err = tx.CreateEvent(ctx, e); err != nil {
			return err
		}
		if err := tx.PutGrant(ctx, e.ID, caller.UserID, access.GrantOrganiser); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, core.Change(ctx, e.ID, "created", "event", e.ID, "Event "+e.Name+" created"))
	})
	if err != nil {
		return EventView{}, err
	}
	s.Changed(ctx, e.ID)
	return EventView{Event: e, Workouts: []WorkoutView{}, Divisions: []store.Division{}}, nil
}

func (s *service) UpdateEvent(ctx context.Context, id string, in EventInput) (_ EventView, err error) {
	defer apperr.Wrap(&err, "setup.UpdateEvent(%q)", id)
	id, err = core.ParseID("id", id, "Event")
	if err != nil {
		return EventView{}, err
	}
	var current, updated store.Event
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		var err error
		current, err = tx.LockEvent(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(core.MsgEventNotFound)
		}
		if err != nil {
			return err
		}
		next, err := in.apply(current)
		if err != nil {
			return err
		}
		if updated, err = tx.UpdateEvent(ctx, next); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, core.Change(ctx, id, "updated", "event", id, eventChanges(current, updated)))
	})
	if err != nil {
		return EventView{}, err
	}
	s.ChangedStatus(ctx, id, current.Status, updated.Status)
	s.DeliverQueued(ctx) // a new scoring table queued a rescore
	return s.fillEvent(ctx, updated, countsBestEffort)
}

// SetStatus is publish, start and archive: any status may follow any other.
func (s *service) SetStatus(ctx context.Context, id string, status typesv1.EventStatus) (_ EventView, err error) {
	defer apperr.Wrap(&err, "setup.SetStatus(%q)", id)
	id, err = core.ParseID("id", id, "Event")
	if err != nil {
		return EventView{}, err
	}
	var e store.Event
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		current, err := tx.LockEvent(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(core.MsgEventNotFound)
		}
		if err != nil {
			return err
		}
		if e, err = tx.SetEventStatus(ctx, id, status); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, core.Change(ctx, id, "status changed", "event", id, eventChanges(current, e)))
	})
	if err != nil {
		return EventView{}, err
	}
	s.ChangedStatus(ctx, id, typesv1.EventStatus_EVENT_STATUS_UNSPECIFIED, e.Status)
	return s.fillEvent(ctx, e, countsBestEffort)
}

// DeleteEvent removes a DRAFT event with everything in it.
func (s *service) DeleteEvent(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "setup.DeleteEvent(%q)", id)
	id, err = core.ParseID("id", id, "Event")
	if err != nil {
		return err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		e, err := tx.LockEvent(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(MsgEventAlreadyGone)
		}
		if err != nil {
			return err
		}
		if e.Status != typesv1.EventStatus_DRAFT {
			return apperr.Conflict(MsgEventNotDraft)
		}
		return tx.DeleteEvent(ctx, id)
	})
	if err != nil {
		return err
	}
	s.Changed(ctx, id)
	s.DeliverQueued(ctx)
	return nil
}

// mayCreateEvents: admins and organisers create events; scorers only score.
func mayCreateEvents(ctx context.Context) (authn.Caller, error) {
	c, ok := authn.CallerFrom(ctx)
	switch {
	case !ok:
		return c, apperr.Unauthenticated("Authentication required: sign in to continue.")
	case c.Role == authn.RoleScorer:
		return c, apperr.Forbidden("Scorers cannot create events.")
	}
	return c, nil
}
