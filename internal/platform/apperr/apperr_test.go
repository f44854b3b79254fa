package apperr

import (
	"context"
	"errors"
	"fmt"
	"net"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"google.golang.org/grpc/codes"
)

func TestToStatus(t *testing.T) {
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
