package floor

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Judge links (docs/judging.md): the organiser prints a card per lane or judge station of a
// heat or a workout; its QR code opens the judge screen on a phone without an account, for
// those lanes only, until the end of the event or until the organiser revokes it. The links
// live here, next to the heats and grants; auth-svc starts, signs and ends their sessions.

// JudgeStation is one card to make: its lanes (none: every lane) and its name ("" for the
// usual one).
type JudgeStation struct {
	Lanes []int32
	Label string
}

// JudgeLinkCard is a link with the token its QR code carries.
type JudgeLinkCard struct {
	store.JudgeLink
	Token string
	// Code is the card's short code as printed (judgecodes.go); empty where a code is not
	// shown (a code redeemed).
	Code string
}

const (
	maxJudgeStations   = 50
	maxJudgeLabel      = 60
	MsgJudgeLinkAbsent = "Judge link not found"
	msgJudgeLinkEnded  = "This judge link was revoked or has expired: make a new card."
)

// judgeLinksEnd is when the links of an event whose last day is dateTo end: noon UTC of the
// next day, past the end of that day in every time zone.
func judgeLinksEnd(dateTo time.Time) time.Time {
	y, m, d := dateTo.Date()
	return time.Date(y, m, d+1, 12, 0, 0, 0, time.UTC)
}

// CreateJudgeLinks makes one link per station for a workout, or one heat of it.
func (s *service) CreateJudgeLinks(ctx context.Context, eventID, workoutID, heatID string, stations []JudgeStation) (_ []JudgeLinkCard, err error) {
	defer apperr.Wrap(&err, "floor.CreateJudgeLinks()")
	w, err := s.Workout(ctx, eventID, workoutID)
	if err != nil {
		return nil, err
	}
	ev, err := s.Store.GetEvent(ctx, w.EventID)
	if err != nil {
		return nil, fmt.Errorf("read event: %w", err)
	}
	var heat *store.Heat
	if strings.TrimSpace(heatID) != "" {
		h, err := s.heat(ctx, s.Store, heatID)
		if err != nil {
			return nil, err
		}
		if h.WorkoutID != w.ID {
			return nil, apperr.Invalid("heatId", fmt.Sprintf("Heat %d is not a heat of %s", h.Number, w.Name))
		}
		heat = &h
	}
	links, err := judgeStations(w, heat, stations)
	if err != nil {
		return nil, err
	}
	expires := judgeLinksEnd(ev.DateTo)
	if !expires.After(time.Now()) {
		return nil, apperr.Conflict(fmt.Sprintf("The event ended on %s: a judge link would not work any more.", ev.DateTo.Format("2006-01-02")))
	}
	scopes := make([]*authv1.JudgeScope, len(links))
	for i, l := range links {
		scopes[i] = &authv1.JudgeScope{EventId: w.EventID, WorkoutId: w.ID, HeatId: l.HeatID, Lanes: l.Lanes, Label: l.Label}
	}
	started, err := s.Users.StartJudgeSessions(ctx, &authv1.StartJudgeSessionsRequest{Scopes: scopes, ExpiresAt: expires.Format(time.RFC3339)})
	if err != nil {
		return nil, authErr(err)
	}
	if len(started.GetSessions()) != len(links) {
		return nil, fmt.Errorf("auth-svc started %d judge sessions of %d", len(started.GetSessions()), len(links))
	}
	cards := make([]JudgeLinkCard, len(links))
	sessionIDs := make([]string, len(links))
	now := time.Now().UTC()
	for i, sess := range started.GetSessions() {
		links[i].ID, links[i].EventID, links[i].CreatedBy, links[i].ExpiresAt = sess.GetSessionId(), w.EventID, authn.Actor(ctx), expires
		links[i].CreatedAt = now
		code, hash := newJudgeCode()
		links[i].CodeHash = hash
		cards[i] = JudgeLinkCard{JudgeLink: links[i], Token: sess.GetToken(), Code: code}
		sessionIDs[i] = sess.GetSessionId()
	}
	labels := make([]string, len(links))
	for i, l := range links {
		labels[i] = l.Label
	}
	made := core.Change(ctx, w.EventID, "created", "workout", w.ID, fmt.Sprintf("%d judge %s made for %s: %s",
		len(links), core.Plural(len(links), "card", "cards"), w.Name, strings.Join(labels, "; ")))
	if err := s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.InsertJudgeLinks(ctx, links); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, made)
	}); err != nil {
		// The sessions must not outlive links nobody can see or revoke.
		s.endJudgeSessions(ctx, sessionIDs)
		return nil, fmt.Errorf("record judge links: %w", err)
	}
	return cards, nil
}

