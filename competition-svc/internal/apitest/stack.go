package apitest

import (
	"testing"
	"time"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/internal/platform/mailtest"
)

// Obj is a JSON object as the gateway sends and takes it.
type Obj = map[string]any

// Missing is a well-formed id that names nothing.
const Missing = "00000000-0000-4000-8000-000000000000"

// MailEnv is a stack's environment that sends its mails to m, links on https://podium.test.
func MailEnv(m *mailtest.Mailpit) map[string]string {
	return map[string]string{
		"PODIUM_SMTP_URL": m.SMTPURL, "PODIUM_MAIL_FROM": "Podium <no-reply@podium.test>", "PODIUM_PUBLIC_URL": "https://podium.test",
	}
}

// StartWithMail starts a stack that sends its mails to a Mailpit of its own, on the real clock.
func StartWithMail(t *testing.T) (*stacktest.Stack, *mailtest.Mailpit) {
	t.Helper()
	mailpit := mailtest.Start(t)
	return stacktest.StartWith(t, stacktest.Options{Env: MailEnv(mailpit)}), mailpit
}

// MailStack starts a stack that sends its mails to a Mailpit of its own, on a clock the test
// moves, set to now (to the second).
func MailStack(t *testing.T) (*stacktest.Stack, *mailtest.Mailpit, *stacktest.Clock) {
	t.Helper()
	return MailStackAt(t, time.Now().UTC().Truncate(time.Second))
}

// MailStackAt is MailStack with its clock set to now.
func MailStackAt(t *testing.T, now time.Time) (*stacktest.Stack, *mailtest.Mailpit, *stacktest.Clock) {
	t.Helper()
	mailpit := mailtest.Start(t)
	clock := stacktest.NewClock(now)
	return stacktest.StartWith(t, stacktest.Options{Now: clock.Now, Env: MailEnv(mailpit)}), mailpit, clock
}

// Decode is the response's JSON object.
func Decode(t *testing.T, r *stacktest.Response) Obj {
	t.Helper()
	return r.Object(t)
}

// DecodeList is the response's JSON array of objects.
func DecodeList(t *testing.T, r *stacktest.Response) []Obj {
	t.Helper()
	return r.Objects(t)
}

// WantError checks a refusal's status, field and exact message.
func WantError(t *testing.T, r *stacktest.Response, status int, field, message string) {
	t.Helper()
	r.WantError(t, status, field, message)
}
