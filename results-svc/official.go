package resultssvc

import (
	"context"
	"fmt"
	"time"

	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/results-svc/store"
)

// Official means checked (docs/result-invariants.md, "Pending changes"): what the public sees
// of a result changes only by the hand of someone who may publish on its event. An edit of a
// published result is stored as a pending change (store.pendingChange); deleting a result the
// public sees, and saving with publication, are for those who may publish.

const (
	msgDeletePublished     = "This result is published: only the event's organisers can delete it."
	msgDeleteAllPublished  = "Some of these results are published: only the event's organisers can delete them. Nothing was deleted."
	msgSaveAndPublishScore = "Only the event's organisers can publish results: save without publishing."
)

// mayPublish says whether the caller may publish results of eventID: admins and the event's
// organisers; an in-process call acts as the service and may.
func (s *service) mayPublish(ctx context.Context, eventID string) (_ bool, err error) {
	defer apperr.Wrap(&err, "resultssvc.mayPublish(%q)", eventID)
	caller, ok := authn.CallerFrom(ctx)
	if !ok || caller.IsAdmin() {
		return true, nil
	}
	role, err := access.Role(ctx, s.grants, access.Event, eventID)
	if err != nil {
		return false, err
	}
	return role == access.GrantOrganiser, nil
}

// refuseUnless is a 403 with msg when allowed is false.
func refuseUnless(allowed bool, msg string) error {
	if allowed {
		return nil
	}
	return apperr.Forbidden(msg)
}

// publishSaved publishes the rows a save just wrote, in its transaction ("Save and publish").
func publishSaved(ctx context.Context, tx *store.Store, saved []store.Result, at time.Time) error {
	ids := make([]string, len(saved))
	for i, r := range saved {
		ids[i] = r.ID
	}
	if _, err := tx.SetPublished(ctx, ids, store.Publish, at); err != nil {
		return fmt.Errorf("publish saved results: %w", err)
	}
	for i := range saved {
		saved[i].IsPublished, saved[i].Public = true, nil
	}
	return nil
}
