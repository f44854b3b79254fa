// Package competitionsvc owns events, divisions, teams and workouts:
// service.go holds the use cases, grpc.go turns them into the CompetitionService RPCs and
// store/ holds the tables (schema "competition").
package competitionsvc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/competition-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/push"
)

// Migrations are competition-svc's schema changes (schema "competition").
var Migrations pg.Migrations = store.Migrations

// Deps are what competition-svc needs from the process.
type Deps struct {
	Pool    *pgxpool.Pool
	Results resultsv1.ResultsServiceClient
	Auth    authv1.AuthServiceClient
	Changes *cache.Changes
	// Push is told about every committed change of a public view (push.go).
	Push *push.Notifier
	Log  *slog.Logger
}

// resultCounts is the part of results-svc this service uses: counts for finalResultsCount and
// hasResults, the clean-up after deletes, an event's results for export and import, its
// result changes for the activity feed, and the published standings that seed heats.
type resultCounts interface {
	CountResults(ctx context.Context, in *resultsv1.CountResultsRequest, opts ...grpc.CallOption) (*resultsv1.CountResultsResponse, error)
	PurgeResults(ctx context.Context, in *resultsv1.PurgeResultsRequest, opts ...grpc.CallOption) (*resultsv1.PurgeResultsResponse, error)
	ListEventResults(ctx context.Context, in *resultsv1.EventResultsRequest, opts ...grpc.CallOption) (*resultsv1.EventResults, error)
	ImportResults(ctx context.Context, in *resultsv1.ImportResultsRequest, opts ...grpc.CallOption) (*resultsv1.ImportResultsResponse, error)
	ListResultActivity(ctx context.Context, in *resultsv1.ActivityRequest, opts ...grpc.CallOption) (*resultsv1.ActivityPage, error)
	GetEventStandings(ctx context.Context, in *resultsv1.EventStandingsRequest, opts ...grpc.CallOption) (*resultsv1.EventStandings, error)
}

// generations is told about every committed change that can alter a public view
// (cache.Changes: a signal only; the versions public-svc keys by go up in the transaction).
type generations interface {
	Bump(ctx context.Context, eventID string)
}

type noGenerations struct{}

func (noGenerations) Bump(context.Context, string) {}

// service holds the use cases; grpc.go is its only caller.
type service struct {
	store   *store.Store
	results resultCounts
	users   users
	gens    generations
	push    *push.Notifier
	log     *slog.Logger
}

func newService(d Deps) *service {
	s := &service{store: store.New(d.Pool), results: d.Results, users: d.Auth, gens: noGenerations{}, push: d.Push, log: d.Log}
	if d.Changes != nil {
		s.gens = d.Changes
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	return s
}

// EventView is an event with its workouts (by workoutOrder) and divisions (by name).
type EventView struct {
	store.Event
	Workouts  []WorkoutView
	Divisions []store.Division
}

// TeamView is a team with its counts of published results and of all its results.
type TeamView struct {
	store.Team
	FinalResultsCount int32
	ResultsCount      int32
}

// WorkoutView is a workout with whether any result was entered for it.
type WorkoutView struct {
	store.Workout
	HasResults bool
}

// countsStrictness says what to do when results-svc cannot answer: fail the read (a page that
// shows counts must not show wrong ones) or leave the counts at zero (the answer of a change
// that is already committed).
type countsStrictness int

const (
	countsRequired countsStrictness = iota
	countsBestEffort
	countsSkipped
)

// ---- result counts ----------------------------------------------------------------------

func (s *service) countErr(err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return err
	}
	switch status.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded:
		return apperr.Unavailable("The results service is unavailable right now, so result counts cannot be shown. Please try again shortly.")
	}
	return fmt.Errorf("results-svc CountResults: %v", err) // %v: never pass the other service's status through
}

// teamCounts asks results-svc once for the published results and all results of teams.
func (s *service) teamCounts(ctx context.Context, teamIDs []string) (*resultsv1.CountResultsResponse, error) {
	if len(teamIDs) == 0 {
		return &resultsv1.CountResultsResponse{}, nil
	}
	resp, err := s.results.CountResults(ctx, &resultsv1.CountResultsRequest{TeamIds: teamIDs})
	if err != nil {
		return nil, s.countErr(err)
	}
	return resp, nil
}

