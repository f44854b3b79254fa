package floor

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Heats of a workout (docs/heats.md). competition-svc owns them as event setup;
// results-svc asks for a heat (GetHeat) to save a lane's result and to publish a heat.

const (
	minutesBetweenMax = 24 * 60

	MsgHeatNotFound           = "Heat not found"
	MsgHeatNumberTaken        = core.MsgHeatNumberTaken
	msgLaneTeamNotInEvent     = "Team not found in this event"
	MsgLaneTeamOncePerWorkout = core.MsgLaneTeamOncePerWorkout
	msgLanesPerHeatInvalid    = "Lanes per heat must be between 1 and 50"
	msgOrderInvalid           = "Order must be standings, name or random"
	msgMinutesInvalid         = "Minutes between heats must be between 0 and 1440"
	msgDivisionsRequired      = "Choose at least one division"
	msgDivisionTwice          = "Each division can be chosen once"
	msgNoTeamsToSeat          = "The chosen divisions have no teams"
	msgNoTeamsCheckedIn       = "No team of the chosen divisions is checked in as present"
	MsgHeatOnWorkoutWithParts = core.MsgHeatOnWorkoutWithParts
)

// HeatInput is a heat's input, its rule in core (setup's import checks heats by it too).
type HeatInput = core.HeatInput

// eventTeamRef accepts the ids of an event's teams.
func eventTeamRef(teams []store.Team) core.TeamRef {
	known := make(map[string]bool, len(teams))
	for _, t := range teams {
		known[t.ID] = true
	}
	return func(field, raw string) (string, error) {
		id, err := core.ParseID(field, raw, "Team")
		if err == nil && !known[id] {
			err = apperr.Invalid(field, msgLaneTeamNotInEvent)
		}
		return id, err
	}
}

// cleanLocked takes the workout's lock in tx and checks in against the event's teams. A gone
// workout is store.ErrNotFound, for the caller to name.
func cleanLocked(ctx context.Context, tx *store.Store, workoutID, eventID string, in HeatInput) (time.Time, []store.Lane, error) {
	if err := tx.LockWorkout(ctx, workoutID); err != nil {
		return time.Time{}, nil, err
	}
	teams, err := tx.ListEventTeams(ctx, eventID)
	if err != nil {
		return time.Time{}, nil, err
	}
	return in.Clean(eventTeamRef(teams))
}

// heatWriteErr turns the database's refusals of a heat write into answers.
func heatWriteErr(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return apperr.NotFound(MsgHeatNotFound)
	case store.Violates(err, store.ConstraintNumberOnce):
		return apperr.Conflict(MsgHeatNumberTaken)
	}
	return err
}

// ListHeats returns a workout's heats by number.
func (s *service) ListHeats(ctx context.Context, eventID, workoutID string) (_ []store.Heat, err error) {
	defer apperr.Wrap(&err, "floor.ListHeats(%q, %q)", eventID, workoutID)
	w, err := s.Workout(ctx, eventID, workoutID)
	if err != nil {
		return nil, err
	}
	return s.Store.ListHeats(ctx, w.ID)
}

// CreateHeat adds a heat to a workout; teams it names leave their other heat of the workout.
func (s *service) CreateHeat(ctx context.Context, eventID, workoutID string, in HeatInput) (_ store.Heat, err error) {
	defer apperr.Wrap(&err, "floor.CreateHeat(%q, %q)", eventID, workoutID)
	w, err := s.heatWorkout(ctx, eventID, workoutID)
	if err != nil {
		return store.Heat{}, err
	}
	var id string
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		start, lanes, err := cleanLocked(ctx, tx, w.ID, w.EventID, in)
		if err != nil {
			return nil, workoutGone(err)
		}
		before, err := heatsBefore(ctx, tx, w.EventID, laneTeams(lanes))
		if err != nil {
			return nil, err
		}
		number := in.Number
		if number == nil {
			next, err := tx.NextHeatNumber(ctx, w.ID)
			if err != nil {
				return nil, err
			}
			number = &next
		}
		h := store.Heat{EventID: w.EventID, WorkoutID: w.ID, Number: *number, StartTime: start}
		if h.ID, err = tx.InsertHeat(ctx, h); err != nil {
			return nil, heatWriteErr(err)
		}
		id = h.ID
		if err := tx.SetLanes(ctx, h, lanes); err != nil {
			return nil, err
		}
		if err := s.noteHeatChanges(ctx, tx, before); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, w.EventID, "created", "heat", h.ID,
			fmt.Sprintf("Heat %d of %s created with %s", h.Number, w.Name, core.Plural(len(lanes), "1 team", fmt.Sprintf("%d teams", len(lanes)))))}, nil
	})
	if err != nil {
		return store.Heat{}, err
	}
	s.Changed(ctx, w.EventID)
	return s.Store.GetHeat(ctx, id)
}

