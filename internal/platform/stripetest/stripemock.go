// Package stripetest runs Stripe's own API double for tests: stripe-mock (pinned in
// tools/go.mod, started by internal/platform/tooltest), one per test on a free loopback port,
// and signs webhook payloads with a test secret as Stripe does, since stripe-mock sends no
// webhooks. The code under test verifies them through its real path (internal/platform/stripepay).
package stripetest

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/podium-dev/podium/internal/platform/porttest"
	"github.com/podium-dev/podium/internal/platform/tooltest"
)

// Key and WebhookSecret are the test account's secrets (stripe-mock takes any key).
const (
	Key           = "sk_test_podium"
	WebhookSecret = "whsec_podium_test"
)

// Mock is a running stripe-mock.
type Mock struct {
	// URL is what PODIUM_STRIPE_API_URL is set to.
	URL string
}

// Start runs a stripe-mock until the test ends.
func Start(t testing.TB) *Mock {
	t.Helper()
	return StartOn(t, porttest.Addr(t))
}

// StartOn runs a stripe-mock on addr (Stripe coming back where it was down).
func StartOn(t testing.TB, addr string) *Mock {
	t.Helper()
	m := &Mock{URL: "http://" + addr}
	tooltest.Start(t, tooltest.Tool{
		Name: "stripe-mock",
		// -https-addr with no port: stripe-mock's HTTPS listener takes a free port instead of
		// its fixed default, so tests side by side never collide.
		Args: []string{"-http-addr", addr, "-https-addr", "127.0.0.1:"},
		// It logs every request on stdout; its errors go to the test's output.
		Stdout:  io.Discard,
		Ready:   m.ready,
		Timeout: 60 * time.Second,
	})
	return m
}

func (m *Mock) ready() error {
	req, err := http.NewRequest(http.MethodGet, m.URL+"/v1/balance", nil)
	if err != nil {
		return err
	}
	req.SetBasicAuth(Key, "")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Env is the stack's configuration for this stripe-mock.
func (m *Mock) Env() map[string]string { return EnvFor(m.URL) }

// EnvFor is the stack's configuration for a Stripe API at url.
func EnvFor(url string) map[string]string {
	return map[string]string{"PODIUM_STRIPE_SECRET_KEY": Key, "PODIUM_STRIPE_WEBHOOK_SECRET": WebhookSecret, "PODIUM_STRIPE_API_URL": url}
}

// CheckoutCompleted is the payload of a checkout.session.completed event for reference
// (the registration), paid in full.
func CheckoutCompleted(eventID, reference string, amountCents int64, currency string, created time.Time) []byte {
	b, err := json.Marshal(map[string]any{
		"id": eventID, "object": "event", "type": "checkout.session.completed", "created": created.Unix(),
		"api_version": "2025-07-30.basil", "livemode": false,
		"data": map[string]any{"object": map[string]any{
			"id": "cs_test_" + eventID, "object": "checkout.session", "client_reference_id": reference,
			"payment_intent": "pi_test_" + eventID, "payment_status": "paid", "status": "complete",
			"amount_total": amountCents, "currency": currency, "metadata": map[string]string{"reference": reference},
		}},
	})
	if err != nil {
		panic(err)
	}
	return b
}

// Sign is the Stripe-Signature header of payload signed with secret at t.
func Sign(payload []byte, secret string, t time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: t}).Header
}
