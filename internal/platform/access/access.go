// Package access decides what a signed-in caller may do to the event an RPC addresses
// (docs/access.md). Each service lists its admin RPCs as Rules; the interceptor finds the
// event of the addressed entity, reads the caller's grant there and refuses before the
// handler runs, so a refused call changes nothing and holds without the gateway.
package access

import (
	"context"

	"google.golang.org/grpc"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// Per-event grants.
const (
	GrantOrganiser = "organiser"
	GrantScorer    = "scorer"
)

// Level is what an RPC does to its event.
type Level int

const (
	// Read needs any grant on the event: organiser or scorer.
	Read Level = iota + 1
	// Score (results: create, update, delete) needs any grant too.
	Score
	// Manage (setup, status, publication, grants) needs the organiser grant.
	Manage
	// UseCase leaves the decision to the handler: lists keep only the caller's events,
	// event creation checks the role, publication leaves out hidden events.
	UseCase
)

// Kind names what an id identifies.
type Kind string

// The kinds of ids the services address.
const (
	Event    Kind = "event"
	Division Kind = "division"
	Team     Kind = "team"
	Workout  Kind = "workout"
	Heat     Kind = "heat"
	// Registration is a team's registration for a division (competition-svc).
	Registration Kind = "registration"
	Result       Kind = "result"
	// JudgeLink is a judge card's link (competition-svc, docs/judging.md).
	JudgeLink Kind = "judge_link"
)

// Target is the entity an RPC addresses: ids of one kind, and the not-found message the
// RPC gives for a missing one (a hidden event answers exactly the same).
type Target struct {
	Kind     Kind
	IDs      []string
	NotFound string
}

// Rule is one RPC's requirement.
type Rule struct {
	Level   Level
	Targets func(req any) []Target
}

// Rules classify a service's admin RPCs by full method name. Every RPC that is neither public
// nor internal has one (a test per service checks), so a new RPC cannot go unchecked by
// omission.
type Rules map[string]Rule

// Grants reads grants: for every event that ids of kind belong to, the grant userID holds
// there ("" for none). Ids that match nothing are left out.
type Grants interface {
	Roles(ctx context.Context, userID string, kind Kind, ids []string) (map[string]string, error)
}

// MsgForbidden answers a caller whose grant does not allow the action.
const MsgForbidden = "Your access to this event does not allow this action."

// UnaryServerInterceptor enforces rules; it runs after authn's, which put the caller in ctx.
func UnaryServerInterceptor(grants Grants, rules Rules) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		rule, ok := rules[info.FullMethod]
		if !ok || rule.Level == UseCase {
			return handler(ctx, req)
		}
		caller, ok := authn.CallerFrom(ctx)
		if !ok {
			return nil, apperr.Unauthenticated("Authentication required: sign in to continue.")
		}
		if caller.IsAdmin() {
			return handler(ctx, req)
		}
		if caller.Role == authn.RoleJudge {
			// A judge link holds no grant: authn let it reach only the Judging RPCs, whose
			// use cases hold it to its scope (docs/judging.md).
			return handler(ctx, req)
		}
		for _, t := range rule.Targets(req) {
			if err := check(ctx, grants, caller, rule.Level, t); err != nil {
				return nil, err
			}
		}
		return handler(ctx, req)
	}
}

func check(ctx context.Context, grants Grants, caller authn.Caller, level Level, t Target) error {
	valid := make([]string, 0, len(t.IDs))
	for _, id := range t.IDs {
		// Malformed ids get the handler's 400, which reveals nothing; ids are read the way
		// the handlers read them.
		if id, ok := ids.Canonical(id); ok {
			valid = append(valid, id)
		}
	}
	if len(valid) == 0 {
		return nil
	}
	roles, err := grants.Roles(ctx, caller.UserID, t.Kind, valid)
	if err != nil {
		return err
	}
	for _, role := range roles {
		if err := allowed(role, level, t.NotFound); err != nil {
			return err
		}
	}
	return nil
}

func allowed(role string, level Level, notFound string) error {
	switch {
	case role == "":
		return apperr.NotFound(notFound)
	case level == Manage && role != GrantOrganiser:
		return apperr.Forbidden(MsgForbidden)
	}
	return nil
}

// Role returns the caller's standing on the event that id of kind belongs to: "admin" for
// admins, the grant otherwise ("" for none or when nobody is signed in).
func Role(ctx context.Context, grants Grants, kind Kind, id string) (string, error) {
	caller, ok := authn.CallerFrom(ctx)
	id, valid := ids.Canonical(id)
	switch {
	case !ok || !valid:
		return "", nil
	case caller.IsAdmin():
		return authn.RoleAdmin, nil
	}
	roles, err := grants.Roles(ctx, caller.UserID, kind, []string{id})
	for _, role := range roles {
		return role, err
	}
	return "", err
}