// heatWorkout finds a workout that takes heats: a workout with parts has no results of its own,
// so teams race its parts (docs/scoring.md, "Multi-part workouts").
func (s *service) heatWorkout(ctx context.Context, eventID, workoutID string) (_ store.Workout, err error) {
	defer apperr.Wrap(&err, "floor.heatWorkout(%q, %q)", eventID, workoutID)
	w, err := s.Workout(ctx, eventID, workoutID)
	if err != nil {
		return store.Workout{}, err
	}
	if w.Parts != nil {
		return store.Workout{}, apperr.Invalid("workoutId", fmt.Sprintf(MsgHeatOnWorkoutWithParts, w.Name))
	}
	return w, nil
}

// heat finds a heat by its id.
func (s *service) heat(ctx context.Context, st *store.Store, id string) (_ store.Heat, err error) {
	defer apperr.Wrap(&err, "floor.heat(%q)", id)
	id, err = core.ParseID("id", id, "Heat")
	if err != nil {
		return store.Heat{}, err
	}
	h, err := st.GetHeat(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Heat{}, apperr.NotFound(MsgHeatNotFound)
	}
	return h, err
}

// GetHeat returns one heat (internal: results-svc).
func (s *service) GetHeat(ctx context.Context, id string) (_ store.Heat, err error) {
	defer apperr.Wrap(&err, "floor.GetHeat(%q)", id)
	return s.heat(ctx, s.Store, id)
}

// UpdateHeat replaces a heat's number, time and lanes; teams it names leave their other heat
// of the workout, in the same transaction.
func (s *service) UpdateHeat(ctx context.Context, id string, in HeatInput) (_ store.Heat, err error) {
	defer apperr.Wrap(&err, "floor.UpdateHeat(%q)", id)
	current, err := s.heat(ctx, s.Store, id)
	if err != nil {
		return store.Heat{}, err
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if in.Number == nil {
			in.Number = &current.Number
		}
		start, lanes, err := cleanLocked(ctx, tx, current.WorkoutID, current.EventID, in)
		if err != nil {
			return nil, heatWriteErr(err)
		}
		before, err := heatsBefore(ctx, tx, current.EventID, laneTeams(current.Lanes, lanes))
		if err != nil {
			return nil, err
		}
		if err := tx.UpdateHeat(ctx, current.ID, *in.Number, start); err != nil {
			return nil, heatWriteErr(err)
		}
		if err := tx.SetLanes(ctx, current, lanes); err != nil {
			return nil, err
		}
		if err := s.noteHeatChanges(ctx, tx, before); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, current.EventID, "updated", "heat", current.ID,
			fmt.Sprintf("Heat %d updated", *in.Number))}, nil
	})
	if err != nil {
		return store.Heat{}, err
	}
	s.Changed(ctx, current.EventID)
	return s.heat(ctx, s.Store, current.ID)
}

// DeleteHeat removes a heat; its teams' results stay.
func (s *service) DeleteHeat(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "floor.DeleteHeat(%q)", id)
	h, err := s.heat(ctx, s.Store, id)
	if err != nil {
		return err
	}
	// The heat's judge cards stop working first, as a revoked card does (docs/judging.md):
	// deleting the heat deletes their links, and no working token may outlive its listing.
	links, err := s.Store.HeatJudgeLinkIDs(ctx, h.ID)
	if err != nil {
		return err
	}
	if len(links) > 0 {
		if _, err := s.Users.EndJudgeSessions(ctx, &authv1.JudgeSessionsRequest{SessionIds: links}); err != nil {
			return authErr(err)
		}
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		before, err := heatsBefore(ctx, tx, h.EventID, laneTeams(h.Lanes))
		if err != nil {
			return nil, err
		}
		if err := tx.DeleteHeat(ctx, h.ID); err != nil {
			return nil, heatWriteErr(err)
		}
		if err := s.noteHeatChanges(ctx, tx, before); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, h.EventID, "deleted", "heat", h.ID, fmt.Sprintf("Heat %d deleted", h.Number))}, nil
	})
	if err != nil {
		return err
	}
	s.Changed(ctx, h.EventID)
	return nil
}

// ListEventHeats returns every heat of an event (internal: public-svc's schedule).
func (s *service) ListEventHeats(ctx context.Context, eventID string) (_ []store.Heat, err error) {
	defer apperr.Wrap(&err, "floor.ListEventHeats(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	return s.Store.ListEventHeats(ctx, eventID)
}

func workoutGone(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(core.MsgWorkoutNotFound)
	}
	return err
}

// GenerateInput is a GenerateHeats request.
type GenerateInput struct {
	DivisionIDs    []string
	LanesPerHeat   int32
	Order          string
	FirstStart     string
	MinutesBetween int32
	// CheckedInOnly seats only the teams checked in as present (checkin.go).
	CheckedInOnly bool
}

