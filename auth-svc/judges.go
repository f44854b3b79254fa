package authsvc

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// Judge sessions (docs/judging.md): competition-svc keeps an event's judge links and asks
// auth-svc for their sessions, since auth-svc alone signs tokens and ends sessions. A judge
// session has no user: its scope says what it may score, and authn lets it reach only the
// Judging RPCs.

// JudgeSession is a judge link's session and its token.
type JudgeSession struct {
	ID, Token string
	ExpiresAt time.Time
}

// maxJudgeSessions bounds one request: a heat has at most 50 lanes.
const maxJudgeSessions = 50

// startJudgeSessions starts one session per scope, ending at expires, in one transaction.
func (s *service) startJudgeSessions(ctx context.Context, scopes []authn.JudgeScope, expires time.Time) (_ []JudgeSession, err error) {
	defer apperr.Wrap(&err, "authsvc.startJudgeSessions()")
	switch {
	case len(scopes) == 0 || len(scopes) > maxJudgeSessions:
		return nil, apperr.Invalid("scopes", fmt.Sprintf("Between 1 and %d judge sessions at a time", maxJudgeSessions))
	case !expires.After(s.now()):
		return nil, apperr.Invalid("expiresAt", "A judge session must end in the future")
	}
	for _, sc := range scopes {
		if !ids.IsUUID(sc.EventID) || !ids.IsUUID(sc.WorkoutID) || (sc.HeatID != "" && !ids.IsUUID(sc.HeatID)) {
			return nil, apperr.Invalid("scopes", "A judge session names its event, workout and heat by id")
		}
	}
	sessionIDs, err := s.users.StartJudgeSessions(ctx, scopes, expires)
	if err != nil {
		return nil, fmt.Errorf("start judge sessions: %w", err)
	}
	return s.signJudge(sessionIDs, expires)
}

// signJudgeTokens signs a fresh token for each judge session of sessionIDs still running.
func (s *service) signJudgeTokens(ctx context.Context, sessionIDs []string) (_ []JudgeSession, err error) {
	defer apperr.Wrap(&err, "authsvc.signJudgeTokens()")
	sessionIDs = validIDs(sessionIDs)
	running, err := s.users.RunningJudgeSessions(ctx, sessionIDs)
	if err != nil {
		return nil, fmt.Errorf("read judge sessions: %w", err)
	}
	out := make([]JudgeSession, 0, len(running))
	for _, id := range sessionIDs {
		if exp, ok := running[id]; ok {
			signed, err := s.signJudge([]string{id}, exp)
			if err != nil {
				return nil, err
			}
			out = append(out, signed...)
		}
	}
	return out, nil
}

func (s *service) signJudge(sessionIDs []string, expires time.Time) (_ []JudgeSession, err error) {
	defer apperr.Wrap(&err, "authsvc.signJudge()")
	out := make([]JudgeSession, len(sessionIDs))
	for i, id := range sessionIDs {
		token, exp, err := s.issuer.IssueUntil(id, s.now(), expires)
		if err != nil {
			return nil, fmt.Errorf("sign judge token: %w", err)
		}
		out[i] = JudgeSession{ID: id, Token: token, ExpiresAt: exp}
	}
	return out, nil
}

// endJudgeSessions ends judge sessions and tells every process at once.
func (s *service) endJudgeSessions(ctx context.Context, sessionIDs []string) (err error) {
	defer apperr.Wrap(&err, "authsvc.endJudgeSessions()")
	sessionIDs = validIDs(sessionIDs)
	if len(sessionIDs) == 0 {
		return nil
	}
	if err := s.users.EndJudgeSessions(ctx, sessionIDs); err != nil {
		return fmt.Errorf("end judge sessions: %w", err)
	}
	for _, id := range sessionIDs {
		s.revoke(ctx, authn.Revocation{SessionID: id})
	}
	return nil
}

// judgeCaller is who holds judge session id; ok is false when there is none running.
func (s *service) judgeCaller(ctx context.Context, id string) (_ authn.Caller, _ bool, err error) {
	defer apperr.Wrap(&err, "authsvc.judgeCaller()")
	sc, err := s.users.ActiveJudgeSession(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return authn.Caller{}, false, nil
	}
	if err != nil {
		return authn.Caller{}, false, fmt.Errorf("resolve judge session: %w", err)
	}
	return authn.Caller{Username: judgeActor(sc.Label), Role: authn.RoleJudge, SessionID: id, Judge: &sc}, true, nil
}

// judgeActor is the name a judge link's changes are journaled under.
func judgeActor(label string) string { return "Judge link: " + label }

func validIDs(in []string) []string {
	out := make([]string, 0, len(in))
	for _, id := range in {
		if c, ok := ids.Canonical(id); ok {
			out = append(out, c)
		}
	}
	return out
}
