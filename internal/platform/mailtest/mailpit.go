// Package mailtest runs a real SMTP server for tests: Mailpit (pinned in tools/go.mod,
// started by internal/platform/tooltest), one per test on free loopback ports, and reads what
// arrived through Mailpit's HTTP API.
package mailtest

import (
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/porttest"
	"github.com/podium-dev/podium/internal/platform/tooltest"
)

// Mailpit is a running Mailpit.
type Mailpit struct {
	// SMTPURL is what PODIUM_SMTP_URL is set to.
	SMTPURL string
	// API is the base URL of Mailpit's HTTP API.
	API string

	t              testing.TB
	smtpAddr, http string
	proc           *tooltest.Process
}

// Start runs a Mailpit until the test ends.
func Start(t testing.TB) *Mailpit {
	t.Helper()
	m := &Mailpit{t: t, smtpAddr: porttest.Addr(t), http: porttest.Addr(t)}
	m.SMTPURL = "smtp://" + m.smtpAddr + "?tls=none"
	m.API = "http://" + m.http
	m.Start()
	return m
}

// Start starts Mailpit again on the same ports after Stop (the mail server coming back).
func (m *Mailpit) Start() {
	m.t.Helper()
	m.proc = tooltest.Start(m.t, tooltest.Tool{
		Name: "mailpit",
		Args: []string{"--smtp", m.smtpAddr, "--listen", m.http, "--quiet", "--disable-version-check",
			"--smtp-disable-rdns", "--database", filepath.Join(m.t.TempDir(), "mailpit.db")},
		Ready:   m.ready,
		Timeout: 30 * time.Second,
	})
}

// ready is nil once both the HTTP API and the SMTP port answer.
func (m *Mailpit) ready() error {
	resp, err := http.Get(m.API + "/api/v1/messages?limit=1")
	if err != nil {
		return err
	}
	resp.Body.Close()
	conn, err := net.Dial("tcp", m.smtpAddr)
	if err != nil {
		return err
	}
	return conn.Close()
}

// Stop ends Mailpit (the mail server going down); Start brings it back.
func (m *Mailpit) Stop() { m.proc.Stop() }

// Mail is one message Mailpit received.
type Mail struct {
	ID      string
	From    string
	To      []string
	Subject string
	Text    string
	// MessageID is the Message-ID header without angle brackets.
	MessageID string
}

type address struct{ Name, Address string }

// Messages returns every mail received, newest first.
func (m *Mailpit) Messages() []Mail {
	m.t.Helper()
	var list struct {
		Messages []struct {
			ID        string
			MessageID string
			From      address
			To        []address
			Subject   string
		}
	}
	m.get("/api/v1/messages?limit=500", &list)
	out := make([]Mail, 0, len(list.Messages))
	for _, s := range list.Messages {
		mail := Mail{ID: s.ID, MessageID: s.MessageID, From: s.From.Address, Subject: s.Subject}
		for _, to := range s.To {
			mail.To = append(mail.To, to.Address)
		}
		out = append(out, mail)
	}
	return out
}

// MailsTo returns the mails received for address (case ignored), newest first, with their text.
func (m *Mailpit) MailsTo(address string) []Mail {
	m.t.Helper()
	var out []Mail
	for _, mail := range m.Messages() {
		for _, to := range mail.To {
			if strings.EqualFold(to, address) {
				var full struct{ Text string }
				m.get("/api/v1/message/"+url.PathEscape(mail.ID), &full)
				mail.Text = full.Text
				out = append(out, mail)
				break
			}
		}
	}
	return out
}

// WaitFor waits up to timeout for a mail to address whose subject contains subject, and
// returns the newest such mail.
func (m *Mailpit) WaitFor(address, subject string, timeout time.Duration) Mail {
	m.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		for _, mail := range m.MailsTo(address) {
			if strings.Contains(mail.Subject, subject) {
				return mail
			}
		}
		if time.Now().After(deadline) {
			m.t.Fatalf("mailtest: no mail %q to %s within %s", subject, address, timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (m *Mailpit) get(path string, v any) {
	m.t.Helper()
	resp, err := http.Get(m.API + path)
	if err != nil {
		m.t.Fatalf("mailtest: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		m.t.Fatalf("mailtest: GET %s: %s", path, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		m.t.Fatalf("mailtest: GET %s: %v", path, err)
	}
}
