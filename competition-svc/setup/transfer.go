package setup

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/internal/platform/changes"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/competition-svc/setup/roster"
	"github.com/podium-dev/podium/competition-svc/store"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// A whole event as one document (competitionv1.EventDocument): its setup from this service,
// its results from results-svc. An import creates a new DRAFT event from a document.

// DocumentFormat names the document's version; another version is refused.
const DocumentFormat = "podium.event/v2"

const (
	msgDocumentFormat  = "This is not a Podium event document of format podium.event/v2 or podium.event/v1"
	msgDocumentNoEvent = "The document has no event"
	msgDocumentDupID   = "The id %q appears more than once"
	msgDocumentNoRef   = "%q is not a %s of this document"
)

// ExportEvent gathers an event and every result of it.
func (s *service) ExportEvent(ctx context.Context, id string) (_ *competitionv1.EventDocument, err error) {
	defer apperr.Wrap(&err, "setup.ExportEvent(%q)", id)
	id, err = core.ParseID("id", id, "Event")
	if err != nil {
		return nil, err
	}
	view, err := s.eventView(ctx, id, countsSkipped)
	if err != nil {
		return nil, err
	}
	teams, err := s.Store.ListEventTeams(ctx, id)
	if err != nil {
		return nil, err
	}
	results, err := s.Results.ListEventResults(ctx, &resultsv1.EventResultsRequest{EventId: id})
	if err != nil {
		return nil, s.CountErr(err)
	}
	e := view.Event
	doc := &competitionv1.EventDocument{
		Format: DocumentFormat, ExportedAt: time.Now().UTC().Format(time.RFC3339),
		Event: &competitionv1.DocumentEvent{
			Name: e.Name, DateFrom: core.Date(e.DateFrom), DateTo: core.Date(e.DateTo), Location: e.Location,
			Description: e.Description, DetailsVisible: e.DetailsVisible, Status: e.Status.String(),
			ScoringTable: e.ScoringTable, CustomPoints: e.CustomPoints, ScoringRules: scoringRulesPB(e.Scoring),
			Online: onlineSettingsPB(e, view.Workouts),
		},
	}
	for _, d := range view.Divisions {
		doc.Divisions = append(doc.Divisions, &competitionv1.DocumentDivision{Id: d.ID, Name: d.Name, Description: d.Description,
			ScoringTable: d.Scoring.Table, WorkoutTies: d.Scoring.WorkoutTies, Roster: documentRosterRules(d)})
	}
	for _, t := range teams {
		doc.Teams = append(doc.Teams, &competitionv1.DocumentTeam{Id: t.ID, DivisionId: t.DivisionID, Name: t.Name,
			Athlete1Name: t.Athlete1Name, Athlete2Name: t.Athlete2Name, Athletes: documentAthletes(t.Roster)})
	}
	for _, w := range view.Workouts {
		doc.Workouts = append(doc.Workouts, &competitionv1.DocumentWorkout{Id: w.ID, Name: w.Name, Description: w.Description,
			ScoreType: w.ScoreType.String(), TimeCapSeconds: core.Int32Value(w.TimeCapSeconds), WorkoutOrder: core.Int32Value(w.WorkoutOrder),
			Weight: w.Weight, PartOf: strOrEmpty(w.PartOf), Parts: strOrEmpty(w.Parts)})
	}
	heats, err := s.Store.ListEventHeats(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, h := range heats {
		dh := &competitionv1.DocumentHeat{WorkoutId: h.WorkoutID, Number: h.Number, StartTime: core.Instant(h.StartTime)}
		for _, l := range h.Lanes {
			dh.Lanes = append(dh.Lanes, &competitionv1.DocumentLane{Lane: l.Lane, TeamId: l.TeamID})
		}
		doc.Heats = append(doc.Heats, dh)
	}
	for _, r := range results.GetResults() {
		doc.Results = append(doc.Results, &competitionv1.DocumentResult{TeamId: r.GetTeamId(), WorkoutId: r.GetWorkoutId(),
			Status: r.GetStatus(), ResultValue: r.GetResultValue(), CappedReps: r.GetCappedReps(),
			TiebreakValue: r.GetTiebreakValue(), IsPublished: r.GetIsPublished(), Scaled: r.GetScaled(),
			PenaltyKind: r.GetPenalty().GetKind(), PenaltyAmount: r.GetPenalty().GetAmount(), PenaltyReason: r.GetPenalty().GetReason()})
	}
	return doc, nil
}

// importPlan is a checked document: the setup to create and the results to hand over.
type importPlan struct {
	event     store.Event
	divisions []store.Division   // ID is the document's id
	teams     []newTeam          // division.ID is the document's division id
	teamIDs   []string           // the document's team ids, in teams order
	workouts  []cleanWorkout     // in document order
	workoutID []string           // the document's workout ids
	weights   []float64          // by workout, in document order; 0 is ×1
	rules     store.ScoringRules // OverallWorkoutID is the document's id
	online    onlineInput        // windows' WorkoutID is the document's id
	results   []*competitionv1.DocumentResult
	heats     []store.Heat // WorkoutID and lanes' TeamID are the document's ids
	// rosters: a podium.event/v2 document, whose divisions carry their roster rules and
	// teams their rosters (transfer_rosters.go).
	rosters bool
}

// ImportEvent creates a new DRAFT event from a document: the setup in one transaction, then the
// results through results-svc in one transaction of its own. Every rule of the console applies,
// and a document that breaks one, or whose results results-svc refuses, leaves nothing behind.
func (s *service) ImportEvent(ctx context.Context, doc *competitionv1.EventDocument) (_ EventView, err error) {
	defer apperr.Wrap(&err, "setup.ImportEvent()")
	caller, err := mayCreateEvents(ctx)
	if err != nil {
		return EventView{}, err
	}
	plan, err := checkDocument(doc)
	if err != nil {
		return EventView{}, err
	}
	var created store.Event
	teamOf, workoutOf := map[string]string{}, map[string]string{}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if created, err = tx.CreateEvent(ctx, plan.event); err != nil {
			return err
		}
		if err := tx.PutGrant(ctx, created.ID, caller.UserID, access.GrantOrganiser); err != nil {
			return err
		}
		summary := fmt.Sprintf("Event %s imported: %d divisions, %d teams, %d workouts, %d results",
			created.Name, len(plan.divisions), len(plan.teams), len(plan.workouts), len(plan.results))
		if err := tx.RecordActivity(ctx, core.Change(ctx, created.ID, "imported", "event", created.ID, summary)); err != nil {
			return err
		}
		divisionOf := map[string]store.Division{}
		overrides := map[string]store.DivisionScoring{}
		for _, d := range plan.divisions {
			id, err := tx.CreateDivision(ctx, store.Division{EventID: created.ID, Name: d.Name, Description: d.Description})
			if err != nil {
				return err
			}
			if plan.rosters {
				if err := tx.SetDivisionRosterRules(ctx, id, d.Roster); err != nil {
					return err
				}
			}
			divisionOf[d.ID] = store.Division{ID: id, EventID: created.ID, Name: d.Name}
			if d.Scoring != (store.DivisionScoring{}) {
				overrides[id] = d.Scoring
			}
		}
		if _, err := tx.SetDivisionScoring(ctx, created.ID, overrides); err != nil {
			return err
		}
		rosters := newRosterWrites(tx)
		for i, t := range plan.teams {
			d := divisionOf[t.division.ID]
			id, err := tx.CreateTeam(ctx, store.Team{EventID: created.ID, DivisionID: d.ID, Name: t.team.Name,
				Athlete1Name: t.team.Athlete1Name, Athlete2Name: t.team.Athlete2Name})
			if store.IsTeamNameTaken(err) {
				return apperr.Invalid(fmt.Sprintf("teams[%d].name", i), fmt.Sprintf(msgTeamNameRepeated, t.team.Name))
			}
			if err != nil {
				return err
			}
			if err := plan.writeTeamRoster(ctx, rosters, i, d, id); err != nil {
				return err
			}
			teamOf[plan.teamIDs[i]] = id
		}
		for _, i := range plan.creationOrder() { // a part after its workout, which it names
			w := plan.workouts[i]
			var partOf *string
			if w.partOf != nil {
				id := workoutOf[*w.partOf]
				partOf = &id
			}
			made, err := tx.CreateWorkout(ctx, store.Workout{EventID: created.ID, Name: w.Name, Description: w.Description,
				ScoreType: w.scoreType, TimeCapSeconds: w.TimeCapSeconds, WorkoutOrder: w.WorkoutOrder, PartOf: partOf, Parts: w.parts})
			if err != nil {
				return err
			}
			workoutOf[plan.workoutID[i]] = made.ID
		}
		if err := plan.setScoring(ctx, tx, created, workoutOf); err != nil {
			return err
		}
		if err := plan.setOnline(ctx, tx, created.ID, workoutOf); err != nil {
			return err
		}
		for _, h := range plan.heats {
			h.EventID, h.WorkoutID = created.ID, workoutOf[h.WorkoutID]
			lanes := make([]store.Lane, len(h.Lanes))
			for i, l := range h.Lanes {
				lanes[i] = store.Lane{Lane: l.Lane, TeamID: teamOf[l.TeamID]}
			}
			if h.ID, err = tx.InsertHeat(ctx, h); err != nil {
				return err
			}
			if err := tx.SetLanes(ctx, h, lanes); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return EventView{}, err
	}
	if len(plan.results) > 0 {
		req := &resultsv1.ImportResultsRequest{EventId: created.ID}
		for _, r := range plan.results {
			req.Results = append(req.Results, &resultsv1.StoredResult{TeamId: teamOf[r.GetTeamId()], WorkoutId: workoutOf[r.GetWorkoutId()],
				Status: r.GetStatus(), ResultValue: r.GetResultValue(), CappedReps: r.GetCappedReps(),
				TiebreakValue: r.GetTiebreakValue(), IsPublished: r.GetIsPublished(), Scaled: r.GetScaled(),
				Penalty: documentPenalty(r)})
		}
		if _, err := s.Results.ImportResults(ctx, req); err != nil {
			s.discardImport(ctx, created.ID)
			return EventView{}, importErr(err)
		}
	}
	s.Changes.Changed(ctx, changes.Change{EventID: created.ID})
	return s.eventView(ctx, created.ID, countsBestEffort)
}

// importErr passes on why results-svc refused the document's results: its field names are the
// document's (the results go over in document order).
func importErr(err error) error {
	st, ok := status.FromError(err)
	switch {
	case ok && st.Code() == codes.InvalidArgument:
		return apperr.Invalid(apperr.FieldOf(st), st.Message())
	case ok && (st.Code() == codes.Unavailable || st.Code() == codes.DeadlineExceeded):
		return apperr.Unavailable("The results service is unavailable right now, so the event could not be imported. Please try again shortly.")
	}
	return fmt.Errorf("results-svc ImportResults: %v", err) //nolint:errorlint // %v: never pass the other service's status through
}

// discardImport removes an event whose results could not be imported; it is still a DRAFT
// nobody has seen, so it is deleted as DeleteEvent would.
func (s *service) discardImport(ctx context.Context, id string) {
	if err := s.Store.DeleteEvent(context.WithoutCancel(ctx), id); err != nil {
		s.Log.ErrorContext(ctx, "an imported event whose results were refused was not removed", "event", id, "err", err)
	}
}

// checkDocument applies the console's rules to every part of a document and its references.
func checkDocument(doc *competitionv1.EventDocument) (importPlan, error) {
	var plan importPlan
	var err error
	if plan.rosters, err = checkDocumentFormat(doc.GetFormat()); err != nil {
		return plan, err
	}
	if plan.event, err = checkDocumentEvent(doc.GetEvent()); err != nil {
		return plan, err
	}
	ids := documentIDs{}
	if plan.divisions, err = checkDocumentDivisions(doc.GetDivisions(), ids, plan.rosters); err != nil {
		return plan, err
	}
	if plan.teams, plan.teamIDs, err = checkDocumentTeams(doc.GetTeams(), ids, plan.rosters); err != nil {
		return plan, err
	}
	if plan.workouts, plan.workoutID, err = checkDocumentWorkouts(doc.GetWorkouts(), ids); err != nil {
		return plan, err
	}
	if plan.weights, plan.rules, err = checkDocumentScoring(doc, plan.workoutID); err != nil {
		return plan, err
	}
	if plan.online, err = checkDocumentOnline(doc.GetEvent().GetOnline(), plan.workoutID); err != nil {
		return plan, err
	}
	if err := checkDocumentResults(doc.GetResults(), ids); err != nil {
		return plan, err
	}
	plan.results = doc.GetResults()
	if plan.heats, err = checkDocumentHeats(doc.GetHeats(), ids); err != nil {
		return plan, err
	}
	if err := plan.checkParts(); err != nil {
		return plan, err
	}
	return plan, nil
}

// checkDocumentScoring reads the workouts' weights and the event's tie rules (documents from
// before them have neither: the defaults).
func checkDocumentScoring(doc *competitionv1.EventDocument, workoutIDs []string) ([]float64, store.ScoringRules, error) {
	weights := make([]float64, len(doc.GetWorkouts()))
	for i, w := range doc.GetWorkouts() {
		if wt := w.GetWeight(); wt != 0 && !(wt >= weightMin && wt <= weightMax) {
			return nil, store.ScoringRules{}, apperr.Invalid(fmt.Sprintf("workouts[%d].weight", i), msgWeightInvalid)
		}
		weights[i] = w.GetWeight()
	}
	known := make([]store.Workout, len(workoutIDs))
	for i, id := range workoutIDs {
		known[i].ID = id
	}
	rules, err := checkRules(doc.GetEvent().GetScoringRules(), known, "event.scoringRules.")
	return weights, rules, err
}

// setScoring gives the created event the document's tie rules and weights, with the created
// workouts' ids.
func (plan importPlan) setScoring(ctx context.Context, tx *store.Store, created store.Event, workoutOf map[string]string) error {
	rules := plan.rules
	if rules.OverallWorkoutID != nil {
		id := workoutOf[*rules.OverallWorkoutID]
		rules.OverallWorkoutID = &id
	}
	if _, err := tx.SetEventScoring(ctx, created.ID, created.ScoringTable, created.CustomPoints, rules); err != nil {
		return err
	}
	weights := map[string]float64{}
	for i, wt := range plan.weights {
		if wt != 0 {
			weights[workoutOf[plan.workoutID[i]]] = wt
		}
	}
	_, err := tx.SetWorkoutWeights(ctx, created.ID, weights)
	return err
}

// documentIDs are the ids a document gives its parts: id → what it is ("division", "team",
// "workout").
type documentIDs map[string]string

// claim records an id, refusing a missing or repeated one.
func (ids documentIDs) claim(field, id, kind string) error {
	if id == "" {
		return apperr.Invalid(field, fmt.Sprintf("The %s id is required", kind))
	}
	if _, dup := ids[id]; dup {
		return apperr.Invalid(field, fmt.Sprintf(msgDocumentDupID, id))
	}
	ids[id] = kind
	return nil
}

// refer checks that id names a part of the kind given.
func (ids documentIDs) refer(field, id, kind string) error {
	if ids[id] != kind {
		return apperr.Invalid(field, fmt.Sprintf(msgDocumentNoRef, id, kind))
	}
	return nil
}

// checkDocumentEvent is the new event: the document's, as a DRAFT whatever the original's
// status, named as a copy.
func checkDocumentEvent(ev *competitionv1.DocumentEvent) (store.Event, error) {
	if ev == nil {
		return store.Event{}, apperr.Invalid("event", msgDocumentNoEvent)
	}
	table, visible, description := ev.GetScoringTable(), ev.GetDetailsVisible(), ev.GetDescription()
	e, err := EventInput{Name: ev.GetName(), DateFrom: ev.GetDateFrom(), DateTo: ev.GetDateTo(), Location: ev.GetLocation(),
		Description: &description, DetailsVisible: &visible, ScoringTable: &table, CustomPoints: ev.GetCustomPoints(),
	}.apply(store.Event{Status: typesv1.EventStatus_DRAFT, ScoringTable: core.TablePodium100})
	if err != nil {
		return e, prefixed("event.", err)
	}
	e.Name = copyName(e.Name)
	return e, nil
}

// copySuffix marks an imported event's name, so it is not mistaken for the original in a list.
const copySuffix = " (copy)"

// copyName is the name with copySuffix; a name too long for it is shortened to make room.
func copyName(name string) string {
	if r := []rune(name); len(r)+core.Runes(copySuffix) > core.NameMax {
		name = strings.TrimSpace(string(r[:core.NameMax-core.Runes(copySuffix)]))
	}
	return name + copySuffix
}

// checkDocumentDivisions returns the divisions to create (ID is the document's), with their
// roster rules when the document carries them (rosters).
func checkDocumentDivisions(divisions []*competitionv1.DocumentDivision, ids documentIDs, rosters bool) ([]store.Division, error) {
	out := make([]store.Division, 0, len(divisions))
	for i, d := range divisions {
		field := fmt.Sprintf("divisions[%d].", i)
		if err := ids.claim(field+"id", d.GetId(), "division"); err != nil {
			return nil, err
		}
		name, err := cleanDivision(d.GetName(), d.GetDescription())
		if err != nil {
			return nil, prefixed(field, err)
		}
		sc, err := checkDivisionScoring([]*competitionv1.DivisionScoring{{DivisionId: "d",
			ScoringTable: d.GetScoringTable(), WorkoutTies: d.GetWorkoutTies()}}, []store.Division{{ID: "d"}}, "divisions")
		if err != nil {
			return nil, documentOverrideField(field, err)
		}
		rules := roster.Pairs
		if rosters {
			if rules, err = checkDocumentRosterRules(field+"roster.", d.GetRoster()); err != nil {
				return nil, err
			}
		}
		out = append(out, store.Division{ID: d.GetId(), Name: name, Description: d.GetDescription(), Scoring: sc["d"], Roster: rules})
	}
	return out, nil
}

// checkDocumentTeams returns the teams to create (division.ID is the document's) and their
// document ids. Names twice in one division are refused as the import writes them (the
// unique index, teamnames.go); rosters (rosters: a v2 document) are checked as they are
// written (writeTeamRoster).
func checkDocumentTeams(teams []*competitionv1.DocumentTeam, ids documentIDs, rosters bool) ([]newTeam, []string, error) {
	counts := newTeamCounts()
	out, teamIDs := make([]newTeam, 0, len(teams)), make([]string, 0, len(teams))
	for i, t := range teams {
		field := fmt.Sprintf("teams[%d].", i)
		if err := counts.add(t.GetDivisionId(), 1); err != nil {
			return nil, nil, prefixed(field, err)
		}
		if err := ids.claim(field+"id", t.GetId(), "team"); err != nil {
			return nil, nil, err
		}
		if err := ids.refer(field+"divisionId", t.GetDivisionId(), "division"); err != nil {
			return nil, nil, err
		}
		in := TeamInput{Name: t.GetName(), Athlete1Name: t.GetAthlete1Name(), Athlete2Name: t.GetAthlete2Name()}
		if rosters {
			in.Roster = documentRoster(t)
		}
		team, err := in.clean(field)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, newTeam{division: store.Division{ID: t.GetDivisionId()}, team: team})
		teamIDs = append(teamIDs, t.GetId())
	}
	return out, teamIDs, nil
}

