package authsvc

import (
	"context"

	"github.com/podium-dev/podium/auth-svc/store"
	mailv1 "github.com/podium-dev/podium/gen/go/podium/mail/v1"
	"github.com/podium-dev/podium/internal/platform/mailq"
)

// MailOutbox is auth-svc's mail queue, for the worker that sends it (cmd/podium/targets).
var MailOutbox = store.Outbox

// ListMailOutbox implements authv1.AuthServiceServer: the mails auth-svc queued, for admins.
func (s *Server) ListMailOutbox(ctx context.Context, _ *mailv1.OutboxRequest) (*mailv1.OutboxResponse, error) {
	if err := requireAdmin(ctx); err != nil {
		return nil, err
	}
	mails, err := s.svc.users.ListMail(ctx, s.svc.mailSending, mailq.StaffReader(ctx))
	if err != nil {
		return nil, err
	}
	return mailq.Response("auth", s.svc.mailSending, mails), nil
}
