// Package stripepay is Podium's door to Stripe (github.com/stripe/stripe-go): Checkout
// sessions, refunds and the verification of signed webhook events. It holds no rules: which
// registration pays what, and when a refund is due, are competition-svc's
// (docs/registration.md, "Payment"). Calls carry an idempotency key, so the payment worker
// may repeat one after a failure without paying or refunding twice.
package stripepay

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Config is a deployment's Stripe account (PODIUM_STRIPE_*).
type Config struct {
	SecretKey     string
	WebhookSecret string
	// APIURL replaces https://api.stripe.com (tests: stripe-mock).
	APIURL string
}

// Client calls Stripe's API.
type Client struct {
	sc *stripe.Client
}

// callTimeout bounds one call to Stripe.
const callTimeout = 20 * time.Second

// New returns a client for the account.
func New(cfg Config) *Client {
	bc := &stripe.BackendConfig{
		HTTPClient:        &http.Client{Timeout: callTimeout},
		MaxNetworkRetries: stripe.Int64(0), // the payment worker retries, with backoff
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if cfg.APIURL != "" {
		bc.URL = stripe.String(cfg.APIURL)
	}
	return &Client{sc: stripe.NewClient(cfg.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(bc)))}
}

// Checkout is a Checkout session to create: one line, the entry fee.
type Checkout struct {
	// Reference is Podium's id of what is paid for; it comes back as the session's
	// client_reference_id and metadata.
	Reference   string
	Description string
	AmountCents int64
	Currency    string
	Email       string
	SuccessURL  string
	CancelURL   string
}

// checkoutLifetime is how long a Checkout page works (Stripe allows 30 minutes to 24 hours).
const checkoutLifetime = 23 * time.Hour

// Session is a created Checkout session.
type Session struct {
	ID        string
	URL       string
	ExpiresAt time.Time
}

// CreateCheckout creates a hosted Checkout session; idempotencyKey makes a repeated call
// return the first one's session.
func (c *Client) CreateCheckout(ctx context.Context, idempotencyKey string, in Checkout) (Session, error) {
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		ClientReferenceID: stripe.String(in.Reference),
		SuccessURL:        stripe.String(in.SuccessURL),
		CancelURL:         stripe.String(in.CancelURL),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(in.Currency),
				UnitAmount:  stripe.Int64(in.AmountCents),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(in.Description)},
			},
		}},
		PaymentIntentData: &stripe.CheckoutSessionCreatePaymentIntentDataParams{Metadata: map[string]string{"reference": in.Reference}},
		Metadata:          map[string]string{"reference": in.Reference},
		// Stripe's longest: the athlete may come back to the page during the day.
		ExpiresAt: stripe.Int64(time.Now().Add(checkoutLifetime).Unix()),
	}
	if in.Email != "" {
		params.CustomerEmail = stripe.String(in.Email)
	}
	params.SetIdempotencyKey(idempotencyKey)
	s, err := c.sc.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return Session{}, fmt.Errorf("stripe: create checkout session: %w", err)
	}
	return Session{ID: s.ID, URL: s.URL, ExpiresAt: time.Unix(s.ExpiresAt, 0)}, nil
}

// Refund refunds amountCents of a payment intent and returns the refund's id.
func (c *Client) Refund(ctx context.Context, idempotencyKey, paymentIntent string, amountCents int64) (string, error) {
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(paymentIntent), Amount: stripe.Int64(amountCents)}
	params.SetIdempotencyKey(idempotencyKey)
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: refund %s: %w", paymentIntent, err)
	}
	return r.ID, nil
}

// Tolerance is how old a signed webhook event may be: older ones are refused, so a recorded
// request cannot be replayed later (Stripe's own default).
const Tolerance = 5 * time.Minute

// ClockSkew is how far ahead of this server's clock a signed webhook event may be dated (its
// signature's timestamp, its created time): an event from the future is refused, so one
// signed ahead of time cannot be kept and replayed within the tolerance later.
const ClockSkew = time.Minute

// ErrFuture is returned for a webhook event dated further ahead than ClockSkew.
var ErrFuture = errors.New("stripe: webhook event dated in the future")

// ErrSignature is returned for a webhook payload whose signature is missing, wrong or too old.
var ErrSignature = errors.New("stripe: webhook signature invalid or too old")

// Event is a verified webhook event.
type Event struct {
	ID   string
	Type string
	// Completed is the Checkout session of a checkout.session.completed event.
	Completed *CompletedCheckout
}

// CompletedCheckout is what a completed Checkout session tells.
type CompletedCheckout struct {
	SessionID     string
	Reference     string
	PaymentIntent string
	PaymentStatus string
	AmountTotal   int64
	Currency      string
}

// VerifyEvent checks payload against its Stripe-Signature header with the webhook secret,
// the tolerance and the clock skew, and reads it.
func VerifyEvent(payload []byte, signature, secret string) (Event, error) {
	if secret == "" || signature == "" {
		return Event{}, ErrSignature
	}
	e, err := webhook.ConstructEventWithOptions(payload, signature, secret, webhook.ConstructEventOptions{
		Tolerance: Tolerance, IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		if errors.Is(err, webhook.ErrNotSigned) || errors.Is(err, webhook.ErrNoValidSignature) ||
			errors.Is(err, webhook.ErrTooOld) || errors.Is(err, webhook.ErrInvalidHeader) {
			return Event{}, ErrSignature
		}
		return Event{}, fmt.Errorf("stripe: read webhook event: %w", err)
	}
	// stripe-go refuses only what is too old; a date ahead is refused here.
	latest := time.Now().Add(ClockSkew)
	if signedAt(signature).After(latest) || time.Unix(e.Created, 0).After(latest) {
		return Event{}, ErrFuture
	}
	out := Event{ID: e.ID, Type: string(e.Type)}
	if e.Type == "checkout.session.completed" && e.Data != nil {
		var s stripe.CheckoutSession
		if err := s.UnmarshalJSON(e.Data.Raw); err != nil {
			return Event{}, fmt.Errorf("stripe: read checkout session of event %s: %w", e.ID, err)
		}
		c := &CompletedCheckout{SessionID: s.ID, Reference: s.ClientReferenceID, PaymentStatus: string(s.PaymentStatus),
			AmountTotal: s.AmountTotal, Currency: string(s.Currency)}
		if c.Reference == "" {
			c.Reference = s.Metadata["reference"]
		}
		if s.PaymentIntent != nil {
			c.PaymentIntent = s.PaymentIntent.ID
		}
		out.Completed = c
	}
	return out, nil
}

// signedAt is the timestamp (t=) of a Stripe-Signature header whose signature was verified;
// the zero time when it has none.
func signedAt(header string) time.Time {
	for _, part := range strings.Split(header, ",") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(part), "t="); ok {
			if sec, err := strconv.ParseInt(v, 10, 64); err == nil {
				return time.Unix(sec, 0)
			}
		}
	}
	return time.Time{}
}
