// Package apperr holds the typed errors services return and the one table that maps them to
// gRPC status codes (and, through the gateway, to HTTP statuses).
package apperr

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Kind says what went wrong, in terms a client can act on.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindNotFound
	KindConflict
	KindUnauthenticated
	KindPermissionDenied
	KindRateLimited
	KindUnavailable
)

// codeOf is the single mapping from error kinds to gRPC codes.
var codeOf = map[Kind]codes.Code{
	KindInternal:         codes.Internal,
	KindInvalid:          codes.InvalidArgument,
	KindNotFound:         codes.NotFound,
	KindConflict:         codes.FailedPrecondition,
	KindUnauthenticated:  codes.Unauthenticated,
	KindPermissionDenied: codes.PermissionDenied,
	KindRateLimited:      codes.ResourceExhausted,
	KindUnavailable:      codes.Unavailable,
}

// Error is a failure with a message meant for the person using the API.
type Error struct {
	Kind    Kind
	Field   string // the request field at fault, for KindInvalid and KindConflict
	Message string
}

func (e *Error) Error() string {
	if e.Field != "" {
		return e.Field + ": " + e.Message
	}
	return e.Message
}

// Invalid reports a request field that breaks a validation rule.
func Invalid(field, message string) error {
	return &Error{Kind: KindInvalid, Field: field, Message: message}
}

// NotFound reports a missing resource.
func NotFound(message string) error { return &Error{Kind: KindNotFound, Message: message} }

// Conflict reports a request that the current state does not allow.
func Conflict(message string) error { return &Error{Kind: KindConflict, Message: message} }

// ConflictField reports a request field whose value the current state does not allow (a
// workout order already taken, a time cap below entered times): 409 naming the field.
func ConflictField(field, message string) error {
	return &Error{Kind: KindConflict, Field: field, Message: message}
}

// Unauthenticated reports a missing or bad credential.
func Unauthenticated(message string) error {
	return &Error{Kind: KindUnauthenticated, Message: message}
}

// Forbidden is for a caller who may see the addressed thing but not do this to it.
func Forbidden(message string) error { return &Error{Kind: KindPermissionDenied, Message: message} }

// RateLimited reports too many attempts.
func RateLimited(message string) error { return &Error{Kind: KindRateLimited, Message: message} }

// Unavailable reports a dependency that cannot be reached right now.
func Unavailable(message string) error { return &Error{Kind: KindUnavailable, Message: message} }

// Unavailablef is Unavailable with formatting.
func Unavailablef(format string, args ...any) error {
	return Unavailable(fmt.Sprintf(format, args...))
}

// Wrap prefixes a returned error with the operation that returned it, as golang/pkgsite's
// derrors.Wrap does. It is the first statement of every use case and store method:
//
//	func (s *Store) CreateTeam(ctx context.Context, eventID string, t Team) (_ Team, err error) {
//		defer apperr.Wrap(&err, "store.CreateTeam(%q)", eventID)
//
// so a logged error reads as the path it came by, outermost first:
// `competitionsvc.createTeam("e1"): store.CreateTeam("e1"): ERROR: … (SQLSTATE 23505)`.
// The chain is kept (%w): errors.Is and errors.As still find what is inside, and ToStatus
// still answers with an *Error's Kind and Message alone, so the operations reach the log and
// never the client. Arguments name what the operation addressed (ids), never what a person
// typed (passwords, tokens, addresses).
func Wrap(errp *error, format string, args ...any) {
	if *errp != nil {
		*errp = fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), *errp)
	}
}

// IsKind reports whether err is an *Error of kind k.
func IsKind(err error, k Kind) bool {
	var e *Error
	return errors.As(err, &e) && e.Kind == k
}

// InternalMessage is all a client learns about an unexpected failure.
const InternalMessage = "An internal error occurred. Please try again."

// ToStatus turns any error into the gRPC status a client sees; it is the one table from errors
// to codes, and it looks through wrapping (Wrap, %w). Errors that are neither *Error nor
// already a status become Internal with a generic message: their text (SQL, stack traces,
// the operations Wrap names) never leaves the process. The second result reports whether err was unexpected, so
// the caller can log it.
func ToStatus(err error) (*status.Status, bool) {
	var e *Error
	switch {
	case errors.As(err, &e):
		st := status.New(codeOf[e.Kind], e.Message)
		if e.Field != "" {
			if withField, derr := st.WithDetails(&errdetails.BadRequest{
				FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: e.Field, Description: e.Message}},
			}); derr == nil {
				st = withField
			}
		}
		return st, e.Kind == KindInternal
	case errors.Is(err, context.DeadlineExceeded):
		return status.New(codes.DeadlineExceeded, "The request took too long. Please try again."), false
	case errors.Is(err, context.Canceled):
		return status.New(codes.Canceled, "The request was cancelled."), false
	case isDatabaseUnavailable(err):
		return status.New(codes.Unavailable, DatabaseUnavailableMessage), false
	}
	// Another service's status passes as it came: its own, not status.FromError's, which
	// would give a wrapped status the whole chain's text (the operations) as its message.
	var remote interface{ GRPCStatus() *status.Status }
	if errors.As(err, &remote) {
		if st := remote.GRPCStatus(); st != nil {
			return st, st.Code() == codes.Unknown || st.Code() == codes.Internal
		}
	}
	return status.New(codes.Internal, InternalMessage), true
}

// DatabaseUnavailableMessage is what a client learns while PostgreSQL cannot be reached.
const DatabaseUnavailableMessage = "The database is unavailable right now. Please try again shortly."

// isDatabaseUnavailable spots PostgreSQL being down or restarting: a refused or broken
// connection, or the server's connection-exception (08) and operator-intervention (57)
// classes, such as 57P01 "terminating connection due to administrator command".
func isDatabaseUnavailable(err error) bool {
	var connectErr *pgconn.ConnectError
	if errors.As(err, &connectErr) {
		return true
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return strings.HasPrefix(pgErr.Code, "08") || strings.HasPrefix(pgErr.Code, "57")
	}
	var netErr net.Error
	if errors.As(err, &netErr) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) {
		return true
	}
	return pgconn.SafeToRetry(err)
}

// FieldOf returns the field named in a status's details, if any.
func FieldOf(st *status.Status) string {
	for _, d := range st.Details() {
		if br, ok := d.(*errdetails.BadRequest); ok && len(br.FieldViolations) > 0 {
			return br.FieldViolations[0].Field
		}
	}
	return ""
}
