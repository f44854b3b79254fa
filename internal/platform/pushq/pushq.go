// Package pushq sends one Web Push message (RFC 8030) with VAPID (RFC 8292) and the payload
// encrypted for the browser (RFC 8291, aes128gcm), through github.com/SherClockHolmes/webpush-go.
// The queue that calls it, and what a push says, are the service's (competition-svc/push).
package pushq

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	webpush "github.com/SherClockHolmes/webpush-go"
)

// ErrGone is a subscription the push service no longer knows (404, 410): the browser
// unsubscribed or the subscription expired, so it is deleted rather than tried again.
var ErrGone = errors.New("push subscription gone")

// Subscription is a browser's PushSubscription: where to post and the keys to encrypt for.
type Subscription struct {
	Endpoint, P256dh, Auth string
}

// Sender signs and sends pushes with one VAPID key pair.
type Sender struct {
	PublicKey, PrivateKey string
	// Subject is the VAPID contact: an https URL or a mail address.
	Subject string
	// Client makes the requests; nil: PublicClient(nil), public addresses only.
	Client *http.Client
}

// ttl is how long a push service keeps a push for a browser that is offline: a reminder of a
// heat is of no use a day later.
const ttl = 12 * 60 * 60

// Send posts payload to the subscription's push service; a 2xx answer is delivery to the
// service. A 404 or 410 is ErrGone; any other failure is returned to be retried.
func (s Sender) Send(ctx context.Context, sub Subscription, payload []byte) error {
	client := s.Client
	if client == nil {
		client = PublicClient(nil)
	}
	resp, err := webpush.SendNotificationWithContext(ctx, payload, &webpush.Subscription{
		Endpoint: sub.Endpoint, Keys: webpush.Keys{P256dh: sub.P256dh, Auth: sub.Auth},
	}, &webpush.Options{HTTPClient: client, Subscriber: s.Subject, TTL: ttl, Urgency: webpush.UrgencyHigh,
		VAPIDPublicKey: s.PublicKey, VAPIDPrivateKey: s.PrivateKey})
	if err != nil {
		return fmt.Errorf("push: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return fmt.Errorf("%w: %s", ErrGone, resp.Status)
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		return fmt.Errorf("push service answered %s: %s", resp.Status, body)
	}
	return nil
}

// GenerateKeys makes a VAPID key pair, base64url: the public key uncompressed (65 bytes), the
// private key's scalar (32 bytes).
func GenerateKeys() (public, private string, err error) {
	private, public, err = webpush.GenerateVAPIDKeys()
	return public, private, err
}
