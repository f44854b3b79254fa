package authsvc

import (
	"fmt"
	"net/url"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/mailq"
)

// The mails auth-svc sends an athlete. Links point at the public site's athlete pages
// (web/src/features/athlete-account), below PODIUM_PUBLIC_URL.

// link is the public site's address of an athlete page with a token.
func (s *service) link(page, token string) string {
	return s.publicURL + "/public/athlete/" + page + "?token=" + url.QueryEscape(token)
}

func (s *service) page(page string) string { return s.publicURL + "/public/athlete/" + page }

// nextQuery is the query parameter that sends the athlete back to next after signing in ("" for
// none); sep is "?" or "&", as the link has a query already or not.
func nextQuery(sep, next string) string {
	if next == "" {
		return ""
	}
	return sep + "next=" + url.QueryEscape(next)
}

// verifyMail carries the link of one pending sign-up of email, whose first name is first, and
// the page to come back to (next, "" for none).
func (s *service) verifyMail(email, first, token, next string) mailq.Message {
	return mailq.Message{
		To:      email,
		Subject: "Confirm your email address for Podium",
		Secret:  true,
		Text: fmt.Sprintf(`Hello %s,

please confirm your email address to finish your Podium athlete account:

%s

The link works for %d hours and only once, and confirms the sign-up with the password given with it. If you did not sign up for Podium, you can ignore this email: no account is made without this link.
`, first, s.link("verify", token)+nextQuery("&", next), int(VerifyLinkTTL.Hours())),
	}
}

// signUpAgainMail answers a request for a new confirmation link when several sign-ups of the
// address wait: no one can tell which is the owner's, so none gets a link; signing up again
// mails one for the new sign-up.
func (s *service) signUpAgainMail(email string) mailq.Message {
	return mailq.Message{
		To:      email,
		Subject: "Finish signing up for Podium",
		Text: fmt.Sprintf(`Hello,

a new confirmation link was asked for this email address, but more than one sign-up with it waits for confirmation, so we cannot tell which one is yours.

To finish your Podium athlete account, sign up again; the email we send you then confirms that sign-up, with the password you give there: %s

If you did not ask for this, you can ignore this email: no account is made without a link.
`, s.page("sign-up")),
	}
}

// accountExistsMail answers a sign-up with an address that has a confirmed account already:
// only the address's owner learns that it does.
func (s *service) accountExistsMail(a store.Athlete, next string) mailq.Message {
	return mailq.Message{
		To:      a.Email,
		Subject: "You already have a Podium account",
		Text: fmt.Sprintf(`Hello %s,

someone, probably you, tried to sign up for Podium with this email address. You already have an account with it.

Sign in: %s
Forgot your password? Choose a new one: %s

If this was not you, you can ignore this email: nothing has changed.
`, a.FirstName, s.page("sign-in")+nextQuery("?", next), s.page("forgot-password")),
	}
}

func resetMail(a store.Athlete, link string) mailq.Message {
	return mailq.Message{
		To:      a.Email,
		Subject: "Reset your Podium password",
		Secret:  true,
		Text: fmt.Sprintf(`Hello %s,

to choose a new password for your Podium athlete account, open this link:

%s

The link works for %d minutes and only once. If you did not ask for it, you can ignore this email: your password stays as it is.
`, a.FirstName, link, int(ResetLinkTTL.Minutes())),
	}
}