// checkDocumentWorkouts returns the workouts to create and their document ids; a workout
// order is used once.
func checkDocumentWorkouts(workouts []*competitionv1.DocumentWorkout, ids documentIDs) ([]cleanWorkout, []string, error) {
	orders := map[int32]bool{}
	out, workoutIDs := make([]cleanWorkout, 0, len(workouts)), make([]string, 0, len(workouts))
	for i, w := range workouts {
		field := fmt.Sprintf("workouts[%d].", i)
		if err := ids.claim(field+"id", w.GetId(), "workout"); err != nil {
			return nil, nil, err
		}
		in, err := WorkoutInput{Name: w.GetName(), Description: w.GetDescription(), ScoreType: w.GetScoreType(),
			TimeCapSeconds: core.Int32Ptr(w.GetTimeCapSeconds()), WorkoutOrder: core.Int32Ptr(w.GetWorkoutOrder()), Parts: w.GetParts()}.clean()
		if err != nil {
			return nil, nil, prefixed(field, err)
		}
		if p := w.GetPartOf(); p != "" { // a document id, checked once every workout is claimed
			in.partOf = &p
		}
		if o := in.WorkoutOrder; o != nil {
			if orders[*o] {
				return nil, nil, apperr.Invalid(field+"workoutOrder", fmt.Sprintf("Workout order %d appears more than once", *o))
			}
			orders[*o] = true
		}
		out = append(out, in)
		workoutIDs = append(workoutIDs, w.GetId())
	}
	return out, workoutIDs, nil
}

