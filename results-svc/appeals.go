package resultssvc

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/resulttext"
	"github.com/podium-dev/podium/results-svc/store"
)

// Appeals (docs/competition-day.md): an athlete of the team files one appeal per published
// result of the team, until the event's window after the result's first publication has
// passed (by the service's clock). The organisers decide with a written reason: an upheld
// appeal saves the decided value as the grid saves an edit, so a published result gets a
// pending change, published as any other; the decision is mailed to the team's athletes in
// the decision's transaction (the outbox).

const (
	defaultAppealWindow = 30 // minutes, for an event that has not set its own
	maxAppealWindow     = 1440
	maxAppealReason     = 1000

	msgAppealReason       = "Give the reason of the appeal"
	msgAppealReasonLong   = "The reason must be at most 1000 characters"
	msgAppealNotOwn       = "You may appeal only your own team's results"
	msgAppealUnpublished  = "This result is not published yet: it can be appealed once it is"
	msgAppealTwice        = "Your team has appealed this result already"
	msgAppealNotFound     = "Appeal not found"
	msgAppealDecided      = "This appeal is decided already"
	msgAppealDecision     = "Decision must be uphold or dismiss"
	msgDecisionReason     = "Give the reason of the decision"
	msgDecisionReasonLong = "The reason must be at most 1000 characters"
	msgAppealWindowRange  = "The appeal window must be between 1 and 1440 minutes"
	msgAppealVideo        = "The video link must be an https address"
	msgAppealVideoLong    = "The video link must be at most 500 characters"
)

// appealWindow is the event's window in minutes.
func (s *service) appealWindow(ctx context.Context, eventID string) (_ int32, err error) {
	defer apperr.Wrap(&err, "resultssvc.appealWindow(%q)", eventID)
	m, err := s.store.AppealWindow(ctx, eventID)
	if err != nil {
		return 0, err
	}
	if m == 0 {
		m = defaultAppealWindow
	}
	return m, nil
}

// setAppealWindow stores the event's window (organiser grant, access.go).
func (s *service) setAppealWindow(ctx context.Context, req *resultsv1.AppealWindow) (_ *resultsv1.AppealWindow, err error) {
	defer apperr.Wrap(&err, "resultssvc.setAppealWindow(%q)", req.GetEventId())
	eventID, err := parseID("eventId", "event", req.GetEventId())
	if err != nil {
		return nil, err
	}
	// The event first, so a missing one answers as one the caller may not see.
	if _, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID}); err != nil {
		return nil, err
	}
	if req.GetMinutes() < 1 || req.GetMinutes() > maxAppealWindow {
		return nil, apperr.Invalid("minutes", msgAppealWindowRange)
	}
	if err := s.store.SetAppealWindow(ctx, eventID, req.GetMinutes()); err != nil {
		return nil, err
	}
	return &resultsv1.AppealWindow{EventId: eventID, Minutes: req.GetMinutes()}, nil
}

func checkAppealText(field, raw, required, tooLong string) (string, error) {
	v := strings.TrimSpace(raw)
	if v == "" {
		return "", apperr.Invalid(field, required)
	}
	if utf8.RuneCountInString(v) > maxAppealReason {
		return "", apperr.Invalid(field, tooLong)
	}
	return v, nil
}

func checkAppealVideo(raw string) (string, error) {
	v := strings.TrimSpace(raw)
	if v == "" {
		return "", nil
	}
	if len(v) > maxVideoURL {
		return "", apperr.Invalid("videoUrl", msgAppealVideoLong)
	}
	u, err := url.Parse(v)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
		return "", apperr.Invalid("videoUrl", msgAppealVideo)
	}
	return u.String(), nil
}

