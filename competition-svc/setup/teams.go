package setup

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
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
	// Roster, when given, replaces the team's roster and its first two starting athletes are
	// the two name fields (docs/rosters.md).
	Roster rosterInput
}

// clean trims the values, applies the name rule and checks them; prefix goes before field
// names ("teams[2].").
func (in TeamInput) clean(prefix string) (TeamInput, error) {
	out := TeamInput{Roster: in.Roster}
	var err error
	if in.Roster.Given {
		in.Athlete1Name, in.Athlete2Name = in.Roster.names()
	}
	for _, f := range []struct {
		field, what string
		in          string
		out         *string
	}{
		{"name", "Team name", in.Name, &out.Name},
		{"athlete1Name", "Athlete 1 name", in.Athlete1Name, &out.Athlete1Name},
		{"athlete2Name", "Athlete 2 name", in.Athlete2Name, &out.Athlete2Name},
	} {
		if *f.out, err = core.CleanName(prefix+f.field, f.what, f.in); err != nil {
			return out, err
		}
	}
	if err := core.CheckName(prefix+"name", out.Name, core.MsgTeamNameShort, core.MsgTeamNameLong); err != nil {
		return out, err
	}
	if core.Runes(out.Athlete1Name) > athleteNameMax {
		return out, apperr.Invalid(prefix+"athlete1Name", MsgAthlete1TooLong)
	}
	if core.Runes(out.Athlete2Name) > athleteNameMax {
		return out, apperr.Invalid(prefix+"athlete2Name", MsgAthlete2TooLong)
	}
	return out, nil
}

func (s *service) ListTeams(ctx context.Context) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "setup.ListTeams()")
	teams, err := s.Store.ListTeams(ctx)
	if err != nil {
		return nil, err
	}
	if teams, err = core.FilterVisible(s.Service, ctx, teams, func(t store.Team) string { return t.EventID }); err != nil {
		return nil, err
	}
	return s.teamViews(ctx, teams, countsRequired)
}

func (s *service) ListEventTeams(ctx context.Context, eventID string) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "setup.ListEventTeams(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	teams, err := s.Store.ListEventTeams(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return s.teamViews(ctx, teams, countsRequired)
}

func (s *service) ListDivisionTeams(ctx context.Context, divisionID string) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "setup.ListDivisionTeams(%q)", divisionID)
	divisionID, err = core.ParseID("divisionId", divisionID, "Division")
	if err != nil {
		return nil, err
	}
	if _, err := s.division(ctx, s.Store, divisionID); err != nil {
		return nil, err
	}
	teams, err := s.Store.ListDivisionTeams(ctx, divisionID)
	if err != nil {
		return nil, err
	}
	return s.teamViews(ctx, teams, countsRequired)
}

func (s *service) GetTeam(ctx context.Context, id string) (_ TeamView, err error) {
	defer apperr.Wrap(&err, "setup.GetTeam(%q)", id)
	t, err := s.Team(ctx, id)
	if err != nil {
		return TeamView{}, err
	}
	views, err := s.teamViews(ctx, []store.Team{t}, countsRequired)
	if err != nil {
		return TeamView{}, err
	}
	return views[0], nil
}

// CreateTeam adds a team to a division; one with too few places left refuses it unless
// beyondCapacity (core/capacity.go).
func (s *service) CreateTeam(ctx context.Context, eventID, divisionID string, in TeamInput, beyondCapacity bool) (_ TeamView, err error) {
	defer apperr.Wrap(&err, "setup.CreateTeam(%q, %q)", eventID, divisionID)
	in, err = in.clean("")
	if err != nil {
		return TeamView{}, err
	}
	d, err := s.DivisionOfEvent(ctx, eventID, divisionID, false)
	if err != nil {
		return TeamView{}, err
	}
	teams, err := s.insertTeams(ctx, d.EventID, []newTeam{{division: d, team: in}}, nameField(false), beyondCapacity, 1)
	if err != nil {
		return TeamView{}, err
	}
	return teams[0], nil
}

// BulkCreateTeams creates every team or none, and returns them in input order.
func (s *service) BulkCreateTeams(ctx context.Context, eventID, divisionID string, in []TeamInput, beyondCapacity bool) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "setup.BulkCreateTeams(%q, %q)", eventID, divisionID)
	d, err := s.DivisionOfEvent(ctx, eventID, divisionID, true)
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
	return s.insertTeams(ctx, d.EventID, plan, nameField(true), beyondCapacity, len(plan))
}

// newTeam is a checked team and the division it goes into.
type newTeam struct {
	division store.Division
	team     TeamInput
}

// divisionsOf is the division of each planned team, for the capacity check (core.CheckPlaces).
func divisionsOf(plan []newTeam) []string {
	out := make([]string, len(plan))
	for i, n := range plan {
		out[i] = n.division.ID
	}
	return out
}

