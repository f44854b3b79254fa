package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
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
	if f, ok := v.(*filesv1.CsvFile); ok {
		return []byte(f.GetContent()), nil // a download goes out as the file itself
	}
	p, ok := v.(proto.Message)
	if !ok {
		raw, err := m.JSONPb.Marshal(v)
		if err != nil {
			return nil, err
		}
		return compactInPlace(raw), nil
	}
	// What JSONPb.Marshal does for a message, into a reused buffer: protojson grows its output
	// by doubling and JSONPb copies it once more, about 1 MB of garbage for a 190 KB board
	// encoded on a miss. The answer is copied out once, at its size.
	scratch := jsonScratch.Get().(*[]byte)
	raw, err := m.MarshalAppend((*scratch)[:0], p)
	var out []byte
	if err == nil {
		out = bytes.Clone(compactInPlace(raw))
	}
	if cap(raw) <= jsonScratchMaxBytes {
		*scratch = raw[:0]
	}
	jsonScratch.Put(scratch)
	return out, err
}

// jsonScratch holds the buffers messages are encoded into; one that grew beyond
// jsonScratchMaxBytes (a large download) is not kept.
var jsonScratch = sync.Pool{New: func() any { return new([]byte) }}

const jsonScratchMaxBytes = 4 << 20

// compactInPlace drops the whitespace outside strings from valid JSON, in place. It is
// json.Compact for protojson's output, which is valid: encoding/json's general scanner was 5 %
// of `podium all`'s CPU time on a federation day, where every changed board is encoded again.
func compactInPlace(b []byte) []byte {
	out := b[:0]
	inString, escaped := false, false
	for _, c := range b {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			continue
		}
		out = append(out, c)
	}
	return out
}

func (m *compactJSON) ContentType(v any) string {
	if f, ok := v.(*filesv1.CsvFile); ok {
		if t := f.GetContentType(); t != "" {
			return t // a download of another kind (an iCalendar file)
		}
		return "text/csv; charset=utf-8"
	}
	return "application/json"
}

// offerDownload names the file of a download answer (grpc-gateway's forward-response option).
func offerDownload(_ context.Context, w http.ResponseWriter, m proto.Message) error {
	if f, ok := m.(*filesv1.CsvFile); ok {
		w.Header().Set("Content-Disposition", contentDisposition(f.GetFileName()))
	}
	return nil
}

// contentDisposition offers name for saving: an ASCII fallback for old clients and the UTF-8
// name (RFC 6266, RFC 5987) for the rest.
func contentDisposition(name string) string {
	fallback := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '/' {
			return '_'
		}
		return r
	}, name)
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, fallback, url.PathEscape(strings.ReplaceAll(name, "/", "_")))
}

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
