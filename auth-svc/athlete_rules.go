package authsvc

import (
	"fmt"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/podium-dev/podium/auth-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/names"
)

// The rules of an athlete's account and profile (docs/access.md, "Athletes"). Passwords
// follow every account's rules (rules.go).
const (
	maxEmailLength = 254 // the longest address SMTP carries
	maxNameLength  = 60
	maxClubLength  = 100
	maxCountryLen  = 60
	minBirthYear   = 1900
)

// normalEmail trims the address and checks its form: a bare address, no display name.
func normalEmail(email string) (string, error) {
	email = strings.TrimSpace(email)
	if email == "" {
		return "", apperr.Invalid("email", "Please enter your email address")
	}
	if len(email) > maxEmailLength {
		return "", apperr.Invalid("email", fmt.Sprintf("Email address must be at most %d characters", maxEmailLength))
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || addr.Name != "" || !strings.Contains(email[strings.LastIndex(email, "@"):], ".") {
		return "", apperr.Invalid("email", "Please enter a valid email address, like name@example.com")
	}
	return email, nil
}

// normalProfile trims the profile's texts and checks every field against the rules; now
// bounds the birth year.
// The texts follow the one name rule of teams and athletes (internal/platform/names): nothing
// that shows blank, reversed or broken on a public page; the full name may not be the one a
// deleted account is shown under.
func normalProfile(p store.Profile, now time.Time) (store.Profile, error) {
	for _, f := range []struct {
		field, label string
		value        *string
		required     bool
		max          int
	}{
		{"firstName", "First name", &p.FirstName, true, maxNameLength},
		{"lastName", "Last name", &p.LastName, true, maxNameLength},
		{"club", "Club or box", &p.Club, false, maxClubLength},
		{"country", "Country", &p.Country, false, maxCountryLen},
	} {
		clean, problem := names.Clean(*f.value)
		if problem != names.OK {
			return p, apperr.Invalid(f.field, problem.Message(f.label))
		}
		*f.value = clean
		if f.required && clean == "" {
			return p, apperr.Invalid(f.field, fmt.Sprintf("Please enter your %s", strings.ToLower(f.label)))
		}
		if utf8.RuneCountInString(clean) > f.max {
			return p, apperr.Invalid(f.field, fmt.Sprintf("%s must be at most %d characters", f.label, f.max))
		}
	}
	if names.Reserved(p.FirstName + p.LastName) {
		return p, apperr.Invalid("lastName", fmt.Sprintf("%q is the name of deleted accounts: please enter your own name", names.FormerAthlete))
	}
	if y := p.BirthYear; y != nil && (*y < minBirthYear || int(*y) > now.Year()) {
		return p, apperr.Invalid("birthYear", fmt.Sprintf("Birth year must be between %d and %d", minBirthYear, now.Year()))
	}
	return p, nil
}

// returnPath checks where a mail's links send the athlete back to after signing in: a page of
// the public site ("/public/…"), nothing that could leave it (the web app checks it again as
// it navigates, web/src/lib/auth/next-path.ts). "" is none.
func returnPath(next string) (string, error) {
	if next == "" {
		return "", nil
	}
	ok := len(next) <= 500 && strings.HasPrefix(next, "/public/") && !strings.Contains(next, "//") &&
		!strings.ContainsFunc(next, func(r rune) bool { return r == '\\' || r < 0x20 || r == 0x7f })
	if !ok {
		return "", apperr.Invalid("next", "The page to come back to must be a page of the public site")
	}
	return next, nil
}
