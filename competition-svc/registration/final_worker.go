package registration

import (
	"context"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// The invitations' worker (docs/qualifiers.md, "Invitations to the final"): every
// invitationSweep it expires the open invitations whose deadline passed, offering each place
// to the next team, and queues the "about to expire" mails. Both are safe with any number of
// replicas: an expiry re-reads the invitation under its locks and leaves one another worker
// ended, a reminder is claimed by the UPDATE that marks it (store.ClaimReminders).

// RunFinalInvitations sweeps the invitations until ctx ends.
func (s *Server) RunFinalInvitations(ctx context.Context) {
	s.svc.RunEvery(ctx, invitationSweep, "invitations to the final swept", s.svc.sweepInvitations)
}

// sweepInvitations expires what is due and queues the reminders.
func (s *service) sweepInvitations(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "registration.sweepInvitations()")
	now := s.Now()
	due, err := s.Store.DueFinalInvitations(ctx, now, core.SweepBatch)
	if err != nil {
		return err
	}
	facts := map[string]qualifierFacts{}
	for _, inv := range due {
		f, ok := facts[inv.QualifierEventID]
		if !ok {
			if f, err = s.qualifierData(ctx, inv.QualifierEventID); err != nil {
				return err
			}
			facts[inv.QualifierEventID] = f
		}
		err := s.endInvitation(ctx, inv, InvitationExpired, authn.SystemActor, f)
		if err != nil && !apperr.IsKind(err, apperr.KindConflict) {
			return err
		}
	}
	return s.remindInvitations(ctx, now)
}

// remindInvitations queues the "about to expire" mails of the invitations due within
// reminderBefore.
func (s *service) remindInvitations(ctx context.Context, now time.Time) (err error) {
	defer apperr.Wrap(&err, "registration.remindInvitations()")
	return s.Store.InTx(ctx, func(tx *store.Store) error {
		list, err := tx.ClaimReminders(ctx, now, reminderBefore, core.SweepBatch)
		if err != nil {
			return err
		}
		for _, inv := range list {
			if err := s.QueueMails(ctx, tx, s.invitationReminderMails(s.invitationLanguages(ctx, inv), inv)); err != nil {
				return err
			}
		}
		return nil
	})
}
