package gateway

import (
	"bytes"
	"encoding/json"
	"testing"

	"google.golang.org/protobuf/types/known/structpb"
)

// compactInPlace is json.Compact for valid JSON: the same bytes, whatever the strings hold.
func TestCompactInPlaceIsJSONCompact(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{"a": 1, "b": [1, 2, {"c": "d e"}], "f": null}`,
		"{\n\t\"team\": \"Barbell \\\"Club\\\" , : \",\r\n \"x\": \"\\\\\", \"y\": \"a\\\\\\\" b\"}",
		`[ "  ", "\u0020 ", " \\ " , true ,false ]`,
		`"plain string with spaces"`,
		`{}`,
	} {
		var want bytes.Buffer
		if err := json.Compact(&want, []byte(in)); err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if got := compactInPlace([]byte(in)); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("compactInPlace(%q) = %q, want %q", in, got, want.Bytes())
		}
	}
}

// The gateway's marshaler gives the same bytes for the same message, compact.
func TestCompactJSONMarshalsCompactly(t *testing.T) {
	t.Parallel()
	m, err := structpb.NewStruct(map[string]any{"team name": "Barbell Club , :", "points": 600, "scores": []any{1, "two", nil}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := newJSONMarshaler().Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := json.Compact(&want, got); err != nil {
		t.Fatalf("not JSON: %s", got)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("not compact: %s", got)
	}
	if !bytes.Contains(got, []byte(`"Barbell Club , :"`)) {
		t.Errorf("a string lost its spaces: %s", got)
	}
}
