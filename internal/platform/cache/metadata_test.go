package cache

import (
	"strings"
	"testing"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

// The advice travels under the keys the contract declares, each under AdvicePrefix (which the
// gateway's outgoing header matcher lets through), and every key the contract declares for the
// cache is one the advice uses.
func TestAdviceKeysShareThePrefix(t *testing.T) {
	t.Parallel()
	used := []string{adviceScopeHeader, adviceParams, adviceSigned, adviceQuery, adviceEvent, adviceSources}
	for _, k := range used {
		if !strings.HasPrefix(k, AdvicePrefix) {
			t.Errorf("advice key %q does not begin with %q", k, AdvicePrefix)
		}
	}
	if used[0] != "podium-cache-scope" {
		t.Errorf("the scope travels as %q, want podium-cache-scope", used[0])
	}
	fields := (&typesv1.ResponseMetadata{}).ProtoReflect().Descriptor().Fields()
	for i := range fields.Len() {
		name := fields.Get(i).Name()
		if !strings.HasPrefix(string(name), "cache_") {
			continue
		}
		if k := MetadataKey(name); !contains(used, k) {
			t.Errorf("the contract declares %q (%s), which the advice does not use", k, name)
		}
	}
}

// A key the contract does not declare cannot be used.
func TestUndeclaredMetadataKeyPanics(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("MetadataKey of an undeclared field did not panic")
		}
	}()
	MetadataKey("cache_colour")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
