package config

import (
	"encoding/base64"
	"net/mail"
	"net/url"
	"strings"
)

// Web Push (docs/operations.md, "Web Push"): the VAPID key pair signs every push; the public
// key is what browsers subscribe with, so changing it orphans every subscription.

// readPush reads the push settings into c.
func (r *reader) readPush(c *Config) {
	c.VAPIDPublicKey = r.str("PODIUM_VAPID_PUBLIC_KEY", "")
	c.VAPIDPrivateKey = Secret(r.str("PODIUM_VAPID_PRIVATE_KEY", ""))
	c.VAPIDSubject = r.str("PODIUM_VAPID_SUBJECT", "")
	for _, o := range strings.Split(r.str("PODIUM_PUSH_ALLOWED_ORIGINS", ""), ",") {
		if o = strings.TrimRight(strings.TrimSpace(o), "/"); o != "" {
			c.PushAllowedOrigins = append(c.PushAllowedOrigins, o)
		}
	}
}

// checkPush checks the push settings: both keys or neither, each base64url of its P-256 size,
// a subject that is an https URL or a mail address, and allowed origins without a path.
func (r *reader) checkPush(c Config) {
	if (c.VAPIDPublicKey == "") != (c.VAPIDPrivateKey == "") {
		r.fail("PODIUM_VAPID_PRIVATE_KEY", "PODIUM_VAPID_PUBLIC_KEY and PODIUM_VAPID_PRIVATE_KEY are set together (podium vapid-keys prints a pair)")
	}
	if c.VAPIDPublicKey != "" && keyLen(c.VAPIDPublicKey) != 65 {
		r.fail("PODIUM_VAPID_PUBLIC_KEY", "must be an uncompressed P-256 public key in base64url (podium vapid-keys prints a pair)")
	}
	if c.VAPIDPrivateKey != "" && keyLen(string(c.VAPIDPrivateKey)) != 32 {
		r.fail("PODIUM_VAPID_PRIVATE_KEY", "must be a P-256 private key in base64url (podium vapid-keys prints a pair)")
	}
	if s := c.VAPIDSubject; s != "" {
		u, err := url.Parse(s)
		_, mailErr := mail.ParseAddress(s)
		if (err != nil || u.Scheme != "https" || u.Host == "") && mailErr != nil {
			r.fail("PODIUM_VAPID_SUBJECT", "must be an https URL or a mail address the push services can reach you at")
		}
	}
	for _, o := range c.PushAllowedOrigins {
		if u, err := url.Parse(o); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" {
			r.fail("PODIUM_PUSH_ALLOWED_ORIGINS", "must be a comma-separated list of origins such as http://127.0.0.1:9000, got "+o)
		}
	}
}

// keyLen is the length of a base64url key (padded or not), 0 when it is not base64url.
func keyLen(key string) int {
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(key, "="))
	if err != nil {
		return 0
	}
	return len(b)
}

// PushSubject is the contact the push services see in every VAPID token: PODIUM_VAPID_SUBJECT,
// else the public site when it is https, else the From address of the mails.
func (c Config) PushSubject() string {
	if c.VAPIDSubject != "" {
		return c.VAPIDSubject
	}
	if strings.HasPrefix(c.PublicURL, "https://") {
		return c.PublicURL
	}
	if a, err := mail.ParseAddress(c.MailFrom); err == nil {
		return a.Address
	}
	return c.MailFrom
}
