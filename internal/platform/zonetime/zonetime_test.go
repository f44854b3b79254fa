package zonetime

import (
	"testing"
	"time"
)

func TestFormat(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 5, 1, 7, 0, 0, 0, time.UTC)
	for zone, want := range map[string]string{
		"Europe/Paris": "1 May 2026, 09:00 (Europe/Paris)",
		"":             "1 May 2026, 07:00 (UTC)",
		"Mars/Olympus": "1 May 2026, 07:00 (UTC)",
		"Local":        "1 May 2026, 07:00 (UTC)",
	} {
		if got := Format(at, zone); got != want {
			t.Errorf("Format(%q) = %q, want %q", zone, got, want)
		}
	}
}
