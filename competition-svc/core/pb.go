package core

import (
	"time"

	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// The helpers every domain's gRPC methods share to turn values into messages.

// Instant is a point in time in RFC 3339, UTC; zero is "".
func Instant(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// Date is a day as YYYY-MM-DD; zero is "".
func Date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(DateLayout)
}

// Int32Ptr is an optional number of a message; absent is nil.
func Int32Ptr(v *wrapperspb.Int32Value) *int32 {
	if v == nil {
		return nil
	}
	return new(v.GetValue())
}

// StringValue is a text that may be absent: empty is null.
func StringValue(v string) *wrapperspb.StringValue {
	if v == "" {
		return nil
	}
	return wrapperspb.String(v)
}

// Int32Value is an optional number as a message; nil is absent.
func Int32Value(v *int32) *wrapperspb.Int32Value {
	if v == nil {
		return nil
	}
	return wrapperspb.Int32(*v)
}

// Empty is the answer of an RPC that returns nothing but its error.
func Empty(err error) (*emptypb.Empty, error) {
	if err != nil {
		return nil, err
	}
	return &emptypb.Empty{}, nil
}

// InstantOf is Instant of an optional time ("" for none).
func InstantOf(t *time.Time) string {
	if t == nil {
		return ""
	}
	return Instant(*t)
}
