package resultssvc

import (
	"context"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// saveStructures keeps the structure each event's saves read, valid while competition-svc's
// public version of the event stays the same: its triggers raise that version in the
// transaction of every change of the event, its divisions, teams and workouts
// (docs/boards.md, "Saves at any size"). A save then asks competition-svc for one number, not
// for every team of the event.
type saveStructures struct {
	// reads shares one structure read among the saves waiting for it.
	reads singleflight.Group
	mu    sync.Mutex
	// eventOf is each workout's event (a workout never changes event).
	eventOf map[string]string
	events  map[string]savedStructure
}

// saveStructureTimeout bounds a save's structure read: longer than structureTimeout, since at
// 100,000 teams the read is seconds long and happens once per change of the event, not per save.
const saveStructureTimeout = 30 * time.Second

type savedStructure struct {
	// version is the public version read before the structure was; -1: not known.
	version int64
	st      *structure
}

// saveStructure is the structure of a workout's event as a save reads it: the kept copy when
// the event's version has not moved since it was read, otherwise a fresh one. The structure
// is shared between saves and never changed once built.
func (s *service) saveStructure(ctx context.Context, workoutID string) (_ *structure, err error) {
	defer apperr.Wrap(&err, "resultssvc.saveStructure(%q)", workoutID)
	s.saves.mu.Lock()
	eventID, known := s.saves.eventOf[workoutID]
	s.saves.mu.Unlock()
	version := int64(-1)
	if known {
		// Read before the structure: a change after this read raises the version again, so a
		// copy is never kept under a version newer than what it holds.
		if version, err = s.publicVersion(ctx, eventID); err != nil {
			return nil, err
		}
		s.saves.mu.Lock()
		kept, ok := s.saves.events[eventID]
		s.saves.mu.Unlock()
		if ok && version >= 0 && kept.version == version {
			return kept.st, nil
		}
	}
	// One read at a time per workout: the saves that arrive while it runs share it.
	got, err, _ := s.saves.reads.Do(workoutID, func() (any, error) {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), saveStructureTimeout)
		defer cancel()
		es, err := s.comp.GetEventStructure(ctx, &competitionv1.EventStructureRequest{WorkoutId: workoutID})
		if err != nil {
			return nil, competitionErr(err)
		}
		return newStructure(es)
	})
	if err != nil {
		return nil, err
	}
	st := got.(*structure)
	s.saves.mu.Lock()
	defer s.saves.mu.Unlock()
	for id := range st.workouts {
		s.saves.eventOf[id] = st.eventID
	}
	if known && eventID != st.eventID {
		version = -1
	}
	s.saves.events[st.eventID] = savedStructure{version: version, st: st}
	return st, nil
}

// publicVersion is competition-svc's public version of an event.
func (s *service) publicVersion(ctx context.Context, eventID string) (_ int64, err error) {
	defer apperr.Wrap(&err, "resultssvc.publicVersion(%q)", eventID)
	ctx, cancel := context.WithTimeout(ctx, structureTimeout)
	defer cancel()
	v, err := s.comp.GetPublicVersion(ctx, &competitionv1.PublicVersionRequest{EventId: eventID})
	if err != nil {
		return 0, competitionErr(err)
	}
	return v.GetVersion(), nil
}
