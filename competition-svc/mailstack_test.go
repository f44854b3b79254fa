package competitionsvc_test

import (
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
)

// mailEnv is a stack's environment that sends its mails to m, links on https://podium.test.
func mailEnv(m *mailtest.Mailpit) map[string]string {
	return map[string]string{
		"PODIUM_SMTP_URL": m.SMTPURL, "PODIUM_MAIL_FROM": "Podium <no-reply@podium.test>", "PODIUM_PUBLIC_URL": "https://podium.test",
	}
}

// clockedMailStack starts a stack that sends its mails to a Mailpit, on a clock the test moves
// (now, to the second).
func clockedMailStack(t *testing.T) (*stacktest.Stack, *mailtest.Mailpit, *stacktest.Clock) {
	t.Helper()
	mailpit := mailtest.Start(t)
	clock := stacktest.NewClock(time.Now().UTC().Truncate(time.Second))
	return stacktest.StartWith(t, stacktest.Options{Now: clock.Now, Env: mailEnv(mailpit)}), mailpit, clock
}