// insertTeams creates teams of one event in one transaction, in the order given; a name
// already in its division is refused on nameField(i), a division without the places on
// beyondCapacity unless it is set.
//
// It answers the first shown teams created, read back: an import of a division's 100,000
// answers a count and a few (docs/boards.md, "Team imports").
func (s *service) insertTeams(ctx context.Context, eventID string, in []newTeam, nameField func(int) string, beyondCapacity bool, shown int) (_ []TeamView, err error) {
	defer apperr.Wrap(&err, "setup.insertTeams(%q)", eventID)
	var teams []store.Team
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		// The event's lock keeps concurrent creations from passing the team limits together.
		if _, err := tx.LockEvent(ctx, eventID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(core.MsgEventNotFound)
		} else if err != nil {
			return err
		}
		if err := checkRoomForTeams(ctx, tx, eventID, in); err != nil {
			return err
		}
		if err := core.CheckPlaces(ctx, tx, divisionsOf(in), beyondCapacity); err != nil {
			return err
		}
		if err := firstNameClash(ctx, tx, in, "", nameField); err != nil {
			return err
		}
		// One statement per few thousand teams (an import of a division's 100,000 is twenty),
		// then the rosters that are more than the two names the insert's trigger places.
		rows := make([]store.Team, len(in))
		for i, n := range in {
			rows[i] = store.Team{EventID: n.division.EventID, DivisionID: n.division.ID, Name: n.team.Name,
				Athlete1Name: n.team.Athlete1Name, Athlete2Name: n.team.Athlete2Name}
		}
		ids, err := tx.CreateTeams(ctx, rows)
		switch {
		case pg.IsForeignKeyViolation(err):
			return apperr.NotFound(core.MsgDivisionNotFound) // deleted meanwhile
		case store.IsTeamNameTaken(err) && len(in) == 1:
			return apperr.ConflictField(nameField(0), fmt.Sprintf(msgTeamNameTaken, in[0].team.Name))
		case store.IsTeamNameTaken(err): // checked above under the event's lock: a rename meanwhile
			return apperr.Conflict(msgTeamsNameTakenMeanwhile)
		case err != nil:
			return err
		}
		writes := make([]rosterWrite, len(in))
		for i, n := range in {
			t := n.team
			writes[i] = rosterWrite{prefix: strings.TrimSuffix(nameField(i), "name"), division: n.division, teamID: ids[i], name: t.Name,
				in: t.Roster, first: t.Athlete1Name, second: t.Athlete2Name}
		}
		if err := newRosterWrites(tx).writeAll(ctx, writes); err != nil {
			return err
		}
		if teams, err = tx.GetTeams(ctx, ids[:min(shown, len(ids))]); err != nil {
			return err
		}
		entries := make([]store.Activity, len(in))
		for i, n := range in {
			entries[i] = core.Change(ctx, eventID, "created", "team", ids[i], fmt.Sprintf("Team %s created in %s", n.team.Name, n.division.Name))
		}
		return tx.RecordActivity(ctx, entries...)
	})
	if err != nil {
		return nil, err
	}
	s.Changed(ctx, eventID)
	return s.teamViews(ctx, teams, countsSkipped) // new teams have no results
}

