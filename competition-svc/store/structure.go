package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Structure is an event with its workouts (in order), divisions and teams (by name).
type Structure struct {
	Event     Event
	Workouts  []Workout
	Divisions []Division
	Teams     []Team
}

// EventStructure reads an event's structure in one round trip (a batch of four queries): it
// is read on every judge's save. ErrNotFound when the event does not exist.
func (s *Store) EventStructure(ctx context.Context, eventID string) (_ Structure, err error) {
	defer apperr.Wrap(&err, "store.EventStructure(%q)", eventID)
	b := &pgx.Batch{}
	b.Queue(`SELECT `+eventColumns+` FROM competition.events e WHERE e.id = $1`, eventID)
	b.Queue(workoutSelect+` WHERE w.event_id = $1`, eventID)
	b.Queue(divisionSelect+` WHERE d.event_id = $1`, eventID)
	b.Queue(teamSelect+` WHERE t.event_id = $1`, eventID)
	b.Queue(rosterSelect+` WHERE team_id IN (SELECT id FROM competition.teams WHERE event_id = $1) ORDER BY team_id, position`, eventID)
	res := s.db.SendBatch(ctx, b)
	defer func() {
		if cerr := res.Close(); err == nil {
			err = cerr
		}
	}()
	var st Structure
	if st.Event, err = scanEvent(res.QueryRow()); err != nil {
		return Structure{}, notFound(err)
	}
	if st.Workouts, err = workoutsInOrder(collectWorkouts(res.Query())); err != nil {
		return Structure{}, err
	}
	if st.Divisions, err = divisionsByName(collectDivisions(res.Query())); err != nil {
		return Structure{}, err
	}
	if st.Teams, err = teamsByName(collectTeams(res.Query())); err != nil {
		return Structure{}, err
	}
	rosters, err := collectRosters(res.Query())
	if err != nil {
		return Structure{}, err
	}
	for i := range st.Teams {
		st.Teams[i].Roster = rosters[st.Teams[i].ID]
	}
	return st, nil
}
