package push

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailq"
	"github.com/podium-dev/podium/internal/platform/pushq"
)

// pushSweep is how often the worker looks for pushes due.
const pushSweep = time.Second

// payload is what the service worker (web/public/athlete-sw.js) reads from a push.
type payload struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
}

// RunPushes sends the queued pushes until ctx ends; without a key pair nothing is sent.
func (p *Push) RunPushes(ctx context.Context) {
	if !p.svc.cfg.On() {
		p.svc.Log.Info("push: no VAPID key pair (PODIUM_VAPID_PUBLIC_KEY, PODIUM_VAPID_PRIVATE_KEY); notifications are off")
		return
	}
	p.svc.RunEvery(ctx, pushSweep, "pushes sent", p.svc.sendDue)
}

// sendDue sends every push due, one transaction each, until none is left or one fails for
// a reason other than its own subscription (the next round retries).
func (s *service) sendDue(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "push.sendDue()")
	for {
		sent, err := s.sendOne(ctx)
		if err != nil || !sent {
			return err
		}
	}
}

// sendOne claims the next push due, locked for its transaction so replicas never send it at
// once, and sends it: accepted, it is marked sent; a gone subscription is deleted with its
// pushes; any other failure is recorded and retried after a backoff. ok is false when none
// was due.
func (s *service) sendOne(ctx context.Context) (ok bool, err error) {
	defer apperr.Wrap(&err, "push.sendOne()")
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		p, due, err := tx.ClaimPush(ctx)
		if err != nil || !due {
			return err
		}
		ok = true
		body, err := json.Marshal(payload{Title: p.Title, Body: p.Body, URL: p.URL})
		if err != nil {
			return err
		}
		sub := pushq.Subscription{Endpoint: p.Subscription.Endpoint, P256dh: p.Subscription.P256dh, Auth: p.Subscription.Auth}
		switch sendErr := s.sender.Send(ctx, sub, body); {
		case sendErr == nil:
			return tx.MarkPushSent(ctx, p.ID)
		case errors.Is(sendErr, pushq.ErrGone):
			return tx.DeleteGoneSubscription(ctx, p.SubscriptionID)
		default:
			s.Log.Warn("push not sent yet; retrying", "id", p.ID, "attempt", p.Attempts+1, "err", sendErr)
			return tx.MarkPushFailed(ctx, p.ID, truncate(sendErr.Error(), 500), mailq.Backoff(p.Attempts+1))
		}
	})
	return ok, err
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
