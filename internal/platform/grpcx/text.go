package grpcx

import (
	"context"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// rejectNUL refuses requests with a NUL character in any text field: PostgreSQL cannot store
// one, so without this check such a request would fail deep in a query as an internal error.
func rejectNUL(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if m, ok := req.(proto.Message); ok {
		if field := fieldWithNUL(m.ProtoReflect()); field != "" {
			return nil, apperr.Invalid(field, "Text must not contain NUL characters")
		}
	}
	return handler(ctx, req)
}

// fieldWithNUL returns the JSON name of the first text field holding a NUL, or "".
func fieldWithNUL(m protoreflect.Message) string {
	var found string
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList():
			list := v.List()
			for i := 0; i < list.Len() && found == ""; i++ {
				found = valueWithNUL(fd, list.Get(i))
			}
		case fd.IsMap():
			v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
				if strings.ContainsRune(k.String(), 0) {
					found = fd.JSONName()
				} else {
					found = valueWithNUL(fd.MapValue(), mv)
				}
				return found == ""
			})
		default:
			found = valueWithNUL(fd, v)
		}
		if found != "" && !strings.HasPrefix(found, fd.JSONName()) {
			found = fd.JSONName() + "." + found
		}
		return found == ""
	})
	return found
}

func valueWithNUL(fd protoreflect.FieldDescriptor, v protoreflect.Value) string {
	switch fd.Kind() {
	case protoreflect.StringKind:
		if strings.ContainsRune(v.String(), 0) {
			return fd.JSONName()
		}
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return fieldWithNUL(v.Message())
	}
	return ""
}