// fileAppeal stores the caller's team's appeal of one of its results.
func (s *service) fileAppeal(ctx context.Context, req *resultsv1.FileAppealRequest) (_ *resultsv1.Appeal, err error) {
	defer apperr.Wrap(&err, "resultssvc.fileAppeal(%q)", req.GetResultId())
	athleteID, err := qualifierAthlete(ctx)
	if err != nil {
		return nil, err
	}
	resultID, err := parseID("resultId", "result", req.GetResultId())
	if err != nil {
		return nil, err
	}
	r, err := s.store.Get(ctx, resultID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperr.NotFound(msgResultNotFound)
	}
	if err != nil {
		return nil, err
	}
	st, err := s.athleteStructure(ctx, &competitionv1.EventStructureRequest{EventId: r.EventID})
	if isNotFound(err) {
		return nil, apperr.NotFound(msgResultNotFound)
	}
	if err != nil {
		return nil, err
	}
	team, ok, err := s.athleteTeam(ctx, st.eventID, athleteID)
	if err != nil {
		return nil, err
	}
	if !ok || team.GetTeamId() != r.TeamID {
		return nil, apperr.Forbidden(msgAppealNotOwn)
	}
	reason, err := checkAppealText("reason", req.GetReason(), msgAppealReason, msgAppealReasonLong)
	if err != nil {
		return nil, err
	}
	video, err := checkAppealVideo(req.GetVideoUrl())
	if err != nil {
		return nil, err
	}
	window, err := s.appealWindow(ctx, st.eventID)
	if err != nil {
		return nil, err
	}
	w := st.workouts[r.WorkoutID]
	now := s.now()
	var saved store.Appeal
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		first, err := tx.FirstPublished(ctx, resultID)
		if err != nil {
			return err
		}
		if first == nil {
			return apperr.ConflictField("resultId", msgAppealUnpublished)
		}
		if closes := first.Add(time.Duration(window) * time.Minute); !now.Before(closes) {
			return apperr.ConflictField("resultId", fmt.Sprintf("The appeal window for %s closed at %s, %d minutes after its result was published",
				w.GetName(), zoned(instant(closes), st.timeZone), window))
		}
		saved, err = tx.InsertAppeal(ctx, store.Appeal{EventID: st.eventID, WorkoutID: r.WorkoutID, TeamID: r.TeamID, ResultID: resultID,
			Reason: reason, VideoURL: video, FiledBy: submitterName(ctx, team), FiledByID: athleteID, FiledAt: now,
			BeforeText: resulttext.Stored(w.GetScoreType(), r.Status, r.Value, r.CappedReps)})
		if errors.Is(err, store.ErrAppealed) {
			return apperr.ConflictField("resultId", msgAppealTwice)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "appeal filed", "event", st.eventID, "workout", r.WorkoutID, "team", r.TeamID)
	return appealPB(st, &saved, false), nil
}

// myAppeals are the caller's team's appeals in the event, and none of another team's.
func (s *service) myAppeals(ctx context.Context, eventID string) (_ *resultsv1.Appeals, err error) {
	defer apperr.Wrap(&err, "resultssvc.myAppeals(%q)", eventID)
	athleteID, err := qualifierAthlete(ctx)
	if err != nil {
		return nil, err
	}
	if eventID, err = parseID("eventId", "event", eventID); err != nil {
		return nil, err
	}
	st, err := s.athleteStructure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if isNotFound(err) {
		return nil, apperr.NotFound(msgEventNotFound)
	}
	if err != nil {
		return nil, err
	}
	window, err := s.appealWindow(ctx, st.eventID)
	if err != nil {
		return nil, err
	}
	out := &resultsv1.Appeals{EventId: st.eventID, WindowMinutes: window, Appeals: []*resultsv1.Appeal{},
		Results: []*resultsv1.AppealableResult{}}
	team, ok, err := s.athleteTeam(ctx, st.eventID, athleteID)
	if err != nil || !ok {
		return out, err
	}
	list, err := s.store.ListAppeals(ctx, st.eventID, team.GetTeamId())
	if err != nil {
		return nil, err
	}
	appealed := map[string]bool{}
	for i := range list {
		out.Appeals = append(out.Appeals, appealPB(st, &list[i], false))
		appealed[list[i].ResultID] = true
	}
	if err := s.markPending(ctx, out.Appeals); err != nil {
		return nil, err
	}
	published, err := s.store.TeamPublicResults(ctx, st.eventID, team.GetTeamId())
	if err != nil {
		return nil, err
	}
	out.Results = appealableResults(st, published, appealed, window, s.now())
	return out, nil
}