// resultsByWorkout asks results-svc once for the results (published or not) of workouts.
func (s *service) resultsByWorkout(ctx context.Context, workoutIDs []string) (map[string]int32, error) {
	if len(workoutIDs) == 0 {
		return map[string]int32{}, nil
	}
	resp, err := s.results.CountResults(ctx, &resultsv1.CountResultsRequest{WorkoutIds: workoutIDs})
	if err != nil {
		return nil, s.countErr(err)
	}
	return resp.GetResultsByWorkout(), nil
}

func (s *service) teamViews(ctx context.Context, teams []store.Team, strict countsStrictness) ([]TeamView, error) {
	out := make([]TeamView, len(teams))
	ids := make([]string, len(teams))
	for i, t := range teams {
		out[i] = TeamView{Team: t}
		ids[i] = t.ID
	}
	if strict == countsSkipped {
		return out, nil
	}
	counts, err := s.teamCounts(ctx, ids)
	if err != nil {
		if strict == countsRequired {
			return nil, err
		}
		s.log.Warn("team result counts unavailable", "err", err)
	}
	for i := range out {
		out[i].FinalResultsCount = counts.GetPublishedByTeam()[out[i].ID]
		out[i].ResultsCount = counts.GetResultsByTeam()[out[i].ID]
	}
	return out, nil
}

func (s *service) workoutViews(ctx context.Context, workouts []store.Workout, strict countsStrictness) ([]WorkoutView, error) {
	out := make([]WorkoutView, len(workouts))
	ids := make([]string, len(workouts))
	for i, w := range workouts {
		out[i] = WorkoutView{Workout: w}
		ids[i] = w.ID
	}
	if strict == countsSkipped {
		return out, nil
	}
	counts, err := s.resultsByWorkout(ctx, ids)
	if err != nil {
		if strict == countsRequired {
			return nil, err
		}
		s.log.Warn("workout result counts unavailable", "err", err)
	}
	for i := range out {
		out[i].HasResults = counts[out[i].ID] > 0
	}
	return out, nil
}

// ---- events -----------------------------------------------------------------------------

// EventInput is a create or update request for an event. Nil pointers are absent fields:
// defaults on create, unchanged on update.
type EventInput struct {
	Name           string
	DateFrom       string
	DateTo         string
	Location       string
	Description    *string
	Status         *string
	DetailsVisible *bool
	ScoringTable   *string
	CustomPoints   []float64
}

// apply validates in on top of e (the current event, or the defaults for a new one), in the
// order the form shows the fields, and returns the first failure.
func (in EventInput) apply(e store.Event) (store.Event, error) {
	e.Name = trim(in.Name)
	if e.Name == "" {
		return e, apperr.Invalid("name", msgEventNameRequired)
	}
	if runes(e.Name) > nameMax {
		return e, apperr.Invalid("name", msgEventNameTooLong)
	}
	var err error
	if e.DateFrom, err = parseDate("dateFrom", in.DateFrom, msgDateFromRequired, msgDateFromInvalid, msgDateFromYears); err != nil {
		return e, err
	}
	if e.DateTo, err = parseDate("dateTo", in.DateTo, msgDateToRequired, msgDateToInvalid, msgDateToYears); err != nil {
		return e, err
	}
	if e.DateFrom.After(e.DateTo) {
		return e, apperr.Invalid("dateTo", msgDateOrder)
	}
	e.Location = trim(in.Location)
	if runes(e.Location) > locationMax {
		return e, apperr.Invalid("location", msgLocationTooLong)
	}
	if in.Description != nil {
		e.Description = *in.Description
	}
	if runes(e.Description) > eventDescMax {
		return e, apperr.Invalid("description", msgEventDescTooLong)
	}
	if in.Status != nil {
		if e.Status, err = normalizeStatus("status", *in.Status); err != nil {
			return e, err
		}
	}
	if in.DetailsVisible != nil {
		e.DetailsVisible = *in.DetailsVisible
	}
	if in.ScoringTable != nil {
		if e.ScoringTable, err = normalizeScoringTable(*in.ScoringTable); err != nil {
			return e, err
		}
	}
	// customPoints belong to the custom table: given points replace the stored ones, absent
	// points keep them, and any other table has none.
	if e.ScoringTable == TableCustom {
		if len(in.CustomPoints) > 0 {
			e.CustomPoints = append([]float64(nil), in.CustomPoints...)
		}
		if err := checkCustomPoints(e.CustomPoints); err != nil {
			return e, err
		}
	} else {
		e.CustomPoints = []float64{}
	}
	return e, nil
}

