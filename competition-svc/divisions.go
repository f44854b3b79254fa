package competitionsvc

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Divisions: the use cases.

func (s *service) ListDivisions(ctx context.Context) (_ []store.Division, err error) {
	defer apperr.Wrap(&err, "competitionsvc.ListDivisions()")
	divisions, err := s.store.ListDivisions(ctx)
	if err != nil {
		return nil, err
	}
	return filterVisible(s, ctx, divisions, func(d store.Division) string { return d.EventID })
}

func (s *service) ListEventDivisions(ctx context.Context, eventID string) (_ []store.Division, err error) {
	defer apperr.Wrap(&err, "competitionsvc.ListEventDivisions(%q)", eventID)
	eventID, err = s.existingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	return s.store.ListEventDivisions(ctx, eventID)
}

func (s *service) GetDivision(ctx context.Context, id string) (_ store.Division, err error) {
	defer apperr.Wrap(&err, "competitionsvc.GetDivision(%q)", id)
	id, err = parseID("id", id, "Division")
	if err != nil {
		return store.Division{}, err
	}
	return s.division(ctx, s.store, id)
}

func (s *service) division(ctx context.Context, st *store.Store, id string) (_ store.Division, err error) {
	defer apperr.Wrap(&err, "competitionsvc.division(%q)", id)
	d, err := st.GetDivision(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return d, apperr.NotFound(msgDivisionNotFound)
	}
	return d, err
}

// existingEvent parses an event id and checks that the event exists.
func (s *service) existingEvent(ctx context.Context, field, id string) (_ string, err error) {
	defer apperr.Wrap(&err, "competitionsvc.existingEvent(%q)", id)
	id, err = parseID(field, id, "Event")
	if err != nil {
		return "", err
	}
	if _, err := s.store.GetEvent(ctx, id); errors.Is(err, store.ErrNotFound) {
		return "", apperr.NotFound(msgEventNotFound)
	} else if err != nil {
		return "", err
	}
	return id, nil
}

// cleanDivision applies the name rule to a division's name and checks it and the
// description; it returns the name as stored.
func cleanDivision(name, description string) (string, error) {
	name, err := cleanName("name", "Division name", name)
	if err != nil {
		return "", err
	}
	if err := checkName("name", name, msgDivisionNameShort, msgDivisionNameLong); err != nil {
		return "", err
	}
	if runes(description) > divisionDescMax {
		return "", apperr.Invalid("description", msgDivisionDescTooLong)
	}
	return name, nil
}

func (s *service) CreateDivision(ctx context.Context, name, description, eventID string) (_ store.Division, err error) {
	defer apperr.Wrap(&err, "competitionsvc.CreateDivision(%q)", eventID)
	name, err = cleanDivision(name, description)
	if err != nil {
		return store.Division{}, err
	}
	if trim(eventID) == "" {
		return store.Division{}, apperr.Invalid("eventId", msgEventRequired)
	}
	eventID, err = s.existingEvent(ctx, "eventId", eventID)
	if err != nil {
		return store.Division{}, err
	}
	var d store.Division
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.LockEvent(ctx, eventID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgEventNotFound) // deleted meanwhile
		} else if err != nil {
			return err
		}
		id, err := tx.CreateDivision(ctx, store.Division{EventID: eventID, Name: name, Description: description})
		if err != nil {
			return err
		}
		if d, err = tx.GetDivision(ctx, id); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, change(ctx, eventID, "created", "division", id, "Division "+name+" created"))
	})
	if err != nil {
		return store.Division{}, err
	}
	s.changed(ctx, eventID)
	return d, nil
}

// UpdateDivision changes name and description (nil keeps it); the event cannot change.
func (s *service) UpdateDivision(ctx context.Context, id, name string, description *string) (_ store.Division, err error) {
	defer apperr.Wrap(&err, "competitionsvc.UpdateDivision(%q)", id)
	id, err = parseID("id", id, "Division")
	if err != nil {
		return store.Division{}, err
	}
	current, err := s.division(ctx, s.store, id)
	if err != nil {
		return store.Division{}, err
	}
	desc := current.Description
	if description != nil {
		desc = *description
	}
	if name, err = cleanDivision(name, desc); err != nil {
		return store.Division{}, err
	}
	err = s.withActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.UpdateDivision(ctx, id, name, desc); err != nil {
			return nil, err
		}
		return []store.Activity{change(ctx, current.EventID, "updated", "division", id, divisionChanges(current, name, desc))}, nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return store.Division{}, apperr.NotFound(msgDivisionNotFound)
	} else if err != nil {
		return store.Division{}, err
	}
	s.changed(ctx, current.EventID)
	return s.division(ctx, s.store, id)
}

// DeleteDivision removes a division with its teams, then has results-svc drop their results.
func (s *service) DeleteDivision(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "competitionsvc.DeleteDivision(%q)", id)
	id, err = parseID("id", id, "Division")
	if err != nil {
		return err
	}
	d, err := s.division(ctx, s.store, id)
	if err != nil {
		return err
	}
	if err := s.checkNoLockedTeams(ctx, d); err != nil {
		return err
	}
	err = s.withActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.DeleteDivision(ctx, id); err != nil {
			return nil, err
		}
		return []store.Activity{change(ctx, d.EventID, "deleted", "division", id,
			fmt.Sprintf("Division %s deleted with %d %s", d.Name, d.TeamCount, plural(d.TeamCount, "team", "teams")))}, nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(msgDivisionNotFound)
	}
	if err != nil {
		return err
	}
	s.changed(ctx, d.EventID)
	s.deliverQueued(ctx)
	return nil
}

// checkNoLockedTeams refuses to delete a division holding teams with published results: it
// would take a published podium with it (docs/result-invariants.md).
func (s *service) checkNoLockedTeams(ctx context.Context, d store.Division) (err error) {
	defer apperr.Wrap(&err, "competitionsvc.checkNoLockedTeams()")
	teams, err := s.store.ListDivisionTeams(ctx, d.ID)
	if err != nil {
		return err
	}
	ids := make([]string, len(teams))
	for i, t := range teams {
		ids[i] = t.ID
	}
	counts, err := s.teamCounts(ctx, ids)
	if err != nil {
		return err
	}
	var locked []string
	for _, t := range teams {
		if counts.GetPublishedByTeam()[t.ID] > 0 {
			locked = append(locked, t.Name)
		}
	}
	if len(locked) > 0 {
		return apperr.ConflictField("id", fmt.Sprintf(msgDivisionHasLockedTeams, d.Name, listNames(locked)))
	}
	return nil
}

// listNames joins names for a message, at most five and then how many more.
func listNames(names []string) string {
	const shown = 5
	if len(names) <= shown {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:shown], ", "), len(names)-shown)
}
