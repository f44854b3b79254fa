package registration

import (
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
)

// TestLiveState: a place first, then the partner, the payment and the approval, in that order.
func TestLiveState(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		facts regFacts
		want  RegState
	}{
		{regFacts{}, StateWaitlisted},
		{regFacts{partnerAccepted: true, feeDue: false}, StateWaitlisted},
		{regFacts{holdsPlace: true}, StateWaitingPartner},
		{regFacts{holdsPlace: true, feeDue: true, approvalRequired: true}, StateWaitingPartner},
		{regFacts{holdsPlace: true, partnerAccepted: true, feeDue: true, approvalRequired: true}, StateWaitingPayment},
		{regFacts{holdsPlace: true, partnerAccepted: true, approvalRequired: true}, StateWaitingApproval},
		{regFacts{holdsPlace: true, partnerAccepted: true, approvalRequired: true, approved: true}, StateConfirmed},
		{regFacts{holdsPlace: true, partnerAccepted: true}, StateConfirmed},
	} {
		if got := liveState(c.facts); got != c.want {
			t.Errorf("liveState(%+v) = %s, want %s", c.facts, got, c.want)
		}
	}
}

// TestWindow: open from opensAt (inclusive) until closesAt (exclusive), by the server's clock.
func TestWindow(t *testing.T) {
	t.Parallel()
	opens := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	closes := opens.Add(48 * time.Hour)
	for _, c := range []struct {
		now  time.Time
		want string
	}{
		{opens.Add(-time.Second), windowNotYetOpen},
		{opens, windowOpen},
		{closes.Add(-time.Second), windowOpen},
		{closes, windowClosed},
	} {
		if got := window(opens, closes, c.now); got != c.want {
			t.Errorf("window at %s = %s, want %s", c.now, got, c.want)
		}
	}
	if got := windowLabel(windowNotYetOpen, opens, closes); got != "Opens 1 May 2026, 09:00 UTC" {
		t.Errorf("label: %q", got)
	}
}

func TestFeeLabelAndCodes(t *testing.T) {
	t.Parallel()
	if got := feeLabel(4050, "EUR"); got != "40.50 EUR" {
		t.Errorf("feeLabel = %q", got)
	}
	if got := feeLabel(0, "EUR"); got != "Free" {
		t.Errorf("feeLabel free = %q", got)
	}
	code := newShareCode()
	if len(code) != shareCodeLength || core.NormaliseCode(code[:5]+"-"+code[5:]) != code || core.NormaliseCode(" "+strings.ToLower(code)) != code {
		t.Errorf("share code %q does not read back", code)
	}
	if newShareCode() == code {
		t.Error("two share codes alike")
	}
}
