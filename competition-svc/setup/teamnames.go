package setup

import (
	"context"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// A team's name is unique in its division, compared without case, accents or repeated spaces.
// The comparison itself is the database's (team_name_key and the unique index, migration
// 0320_team_names_unique.sql): every path that names a team — the grid, the API, a CSV import,
// an event import — asks it here first, so each clash gets its own message, and the index
// refuses whatever slips past (store.IsTeamNameTaken).

const (
	msgTeamNameTaken    = `A team named "%s" is already in this division`
	msgTeamNameRepeated = `Team name "%s" appears more than once in this division`
	msgTeamNameOnLines  = `Team name "%s" appears more than once in this division: lines %s`
	// msgTeamsNameTakenMeanwhile: a bulk insert the index refused, which row it does not say.
	msgTeamsNameTakenMeanwhile = "A team of one of these names was added to the division meanwhile: check again"
)

// nameClash is why a planned team cannot have its name: another team of the division holds it
// (taken), or other teams of the same plan and division have it too (with: their plan indexes,
// its own included).
type nameClash struct {
	taken string
	with  []int
}

// nameClashes checks every planned team's name against its division and the rest of the
// plan; except is the team being renamed ("" for new teams). Plans without clashes give an
// empty map.
func nameClashes(ctx context.Context, st *store.Store, plan []newTeam, except string) (map[int]nameClash, error) {
	names := make([]store.TeamName, len(plan))
	for i, p := range plan {
		names[i] = store.TeamName{DivisionID: p.division.ID, Name: p.team.Name, ExceptID: except}
	}
	checks, err := st.CheckTeamNames(ctx, names)
	if err != nil {
		return nil, fmt.Errorf("check team names: %w", err)
	}
	out := map[int]nameClash{}
	same := map[[2]string][]int{}
	for i, c := range checks {
		if c.Taken != "" {
			out[i] = nameClash{taken: c.Taken}
			continue
		}
		k := [2]string{plan[i].division.ID, c.Key}
		same[k] = append(same[k], i)
	}
	for _, group := range same {
		if len(group) > 1 {
			for _, i := range group {
				out[i] = nameClash{with: group}
			}
		}
	}
	return out, nil
}

// message says why the team's name cannot be used; lineOf, when given, names the plan's rows
// by their line in a file.
func (c nameClash) message(name string, lineOf func(int) int) string {
	if c.taken != "" {
		return fmt.Sprintf(msgTeamNameTaken, c.taken)
	}
	if lineOf == nil {
		return fmt.Sprintf(msgTeamNameRepeated, name)
	}
	lines := make([]string, len(c.with))
	for i, row := range c.with {
		lines[i] = fmt.Sprint(lineOf(row))
	}
	return fmt.Sprintf(msgTeamNameOnLines, name, strings.Join(lines, ", "))
}

// firstNameClash refuses a plan with a clash, naming the first such team's field (field(i)).
func firstNameClash(ctx context.Context, st *store.Store, plan []newTeam, except string, field func(int) string) error {
	clashes, err := nameClashes(ctx, st, plan, except)
	if err != nil {
		return err
	}
	for i, p := range plan {
		if c, ok := clashes[i]; ok {
			return apperr.ConflictField(field(i), c.message(p.team.Name, nil))
		}
	}
	return nil
}

// nameField is the field a team's name goes in: "name" for one team, "teams[i].name" for many.
func nameField(many bool) func(int) string {
	if many {
		return func(i int) string { return fmt.Sprintf("teams[%d].name", i) }
	}
	return func(int) string { return "name" }
}
