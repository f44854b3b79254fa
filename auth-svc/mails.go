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

func verifyMail(a store.Athlete, link string) mailq.Message {
	return mailq.Message{
		To:      a.Email,
		Subject: "Confirm your email address for Podium",
		Text: fmt.Sprintf(`Hello %s,

please confirm your email address to finish your Podium athlete account:

%s

The link works for %d hours and only once. If you did not sign up for Podium, you can ignore this email.
`, a.FirstName, link, int(VerifyLinkTTL.Hours())),
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
		Text: fmt.Sprintf(`Hello %s,

to choose a new password for your Podium athlete account, open this link:

%s

The link works for %d minutes and only once. If you did not ask for it, you can ignore this email: your password stays as it is.
`, a.FirstName, link, int(ResetLinkTTL.Minutes())),
	}
}
