package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/protobuf/encoding/protojson"
)

// compactJSON is grpc-gateway's protojson marshaler with lowerCamelCase names, zero values
// emitted (null for unset wrappers) and the output compacted: protojson adds random spaces on
// purpose, which would make byte-equal responses (and ETags) differ.
type compactJSON struct {
	runtime.JSONPb
}

func newJSONMarshaler() *compactJSON {
	return &compactJSON{runtime.JSONPb{
		MarshalOptions:   protojson.MarshalOptions{EmitUnpopulated: true},
		UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: true},
	}}
}

func (m *compactJSON) Marshal(v any) ([]byte, error) {
	raw, err := m.JSONPb.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.Grow(len(raw))
	if err := json.Compact(&out, raw); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func (m *compactJSON) ContentType(any) string { return "application/json" }

// isDecodeError reports a request body grpc-gateway could not decode.
func isDecodeError(r *http.Request, err error) bool {
	if r.Body == nil || r.Method == http.MethodGet {
		return false
	}
	var syntax *json.SyntaxError
	return errors.As(err, &syntax) || strings.Contains(err.Error(), "proto:") || strings.Contains(err.Error(), "unexpected EOF")
}

func isBodyTooLarge(err error) bool {
	return strings.Contains(err.Error(), "http: request body too large")
}

// isTransportMessage spots grpc-go's connection errors, which name addresses.
func isTransportMessage(msg string) bool {
	return strings.Contains(msg, "connection error") || strings.Contains(msg, "dial tcp") || strings.Contains(msg, "transport")
}
