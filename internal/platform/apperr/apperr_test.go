package apperr

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestToStatus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		err        error
		code       codes.Code
		message    string
		field      string
		unexpected bool
	}{
		{"invalid field", Invalid("name", "Event name is required"), codes.InvalidArgument, "Event name is required", "name", false},
		{"wrapped not found", fmt.Errorf("get: %w", NotFound("Event not found")), codes.NotFound, "Event not found", "", false},
		{"conflict", Conflict("only drafts"), codes.FailedPrecondition, "only drafts", "", false},
		{"conflict on a field", ConflictField("workoutOrder", "taken"), codes.FailedPrecondition, "taken", "workoutOrder", false},
		{"rate limited", RateLimited("wait"), codes.ResourceExhausted, "wait", "", false},
		{"deadline", fmt.Errorf("query: %w", context.DeadlineExceeded), codes.DeadlineExceeded, "The request took too long. Please try again.", "", false},
		{"database restarting", fmt.Errorf("save: %w", &pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"}), codes.Unavailable, DatabaseUnavailableMessage, "", false},
		{"database refusing connections", fmt.Errorf("query: %w", &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}), codes.Unavailable, DatabaseUnavailableMessage, "", false},
		{"constraint violation stays internal", &pgconn.PgError{Code: "23505"}, codes.Internal, InternalMessage, "", true},
		{"raw error hides its text", errors.New(`ERROR: relation "x" does not exist (SQLSTATE 42P01)`), codes.Internal, InternalMessage, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, unexpected := ToStatus(tt.err)
			if st.Code() != tt.code || st.Message() != tt.message || FieldOf(st) != tt.field || unexpected != tt.unexpected {
				t.Fatalf("got %v %q field=%q unexpected=%v", st.Code(), st.Message(), FieldOf(st), unexpected)
			}
		})
	}
}

// wrappedAs returns err as a use case that called a store method would: wrapped by both.
func wrappedAs(err error) error {
	store := func() (err2 error) {
		defer Wrap(&err2, "store.UpdateTeam(%q)", "t1")
		return err
	}
	useCase := func() (err3 error) {
		defer Wrap(&err3, "competitionsvc.updateTeam(%q)", "t1")
		return store()
	}
	return useCase()
}

// TestWrappedErrorsMapLikeTheirCause checks that Wrap names the operations for the log and
// that the table still maps what is inside: the typed error's code, message and field, a
// remote service's status as it was sent, and nothing of the operations for the client.
func TestWrappedErrorsMapLikeTheirCause(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		err        error
		code       codes.Code
		message    string
		field      string
		unexpected bool
	}{
		{"invalid field", Invalid("name", "Team name is required"), codes.InvalidArgument, "Team name is required", "name", false},
		{"not found", NotFound("Team not found"), codes.NotFound, "Team not found", "", false},
		{"conflict on a field", ConflictField("workoutOrder", "taken"), codes.FailedPrecondition, "taken", "workoutOrder", false},
		{"forbidden", Forbidden("no grant"), codes.PermissionDenied, "no grant", "", false},
		{"internal kind", &Error{Kind: KindInternal, Message: "broken"}, codes.Internal, "broken", "", true},
		{"another service's status", status.Error(codes.FailedPrecondition, "Publish the results first"), codes.FailedPrecondition, "Publish the results first", "", false},
		{"database down", &pgconn.PgError{Code: "57P01"}, codes.Unavailable, DatabaseUnavailableMessage, "", false},
		{"raw error", errors.New(`ERROR: duplicate key (SQLSTATE 23505)`), codes.Internal, InternalMessage, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := wrappedAs(tt.err)
			want := `competitionsvc.updateTeam("t1"): store.UpdateTeam("t1"): `
			if !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("logged text %q does not start with the operations %q", err.Error(), want)
			}
			st, unexpected := ToStatus(err)
			if st.Code() != tt.code || st.Message() != tt.message || FieldOf(st) != tt.field || unexpected != tt.unexpected {
				t.Fatalf("got %v %q field=%q unexpected=%v", st.Code(), st.Message(), FieldOf(st), unexpected)
			}
			if strings.Contains(st.Message(), "store.") || strings.Contains(st.Message(), "competitionsvc.") {
				t.Fatalf("the client's message %q names the operations", st.Message())
			}
		})
	}
}

func TestWrapLeavesSuccessAlone(t *testing.T) {
	t.Parallel()
	var err error
	Wrap(&err, "store.UpdateTeam(%q)", "t1")
	if err != nil {
		t.Fatalf("Wrap of no error gave %v", err)
	}
}