func (s *service) ListEvents(ctx context.Context) ([]store.Event, error) {
	events, err := s.store.ListEvents(ctx)
	if err != nil {
		return nil, err
	}
	return filterVisible(s, ctx, events, func(e store.Event) string { return e.ID })
}

// GetEvent returns an event with its workouts and divisions; hasResults comes from results-svc.
func (s *service) GetEvent(ctx context.Context, id string) (EventView, error) {
	id, err := parseID("id", id, "Event")
	if err != nil {
		return EventView{}, err
	}
	return s.eventView(ctx, id, countsRequired)
}

func (s *service) eventView(ctx context.Context, id string, strict countsStrictness) (EventView, error) {
	e, err := s.store.GetEvent(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return EventView{}, apperr.NotFound(msgEventNotFound)
	}
	if err != nil {
		return EventView{}, err
	}
	return s.fillEvent(ctx, e, strict)
}

func (s *service) fillEvent(ctx context.Context, e store.Event, strict countsStrictness) (EventView, error) {
	workouts, err := s.store.ListWorkoutsByOrder(ctx, e.ID)
	if err != nil {
		return EventView{}, err
	}
	divisions, err := s.store.ListEventDivisions(ctx, e.ID)
	if err != nil {
		return EventView{}, err
	}
	views, err := s.workoutViews(ctx, workouts, strict)
	if err != nil {
		return EventView{}, err
	}
	return EventView{Event: e, Workouts: views, Divisions: divisions}, nil
}

// CreateEvent adds an event; its creator holds the organiser grant on it, in the same
// transaction.
func (s *service) CreateEvent(ctx context.Context, in EventInput) (EventView, error) {
	caller, err := mayCreateEvents(ctx)
	if err != nil {
		return EventView{}, err
	}
	e, err := in.apply(store.Event{Status: StatusDraft, DetailsVisible: true, ScoringTable: TablePodium100})
	if err != nil {
		return EventView{}, err
	}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if e, err = tx.CreateEvent(ctx, e); err != nil {
			return err
		}
		if err := tx.PutGrant(ctx, e.ID, caller.UserID, access.GrantOrganiser); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, change(ctx, e.ID, "created", "event", e.ID, "Event "+e.Name+" created"))
	})
	if err != nil {
		return EventView{}, err
	}
	s.changed(ctx, e.ID)
	return EventView{Event: e, Workouts: []WorkoutView{}, Divisions: []store.Division{}}, nil
}

func (s *service) UpdateEvent(ctx context.Context, id string, in EventInput) (EventView, error) {
	id, err := parseID("id", id, "Event")
	if err != nil {
		return EventView{}, err
	}
	var current, updated store.Event
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		current, err = tx.LockEvent(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgEventNotFound)
		}
		if err != nil {
			return err
		}
		next, err := in.apply(current)
		if err != nil {
			return err
		}
		if updated, err = tx.UpdateEvent(ctx, next); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, change(ctx, id, "updated", "event", id, eventChanges(current, updated)))
	})
	if err != nil {
		return EventView{}, err
	}
	s.changedStatus(ctx, id, current.Status, updated.Status)
	s.deliverQueued(ctx) // a new scoring table queued a rescore
	return s.fillEvent(ctx, updated, countsBestEffort)
}

