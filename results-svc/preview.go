package resultssvc

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/protobuf/proto"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
	"github.com/podium-dev/podium/results-svc/scoring"
	"github.com/podium-dev/podium/results-svc/store"
)

// The scoring card's preview (docs/scoring.md): every division's standings over every result
// (published or not, as the console sees them) under the event's scoring now and under the
// proposed settings, and how many results' place or points would change. It reads only:
// saving is competition-svc's SetEventScoring, whose queued rescore results-svc delivers.

func (s *service) previewScoring(ctx context.Context, eventID string, settings *competitionv1.ScoringSettings) (_ *resultsv1.ScoringPreview, err error) {
	defer apperr.Wrap(&err, "resultssvc.previewScoring(%q)", eventID)
	id, err := parseID("eventId", "event", eventID)
	if err != nil {
		return nil, err
	}
	sctx, cancel := context.WithTimeout(ctx, structureTimeout)
	defer cancel()
	es, err := s.comp.GetEventStructure(sctx, &competitionv1.EventStructureRequest{EventId: id})
	if err != nil {
		return nil, competitionErr(err)
	}
	now, err := newStructure(es)
	if err != nil {
		return nil, err
	}
	proposedES, err := withScoring(es, settings)
	if err != nil {
		return nil, err
	}
	proposed, err := newStructure(proposedES)
	if err != nil {
		return nil, err
	}
	results, err := s.store.ListEvent(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("preview scoring: %w", err)
	}
	before, err := eventStandings(now, results)
	if err != nil {
		return nil, err
	}
	after, err := eventStandings(proposed, results)
	if err != nil {
		return nil, err
	}
	out := &resultsv1.ScoringPreview{}
	out.ChangedScores, err = changedScores(now, proposed, results)
	if err != nil {
		return nil, err
	}
	for i, d := range after.GetDivisions() {
		out.Divisions = append(out.Divisions, previewDivision(now, before.GetDivisions()[i], d))
	}
	return out, nil
}

// withScoring is the event structure with settings in place of its scoring; a setting the
// engine cannot take is refused with its field.
func withScoring(es *competitionv1.EventStructure, settings *competitionv1.ScoringSettings) (*competitionv1.EventStructure, error) {
	out := proto.Clone(es).(*competitionv1.EventStructure)
	ev := out.GetEvent()
	table := strings.ToLower(strings.TrimSpace(settings.GetScoringTable()))
	if _, err := scoring.NewTable(table, settings.GetCustomPoints()); err != nil {
		field := "scoringTable"
		if table == "custom" {
			field = "customPoints"
		}
		return nil, apperr.Invalid(field, "Scoring table must be one of podium100, games2012, ranksum, pscore or custom, with custom points of at least 0")
	}
	ev.ScoringTable, ev.CustomPoints = table, settings.GetCustomPoints()
	rules := settings.GetRules()
	if t := rules.GetWorkoutTies(); t != "" {
		if _, ok := words.Parse[typesv1.WorkoutTies](t); !ok {
			return nil, apperr.Invalid("rules.workoutTies", "Workout ties must be one of share_better, average_points or tie_stand")
		}
	}
	if t := rules.GetOverallTieBreak(); t != "" {
		if _, ok := words.Parse[typesv1.OverallTieBreak](t); !ok {
			return nil, apperr.Invalid("rules.overallTieBreak", "Overall tie-break must be one of countback, by_workout or shared")
		}
	}
	ev.ScoringRules = proto.Clone(rules).(*competitionv1.ScoringRules)
	if ev.ScoringRules == nil {
		ev.ScoringRules = &competitionv1.ScoringRules{}
	}
	weights := map[string]float64{}
	for i, ww := range settings.GetWorkoutWeights() {
		if err := scoring.CheckWeight(ww.GetWeight()); err != nil {
			return nil, apperr.Invalid(fmt.Sprintf("workoutWeights[%d].weight", i), "Weight must be between 0.5 and 3")
		}
		weights[ww.GetWorkoutId()] = ww.GetWeight()
	}
	for _, w := range ev.GetWorkouts() {
		w.Weight = 1
		if v, ok := weights[w.GetId()]; ok {
			w.Weight = v
		}
	}
	return out, withDivisionScoring(ev, settings.GetDivisionOverrides())
}

// withDivisionScoring gives the event's divisions the proposed overrides (a division left out
// has the event's scoring); an override the engine cannot take is refused with its field.
func withDivisionScoring(ev *competitionv1.Event, overrides []*competitionv1.DivisionScoring) error {
	byID := map[string]*competitionv1.DivisionScoring{}
	for i, o := range overrides {
		field := fmt.Sprintf("divisionOverrides[%d].", i)
		table := strings.ToLower(strings.TrimSpace(o.GetScoringTable()))
		if _, err := scoring.NewTable(table, nil); table != "" && (err != nil || table == "custom") {
			return apperr.Invalid(field+"scoringTable", "A division's scoring table must be one of podium100, games2012, ranksum or pscore")
		}
		if t := o.GetWorkoutTies(); t != "" {
			if _, ok := words.Parse[typesv1.WorkoutTies](strings.ToLower(strings.TrimSpace(t))); !ok {
				return apperr.Invalid(field+"workoutTies", "Workout ties must be one of share_better, average_points or tie_stand")
			}
		}
		byID[o.GetDivisionId()] = o
	}
	for _, d := range ev.GetDivisions() {
		o := byID[d.GetId()]
		d.ScoringTable = strings.ToLower(strings.TrimSpace(o.GetScoringTable()))
		d.WorkoutTies = strings.ToLower(strings.TrimSpace(o.GetWorkoutTies()))
	}
	return nil
}

// changedScores counts the results whose admin place or points differ between two scorings.
func changedScores(now, proposed *structure, results []store.Result) (int32, error) {
	a, err := scoreResults(now, results)
	if err != nil {
		return 0, err
	}
	b, err := scoreResults(proposed, results)
	if err != nil {
		return 0, err
	}
	was := make(map[string]store.Score, len(a))
	for _, sc := range a {
		was[sc.ID] = sc
	}
	var n int32
	for _, sc := range b {
		old := was[sc.ID]
		if !equalInt32(old.Place, sc.Place) || !equalFloat(old.Points, sc.Points) {
			n++
		}
	}
	return n, nil
}

func previewDivision(st *structure, before, after *resultsv1.DivisionStandings) *resultsv1.DivisionScoringPreview {
	was := map[string]*resultsv1.TeamStanding{}
	for _, t := range before.GetStandings() {
		was[t.GetTeamId()] = t
	}
	out := &resultsv1.DivisionScoringPreview{DivisionId: after.GetDivisionId(), DivisionName: st.divisions[after.GetDivisionId()].GetName()}
	for _, t := range after.GetStandings() {
		line := &resultsv1.ScoringPreviewLine{TeamId: t.GetTeamId(), TeamName: st.teams[t.GetTeamId()].GetName(),
			RankProposed: t.GetRank(), TotalProposed: t.GetTotalPoints()}
		if b := was[t.GetTeamId()]; b != nil {
			line.RankNow, line.TotalNow = b.GetRank(), b.GetTotalPoints()
		}
		out.Lines = append(out.Lines, line)
	}
	return out
}

func equalInt32(a, b *int32) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func equalFloat(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