// appealableResults are the team's public results in workout order, each with when its
// window closes and whether the team may appeal it now.
func appealableResults(st *structure, published []store.PublicResult, appealed map[string]bool, window int32, now time.Time) []*resultsv1.AppealableResult {
	byWorkout := map[string]*store.PublicResult{}
	for i := range published {
		byWorkout[published[i].WorkoutID] = &published[i]
	}
	out := []*resultsv1.AppealableResult{}
	for _, w := range st.orderedWorkouts {
		r := byWorkout[w.GetId()]
		if r == nil {
			continue
		}
		closes := r.FirstPublished.Add(time.Duration(window) * time.Minute)
		out = append(out, &resultsv1.AppealableResult{ResultId: r.ID, WorkoutId: w.GetId(), WorkoutName: w.GetName(),
			ResultText:     resulttext.Stored(w.GetScoreType(), r.Status, r.Value, r.CappedReps),
			WindowClosesAt: instant(closes), Appealable: now.Before(closes) && !appealed[r.ID]})
	}
	return out
}

// eventAppeals are every appeal of the event, for its staff.
func (s *service) eventAppeals(ctx context.Context, eventID string) (_ *resultsv1.Appeals, err error) {
	defer apperr.Wrap(&err, "resultssvc.eventAppeals(%q)", eventID)
	if eventID, err = parseID("eventId", "event", eventID); err != nil {
		return nil, err
	}
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return nil, err
	}
	window, err := s.appealWindow(ctx, st.eventID)
	if err != nil {
		return nil, err
	}
	list, err := s.store.ListAppeals(ctx, st.eventID, "")
	if err != nil {
		return nil, err
	}
	out := &resultsv1.Appeals{EventId: st.eventID, WindowMinutes: window, Appeals: make([]*resultsv1.Appeal, len(list))}
	for i := range list {
		out.Appeals[i] = appealPB(st, &list[i], true)
	}
	if err := s.markPending(ctx, out.Appeals); err != nil {
		return nil, err
	}
	return out, nil
}

// decideAppeal upholds or dismisses a pending appeal with a written reason (organiser grant).
func (s *service) decideAppeal(ctx context.Context, req *resultsv1.DecideAppealRequest) (_ *resultsv1.Appeal, err error) {
	defer apperr.Wrap(&err, "resultssvc.decideAppeal(%q)", req.GetAppealId())
	eventID, err := parseID("eventId", "event", req.GetEventId())
	if err != nil {
		return nil, err
	}
	// The event first, so a missing one answers as one the caller may not see.
	st, err := s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return nil, err
	}
	appealID, err := parseID("appealId", "appeal", req.GetAppealId())
	if err != nil {
		return nil, err
	}
	decision := strings.ToLower(strings.TrimSpace(req.GetDecision()))
	if decision != "uphold" && decision != "dismiss" {
		return nil, apperr.Invalid("decision", msgAppealDecision)
	}
	reason, err := checkAppealText("reason", req.GetReason(), msgDecisionReason, msgDecisionReasonLong)
	if err != nil {
		return nil, err
	}
	current, err := s.store.LockAppeal(ctx, eventID, appealID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperr.NotFound(msgAppealNotFound)
	}
	if err != nil {
		return nil, err
	}
	if current.State != "pending" {
		return nil, apperr.ConflictField("appealId", msgAppealDecided)
	}
	w := st.workouts[current.WorkoutID]
	if w == nil || st.teams[current.TeamID] == nil {
		return nil, apperr.NotFound(msgResultNotFound)
	}
	f := resultFields{Status: req.GetStatus(), Value: doubleIn(req.GetResultValue()), CappedReps: int32In(req.GetCappedReps()),
		Tiebreak: doubleIn(req.GetTiebreakValue()), KeepPenalty: true, KeepScaled: true}
	if decision == "uphold" {
		if _, err := resolve(st, current.TeamID, current.WorkoutID, f, ""); err != nil {
			return nil, err
		}
	}
	// The team's athletes for the decision's mail, asked before the transaction.
	team, hasAthletes, err := s.teamAthletes(ctx, st.eventID, current.TeamID)
	if err != nil {
		return nil, err
	}
	by, now := authn.Actor(ctx), s.now()
	var decided store.Appeal
	decide := func(ctx context.Context, tx *store.Store, afterText string) error {
		a, err := tx.LockAppeal(ctx, eventID, appealID)
		if err != nil {
			return err
		}
		if a.State != "pending" {
			return apperr.ConflictField("appealId", msgAppealDecided)
		}
		a.State, a.DecisionReason, a.DecidedBy, a.DecidedAt, a.AfterText = map[string]string{"uphold": "upheld", "dismiss": "dismissed"}[decision],
			reason, by, &now, afterText
		if decided, err = tx.DecideAppeal(ctx, a); err != nil {
			return err
		}
		if !hasAthletes {
			return nil
		}
		subject, body := s.appealMail(st.eventName, w.GetName(), st.teams[a.TeamID].GetName(), &decided)
		return s.queueSubmissionMails(ctx, tx, team, subject, body)
	}
	if decision == "dismiss" {
		if err := s.store.InTx(ctx, func(tx *store.Store) error { return decide(ctx, tx, "") }); err != nil {
			return nil, err
		}
	} else {
		guard := &saveGuard{
			before: func(context.Context, *store.Store, []store.Input) error { return nil },
			after: func(ctx context.Context, tx *store.Store, out []*resultsv1.Result) error {
				return decide(ctx, tx, out[0].GetResultText())
			},
		}
		rows := []rawInput{{TeamID: current.TeamID, WorkoutID: current.WorkoutID, resultFields: f}}
		if _, _, err := s.saveRowsIn(ctx, st, rows, func(int) string { return "" }, false, guard); err != nil {
			return nil, err
		}
	}
	s.log.InfoContext(ctx, "appeal decided", "event", st.eventID, "appeal", appealID, "decision", decision)
	out := appealPB(st, &decided, true)
	if err := s.markPending(ctx, []*resultsv1.Appeal{out}); err != nil {
		return nil, err
	}
	return out, nil
}