// GenerateHeats replaces a workout's heats: the divisions one after another in the order
// given, each seeded by in.Order and cut into heats of at most LanesPerHeat teams; heat k
// (from 0) starts FirstStart + k × MinutesBetween.
func (s *service) GenerateHeats(ctx context.Context, eventID, workoutID string, in GenerateInput) (_ []store.Heat, err error) {
	defer apperr.Wrap(&err, "floor.GenerateHeats(%q, %q)", eventID, workoutID)
	w, err := s.heatWorkout(ctx, eventID, workoutID)
	if err != nil {
		return nil, err
	}
	divisions, err := s.generationDivisions(ctx, w.EventID, in.DivisionIDs)
	if err != nil {
		return nil, err
	}
	if in.LanesPerHeat < 1 || in.LanesPerHeat > core.HeatLanesMax {
		return nil, apperr.Invalid("lanesPerHeat", msgLanesPerHeatInvalid)
	}
	order := strings.ToLower(strings.TrimSpace(in.Order))
	if order != OrderStandings && order != OrderName && order != OrderRandom {
		return nil, apperr.Invalid("order", msgOrderInvalid)
	}
	first, err := core.ParseInstant("firstStart", in.FirstStart)
	if err != nil {
		return nil, err
	}
	if in.MinutesBetween < 0 || in.MinutesBetween > minutesBetweenMax {
		return nil, apperr.Invalid("minutesBetween", msgMinutesInvalid)
	}
	ranks := map[string]int32{}
	if order == OrderStandings {
		if ranks, err = s.PublishedRanks(ctx, w.EventID); err != nil {
			return nil, err
		}
	}
	rnd := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	var plan [][]seedTeam
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.LockWorkout(ctx, w.ID); err != nil {
			return nil, workoutGone(err)
		}
		teams, err := tx.ListEventTeams(ctx, w.EventID)
		if err != nil {
			return nil, err
		}
		var present map[string]bool
		if in.CheckedInOnly {
			if present, err = tx.PresentTeams(ctx, w.EventID); err != nil {
				return nil, err
			}
		}
		byDivision := map[string][]seedTeam{}
		for _, t := range teams {
			if in.CheckedInOnly && !present[t.ID] {
				continue
			}
			byDivision[t.DivisionID] = append(byDivision[t.DivisionID], seedTeam{ID: t.ID, Name: t.Name, Rank: ranks[t.ID]})
		}
		plan = nil
		for _, d := range divisions {
			plan = append(plan, splitHeats(runningOrder(byDivision[d], order, rnd), int(in.LanesPerHeat))...)
		}
		if len(plan) == 0 && in.CheckedInOnly {
			return nil, apperr.Invalid("checkedInOnly", msgNoTeamsCheckedIn)
		}
		if len(plan) == 0 {
			return nil, apperr.Invalid("divisionIds", msgNoTeamsToSeat)
		}
		before, err := heatsBefore(ctx, tx, w.EventID, nil)
		if err != nil {
			return nil, err
		}
		if err := tx.DeleteWorkoutHeats(ctx, w.ID); err != nil {
			return nil, err
		}
		for k, seated := range plan {
			h := store.Heat{EventID: w.EventID, WorkoutID: w.ID, Number: int32(k + 1),
				StartTime: first.Add(time.Duration(k) * time.Duration(in.MinutesBetween) * time.Minute)}
			if h.ID, err = tx.InsertHeat(ctx, h); err != nil {
				return nil, err
			}
			lanes := make([]store.Lane, len(seated))
			for i, t := range seated {
				lanes[i] = store.Lane{Lane: int32(i + 1), TeamID: t.ID}
			}
			if err := tx.SetLanes(ctx, h, lanes); err != nil {
				return nil, err
			}
		}
		if err := s.noteHeatChanges(ctx, tx, before); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, w.EventID, "generated", "heat", w.ID,
			fmt.Sprintf("Heats of %s generated by %s: %d heats", w.Name, order, len(plan)))}, nil
	})
	if err != nil {
		return nil, err
	}
	s.Changed(ctx, w.EventID)
	return s.Store.ListHeats(ctx, w.ID)
}

// generationDivisions checks the divisions to seat: at least one, each of the event, once.
// A division of another event answers as a missing one.
func (s *service) generationDivisions(ctx context.Context, eventID string, raw []string) (_ []string, err error) {
	defer apperr.Wrap(&err, "floor.generationDivisions(%q)", eventID)
	if len(raw) == 0 {
		return nil, apperr.Invalid("divisionIds", msgDivisionsRequired)
	}
	out := make([]string, len(raw))
	seen := map[string]bool{}
	for i, r := range raw {
		field := fmt.Sprintf("divisionIds[%d]", i)
		id, err := core.ParseID(field, r, "Division")
		if err != nil {
			return nil, err
		}
		if seen[id] {
			return nil, apperr.Invalid(field, msgDivisionTwice)
		}
		seen[id] = true
		d, err := s.Store.GetDivision(ctx, id)
		if errors.Is(err, store.ErrNotFound) || err == nil && d.EventID != eventID {
			return nil, apperr.NotFound(core.MsgDivisionNotFound)
		} else if err != nil {
			return nil, err
		}
		out[i] = id
	}
	return out, nil
}