// judgeStations checks the stations and names their links.
func judgeStations(w store.Workout, heat *store.Heat, stations []JudgeStation) ([]store.JudgeLink, error) {
	if len(stations) == 0 || len(stations) > maxJudgeStations {
		return nil, apperr.Invalid("stations", fmt.Sprintf("Make between 1 and %d judge cards at a time", maxJudgeStations))
	}
	out := make([]store.JudgeLink, len(stations))
	for i, st := range stations {
		field := fmt.Sprintf("stations[%d].", i)
		lanes := slices.Clone(st.Lanes)
		slices.Sort(lanes)
		lanes = slices.Compact(lanes)
		for _, l := range lanes {
			if l < 1 || l > 50 {
				return nil, apperr.Invalid(field+"lanes", "Lanes are numbered 1 to 50")
			}
			if heat != nil && !heatHasLane(*heat, l) {
				return nil, apperr.Invalid(field+"lanes", fmt.Sprintf("Lane %d of heat %d has no team", l, heat.Number))
			}
		}
		label := strings.TrimSpace(st.Label)
		if label == "" {
			label = judgeLabel(w, heat, lanes)
		} else {
			clean, err := core.CleanName(field+"label", "The card's name", label)
			if err != nil {
				return nil, err
			}
			if utf8.RuneCountInString(clean) > maxJudgeLabel {
				return nil, apperr.Invalid(field+"label", fmt.Sprintf("The card's name must be at most %d characters", maxJudgeLabel))
			}
			label = clean
		}
		out[i] = store.JudgeLink{WorkoutID: w.ID, WorkoutName: w.Name, Lanes: lanes, Label: label}
		if heat != nil {
			out[i].HeatID, out[i].HeatNumber = heat.ID, heat.Number
		}
	}
	return out, nil
}

func heatHasLane(h store.Heat, lane int32) bool {
	for _, l := range h.Lanes {
		if l.Lane == lane {
			return true
		}
	}
	return false
}

// judgeLabel is a card's usual name: "Heat 2 · Lane 3", "Fran · Lanes 1, 2", "Fran · All lanes".
func judgeLabel(w store.Workout, heat *store.Heat, lanes []int32) string {
	where := w.Name
	if heat != nil {
		where = fmt.Sprintf("Heat %d", heat.Number)
	}
	switch len(lanes) {
	case 0:
		return where + " · All lanes"
	case 1:
		return fmt.Sprintf("%s · Lane %d", where, lanes[0])
	}
	nums := make([]string, len(lanes))
	for i, l := range lanes {
		nums[i] = fmt.Sprint(l)
	}
	return where + " · Lanes " + strings.Join(nums, ", ")
}

// ListJudgeLinks returns the event's links in use, newest first.
func (s *service) ListJudgeLinks(ctx context.Context, eventID string) (_ []store.JudgeLink, err error) {
	defer apperr.Wrap(&err, "floor.ListJudgeLinks()")
	id, err := s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	return s.Store.ActiveJudgeLinks(ctx, id)
}

// judgeLink finds a link by id, revoked or not.
func (s *service) judgeLink(ctx context.Context, id string) (_ store.JudgeLink, err error) {
	defer apperr.Wrap(&err, "floor.judgeLink()")
	id, err = core.ParseID("id", id, "Judge link")
	if err != nil {
		return store.JudgeLink{}, err
	}
	l, err := s.Store.GetJudgeLink(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return l, apperr.NotFound(MsgJudgeLinkAbsent)
	}
	return l, err
}

