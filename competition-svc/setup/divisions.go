package setup

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/setup/roster"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Divisions: the use cases.

func (s *service) ListDivisions(ctx context.Context) (_ []store.Division, err error) {
	defer apperr.Wrap(&err, "setup.ListDivisions()")
	divisions, err := s.Store.ListDivisions(ctx)
	if err != nil {
		return nil, err
	}
	return core.FilterVisible(s.Service, ctx, divisions, func(d store.Division) string { return d.EventID })
}

func (s *service) ListEventDivisions(ctx context.Context, eventID string) (_ []store.Division, err error) {
	defer apperr.Wrap(&err, "setup.ListEventDivisions(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	return s.Store.ListEventDivisions(ctx, eventID)
}

func (s *service) GetDivision(ctx context.Context, id string) (_ store.Division, err error) {
	defer apperr.Wrap(&err, "setup.GetDivision(%q)", id)
	id, err = core.ParseID("id", id, "Division")
	if err != nil {
		return store.Division{}, err
	}
	return s.division(ctx, s.Store, id)
}

func (s *service) division(ctx context.Context, st *store.Store, id string) (_ store.Division, err error) {
	defer apperr.Wrap(&err, "setup.division(%q)", id)
	d, err := st.GetDivision(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return d, apperr.NotFound(core.MsgDivisionNotFound)
	}
	return d, err
}

// cleanDivision applies the name rule to a division's name and checks it and the
// description; it returns the name as stored.
func cleanDivision(name, description string) (string, error) {
	name, err := core.CleanName("name", "Division name", name)
	if err != nil {
		return "", err
	}
	if err := core.CheckName("name", name, core.MsgDivisionNameShort, core.MsgDivisionNameLong); err != nil {
		return "", err
	}
	if core.Runes(description) > divisionDescMax {
		return "", apperr.Invalid("description", msgDivisionDescTooLong)
	}
	return name, nil
}

// CreateDivision adds a division; rules nil makes it pairs (docs/rosters.md).
func (s *service) CreateDivision(ctx context.Context, name, description, eventID string, rules *store.RosterRules) (_ store.Division, err error) {
	defer apperr.Wrap(&err, "setup.CreateDivision(%q)", eventID)
	name, err = cleanDivision(name, description)
	if err != nil {
		return store.Division{}, err
	}
	if rules != nil {
		checked, err := roster.CheckRules("roster.", *rules)
		if err != nil {
			return store.Division{}, err
		}
		rules = &checked
	}
	if core.Trim(eventID) == "" {
		return store.Division{}, apperr.Invalid("eventId", core.MsgEventRequired)
	}
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return store.Division{}, err
	}
	var d store.Division
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.LockEvent(ctx, eventID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(core.MsgEventNotFound) // deleted meanwhile
		} else if err != nil {
			return err
		}
		id, err := tx.CreateDivision(ctx, store.Division{EventID: eventID, Name: name, Description: description})
		if err != nil {
			return err
		}
		if rules != nil {
			if err := tx.SetDivisionRosterRules(ctx, id, *rules); err != nil {
				return err
			}
		}
		if d, err = tx.GetDivision(ctx, id); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, core.Change(ctx, eventID, "created", "division", id, "Division "+name+" created"))
	})
	if err != nil {
		return store.Division{}, err
	}
	s.Changed(ctx, eventID)
	return d, nil
}

// UpdateDivision changes name, description and roster rule (nil keeps them); the event cannot
// change. A team size below a team's roster is refused naming the team.
func (s *service) UpdateDivision(ctx context.Context, id, name string, description *string, rules *store.RosterRules) (_ store.Division, err error) {
	defer apperr.Wrap(&err, "setup.UpdateDivision(%q)", id)
	id, err = core.ParseID("id", id, "Division")
	if err != nil {
		return store.Division{}, err
	}
	current, err := s.division(ctx, s.Store, id)
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
	if rules != nil {
		checked, err := roster.CheckRules("roster.", *rules)
		if err != nil {
			return store.Division{}, err
		}
		rules = &checked
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.UpdateDivision(ctx, id, name, desc); err != nil {
			return nil, err
		}
		summary := divisionChanges(current, name, desc)
		if rules != nil {
			if err := checkRostersFit(ctx, tx, id, *rules); err != nil {
				return nil, err
			}
			if err := tx.SetDivisionRosterRules(ctx, id, *rules); err != nil {
				return nil, err
			}
			if rules.TeamSize != current.Roster.TeamSize {
				summary += fmt.Sprintf("; team size %d → %d", current.Roster.TeamSize, rules.TeamSize)
			}
		}
		return []store.Activity{core.Change(ctx, current.EventID, "updated", "division", id, summary)}, nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return store.Division{}, apperr.NotFound(core.MsgDivisionNotFound)
	} else if err != nil {
		return store.Division{}, err
	}
	s.Changed(ctx, current.EventID)
	return s.division(ctx, s.Store, id)
}

// DeleteDivision removes a division with its teams, then has results-svc drop their results.
func (s *service) DeleteDivision(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "setup.DeleteDivision(%q)", id)
	id, err = core.ParseID("id", id, "Division")
	if err != nil {
		return err
	}
	d, err := s.division(ctx, s.Store, id)
	if err != nil {
		return err
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := s.checkNoLockedTeams(ctx, tx, d); err != nil {
			return nil, err
		}
		if err := tx.DeleteDivision(ctx, id); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, d.EventID, "deleted", "division", id,
			fmt.Sprintf("Division %s deleted with %d %s", d.Name, d.TeamCount, core.Plural(d.TeamCount, "team", "teams")))}, nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(core.MsgDivisionNotFound)
	}
	if err != nil {
		return err
	}
	s.Changed(ctx, d.EventID)
	s.DeliverQueued(ctx)
	return nil
}

// checkNoLockedTeams refuses to delete a division holding teams with published results: it
// would take a published podium with it (docs/result-invariants.md). It locks the teams' rows
// in tx first, so no first published result of theirs commits before the delete does
// (core.CheckUnlockedIn).
func (s *service) checkNoLockedTeams(ctx context.Context, tx *store.Store, d store.Division) (err error) {
	defer apperr.Wrap(&err, "setup.checkNoLockedTeams()")
	if err := tx.LockDivisionTeamRows(ctx, d.ID); err != nil {
		return err
	}
	teams, err := tx.ListDivisionTeams(ctx, d.ID)
	if err != nil {
		return err
	}
	ids := make([]string, len(teams))
	for i, t := range teams {
		ids[i] = t.ID
	}
	counts, err := s.TeamCounts(ctx, tx, ids)
	if err != nil {
		return err
	}
	var locked []string
	for _, t := range teams {
		if counts.Published[t.ID] > 0 {
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
