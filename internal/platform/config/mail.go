package config

import (
	"net/mail"
	"net/url"
)

// checkMail checks the mail settings: a server URL of scheme smtp or smtps, a From address,
// and an absolute public URL. Outside dev mode a configured mail server needs the From and
// the public URL set explicitly, so no mail leaves with a link to localhost.
func (r *reader) checkMail(c Config) {
	if c.SMTPURL != "" {
		u, err := url.Parse(string(c.SMTPURL))
		if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
			r.fail("PODIUM_SMTP_URL", "must be a URL such as smtp://user:password@mail.example.org:587 or smtps://…:465")
		}
		if !c.DevMode {
			for _, name := range []string{"PODIUM_MAIL_FROM", "PODIUM_PUBLIC_URL"} {
				if _, set := r.lookup(name); !set {
					r.fail(name, "is required when PODIUM_SMTP_URL is set outside dev mode")
				}
			}
		}
	}
	if _, err := mail.ParseAddress(c.MailFrom); err != nil {
		r.fail("PODIUM_MAIL_FROM", "must be an address such as \"Podium <no-reply@example.org>\"")
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		r.fail("PODIUM_PUBLIC_URL", "must be the public site's base URL, such as https://podium.example.org")
	}
}
