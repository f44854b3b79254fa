package registration_test

import (
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
)

// The API tests run the whole stack in-process (cmd/podium/targets/stacktest) and speak HTTP
// to the gateway.

type jsonObj = map[string]any

func startStack(t *testing.T) *stacktest.Stack {
	t.Helper()
	return stacktest.Start(t)
}

func decode(t *testing.T, r *stacktest.Response) jsonObj {
	t.Helper()
	return r.Object(t)
}

func decodeList(t *testing.T, r *stacktest.Response) []jsonObj {
	t.Helper()
	return r.Objects(t)
}

func wantError(t *testing.T, r *stacktest.Response, status int, field, message string) {
	t.Helper()
	r.WantError(t, status, field, message)
}

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
