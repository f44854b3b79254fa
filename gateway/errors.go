package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// httpStatusOf is the one table from gRPC codes to HTTP statuses (docs/architecture.md).
var httpStatusOf = map[codes.Code]int{
	codes.OK:                 http.StatusOK,
	codes.Canceled:           499, // client closed the request
	codes.InvalidArgument:    http.StatusBadRequest,
	codes.OutOfRange:         http.StatusBadRequest,
	codes.Unauthenticated:    http.StatusUnauthorized,
	codes.PermissionDenied:   http.StatusForbidden,
	codes.NotFound:           http.StatusNotFound,
	codes.AlreadyExists:      http.StatusConflict,
	codes.Aborted:            http.StatusConflict,
	codes.FailedPrecondition: http.StatusConflict,
	codes.ResourceExhausted:  http.StatusTooManyRequests,
	codes.Unimplemented:      http.StatusNotImplemented,
	codes.Unavailable:        http.StatusServiceUnavailable,
	codes.DeadlineExceeded:   http.StatusGatewayTimeout,
}

func httpStatus(c codes.Code) int {
	if s, ok := httpStatusOf[c]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// errorBody is every /api error: the gRPC code, a message a person can read, and for
// validation errors the field at fault.
type errorBody struct {
	Code    codes.Code `json:"code"`
	Message string     `json:"message"`
	Field   string     `json:"field,omitempty"`
}

func writeError(w http.ResponseWriter, httpCode int, body errorBody) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(httpCode)
	json.NewEncoder(w).Encode(body) //nolint:errcheck // the client went away
}

// writeStatusError is grpc-gateway's error handler: backend statuses, request decoding
// failures and transport failures all end here.
func writeStatusError(ctx context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, r *http.Request, err error) {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) || isBodyTooLarge(err) {
		writeError(w, http.StatusRequestEntityTooLarge, errorBody{Code: codes.InvalidArgument, Message: "The request body is too large."})
		return
	}
	st, ok := status.FromError(err)
	if !ok {
		st, _ = apperr.ToStatus(err)
	}
	body := errorBody{Code: st.Code(), Message: st.Message(), Field: apperr.FieldOf(st)}
	switch st.Code() {
	case codes.InvalidArgument:
		if body.Field == "" && isDecodeError(r, err) {
			body.Message = "The request body is not valid JSON for this call: " + st.Message()
		}
	case codes.Unavailable:
		if body.Message == "" || isTransportMessage(body.Message) {
			body.Message = "A Podium service is unavailable right now. Please try again shortly."
		}
	case codes.Unimplemented:
		body.Message = "This call is not available yet: its service is built in a later release."
	case codes.Unknown, codes.Internal:
		body.Message = apperr.InternalMessage
	}
	writeError(w, httpStatus(st.Code()), body)
}

// writeRoutingError answers unknown /api paths (404) and wrong methods (405) in JSON.
func writeRoutingError(_ context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, r *http.Request, httpCode int) {
	switch httpCode {
	case http.StatusMethodNotAllowed:
		writeError(w, httpCode, errorBody{Code: codes.Unimplemented, Message: "Method " + r.Method + " is not allowed on " + r.URL.Path + "."})
	case http.StatusNotFound:
		writeError(w, httpCode, errorBody{Code: codes.NotFound, Message: "No API route matches " + r.URL.Path + "."})
	default:
		writeError(w, httpCode, errorBody{Code: codes.InvalidArgument, Message: http.StatusText(httpCode)})
	}
}
