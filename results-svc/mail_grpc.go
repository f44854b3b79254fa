package resultssvc

import (
	"context"

	mailv1 "github.com/podium-dev/podium/gen/go/podium/mail/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/mailq"
	"github.com/podium-dev/podium/results-svc/store"
)

// MailOutbox is results-svc's mail queue, for the worker that sends it (cmd/podium/targets).
var MailOutbox = store.Outbox

// ListMailOutbox implements pb.ResultsServiceServer: the mails results-svc queued (the
// submission mails), for admins (the Outbox page).
func (s *Server) ListMailOutbox(ctx context.Context, _ *mailv1.OutboxRequest) (*mailv1.OutboxResponse, error) {
	if !authn.IsAdmin(ctx) {
		return nil, apperr.Forbidden("Only administrators can read the outbox.")
	}
	mails, err := s.svc.store.ListMail(ctx, s.svc.mailSending, mailq.StaffReader(ctx))
	if err != nil {
		return nil, err
	}
	return mailq.Response("results", s.svc.mailSending, mails), nil
}
