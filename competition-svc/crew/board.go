package crew

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The day-of board (docs/crew.md, "The day-of board"): who of the judges is checked in, who is
// late, which places of the heats starting soon (or running) have no judge, and the standby
// judges one may move in.

const defaultBoardMinutes = 30

// BoardJudge is a judge as the board shows them.
type BoardJudge struct {
	Volunteer store.Volunteer
	Level     int32
	Late      bool
	Standby   bool
	Next      *Slot
}

// Board is the day-of board at Now over the heats starting before Now+Within or running.
type Board struct {
	EventID string
	Now     time.Time
	Within  int32
	Judges  []BoardJudge
	Slots   []Slot
	Gaps    int
}

// GetBoard returns the day-of board looking within minutes ahead (0: 30).
func (s *service) GetBoard(ctx context.Context, eventID string, within int32) (_ Board, err error) {
	defer apperr.Wrap(&err, "crew.GetBoard(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return Board{}, err
	}
	if within == 0 {
		within = defaultBoardMinutes
	}
	if within < 1 || within > maxHeatMinutes {
		return Board{}, apperr.Invalid("withinMinutes", msgBoardWithin)
	}
	return s.board(ctx, eventID, within)
}

func (s *service) board(ctx context.Context, eventID string, within int32) (_ Board, err error) {
	defer apperr.Wrap(&err, "crew.board(%q)", eventID)
	rot, err := s.rotation(ctx, eventID)
	if err != nil {
		return Board{}, err
	}
	heatLength := time.Duration(0)
	if set, err := s.Store.GetRotationSettings(ctx, eventID); err == nil {
		heatLength = time.Duration(set.HeatMinutes) * time.Minute
	} else if !errors.Is(err, store.ErrNotFound) {
		return Board{}, err
	}
	ev, err := s.Store.GetEvent(ctx, eventID)
	if err != nil {
		return Board{}, err
	}
	vols, err := s.Store.EventVolunteers(ctx, eventID)
	if err != nil {
		return Board{}, err
	}
	now := s.Now()
	out := Board{EventID: eventID, Now: now, Within: within, Judges: []BoardJudge{}, Slots: []Slot{}}
	until := now.Add(time.Duration(within) * time.Minute)
	next := map[string]*Slot{}
	for _, sl := range rot.Slots {
		if sl.StartsAt.After(until) || !sl.StartsAt.Add(heatLength).After(now) {
			continue
		}
		out.Slots = append(out.Slots, sl)
		if sl.VolunteerID == "" {
			out.Gaps++
		} else if next[sl.VolunteerID] == nil {
			next[sl.VolunteerID] = &out.Slots[len(out.Slots)-1]
		}
	}
	for _, v := range vols {
		if !isJudge(v.Roles) {
			continue
		}
		j := BoardJudge{Volunteer: v}
		if credentialProblem(v, ev) == "" {
			j.Level = v.CredentialLevel
		}
		if n := next[v.ID]; n != nil {
			sl := *n
			j.Next = &sl
			j.Late = v.CheckedInAt == nil
		} else {
			j.Standby = v.CheckedInAt != nil
		}
		out.Judges = append(out.Judges, j)
	}
	// Late first, then the standby, then the rest: who to call, then who can go in.
	slices.SortStableFunc(out.Judges, func(a, b BoardJudge) int { return boardRank(a) - boardRank(b) })
	return out, nil
}

func boardRank(j BoardJudge) int {
	switch {
	case j.Late:
		return 0
	case j.Standby:
		return 1
	}
	return 2
}

// CheckIn records whether a volunteer is at the venue.
func (s *service) CheckIn(ctx context.Context, eventID, volunteerID string, in bool) (_ Board, err error) {
	defer apperr.Wrap(&err, "crew.CheckIn(%q, %t)", volunteerID, in)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return Board{}, err
	}
	if volunteerID, err = core.ParseID("volunteerId", volunteerID, "Volunteer"); err != nil {
		return Board{}, err
	}
	var at *time.Time
	if in {
		now := s.Now()
		at = &now
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		v, err := tx.LockVolunteer(ctx, eventID, volunteerID)
		if err != nil {
			return volunteerGone(err)
		}
		if (v.CheckedInAt != nil) == in {
			return nil // nothing changes, nothing to record
		}
		if err := tx.SetCheckedIn(ctx, eventID, volunteerID, at); err != nil {
			return volunteerGone(err)
		}
		action, summary := "checked_in", v.Name+" checked in"
		if !in {
			action, summary = "checked_out", v.Name+"'s check-in undone"
		}
		return tx.RecordActivity(ctx, core.Change(ctx, eventID, action, "volunteer", v.ID, summary))
	})
	if err != nil {
		return Board{}, err
	}
	return s.board(ctx, eventID, defaultBoardMinutes)
}

// MoveStandby puts a checked-in judge on a place of the rotation from the board: refused when
// they are not checked in, and by the rules a change by hand is checked by (free at that time,
// credential level, rest, own team and club).
func (s *service) MoveStandby(ctx context.Context, eventID, heatID string, lane int32, volunteerID string) (_ Board, err error) {
	defer apperr.Wrap(&err, "crew.MoveStandby(%q, %d)", heatID, lane)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return Board{}, err
	}
	if heatID, err = core.ParseID("heatId", heatID, "Heat"); err != nil {
		return Board{}, err
	}
	if volunteerID, err = core.ParseID("volunteerId", volunteerID, "Volunteer"); err != nil {
		return Board{}, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		set, err := tx.LockRotationSettings(ctx, eventID)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.Invalid("eventId", msgNoRotation)
		} else if err != nil {
			return err
		}
		v, err := tx.LockVolunteer(ctx, eventID, volunteerID)
		if err != nil {
			return volunteerGone(err)
		}
		if v.CheckedInAt == nil {
			return apperr.ConflictField("volunteerId", fmt.Sprintf(msgNotCheckedIn, v.Name))
		}
		if msg, err := s.laneRefusal(ctx, tx, eventID, set, heatID, lane, volunteerID); err != nil {
			return err
		} else if msg != "" {
			return apperr.Invalid("volunteerId", msg)
		}
		if err := tx.SetRotationPlace(ctx, eventID, store.RotationPlace{HeatID: heatID, Lane: lane, VolunteerID: volunteerID}); err != nil {
			return err
		}
		return s.recordPlace(ctx, tx, eventID, heatID, lane, v, "moved in from the standby to")
	})
	if err != nil {
		return Board{}, err
	}
	return s.board(ctx, eventID, defaultBoardMinutes)
}

// placeWords names a place of the rotation: "Fran, heat 1, lane 2" (lane 0: head judge).
func placeWords(sl Slot) string {
	if sl.Lane == 0 {
		return fmt.Sprintf("%s, heat %d, head judge", sl.WorkoutName, sl.HeatNumber)
	}
	return fmt.Sprintf("%s, heat %d, lane %d", sl.WorkoutName, sl.HeatNumber, sl.Lane)
}
