package competitionsvc

import (
	"context"
	"errors"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/store"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/pg"
)

// Teams: the use cases.

// TeamInput is a new or changed team.
type TeamInput struct {
	Name         string
	Athlete1Name string
	Athlete2Name string
}

// clean trims the values, applies the name rule and checks them; prefix goes before field
// names ("teams[2].").
func (in TeamInput) clean(prefix string) (TeamInput, error) {
	var out TeamInput
	var err error
	for _, f := range []struct {
		field, what string
		in          string
		out         *string
	}{
		{"name", "Team name", in.Name, &out.Name},
		{"athlete1Name", "Athlete 1 name", in.Athlete1Name, &out.Athlete1Name},
		{"athlete2Name", "Athlete 2 name", in.Athlete2Name, &out.Athlete2Name},
	} {
		if *f.out, err = cleanName(prefix+f.field, f.what, f.in); err != nil {
			return out, err
		}
	}
	if err := checkName(prefix+"name", out.Name, msgTeamNameShort, msgTeamNameLong); err != nil {
		return out, err
	}
	if runes(out.Athlete1Name) > athleteNameMax {
		return out, apperr.Invalid(prefix+"athlete1Name", msgAthlete1TooLong)
	}
	if runes(out.Athlete2Name) > athleteNameMax {
		return out, apperr.Invalid(prefix+"athlete2Name", msgAthlete2TooLong)
	}
	return out, nil
}

func (s *service) ListTeams(ctx context.Context) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.ListTeams()")
	teams, err := s.store.ListTeams(ctx)
	if err != nil {
		return nil, err
	}
	if teams, err = filterVisible(s, ctx, teams, func(t store.Team) string { return t.EventID }); err != nil {
		return nil, err
	}
	return s.teamViews(ctx, teams, countsRequired)
}

func (s *service) ListEventTeams(ctx context.Context, eventID string) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.ListEventTeams(%q)", eventID)
	eventID, err = s.existingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	teams, err := s.store.ListEventTeams(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return s.teamViews(ctx, teams, countsRequired)
}

func (s *service) ListDivisionTeams(ctx context.Context, divisionID string) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.ListDivisionTeams(%q)", divisionID)
	divisionID, err = parseID("divisionId", divisionID, "Division")
	if err != nil {
		return nil, err
	}
	if _, err := s.division(ctx, s.store, divisionID); err != nil {
		return nil, err
	}
	teams, err := s.store.ListDivisionTeams(ctx, divisionID)
	if err != nil {
		return nil, err
	}
	return s.teamViews(ctx, teams, countsRequired)
}

func (s *service) GetTeam(ctx context.Context, id string) (_ TeamView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.GetTeam(%q)", id)
	t, err := s.team(ctx, id)
	if err != nil {
		return TeamView{}, err
	}
	views, err := s.teamViews(ctx, []store.Team{t}, countsRequired)
	if err != nil {
		return TeamView{}, err
	}
	return views[0], nil
}

func (s *service) team(ctx context.Context, id string) (_ store.Team, err error) {
	defer apperr.Wrap(&err, "competitionsvc.team(%q)", id)
	id, err = parseID("id", id, "Team")
	if err != nil {
		return store.Team{}, err
	}
	t, err := s.store.GetTeam(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return t, apperr.NotFound(msgTeamNotFound)
	}
	return t, err
}

// divisionOfEvent finds the division a team goes into; eventID, when given, must be its event.
func (s *service) divisionOfEvent(ctx context.Context, eventID, divisionID string, eventRequired bool) (_ store.Division, err error) {
	defer apperr.Wrap(&err, "competitionsvc.divisionOfEvent(%q, %q)", eventID, divisionID)
	if eventRequired && trim(eventID) == "" {
		return store.Division{}, apperr.Invalid("eventId", msgEventRequired)
	}
	if trim(eventID) != "" {
		var err error
		if eventID, err = s.existingEvent(ctx, "eventId", eventID); err != nil {
			return store.Division{}, err
		}
	}
	if trim(divisionID) == "" {
		return store.Division{}, apperr.Invalid("divisionId", msgDivisionRequired)
	}
	divisionID, err = parseID("divisionId", divisionID, "Division")
	if err != nil {
		return store.Division{}, err
	}
	d, err := s.division(ctx, s.store, divisionID)
	if err != nil {
		return d, err
	}
	if eventID != "" && d.EventID != eventID {
		return d, apperr.Invalid("divisionId", msgDivisionOtherEvent)
	}
	return d, nil
}

