// Package words reads the shared words of the contract (proto/podium/types/v1/types.proto):
// enums whose value names are the words themselves, as the JSON and the database spell them.
package words

import "google.golang.org/protobuf/reflect/protoreflect"

// Word is an enum of the contract: TIME, DRAFT, completed.
type Word interface {
	~int32
	String() string
	Descriptor() protoreflect.EnumDescriptor
}

// Parse returns the enum value named s exactly; false for an unknown word and for the zero
// value's name (*_UNSPECIFIED is never a word). Callers trim and fold case first where the
// contract allows it.
func Parse[E Word](s string) (E, bool) {
	var zero E
	v := zero.Descriptor().Values().ByName(protoreflect.Name(s))
	if v == nil || v.Number() == 0 {
		return zero, false
	}
	return E(v.Number()), true
}

// Strings writes enum values as their words.
func Strings[E Word](in []E) []string {
	out := make([]string, len(in))
	for i, e := range in {
		out[i] = e.String()
	}
	return out
}
