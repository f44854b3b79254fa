package setup

import (
	"context"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/setup/roster"
	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// A team's roster as the team writes give it (docs/rosters.md): the places of a request, or,
// for the spec's calls, the two name fields over the current roster.

// rosterInput is a request's roster: Given when the request has athletes (they replace the
// roster), else the two name fields speak.
type rosterInput struct {
	Given  bool
	Places []store.RosterAthlete
}

// rosterFromPB reads a request's places; an account is never taken from a request.
func rosterFromPB(places []*competitionv1.RosterPlace) rosterInput {
	in := rosterInput{Given: len(places) > 0, Places: make([]store.RosterAthlete, len(places))}
	for i, p := range places {
		in.Places[i] = store.RosterAthlete{Name: p.GetName(), Category: p.GetCategory(), BirthDate: p.GetBirthDate(),
			Substitute: p.GetSubstitute(), Captain: p.GetCaptain()}
	}
	return in
}

// names are a given roster's first two starting athletes: the team's two name fields.
func (in rosterInput) names() (first, second string) {
	var starting []string
	for _, p := range in.Places {
		if !p.Substitute {
			starting = append(starting, strings.Join(strings.Fields(p.Name), " "))
		}
	}
	if len(starting) > 0 {
		first = starting[0]
	}
	if len(starting) > 1 {
		second = starting[1]
	}
	return first, second
}

func rosterRulesFromPB(m *competitionv1.DivisionRoster) store.RosterRules {
	r := store.RosterRules{TeamSize: int(m.GetTeamSize()), Substitutes: int(m.GetSubstitutes()), AgeOn: m.GetAgeOn()}
	for _, c := range m.GetComposition() {
		r.Composition = append(r.Composition, store.CompositionRule{Category: c.GetCategory(), Count: int(c.GetCount())})
	}
	if m.GetAgeMin() != nil {
		n := int(m.GetAgeMin().GetValue())
		r.AgeMin = &n
	}
	if m.GetAgeMax() != nil {
		n := int(m.GetAgeMax().GetValue())
		r.AgeMax = &n
	}
	return r
}

// rosterRulesIn is a request's roster rule; nil when absent.
func rosterRulesIn(m *competitionv1.DivisionRoster) *store.RosterRules {
	if m == nil {
		return nil
	}
	r := rosterRulesFromPB(m)
	return &r
}

// checkRostersFit refuses a rule a team of the division already breaks: more starting
// athletes than the size, or more substitutes than allowed.
func checkRostersFit(ctx context.Context, tx *store.Store, divisionID string, r store.RosterRules) (err error) {
	defer apperr.Wrap(&err, "setup.checkRostersFit(%q)", divisionID)
	teams, err := tx.ListDivisionTeams(ctx, divisionID)
	if err != nil {
		return err
	}
	for _, t := range teams {
		starting, subs := 0, 0
		for _, a := range t.Roster {
			if a.Substitute {
				subs++
			} else {
				starting++
			}
		}
		if starting > r.TeamSize {
			return apperr.ConflictField("roster.teamSize", fmt.Sprintf("Team %s has %d athletes: a team size of %d would not hold it", t.Name, starting, r.TeamSize))
		}
		if subs > r.Substitutes {
			return apperr.ConflictField("roster.substitutes", fmt.Sprintf("Team %s has %d substitutes: %d would not hold them", t.Name, subs, r.Substitutes))
		}
	}
	return nil
}

func rosterRulesPB(r store.RosterRules) *competitionv1.DivisionRoster {
	out := &competitionv1.DivisionRoster{TeamSize: int32(r.TeamSize), Substitutes: int32(r.Substitutes), AgeOn: r.AgeOn,
		Composition: make([]*competitionv1.CompositionRule, len(r.Composition))}
	for i, c := range r.Composition {
		out.Composition[i] = &competitionv1.CompositionRule{Category: c.Category, Count: int32(c.Count)}
	}
	if r.AgeMin != nil {
		out.AgeMin = wrapperspb.Int32(int32(*r.AgeMin))
	}
	if r.AgeMax != nil {
		out.AgeMax = wrapperspb.Int32(int32(*r.AgeMax))
	}
	return out
}

func rosterPB(places []store.RosterAthlete) []*competitionv1.RosterPlace {
	out := make([]*competitionv1.RosterPlace, len(places))
	for i, p := range places {
		out[i] = &competitionv1.RosterPlace{Name: p.Name, AthleteId: p.AthleteID, Category: p.Category, BirthDate: p.BirthDate,
			Substitute: p.Substitute, Captain: p.Captain}
	}
	return out
}

// pairsOnly is a rule the two name fields meet whatever they say: two places, nothing asked
// of them. The roster's trigger (0940_rosters.sql) keeps such a team's places from its names.
func pairsOnly(r store.RosterRules) bool {
	return r.TeamSize >= 2 && len(r.Composition) == 0 && r.AgeOn == ""
}

// rosterWrites checks and writes the rosters of one transaction's team writes; it reads each
// division's rule and places once.
type rosterWrites struct {
	tx     *store.Store
	rules  map[string]store.RosterRules
	placed map[string]*roster.Placed
}

func newRosterWrites(tx *store.Store) *rosterWrites {
	return &rosterWrites{tx: tx, rules: map[string]store.RosterRules{}, placed: map[string]*roster.Placed{}}
}

func (w *rosterWrites) rulesOf(ctx context.Context, divisionID string) (_ store.RosterRules, err error) {
	defer apperr.Wrap(&err, "setup.rosterWrites.rulesOf(%q)", divisionID)
	if r, ok := w.rules[divisionID]; ok {
		return r, nil
	}
	r, err := w.tx.DivisionRosterRules(ctx, divisionID)
	if err != nil {
		return r, err
	}
	w.rules[divisionID] = r
	return r, nil
}

func (w *rosterWrites) placedIn(ctx context.Context, divisionID string) (_ *roster.Placed, err error) {
	defer apperr.Wrap(&err, "setup.rosterWrites.placedIn(%q)", divisionID)
	if p, ok := w.placed[divisionID]; ok {
		return p, nil
	}
	entries, err := w.tx.DivisionRosterEntries(ctx, divisionID)
	if err != nil {
		return nil, err
	}
	w.placed[divisionID] = roster.NewPlaced(entries)
	return w.placed[divisionID], nil
}

// rosterWrite is one written team's roster as its request gives it: prefix is its fields'
// prefix ("" or "teams[2]."), first and second its two name fields.
type rosterWrite struct {
	prefix        string
	division      store.Division
	teamID, name  string
	in            rosterInput
	first, second string
}

// write makes, checks and writes one team's roster (writeAll).
func (w *rosterWrites) write(ctx context.Context, prefix string, d store.Division, teamID, teamName string, in rosterInput, first, second string) error {
	return w.writeAll(ctx, []rosterWrite{{prefix: prefix, division: d, teamID: teamID, name: teamName, in: in, first: first, second: second}})
}

// writeAll makes each written team's roster from its request: its places, or its two names
// over the current roster (an individual without a name: the team's name); checks each
// against its division, then writes them all: the current rosters read in one query and the
// rosters written a few thousand teams to a statement (store.ReplaceRosters), so a division's
// whole import costs a few statements, not a few a team (docs/boards.md, "Team imports").
// A pair's names in a division that asks nothing of them are left to the trigger. Each team
// is written once; the first refusal, in the order given, is the answer.
func (w *rosterWrites) writeAll(ctx context.Context, writes []rosterWrite) (err error) {
	defer apperr.Wrap(&err, "setup.rosterWrites.writeAll(%d)", len(writes))
	todo := make([]rosterWrite, 0, len(writes))
	ids := make([]string, 0, len(writes))
	for _, x := range writes {
		rules, err := w.rulesOf(ctx, x.division.ID)
		if err != nil {
			return err
		}
		if !x.in.Given && pairsOnly(rules) {
			continue
		}
		todo = append(todo, x)
		ids = append(ids, x.teamID)
	}
	if len(todo) == 0 {
		return nil
	}
	current, err := w.tx.Rosters(ctx, ids)
	if err != nil {
		return err
	}
	out := make([]store.TeamRoster, len(todo))
	for i, x := range todo {
		places, err := w.check(ctx, x, w.rules[x.division.ID], current[x.teamID])
		if err != nil {
			return err
		}
		out[i] = store.TeamRoster{TeamID: x.teamID, Athletes: places}
	}
	return w.tx.ReplaceRosters(ctx, out)
}

// check is one team's roster made from its request over its current one, checked against its
// division's rule and the division's other teams, then placed for the next team's check.
func (w *rosterWrites) check(ctx context.Context, x rosterWrite, rules store.RosterRules, current []store.RosterAthlete) ([]store.RosterAthlete, error) {
	d := x.division
	places := x.in.Places
	if x.in.Given {
		places = keepAccounts(places, current)
	} else {
		places = roster.FromNames(x.first, x.second, current)
		if len(places) == 0 && rules.TeamSize == 1 {
			places = []store.RosterAthlete{{Position: 1, Name: x.name, Captain: true}}
		}
		if len(places) > rules.TeamSize {
			return nil, apperr.Invalid(x.prefix+"athlete2Name", "A team in "+d.Name+" has at most 1 athlete")
		}
	}
	places, err := roster.Check(x.prefix, d.Name, rules, places)
	if err != nil {
		return nil, err
	}
	placed, err := w.placedIn(ctx, d.ID)
	if err != nil {
		return nil, err
	}
	if err := placed.Check(x.prefix, x.teamID, places); err != nil {
		return nil, err
	}
	placed.Add(x.teamID, x.name, places)
	return places, nil
}

// rowRoster checks a new team's roster against its division before any write (a file's
// rows are refused line by line): the places it gives, or its two names; it returns the
// places (none for a pair's names the division asks nothing of).
func rowRoster(d store.Division, t TeamInput) ([]store.RosterAthlete, error) {
	if !t.Roster.Given {
		if pairsOnly(d.Roster) {
			return nil, nil
		}
		places := roster.FromNames(t.Athlete1Name, t.Athlete2Name, nil)
		if len(places) > d.Roster.TeamSize {
			return nil, apperr.Invalid("athlete2Name", "A team in "+d.Name+" has at most 1 athlete")
		}
		_, err := roster.Check("", d.Name, d.Roster, places)
		return nil, err
	}
	return roster.Check("", d.Name, d.Roster, t.Roster.Places)
}

// keepAccounts gives each requested place the account of the current place of the same name:
// a request never sets an account, and re-sending a roster keeps them.
func keepAccounts(places, current []store.RosterAthlete) []store.RosterAthlete {
	byName := map[string]string{}
	for _, c := range current {
		if c.AthleteID != "" {
			byName[strings.ToLower(strings.Join(strings.Fields(c.Name), " "))] = c.AthleteID
		}
	}
	out := make([]store.RosterAthlete, len(places))
	for i, p := range places {
		p.AthleteID = byName[strings.ToLower(strings.Join(strings.Fields(p.Name), " "))]
		out[i] = p
	}
	return out
}
