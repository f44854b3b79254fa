package authsvc

import (
	"net/url"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/mailq"
	"github.com/podium-dev/podium/internal/platform/mailtext"
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

// Each mail is written in the account's language (docs/architecture.md, "Languages"); a sign-up
// not confirmed yet has no account, so its mails are in the language the sign-up page showed
// (language, "" for English).

// verifyMail carries the link of one pending sign-up of email, whose first name is first, and
// the page to come back to (next, "" for none).
func (s *service) verifyMail(language, email, first, token, next string) mailq.Message {
	t := mailtext.For(language)
	return mailq.Message{
		To:      email,
		Subject: t.T("auth.verify.subject"),
		Secret:  true,
		Text: t.T("auth.verify.body", mailtext.Args{"Name": first, "Link": s.link("verify", token) + nextQuery("&", next),
			"Hours": int(VerifyLinkTTL.Hours())}),
	}
}

// signUpAgainMail answers a request for a new confirmation link when several sign-ups of the
// address wait: no one can tell which is the owner's, so none gets a link; signing up again
// mails one for the new sign-up.
func (s *service) signUpAgainMail(language, email string) mailq.Message {
	t := mailtext.For(language)
	return mailq.Message{
		To:      email,
		Subject: t.T("auth.signUpAgain.subject"),
		Text:    t.T("auth.signUpAgain.body", mailtext.Args{"Link": s.page("sign-up")}),
	}
}

// accountExistsMail answers a sign-up with an address that has a confirmed account already:
// only the address's owner learns that it does.
func (s *service) accountExistsMail(a store.Athlete, next string) mailq.Message {
	t := mailtext.For(a.Language)
	return mailq.Message{
		To:      a.Email,
		Subject: t.T("auth.accountExists.subject"),
		Text: t.T("auth.accountExists.body", mailtext.Args{"Name": a.FirstName, "SignIn": s.page("sign-in") + nextQuery("?", next),
			"Forgot": s.page("forgot-password")}),
	}
}

func resetMail(a store.Athlete, link string) mailq.Message {
	t := mailtext.For(a.Language)
	return mailq.Message{
		To:      a.Email,
		Subject: t.T("auth.reset.subject"),
		Secret:  true,
		Text:    t.T("auth.reset.body", mailtext.Args{"Name": a.FirstName, "Link": link, "Minutes": int(ResetLinkTTL.Minutes())}),
	}
}
