package resultssvc

import (
	"context"
	"strings"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/ids"
	"github.com/podium-dev/podium/results-svc/store"
)

// forgetAthlete erases a deleted athlete from submissions, reviews, result histories and the
// mail outbox in one transaction (docs/access.md, "Athletes"; store.ForgetAthlete). It
// changes no result and no public view. Asking again changes nothing more.
func (s *service) forgetAthlete(ctx context.Context, userID, email, name string) (_ int, err error) {
	defer apperr.Wrap(&err, "resultssvc.forgetAthlete(%q)", userID)
	id, ok := ids.Canonical(strings.TrimSpace(userID))
	if !ok {
		return 0, apperr.Invalid("userId", "User id must be a UUID")
	}
	var n int
	err = s.store.InTx(ctx, func(tx *store.Store) (err error) {
		n, err = tx.ForgetAthlete(ctx, id, strings.TrimSpace(email), strings.TrimSpace(name))
		return err
	})
	return n, err
}
