package cache

import (
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

// MetadataKey is the gRPC response metadata key that a field of podium.types.v1.ResponseMetadata
// declares (proto/podium/types/v1/metadata.proto): "podium-" and the field's name with "-" for
// "_". A name the contract does not declare is a programming error.
func MetadataKey(field protoreflect.Name) string {
	f := (&typesv1.ResponseMetadata{}).ProtoReflect().Descriptor().Fields().ByName(field)
	if f == nil {
		panic("podium.types.v1.ResponseMetadata declares no field " + string(field))
	}
	return "podium-" + strings.ReplaceAll(string(f.Name()), "_", "-")
}
