package setup

import (
	"context"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/setup/roster"
	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// An event document of format podium.event/v2 carries rosters (docs/rosters.md): each
// division's roster rule and each team's places in order, never an account. A document of
// format podium.event/v1 has neither: its divisions are pairs and its teams' two names speak.

// DocumentFormatV1 is the format before rosters; it still imports.
const DocumentFormatV1 = "podium.event/v1"

// documentRosterRules is a division's rule in a document.
func documentRosterRules(d store.Division) *competitionv1.DivisionRoster {
	return rosterRulesPB(d.Roster)
}

// documentAthletes are a team's places in a document, without their accounts.
func documentAthletes(places []store.RosterAthlete) []*competitionv1.DocumentAthlete {
	out := make([]*competitionv1.DocumentAthlete, len(places))
	for i, p := range places {
		out[i] = &competitionv1.DocumentAthlete{Name: p.Name, Category: p.Category, BirthDate: p.BirthDate,
			Substitute: p.Substitute, Captain: p.Captain}
	}
	return out
}

// checkDocumentRosterRules is a v2 document division's rule checked as the console checks it
// (field under prefix, "divisions[1].roster."); absent: pairs.
func checkDocumentRosterRules(prefix string, m *competitionv1.DivisionRoster) (store.RosterRules, error) {
	if m == nil {
		return roster.Pairs, nil
	}
	return roster.CheckRules(prefix, rosterRulesFromPB(m))
}

// documentRoster is a v2 document team's roster as a request's: given when it has places.
func documentRoster(t *competitionv1.DocumentTeam) rosterInput {
	places := t.GetAthletes()
	in := rosterInput{Given: len(places) > 0, Places: make([]store.RosterAthlete, len(places))}
	for i, p := range places {
		in.Places[i] = store.RosterAthlete{Name: p.GetName(), Category: p.GetCategory(), BirthDate: p.GetBirthDate(),
			Substitute: p.GetSubstitute(), Captain: p.GetCaptain()}
	}
	return in
}

// checkDocumentFormat reads the document's version: true for v2 (rosters), false for v1.
func checkDocumentFormat(format string) (bool, error) {
	switch format {
	case DocumentFormat:
		return true, nil
	case DocumentFormatV1:
		return false, nil
	}
	return false, apperr.Invalid("format", msgDocumentFormat)
}

// writeTeamRoster gives an imported team (the plan's i-th, made as id in division d) its
// roster, checked against the division as the console checks a team's: a roster that breaks
// a rule is refused on the document's field ("teams[3].athletes[1].category") and the
// import's transaction writes nothing. A v1 document's teams keep what their names made.
func (plan importPlan) writeTeamRoster(ctx context.Context, w *rosterWrites, i int, d store.Division, id string) (err error) {
	defer apperr.Wrap(&err, "setup.importPlan.writeTeamRoster(%d)", i)
	if !plan.rosters {
		return nil
	}
	t := plan.teams[i].team
	return w.write(ctx, fmt.Sprintf("teams[%d].", i), d, id, t.Name, t.Roster, t.Athlete1Name, t.Athlete2Name)
}
