package gateway

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"

	registrationv1 "github.com/podium-dev/podium/gen/go/podium/registration/v1"
)

// stripeWebhookPath is where Stripe sends its events (docs/registration.md, "Payment"). Its
// signature covers the exact bytes of the body, so this route reads them as they came and
// passes them on with the Stripe-Signature header; competition-svc verifies both
// (ReceiveStripeEvent, internal: the gateway's alone).
const stripeWebhookPath = "/api/payments/stripe/webhook"

// stripeWebhookMaxBytes bounds the body: Stripe's events are a few kilobytes.
const stripeWebhookMaxBytes = 256 << 10

func newStripeWebhook(client registrationv1.RegistrationServiceClient, timeout time.Duration) http.Handler {
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, stripeWebhookMaxBytes))
		if err != nil {
			writeStatusError(r.Context(), nil, nil, w, r, err)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), timeout)
		defer cancel()
		resp, err := client.ReceiveStripeEvent(ctx, &registrationv1.StripeEventRequest{
			Payload: payload, Signature: r.Header.Get("Stripe-Signature"),
		})
		if err != nil {
			writeStatusError(ctx, nil, nil, w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		json.NewEncoder(w).Encode(map[string]bool{"received": true, "applied": resp.GetApplied()}) //nolint:errcheck // the client went away
	})
}
