package mailq

import (
	"context"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"

	gomail "github.com/wneessen/go-mail"
)

// SMTP sends through the server of a URL (PODIUM_SMTP_URL): smtp://[user:password@]host[:port]
// speaks STARTTLS when the server offers it (port 587 by default), smtps:// TLS from the
// first byte (port 465); "?tls=none" turns TLS off (a local relay or a test server).
type SMTP struct {
	client *gomail.Client
	from   string
	domain string
}

// NewSMTP returns a sender for rawURL with the From address from ("Podium <no-reply@example.org>").
func NewSMTP(rawURL, from string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("smtp url: %w", err)
	}
	sender, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("mail from %q: %w", from, err)
	}
	opts := []gomail.Option{gomail.WithTimeout(sendTimeout)}
	port := 587
	switch u.Scheme {
	case "smtp":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	case "smtps":
		port = 465
		opts = append(opts, gomail.WithSSL())
	default:
		return nil, fmt.Errorf("smtp url: scheme must be smtp or smtps, got %q", u.Scheme)
	}
	if u.Query().Get("tls") == "none" {
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("smtp url: port %q", p)
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if user := u.User.Username(); user != "" {
		password, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(user), gomail.WithPassword(password))
	}
	client, err := gomail.NewClient(u.Hostname(), opts...)
	if err != nil {
		return nil, fmt.Errorf("smtp client: %w", err)
	}
	// Message-IDs end in the sender's domain, as RFC 5322 advises.
	domain := sender.Address[strings.LastIndex(sender.Address, "@")+1:]
	return &SMTP{client: client, from: sender.String(), domain: domain}, nil
}

// Send implements Sender: one SMTP conversation per mail.
func (s *SMTP) Send(ctx context.Context, id string, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("from: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("to: %w", err)
	}
	msg.Subject(m.Subject)
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.SetMessageIDWithValue(id + "@" + s.domain)
	msg.SetDate()
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated") // no vacation replies
	if err := s.client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}