// markPending marks the upheld appeals whose result's change the public does not see yet.
func (s *service) markPending(ctx context.Context, appeals []*resultsv1.Appeal) (err error) {
	defer apperr.Wrap(&err, "resultssvc.markPending()")
	var ids []string
	for _, a := range appeals {
		if a.GetState() == "upheld" {
			ids = append(ids, a.GetResultId())
		}
	}
	if len(ids) == 0 {
		return nil
	}
	pending, err := s.store.PendingChanges(ctx, ids)
	if err != nil {
		return err
	}
	for _, a := range appeals {
		a.ChangePending = a.GetState() == "upheld" && pending[a.GetResultId()]
	}
	return nil
}

// appealMail tells the team the decision and its reason, never who decided.
func (s *service) appealMail(eventName, workoutName, teamName string, a *store.Appeal) (subject, body string) {
	what := fmt.Sprintf("The appeal of team %s on %s at %s is %s.\n\nReason: %s\n", teamName, workoutName, eventName, a.State, a.DecisionReason)
	if a.State == "upheld" {
		what += fmt.Sprintf("\nThe result changes from %s to %s once the organisers publish it.\n", a.BeforeText, a.AfterText)
	}
	return fmt.Sprintf("Appeal %s: %s, team %s", a.State, workoutName, teamName), what + "\n" + s.myRegistrations()
}

// appealPB is an appeal as its team sees it; staff also see who decided.
func appealPB(st *structure, a *store.Appeal, staff bool) *resultsv1.Appeal {
	out := &resultsv1.Appeal{Id: a.ID, EventId: a.EventID, WorkoutId: a.WorkoutID, TeamId: a.TeamID, ResultId: a.ResultID,
		Reason: a.Reason, VideoUrl: a.VideoURL, FiledBy: a.FiledBy, FiledAt: instant(a.FiledAt), BeforeText: a.BeforeText,
		State: a.State, DecisionReason: a.DecisionReason, AfterText: a.AfterText}
	if w := st.workouts[a.WorkoutID]; w != nil {
		out.WorkoutName = w.GetName()
	}
	if t := st.teams[a.TeamID]; t != nil {
		out.TeamName = t.GetName()
	}
	if a.DecidedAt != nil {
		out.DecidedAt = instant(*a.DecidedAt)
	}
	if staff {
		out.DecidedBy = a.DecidedBy
	}
	return out
}