// SetStatus is publish, start and archive: any status may follow any other.
func (s *service) SetStatus(ctx context.Context, id, status string) (EventView, error) {
	id, err := parseID("id", id, "Event")
	if err != nil {
		return EventView{}, err
	}
	var e store.Event
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		current, err := tx.LockEvent(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgEventNotFound)
		}
		if err != nil {
			return err
		}
		if e, err = tx.SetEventStatus(ctx, id, status); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, change(ctx, id, "status changed", "event", id, eventChanges(current, e)))
	})
	if err != nil {
		return EventView{}, err
	}
	s.changedStatus(ctx, id, "", e.Status)
	return s.fillEvent(ctx, e, countsBestEffort)
}

// DeleteEvent removes a DRAFT event with everything in it.
func (s *service) DeleteEvent(ctx context.Context, id string) error {
	id, err := parseID("id", id, "Event")
	if err != nil {
		return err
	}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		e, err := tx.LockEvent(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgEventAlreadyGone)
		}
		if err != nil {
			return err
		}
		if e.Status != StatusDraft {
			return apperr.Conflict(msgEventNotDraft)
		}
		return tx.DeleteEvent(ctx, id)
	})
	if err != nil {
		return err
	}
	s.changed(ctx, id)
	s.deliverQueued(ctx)
	return nil
}

// ---- divisions --------------------------------------------------------------------------

func (s *service) ListDivisions(ctx context.Context) ([]store.Division, error) {
	divisions, err := s.store.ListDivisions(ctx)
	if err != nil {
		return nil, err
	}
	return filterVisible(s, ctx, divisions, func(d store.Division) string { return d.EventID })
}

func (s *service) ListEventDivisions(ctx context.Context, eventID string) ([]store.Division, error) {
	eventID, err := s.existingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	return s.store.ListEventDivisions(ctx, eventID)
}

func (s *service) GetDivision(ctx context.Context, id string) (store.Division, error) {
	id, err := parseID("id", id, "Division")
	if err != nil {
		return store.Division{}, err
	}
	return s.division(ctx, s.store, id)
}

func (s *service) division(ctx context.Context, st *store.Store, id string) (store.Division, error) {
	d, err := st.GetDivision(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return d, apperr.NotFound(msgDivisionNotFound)
	}
	return d, err
}

