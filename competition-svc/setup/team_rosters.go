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
	placed map[string][]store.RosterEntry
}

func newRosterWrites(tx *store.Store) *rosterWrites {
	return &rosterWrites{tx: tx, rules: map[string]store.RosterRules{}, placed: map[string][]store.RosterEntry{}}
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

// write makes a written team's roster (prefix: its fields' prefix, "" or "teams[2].") from
// the request: its places, or its two names over the current roster (an individual without a
// name: the team's name), checks it against the division and writes it. A pair's names in a
// division that asks nothing of them are left to the trigger.
func (w *rosterWrites) write(ctx context.Context, prefix string, d store.Division, teamID, teamName string, in rosterInput, first, second string) (err error) {
	defer apperr.Wrap(&err, "setup.rosterWrites.write(%q)", teamID)
	rules, err := w.rulesOf(ctx, d.ID)
	if err != nil {
		return err
	}
	if !in.Given && pairsOnly(rules) {
		return nil
	}
	current, err := w.tx.Rosters(ctx, []string{teamID})
	if err != nil {
		return err
	}
	places := in.Places
	if in.Given {
		places = keepAccounts(places, current[teamID])
	} else {
		places = roster.FromNames(first, second, current[teamID])
		if len(places) == 0 && rules.TeamSize == 1 {
			places = []store.RosterAthlete{{Position: 1, Name: teamName, Captain: true}}
		}
		if len(places) > rules.TeamSize {
			return apperr.Invalid(prefix+"athlete2Name", "A team in "+d.Name+" has at most 1 athlete")
		}
	}
	if places, err = roster.Check(prefix, d.Name, rules, places); err != nil {
		return err
	}
	if _, ok := w.placed[d.ID]; !ok {
		if w.placed[d.ID], err = w.tx.DivisionRosterEntries(ctx, d.ID); err != nil {
			return err
		}
	}
	if err := roster.CheckOnce(prefix, teamID, places, w.placed[d.ID]); err != nil {
		return err
	}
	for _, p := range places {
		w.placed[d.ID] = append(w.placed[d.ID], store.RosterEntry{TeamID: teamID, TeamName: teamName, RosterAthlete: p})
	}
	return w.tx.ReplaceRoster(ctx, teamID, places)
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