// JudgeLinkCard is a link in use with a fresh token and a new code, for printing its card
// again: the code of the card printed before stops working, its QR code does not.
func (s *service) JudgeLinkCard(ctx context.Context, id string) (_ JudgeLinkCard, err error) {
	defer apperr.Wrap(&err, "floor.JudgeLinkCard()")
	l, err := s.judgeLink(ctx, id)
	if err != nil {
		return JudgeLinkCard{}, err
	}
	if l.RevokedAt != nil || !l.ExpiresAt.After(time.Now()) {
		return JudgeLinkCard{}, apperr.Conflict(msgJudgeLinkEnded)
	}
	signed, err := s.Users.SignJudgeTokens(ctx, &authv1.JudgeSessionsRequest{SessionIds: []string{l.ID}})
	if err != nil {
		return JudgeLinkCard{}, authErr(err)
	}
	if len(signed.GetSessions()) == 0 {
		return JudgeLinkCard{}, apperr.Conflict(msgJudgeLinkEnded)
	}
	code, err := s.renewJudgeCode(ctx, l.ID)
	if err != nil {
		return JudgeLinkCard{}, err
	}
	return JudgeLinkCard{JudgeLink: l, Token: signed.GetSessions()[0].GetToken(), Code: code}, nil
}

// RevokeJudgeLink ends one link: its phone's next call answers 401, on every replica.
func (s *service) RevokeJudgeLink(ctx context.Context, id string) (err error) {
	defer apperr.Wrap(&err, "floor.RevokeJudgeLink()")
	l, err := s.judgeLink(ctx, id)
	if err != nil {
		return err
	}
	return s.revokeJudgeLinks(ctx, []string{l.ID},
		core.Change(ctx, l.EventID, "revoked", "workout", l.WorkoutID, fmt.Sprintf("Judge card revoked: %s (%s)", l.Label, l.WorkoutName)))
}

// RevokeJudgeLinks ends every link of an event in use; it answers how many.
func (s *service) RevokeJudgeLinks(ctx context.Context, eventID string) (_ int, err error) {
	defer apperr.Wrap(&err, "floor.RevokeJudgeLinks()")
	links, err := s.ListJudgeLinks(ctx, eventID)
	if err != nil {
		return 0, err
	}
	ids := make([]string, len(links))
	for i, l := range links {
		ids[i] = l.ID
	}
	if len(ids) == 0 {
		return 0, nil
	}
	return len(ids), s.revokeJudgeLinks(ctx, ids,
		core.Change(ctx, eventID, "revoked", "event", eventID, fmt.Sprintf("All %d judge %s revoked", len(ids), core.Plural(len(ids), "card", "cards"))))
}

// revokeJudgeLinks ends the sessions first, then marks the links with the activity entry that
// says so: a failure in between leaves a link that looks in use but no longer works, and
// revoking it again finishes the job.
func (s *service) revokeJudgeLinks(ctx context.Context, ids []string, entry store.Activity) (err error) {
	defer apperr.Wrap(&err, "floor.revokeJudgeLinks()")
	if _, err := s.Users.EndJudgeSessions(ctx, &authv1.JudgeSessionsRequest{SessionIds: ids}); err != nil {
		return authErr(err)
	}
	if err := s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.RevokeJudgeLinks(ctx, ids); err != nil {
			return err
		}
		return tx.RecordActivity(ctx, entry)
	}); err != nil {
		return fmt.Errorf("revoke judge links: %w", err)
	}
	return nil
}

// endJudgeSessions ends sessions whose links were not recorded; the caller's error is
// what the organiser sees, so this one is only logged.
func (s *service) endJudgeSessions(ctx context.Context, ids []string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if _, err := s.Users.EndJudgeSessions(ctx, &authv1.JudgeSessionsRequest{SessionIds: ids}); err != nil {
		s.Log.ErrorContext(ctx, "judge sessions of unrecorded links not ended; they expire with the event", "sessions", ids, "err", err)
	}
}

// authErr says in words that auth-svc could not be reached; its own refusals pass through.
func authErr(err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return err
	}
	switch status.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded:
		return apperr.Unavailable("Judge links cannot be made or ended right now: sign-in is unavailable. Please try again shortly.")
	}
	return fmt.Errorf("auth-svc judge sessions: %v", err) //nolint:errorlint // %v: never pass the other service's status through
}