// existingEvent parses an event id and checks that the event exists.
func (s *service) existingEvent(ctx context.Context, field, id string) (string, error) {
	id, err := parseID(field, id, "Event")
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

func checkDivision(name, description string) error {
	if err := checkName("name", name, msgDivisionNameShort, msgDivisionNameLong); err != nil {
		return err
	}
	if runes(description) > divisionDescMax {
		return apperr.Invalid("description", msgDivisionDescTooLong)
	}
	return nil
}

func (s *service) CreateDivision(ctx context.Context, name, description, eventID string) (store.Division, error) {
	name = trim(name)
	if err := checkDivision(name, description); err != nil {
		return store.Division{}, err
	}
	if trim(eventID) == "" {
		return store.Division{}, apperr.Invalid("eventId", msgEventRequired)
	}
	eventID, err := s.existingEvent(ctx, "eventId", eventID)
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
func (s *service) UpdateDivision(ctx context.Context, id, name string, description *string) (store.Division, error) {
	id, err := parseID("id", id, "Division")
	if err != nil {
		return store.Division{}, err
	}
	current, err := s.division(ctx, s.store, id)
	if err != nil {
		return store.Division{}, err
	}
	name = trim(name)
	desc := current.Description
	if description != nil {
		desc = *description
	}
	if err := checkDivision(name, desc); err != nil {
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
func (s *service) DeleteDivision(ctx context.Context, id string) error {
	id, err := parseID("id", id, "Division")
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
// would take a published podium with it (issue 12 item 11).
func (s *service) checkNoLockedTeams(ctx context.Context, d store.Division) error {
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

// ---- teams ------------------------------------------------------------------------------

// TeamInput is a new or changed team.
type TeamInput struct {
	Name         string
	Athlete1Name string
	Athlete2Name string
}

// clean trims the values and checks them; prefix goes before field names ("teams[2].").
func (in TeamInput) clean(prefix string) (TeamInput, error) {
	out := TeamInput{Name: trim(in.Name), Athlete1Name: trim(in.Athlete1Name), Athlete2Name: trim(in.Athlete2Name)}
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

func (s *service) ListTeams(ctx context.Context) ([]TeamView, error) {
	teams, err := s.store.ListTeams(ctx)
	if err != nil {
		return nil, err
	}
	if teams, err = filterVisible(s, ctx, teams, func(t store.Team) string { return t.EventID }); err != nil {
		return nil, err
	}
	return s.teamViews(ctx, teams, countsRequired)
}

func (s *service) ListEventTeams(ctx context.Context, eventID string) ([]TeamView, error) {
	eventID, err := s.existingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	teams, err := s.store.ListEventTeams(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return s.teamViews(ctx, teams, countsRequired)
}

func (s *service) ListDivisionTeams(ctx context.Context, divisionID string) ([]TeamView, error) {
	divisionID, err := parseID("divisionId", divisionID, "Division")
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

func (s *service) GetTeam(ctx context.Context, id string) (TeamView, error) {
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

func (s *service) team(ctx context.Context, id string) (store.Team, error) {
	id, err := parseID("id", id, "Team")
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
func (s *service) divisionOfEvent(ctx context.Context, eventID, divisionID string, eventRequired bool) (store.Division, error) {
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
	divisionID, err := parseID("divisionId", divisionID, "Division")
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

func (s *service) CreateTeam(ctx context.Context, eventID, divisionID string, in TeamInput) (TeamView, error) {
	in, err := in.clean("")
	if err != nil {
		return TeamView{}, err
	}
	d, err := s.divisionOfEvent(ctx, eventID, divisionID, false)
	if err != nil {
		return TeamView{}, err
	}
	teams, err := s.insertTeams(ctx, d.EventID, []newTeam{{division: d, team: in}})
	if err != nil {
		return TeamView{}, err
	}
	return teams[0], nil
}

// BulkCreateTeams creates every team or none, and returns them in input order.
func (s *service) BulkCreateTeams(ctx context.Context, eventID, divisionID string, in []TeamInput) ([]TeamView, error) {
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
	return s.insertTeams(ctx, d.EventID, plan)
}

// newTeam is a checked team and the division it goes into.
type newTeam struct {
	division store.Division
	team     TeamInput
}

// insertTeams creates teams of one event in one transaction, in the order given.
func (s *service) insertTeams(ctx context.Context, eventID string, in []newTeam) ([]TeamView, error) {
	var teams []store.Team
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		// The event's lock keeps concurrent creations from passing the team limits together.
		if _, err := tx.LockEvent(ctx, eventID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgEventNotFound)
		} else if err != nil {
			return err
		}
		if err := checkRoomForTeams(ctx, tx, eventID, in); err != nil {
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
func (s *service) checkUnlocked(ctx context.Context, teamID string) (int32, error) {
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
// they are deleted first (issue 12 item 11), else the answer is 409 naming divisionId.
func (s *service) UpdateTeam(ctx context.Context, id, divisionID string, in TeamInput, deleteResults bool) (TeamView, error) {
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
			if err := checkRoomForTeams(ctx, tx, current.EventID, []newTeam{{division: store.Division{ID: next.DivisionID}}}); err != nil {
				return nil, err
			}
		}
		if err := tx.UpdateTeam(ctx, next); err != nil {
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
func (s *service) deleteTeamResults(ctx context.Context, t store.Team) (int32, error) {
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
func (s *service) DeleteTeam(ctx context.Context, id string) error {
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

// ---- workouts ---------------------------------------------------------------------------

// WorkoutInput is a new or changed workout; nil numbers are empty fields.
type WorkoutInput struct {
	Name           string
	Description    string
	ScoreType      string
	TimeCapSeconds *int32
	WorkoutOrder   *int32
}

func (in WorkoutInput) clean() (WorkoutInput, error) {
	out := in
	out.Name = trim(in.Name)
	if err := checkName("name", out.Name, msgWorkoutNameShort, msgWorkoutNameLong); err != nil {
		return out, err
	}
	if runes(out.Description) > workoutDescMax {
		return out, apperr.Invalid("description", msgWorkoutDescTooLong)
	}
	out.ScoreType = trimUpper(in.ScoreType)
	if ScoreTypeLabel(out.ScoreType) == "" {
		return out, apperr.Invalid("scoreType", msgScoreTypeInvalid)
	}
	if c := out.TimeCapSeconds; c != nil && (*c < timeCapMin || *c > timeCapMax) {
		return out, apperr.Invalid("timeCapSeconds", msgTimeCapInvalid)
	}
	if o := out.WorkoutOrder; o != nil && *o < 1 {
		return out, apperr.Invalid("workoutOrder", msgWorkoutOrderInvalid)
	}
	if o := out.WorkoutOrder; o != nil && *o > workoutOrderMax {
		return out, apperr.Invalid("workoutOrder", msgWorkoutOrderTooBig)
	}
	return out, nil
}

func (s *service) ListWorkouts(ctx context.Context, eventID string) ([]WorkoutView, error) {
	eventID, err := s.existingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	workouts, err := s.store.ListWorkoutsByName(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return s.workoutViews(ctx, workouts, countsRequired)
}

// workout finds a workout of an event; one of another event is not found either.
func (s *service) workout(ctx context.Context, eventID, id string) (store.Workout, error) {
	eventID, err := parseID("eventId", eventID, "Event")
	if err != nil {
		return store.Workout{}, err
	}
	id, err = parseID("id", id, "Workout")
	if err != nil {
		return store.Workout{}, err
	}
	w, err := s.store.GetWorkout(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && w.EventID != eventID {
		return store.Workout{}, apperr.NotFound(msgWorkoutNotFound)
	}
	return w, err
}

func (s *service) GetWorkout(ctx context.Context, eventID, id string) (WorkoutView, error) {
	w, err := s.workout(ctx, eventID, id)
	if err != nil {
		return WorkoutView{}, err
	}
	views, err := s.workoutViews(ctx, []store.Workout{w}, countsRequired)
	if err != nil {
		return WorkoutView{}, err
	}
	return views[0], nil
}

// CreateWorkout adds a workout; an empty workoutOrder becomes the next free number.
func (s *service) CreateWorkout(ctx context.Context, eventID string, in WorkoutInput) (WorkoutView, error) {
	in, err := in.clean()
	if err != nil {
		return WorkoutView{}, err
	}
	eventID, err = parseID("eventId", eventID, "Event")
	if err != nil {
		return WorkoutView{}, err
	}
	var w store.Workout
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.LockEvent(ctx, eventID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgEventNotFound)
		} else if err != nil {
			return err
		}
		if err := s.checkWorkoutOrder(ctx, tx, eventID, store.Workout{}, in.WorkoutOrder); err != nil {
			return err
		}
		order := in.WorkoutOrder
		if order == nil {
			next, err := nextWorkoutOrder(ctx, tx, eventID)
			if err != nil {
				return err
			}
			order = next
		}
		w, err = tx.CreateWorkout(ctx, store.Workout{EventID: eventID, Name: in.Name, Description: in.Description,
			ScoreType: in.ScoreType, TimeCapSeconds: in.TimeCapSeconds, WorkoutOrder: order})
		if err != nil {
			return err
		}
		return tx.RecordActivity(ctx, change(ctx, eventID, "created", "workout", w.ID, workoutCreated(w)))
	})
	if err != nil {
		return WorkoutView{}, err
	}
	s.changed(ctx, eventID)
	return WorkoutView{Workout: w}, nil
}

// UpdateWorkout replaces a workout's fields; an empty workoutOrder keeps the current number
// (or takes the next free one when it has none). Workouts with results may be edited: results-svc
// rescores them from the changed definition. The order stays unique and is frozen once the event
// has results, and the cap cannot drop below an entered time (workout_rules.go): 409 naming the
// field.
func (s *service) UpdateWorkout(ctx context.Context, eventID, id string, in WorkoutInput) (WorkoutView, error) {
	current, err := s.workout(ctx, eventID, id)
	if err != nil {
		return WorkoutView{}, err
	}
	if in, err = in.clean(); err != nil {
		return WorkoutView{}, err
	}
	var w store.Workout
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.LockEvent(ctx, current.EventID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgEventNotFound)
		} else if err != nil {
			return err
		}
		// Read again under the event's lock: the checks below compare with the stored values.
		if current, err = tx.GetWorkout(ctx, current.ID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgWorkoutNotFound)
		} else if err != nil {
			return err
		}
		if err := s.checkWorkoutOrder(ctx, tx, current.EventID, current, in.WorkoutOrder); err != nil {
			return err
		}
		if err := s.checkCapAboveResults(ctx, tx, current, in.ScoreType, in.TimeCapSeconds); err != nil {
			return err
		}
		order := in.WorkoutOrder
		if order == nil {
			order = current.WorkoutOrder
		}
		if order == nil {
			next, err := nextWorkoutOrder(ctx, tx, current.EventID)
			if err != nil {
				return err
			}
			order = next
		}
		w, err = tx.UpdateWorkout(ctx, store.Workout{ID: current.ID, Name: in.Name, Description: in.Description,
			ScoreType: in.ScoreType, TimeCapSeconds: in.TimeCapSeconds, WorkoutOrder: order})
		if errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgWorkoutNotFound)
		}
		if err != nil {
			return err
		}
		return tx.RecordActivity(ctx, change(ctx, current.EventID, "updated", "workout", w.ID, workoutChanges(current, w)))
	})
	if err != nil {
		return WorkoutView{}, err
	}
	s.changed(ctx, current.EventID)
	s.deliverQueued(ctx) // a new score type or cap queued a rescore
	views, err := s.workoutViews(ctx, []store.Workout{w}, countsBestEffort)
	if err != nil {
		return WorkoutView{}, err
	}
	return views[0], nil
}

// DeleteWorkout removes a workout that has no results.
func (s *service) DeleteWorkout(ctx context.Context, eventID, id string) error {
	w, err := s.workout(ctx, eventID, id)
	if err != nil {
		return err
	}
	counts, err := s.resultsByWorkout(ctx, []string{w.ID})
	if err != nil {
		return err
	}
	if counts[w.ID] > 0 {
		return apperr.Conflict(msgWorkoutHasResults)
	}
	err = s.withActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.DeleteWorkout(ctx, w.ID); err != nil {
			return nil, err
		}
		return []store.Activity{change(ctx, w.EventID, "deleted", "workout", w.ID, "Workout "+w.Name+" deleted")}, nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(msgWorkoutNotFound)
	} else if err != nil {
		return err
	}
	s.changed(ctx, w.EventID)
	s.deliverQueued(ctx)
	return nil
}

// ReorderWorkouts numbers the event's workouts 1..n in the order given; ids must list every
// workout of the event once, and no workout of the event may have results.
func (s *service) ReorderWorkouts(ctx context.Context, eventID string, ids []string) ([]WorkoutView, error) {
	eventID, err := s.existingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	order := make([]string, len(ids))
	seen := make(map[string]bool, len(ids))
	for i, raw := range ids {
		id, err := parseID(fmt.Sprintf("workoutIds[%d]", i), raw, "Workout")
		if err != nil {
			return nil, err
		}
		if seen[id] {
			return nil, apperr.Invalid("workoutIds", msgReorderIncomplete)
		}
		seen[id] = true
		order[i] = id
	}
	var out []store.Workout
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.LockEvent(ctx, eventID); errors.Is(err, store.ErrNotFound) {
			return apperr.NotFound(msgEventNotFound)
		} else if err != nil {
			return err
		}
		current, err := tx.ListWorkoutsByOrder(ctx, eventID)
		if err != nil {
			return err
		}
		if len(current) != len(order) {
			return apperr.Invalid("workoutIds", msgReorderIncomplete)
		}
		currentIDs := make([]string, len(current))
		for i, w := range current {
			if !seen[w.ID] {
				return apperr.Invalid("workoutIds", msgReorderIncomplete)
			}
			currentIDs[i] = w.ID
		}
		counts, err := s.resultsByWorkout(ctx, currentIDs)
		if err != nil {
			return err
		}
		for _, n := range counts {
			if n > 0 {
				return apperr.Conflict(msgReorderHasResults)
			}
		}
		if _, err := tx.NumberWorkouts(ctx, eventID, order); err != nil {
			return err
		}
		if out, err = tx.ListWorkoutsByOrder(ctx, eventID); err != nil {
			return err
		}
		if len(out) == 0 {
			return nil
		}
		names := make([]string, len(out))
		for i, w := range out {
			names[i] = w.Name
		}
		return tx.RecordActivity(ctx, change(ctx, eventID, "reordered", "workout", out[0].ID, "Workouts reordered: "+strings.Join(names, ", ")))
	})
	if err != nil {
		return nil, err
	}
	s.changed(ctx, eventID)
	return s.workoutViews(ctx, out, countsSkipped) // checked above: none has results
}

// ---- internal ---------------------------------------------------------------------------

// StructureRef names an event directly or through one of its parts; exactly one is set.
type StructureRef struct {
	EventID, DivisionID, TeamID, WorkoutID, HeatID string
}

// EventStructure returns an event with its workouts, divisions and every team, for
// results-svc and public-svc. It never calls results-svc (which calls it): hasResults and
// finalResultsCount are left at zero.
func (s *service) EventStructure(ctx context.Context, ref StructureRef) (EventView, []TeamView, error) {
	type part struct{ field, value, what, kind, notFound string }
	parts := []part{
		{"eventId", ref.EventID, "Event", "", msgEventNotFound},
		{"divisionId", ref.DivisionID, "Division", "division", msgDivisionNotFound},
		{"teamId", ref.TeamID, "Team", "team", msgTeamNotFound},
		{"workoutId", ref.WorkoutID, "Workout", "workout", msgWorkoutNotFound},
	}
	var chosen *part
	for i := range parts {
		if trim(parts[i].value) == "" {
			continue
		}
		if chosen != nil {
			return EventView{}, nil, apperr.Invalid(parts[i].field, msgStructureOneID)
		}
		chosen = &parts[i]
	}
	if chosen == nil {
		return EventView{}, nil, apperr.Invalid("eventId", msgStructureOneID)
	}
	id, err := parseID(chosen.field, chosen.value, chosen.what)
	if err != nil {
		return EventView{}, nil, err
	}
	eventID := id
	if chosen.kind != "" {
		eventID, err = s.store.EventIDOf(ctx, chosen.kind, id)
		if errors.Is(err, store.ErrNotFound) {
			return EventView{}, nil, apperr.NotFound(chosen.notFound)
		}
		if err != nil {
			return EventView{}, nil, err
		}
	}
	view, err := s.eventView(ctx, eventID, countsSkipped)
	if err != nil {
		return EventView{}, nil, err
	}
	teams, err := s.store.ListEventTeams(ctx, eventID)
	if err != nil {
		return EventView{}, nil, err
	}
	teamViews, err := s.teamViews(ctx, teams, countsSkipped)
	return view, teamViews, err
}

// ListVisibleEvents returns the events the public may see: never DRAFT, never UNLISTED;
// by default PUBLISHED and IN_PROGRESS.
func (s *service) ListVisibleEvents(ctx context.Context, statuses []string) ([]store.Event, error) {
	want := []string{}
	for _, raw := range statuses {
		st := trimUpper(raw)
		switch st {
		case StatusPublished, StatusInProgress, StatusArchived:
			want = append(want, st)
		case StatusDraft, StatusUnlisted:
			// never public
		default:
			return nil, apperr.Invalid("statuses", msgVisibleStatusFilter)
		}
	}
	if len(statuses) == 0 {
		want = []string{StatusPublished, StatusInProgress}
	}
	if len(want) == 0 {
		return []store.Event{}, nil
	}
	return s.store.ListEventsWithStatus(ctx, want)
}
