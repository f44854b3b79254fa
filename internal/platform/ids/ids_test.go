package ids

import "testing"

func TestIsUUID(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"123e4567-e89b-12d3-a456-426614174000":   true,
		"123E4567-E89B-12D3-A456-426614174000":   true,
		"123e4567e89b12d3a456426614174000":       false,
		"123e4567-e89b-12d3-a456-42661417400Z":   false,
		"{123e4567-e89b-12d3-a456-426614174000}": false,
		"1 OR 1=1":                               false,
		"":                                       false,
	} {
		if IsUUID(s) != want {
			t.Errorf("IsUUID(%q) = %v", s, !want)
		}
	}
}

func TestCanonical(t *testing.T) {
	t.Parallel()
	if id, ok := Canonical(" 3F2504E0-4F89-11D3-9A0C-0305E82C3301 "); !ok || id != "3f2504e0-4f89-11d3-9a0c-0305e82c3301" {
		t.Errorf("Canonical: %q %v", id, ok)
	}
	for _, bad := range []string{"", "abc", "3f2504e0-4f89-11d3-9a0c-0305e82c330", "3f2504e0x4f89-11d3-9a0c-0305e82c3301", "zf2504e0-4f89-11d3-9a0c-0305e82c3301"} {
		if _, ok := Canonical(bad); ok {
			t.Errorf("Canonical(%q) accepted", bad)
		}
	}
}