// CreateTeam adds a team to a division; one with too few places left refuses it unless
// beyondCapacity (capacity.go).
func (s *service) CreateTeam(ctx context.Context, eventID, divisionID string, in TeamInput, beyondCapacity bool) (_ TeamView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.CreateTeam(%q, %q)", eventID, divisionID)
	in, err = in.clean("")
	if err != nil {
		return TeamView{}, err
	}
	d, err := s.divisionOfEvent(ctx, eventID, divisionID, false)
	if err != nil {
		return TeamView{}, err
	}
	teams, err := s.insertTeams(ctx, d.EventID, []newTeam{{division: d, team: in}}, nameField(false), beyondCapacity)
	if err != nil {
		return TeamView{}, err
	}
	return teams[0], nil
}

// BulkCreateTeams creates every team or none, and returns them in input order.
func (s *service) BulkCreateTeams(ctx context.Context, eventID, divisionID string, in []TeamInput, beyondCapacity bool) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.BulkCreateTeams(%q, %q)", eventID, divisionID)
	d, err := s.divisionOfEvent(ctx, eventID, divisionID, true)
	if err != nil {
		return nil, err
	}
	plan := make([]newTeam, len(in))
	for i, t := range in {
		plan[i].division = d
		if plan[i].team, err = t.clean(fmt.Sprintf("teams[%d].", i)); err != nil {
			return nil, err
		}
	}
	if len(plan) == 0 {
		return []TeamView{}, nil
	}
	return s.insertTeams(ctx, d.EventID, plan, nameField(true), beyondCapacity)
}

// newTeam is a checked team and the division it goes into.
type newTeam struct {
	division store.Division
	team     TeamInput
}

// insertTeams creates teams of one event in one transaction, in the order given; a name
// already in its division is refused on nameField(i), a division without the places on
// beyondCapacity unless it is set.
func (s *service) insertTeams(ctx context.Context, eventID string, in []newTeam, nameField func(int) string, beyondCapacity bool) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.insertTeams(%q)", eventID)
	var teams []store.Team
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		// The event's lock keeps concurrent creations from passing the team limits together.
		if _, err := tx.LockEvent(ctx, eventID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgEventNotFound)
		} else if err != nil {
			return err
		}
		if err := checkRoomForTeams(ctx, tx, eventID, in); err != nil {
			return err
		}
		if err := checkPlacesForTeams(ctx, tx, in, beyondCapacity); err != nil {
			return err
		}
		if err := firstNameClash(ctx, tx, in, "", nameField); err != nil {
			return err
		}
		ids := make([]string, len(in))
		for i, n := range in {
			d, t := n.division, n.team
			id, err := tx.CreateTeam(ctx, store.Team{EventID: d.EventID, DivisionID: d.ID, Name: t.Name,
				Athlete1Name: t.Athlete1Name, Athlete2Name: t.Athlete2Name})
			if pg.IsForeignKeyViolation(err) {
				return apperr.NotFound(msgDivisionNotFound) // deleted meanwhile
			}
			if store.IsTeamNameTaken(err) {
				return apperr.ConflictField(nameField(i), fmt.Sprintf(msgTeamNameTaken, t.Name))
			}
			if err != nil {
				return err
			}
			ids[i] = id
		}
		var err error
		if teams, err = tx.GetTeams(ctx, ids); err != nil {
			return err
		}
		entries := make([]store.Activity, len(teams))
		for i, t := range teams {
			entries[i] = change(ctx, eventID, "created", "team", t.ID, fmt.Sprintf("Team %s created in %s", t.Name, t.DivisionName))
		}
		return tx.RecordActivity(ctx, entries...)
	})
	if err != nil {
		return nil, err
	}
	s.changed(ctx, eventID)
	return s.teamViews(ctx, teams, countsSkipped) // new teams have no results
}

// checkUnlocked refuses a team that has published results and so cannot change; it returns
// how many results (draft ones, then) the team has.
func (s *service) checkUnlocked(ctx context.Context, teamID string) (_ int32, err error) {
	defer apperr.Wrap(&err, "competitionsvc.checkUnlocked(%q)", teamID)
	counts, err := s.teamCounts(ctx, []string{teamID})
	if err != nil {
		return 0, err
	}
	if counts.GetPublishedByTeam()[teamID] > 0 {
		return 0, apperr.Conflict(msgTeamLocked)
	}
	return counts.GetResultsByTeam()[teamID], nil
}

