package targets

import (
	"context"
	"fmt"

	"github.com/podium-dev/podium/internal/platform/mailq"
)

// runMail starts the worker that sends a service's queued mail through PODIUM_SMTP_URL, until
// ctx ends (the target shuts down). Without a mail server the mails stay queued for the
// console's Outbox page (docs/operations.md, "Mail").
func runMail(ctx context.Context, rt *Runtime, service string, outbox mailq.Outbox) error {
	if rt.Cfg.SMTPURL == "" {
		rt.Log.Info("mail: PODIUM_SMTP_URL not set; mails stay queued (console: Outbox)", "service", service)
		return nil
	}
	pool, err := rt.Pool(ctx)
	if err != nil {
		return err
	}
	sender, err := mailq.NewSMTP(string(rt.Cfg.SMTPURL), rt.Cfg.MailFrom)
	if err != nil {
		return fmt.Errorf("mail of %s: %w", service, err)
	}
	w := &mailq.Worker{Outbox: outbox, Pool: pool, Sender: sender, Log: rt.Log.With("service", service)}
	go w.Run(ctx)
	return nil
}
