package security

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
)

// TestAScoreIDNeverAnswersAcrossEvents: a judge's score id answers a resend only where it was
// sent (docs/judging.md, "Scores that survive the network"). The judge link of another event
// sending an id used in this one is refused with nothing saved, and never learns this event's
// team, result or value.
func TestAScoreIDNeverAnswersAcrossEvents(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	a := &accounts{s: s, ids: map[string]string{}, tokens: map[string]string{cAthlete: s.SignUpAthlete("Replay", "Athlete").Token}}
	e, f := newWorld(t, a, nil), newWorld(t, a, nil)
	id := uuid.NewString()
	s.Do(http.MethodPost, "/api/heats/"+e.heat+"/lanes/1/result", map[string]any{"resultValue": 251, "clientId": id}, e.judgeToken).
		MustStatus(t, http.StatusOK)
	before := snapshot(t, s)
	r := s.Do(http.MethodPost, "/api/heats/"+f.heat+"/lanes/1/result", map[string]any{"resultValue": 300, "clientId": id}, f.judgeToken)
	if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), `"field":"clientId"`) {
		t.Errorf("another event's judge resending the id: %d %s, want 409 on clientId", r.Status, r.Body)
	}
	for _, leak := range []string{e.team, e.result, e.event, "4:11", "251"} {
		if strings.Contains(string(r.Body), leak) {
			t.Errorf("another event's judge learnt %q: %s", leak, r.Body)
		}
	}
	if after := snapshot(t, s); after != before {
		t.Errorf("the refused resend changed the database:\nbefore %s\nafter  %s", before, after)
	}
}