// UpdateTeam changes name, athletes and division (within the event; "" keeps it). A team's
// results were scored in its division, so a team with results moves only with deleteResults:
// they are deleted first (docs/result-invariants.md), else the answer is 409 naming divisionId.
// A move into a division with no place left is refused unless beyondCapacity (capacity.go).
func (s *service) UpdateTeam(ctx context.Context, id, divisionID string, in TeamInput, deleteResults, beyondCapacity bool) (_ TeamView, err error) {
	defer apperr.Wrap(&err, "competitionsvc.UpdateTeam(%q, %q)", id, divisionID)
	current, err := s.team(ctx, id)
	if err != nil {
		return TeamView{}, err
	}
	if in, err = in.clean(""); err != nil {
		return TeamView{}, err
	}
	next := current
	next.Name, next.Athlete1Name, next.Athlete2Name = in.Name, in.Athlete1Name, in.Athlete2Name
	newDivision := current.DivisionName
	if trim(divisionID) != "" {
		if next.DivisionID, err = parseID("divisionId", divisionID, "Division"); err != nil {
			return TeamView{}, err
		}
		if next.DivisionID != current.DivisionID {
			d, err := s.division(ctx, s.store, next.DivisionID)
			if err != nil {
				return TeamView{}, err
			}
			if d.EventID != current.EventID {
				return TeamView{}, apperr.Invalid("divisionId", msgTeamMoveOtherEvent)
			}
			newDivision = d.Name
		}
	}
	results, err := s.checkUnlocked(ctx, current.ID)
	if err != nil {
		return TeamView{}, err
	}
	moving := next.DivisionID != current.DivisionID
	if moving && results > 0 {
		if !deleteResults {
			return TeamView{}, apperr.ConflictField("divisionId", fmt.Sprintf(msgTeamMoveHasResults,
				current.Name, results, plural(int(results), "result", "results")))
		}
		if results, err = s.deleteTeamResults(ctx, current); err != nil {
			return TeamView{}, err
		}
	}
	err = s.withActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if moving {
			if _, err := tx.LockEvent(ctx, current.EventID); err != nil {
				return nil, err
			}
			moved := []newTeam{{division: store.Division{ID: next.DivisionID}}}
			if err := checkRoomForTeams(ctx, tx, current.EventID, moved); err != nil {
				return nil, err
			}
			if err := checkPlacesForTeams(ctx, tx, moved, beyondCapacity); err != nil {
				return nil, err
			}
		}
		renamed := []newTeam{{division: store.Division{ID: next.DivisionID}, team: in}}
		if err := firstNameClash(ctx, tx, renamed, current.ID, nameField(false)); err != nil {
			return nil, err
		}
		if err := tx.UpdateTeam(ctx, next); store.IsTeamNameTaken(err) {
			return nil, apperr.ConflictField("name", fmt.Sprintf(msgTeamNameTaken, in.Name))
		} else if err != nil {
			return nil, err
		}
		summary := teamChanges(current, in, current.DivisionName, newDivision)
		if moving && results > 0 {
			summary += fmt.Sprintf("; %d %s deleted", results, plural(int(results), "result", "results"))
		}
		return []store.Activity{change(ctx, current.EventID, "updated", "team", current.ID, summary)}, nil
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		return TeamView{}, apperr.NotFound(msgTeamNotFound)
	case pg.IsForeignKeyViolation(err):
		return TeamView{}, apperr.NotFound(msgDivisionNotFound) // deleted meanwhile
	case err != nil:
		return TeamView{}, err
	}
	s.changed(ctx, current.EventID)
	s.deliverQueued(ctx) // a move to another division queued a rescore
	t, err := s.team(ctx, current.ID)
	if err != nil {
		return TeamView{}, err
	}
	return TeamView{Team: t}, nil // unlocked above: no published results; a move took the others
}

// deleteTeamResults has results-svc delete a team's results before the team moves, and
// checks that none came in meanwhile; it returns how many went.
func (s *service) deleteTeamResults(ctx context.Context, t store.Team) (_ int32, err error) {
	defer apperr.Wrap(&err, "competitionsvc.deleteTeamResults()")
	resp, err := s.results.PurgeResults(ctx, &resultsv1.PurgeResultsRequest{EventId: t.EventID, TeamIds: []string{t.ID}})
	if err != nil {
		return 0, s.countErr(err)
	}
	left, err := s.checkUnlocked(ctx, t.ID)
	if err != nil {
		return 0, err
	}
	if left > 0 {
		return 0, apperr.ConflictField("divisionId", fmt.Sprintf(msgTeamMoveHasResults, t.Name, left, plural(int(left), "result", "results")))
	}
	return resp.GetDeletedCount(), nil
}

// DeleteTeam removes a team without published results and has results-svc drop the others.
func (s *service) DeleteTeam(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "competitionsvc.DeleteTeam(%q)", id)
	t, err := s.team(ctx, id)
	if err != nil {
		return err
	}
	if _, err := s.checkUnlocked(ctx, t.ID); err != nil {
		return err
	}
	err = s.withActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.DeleteTeam(ctx, t.ID); err != nil {
			return nil, err
		}
		return []store.Activity{change(ctx, t.EventID, "deleted", "team", t.ID, fmt.Sprintf("Team %s deleted from %s", t.Name, t.DivisionName))}, nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(msgTeamNotFound)
	} else if err != nil {
		return err
	}
	s.changed(ctx, t.EventID)
	s.deliverQueued(ctx)
	return nil
}