// checkDocumentResults checks the results' references; results-svc checks the rest as it
// imports them.
func checkDocumentResults(results []*competitionv1.DocumentResult, ids documentIDs) error {
	for i, r := range results {
		field := fmt.Sprintf("results[%d].", i)
		if err := ids.refer(field+"teamId", r.GetTeamId(), "team"); err != nil {
			return err
		}
		if err := ids.refer(field+"workoutId", r.GetWorkoutId(), "workout"); err != nil {
			return err
		}
	}
	return nil
}

// checkDocumentHeats checks a document's heats as CreateHeat would, with the document's
// workout and team ids: a heat number and a team once per workout.
func checkDocumentHeats(heats []*competitionv1.DocumentHeat, ids documentIDs) ([]store.Heat, error) {
	docTeam := func(field, raw string) (string, error) {
		return raw, ids.refer(field, raw, "team")
	}
	numbers, teams := map[[2]string]bool{}, map[[2]string]bool{}
	out := make([]store.Heat, 0, len(heats))
	for i, h := range heats {
		field := fmt.Sprintf("heats[%d].", i)
		if err := ids.refer(field+"workoutId", h.GetWorkoutId(), "workout"); err != nil {
			return nil, err
		}
		in := core.HeatInput{Number: new(h.GetNumber()), StartTime: h.GetStartTime()}
		for _, l := range h.GetLanes() {
			in.Lanes = append(in.Lanes, store.Lane{Lane: l.GetLane(), TeamID: l.GetTeamId()})
		}
		start, lanes, err := in.Clean(docTeam)
		if err != nil {
			return nil, prefixed(field, err)
		}
		number := [2]string{h.GetWorkoutId(), fmt.Sprint(h.GetNumber())}
		if numbers[number] {
			return nil, apperr.Invalid(field+"number", core.MsgHeatNumberTaken)
		}
		numbers[number] = true
		for j, l := range lanes {
			k := [2]string{h.GetWorkoutId(), l.TeamID}
			if teams[k] {
				return nil, apperr.Invalid(fmt.Sprintf("%slanes[%d].teamId", field, j), core.MsgLaneTeamOncePerWorkout)
			}
			teams[k] = true
		}
		out = append(out, store.Heat{WorkoutID: h.GetWorkoutId(), Number: h.GetNumber(), StartTime: start, Lanes: lanes})
	}
	return out, nil
}

// prefixed puts a document path before the field a validation error names.
func prefixed(prefix string, err error) error {
	var e *apperr.Error
	if errors.As(err, &e) && e.Field != "" {
		return apperr.Invalid(prefix+e.Field, e.Message)
	}
	return err
}

// documentPenalty is a document result's penalty as results-svc reads it; nil for none.
func documentPenalty(r *competitionv1.DocumentResult) *resultsv1.Penalty {
	if r.GetPenaltyKind() == "" && r.GetPenaltyAmount() == nil && r.GetPenaltyReason() == "" {
		return nil
	}
	return &resultsv1.Penalty{Kind: r.GetPenaltyKind(), Amount: r.GetPenaltyAmount(), Reason: r.GetPenaltyReason()}
}

// documentOverrideField names a document division's refused override by its own field
// ("divisions[2].scoringTable").
func documentOverrideField(field string, err error) error {
	var e *apperr.Error
	if errors.As(err, &e) {
		return apperr.Invalid(field+e.Field[strings.LastIndex(e.Field, ".")+1:], e.Message)
	}
	return err
}
