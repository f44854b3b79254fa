package competitionsvc

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/store"
	mailv1 "github.com/podium-dev/podium/gen/go/podium/mail/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/mailq"
)

// MailOutbox is competition-svc's mail queue, for the worker that sends it (cmd/podium/targets).
var MailOutbox = store.Outbox

// ListMailOutbox implements pb.CompetitionServiceServer: the mails competition-svc queued,
// for admins (the Outbox page).
func (s *Server) ListMailOutbox(ctx context.Context, _ *mailv1.OutboxRequest) (*mailv1.OutboxResponse, error) {
	if !authn.IsAdmin(ctx) {
		return nil, apperr.Forbidden("Only administrators can read the outbox.")
	}
	mails, err := s.svc.Store.ListMail(ctx, s.svc.MailSending, mailq.StaffReader(ctx))
	if err != nil {
		return nil, err
	}
	return mailq.Response("competition", s.svc.MailSending, mails), nil
}