// UpdateTeam changes name, athletes and division (within the event; "" keeps it). A team's
// results were scored in its division, so a team with results moves only with deleteResults:
// they are deleted first (docs/result-invariants.md), else the answer is 409 naming divisionId.
// A move into a division with no place left is refused unless beyondCapacity (core/capacity.go).
func (s *service) UpdateTeam(ctx context.Context, id, divisionID string, in TeamInput, deleteResults, beyondCapacity bool) (_ TeamView, err error) {
	defer apperr.Wrap(&err, "setup.UpdateTeam(%q, %q)", id, divisionID)
	current, err := s.Team(ctx, id)
	if err != nil {
		return TeamView{}, err
	}
	if in, err = in.clean(""); err != nil {
		return TeamView{}, err
	}
	next := current
	next.Name, next.Athlete1Name, next.Athlete2Name = in.Name, in.Athlete1Name, in.Athlete2Name
	newDivision := current.DivisionName
	if core.Trim(divisionID) != "" {
		if next.DivisionID, err = core.ParseID("divisionId", divisionID, "Division"); err != nil {
			return TeamView{}, err
		}
		if next.DivisionID != current.DivisionID {
			d, err := s.division(ctx, s.Store, next.DivisionID)
			if err != nil {
				return TeamView{}, err
			}
			if d.EventID != current.EventID {
				return TeamView{}, apperr.Invalid("divisionId", MsgTeamMoveOtherEvent)
			}
			newDivision = d.Name
		}
	}
	results, err := s.CheckUnlocked(ctx, current.ID)
	if err != nil {
		return TeamView{}, err
	}
	moving := next.DivisionID != current.DivisionID
	if moving { // before any result goes: a roster that does not fit moves nothing
		if err := moveFits(ctx, s.Store, current, next.DivisionID, newDivision, in); err != nil {
			return TeamView{}, err
		}
	}
	if moving && results > 0 {
		if !deleteResults {
			return TeamView{}, apperr.ConflictField("divisionId", fmt.Sprintf(core.MsgTeamMoveHasResults,
				current.Name, results, core.Plural(int(results), "result", "results")))
		}
		if results, err = s.deleteTeamResults(ctx, current); err != nil {
			return TeamView{}, err
		}
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		// Checked again under the team's row lock: a first published result, or a first result
		// of a team that moves, cannot commit meanwhile (core.CheckUnlockedIn).
		left, err := s.CheckUnlockedIn(ctx, tx, current.ID)
		if err != nil {
			return nil, err
		}
		if moving && left > 0 {
			return nil, apperr.ConflictField("divisionId", fmt.Sprintf(core.MsgTeamMoveHasResults,
				current.Name, left, core.Plural(int(left), "result", "results")))
		}
		if moving {
			if _, err := tx.LockEvent(ctx, current.EventID); err != nil {
				return nil, err
			}
			moved := []newTeam{{division: store.Division{ID: next.DivisionID}}}
			if err := checkRoomForTeams(ctx, tx, current.EventID, moved); err != nil {
				return nil, err
			}
			if err := core.CheckPlaces(ctx, tx, []string{next.DivisionID}, beyondCapacity); err != nil {
				return nil, err
			}
			if err := moveFits(ctx, tx, current, next.DivisionID, newDivision, in); err != nil {
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
		division := store.Division{ID: next.DivisionID, Name: newDivision}
		if err := newRosterWrites(tx).write(ctx, "", division, current.ID, in.Name, in.Roster, in.Athlete1Name, in.Athlete2Name); err != nil {
			return nil, err
		}
		summary := teamChanges(current, in, current.DivisionName, newDivision)
		if moving && results > 0 {
			summary += fmt.Sprintf("; %d %s deleted", results, core.Plural(int(results), "result", "results"))
		}
		return []store.Activity{core.Change(ctx, current.EventID, "updated", "team", current.ID, summary)}, nil
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		return TeamView{}, apperr.NotFound(core.MsgTeamNotFound)
	case pg.IsForeignKeyViolation(err):
		return TeamView{}, apperr.NotFound(core.MsgDivisionNotFound) // deleted meanwhile
	case err != nil:
		return TeamView{}, err
	}
	s.Changed(ctx, current.EventID)
	s.DeliverQueued(ctx) // a move to another division queued a rescore
	t, err := s.Team(ctx, current.ID)
	if err != nil {
		return TeamView{}, err
	}
	return TeamView{Team: t}, nil // unlocked above: no published results; a move took the others
}

// deleteTeamResults has results-svc delete a team's results before the team moves, and
// checks that none came in meanwhile (results-svc records the team's counts before its purge
// answers); it returns how many went.
func (s *service) deleteTeamResults(ctx context.Context, t store.Team) (_ int32, err error) {
	defer apperr.Wrap(&err, "setup.deleteTeamResults()")
	resp, err := s.Results.PurgeResults(ctx, &resultsv1.PurgeResultsRequest{EventId: t.EventID, TeamIds: []string{t.ID}})
	if err != nil {
		return 0, s.CountErr(err)
	}
	left, err := s.CheckUnlocked(ctx, t.ID)
	if err != nil {
		return 0, err
	}
	if left > 0 {
		return 0, apperr.ConflictField("divisionId", fmt.Sprintf(core.MsgTeamMoveHasResults, t.Name, left, core.Plural(int(left), "result", "results")))
	}
	return resp.GetDeletedCount(), nil
}

// DeleteTeam removes a team without published results and has results-svc drop the others.
func (s *service) DeleteTeam(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "setup.DeleteTeam(%q)", id)
	t, err := s.Team(ctx, id)
	if err != nil {
		return err
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		// Under the team's row lock: no first published result commits before the delete
		// does, and a first result saved after it is refused (core.CheckUnlockedIn).
		if _, err := s.CheckUnlockedIn(ctx, tx, t.ID); err != nil {
			return nil, err
		}
		if err := tx.DeleteTeam(ctx, t.ID); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, t.EventID, "deleted", "team", t.ID, fmt.Sprintf("Team %s deleted from %s", t.Name, t.DivisionName))}, nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(core.MsgTeamNotFound)
	} else if err != nil {
		return err
	}
	s.Changed(ctx, t.EventID)
	s.DeliverQueued(ctx)
	return nil
}
