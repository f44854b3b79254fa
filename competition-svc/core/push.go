package core

import (
	"context"
	"unicode/utf8"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Pushes to athletes' browsers (docs/competition-day.md, "Web Push"). Like mails, they are
// queued in the transaction of the change that causes them (QueuePushes) and sent by the push
// worker (push/), so none is lost when a push service is down and none leaves for a change
// that did not happen. An athlete with no browser subscribed gets none; mail goes on as before.

// MyRegistrationsPath is the athlete's page a push opens.
const MyRegistrationsPath = "/public/me/registrations"

// pushBodyMax keeps a push's text within what a notification shows and a push service takes
// (4 KB encrypted, with the title and link).
const pushBodyMax = 600

// QueuePushes queues pushes in tx, the transaction of the change that causes them.
func (s *Service) QueuePushes(ctx context.Context, tx *store.Store, pushes []store.Push) (err error) {
	defer apperr.Wrap(&err, "core.QueuePushes()")
	for i := range pushes {
		pushes[i].Body = clip(pushes[i].Body, pushBodyMax)
		if pushes[i].URL == "" {
			pushes[i].URL = MyRegistrationsPath
		}
	}
	return tx.QueuePushes(ctx, pushes)
}

// clip shortens s to at most n characters, ending with an ellipsis when cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
