package authsvc

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Password and username rules of every account (docs/access.md).
const (
	minPasswordLength = 12
	maxPasswordLength = 72 // bcrypt reads no further
	maxUsernameLength = 64
)

var usernamePattern = regexp.MustCompile(`^[A-Za-z0-9._-]{3,64}$`)

func checkUsername(username string) error {
	if !usernamePattern.MatchString(username) {
		return apperr.Invalid("username", "Username must be 3 to 64 characters: letters, digits, '.', '_' or '-'")
	}
	return nil
}

// checkPassword names field in its message's error, as the request calls it.
func checkPassword(field, password string) error {
	if n := len(password); n < minPasswordLength || n > maxPasswordLength {
		return apperr.Invalid(field, fmt.Sprintf("Password must be %d to %d characters", minPasswordLength, maxPasswordLength))
	}
	if commonPasswords[strings.ToLower(password)] {
		return apperr.Invalid(field, "This password is too common. Please choose another one")
	}
	return nil
}

func checkRole(role string) error {
	switch role {
	case authn.RoleAdmin, authn.RoleOrganiser, authn.RoleScorer:
		return nil
	}
	return apperr.Invalid("role", "Role must be admin, organiser or scorer")
}

// commonPasswords are the most used passwords of 12 characters or more in public breach
// lists; shorter ones fail the length rule anyway. Compared without regard to case.
var commonPasswords = setOf(
	"123456789012", "1234567890123", "12345678901234", "123456789000", "1q2w3e4r5t6y",
	"qwertyuiopas", "qwertyuiop123", "qwerty123456", "qwertyqwerty", "password1234",
	"password12345", "password123456", "passwordpassword", "iloveyou1234", "abcdefghijkl",
	"abc123456789", "aaaaaaaaaaaa", "111111111111", "000000000000", "asdfghjkl123",
	"1qaz2wsx3edc", "zaq12wsxcde3", "q1w2e3r4t5y6", "changeme1234", "letmein12345",
	"welcome12345", "welcome123456", "administrator", "administrator1", "adminadmin123",
	"admin1234567", "superman1234", "football1234", "baseball1234", "princess1234",
	"sunshine1234", "trustno11234", "monkey123456", "dragon123456", "master123456",
	"podiumpodium", "podium123456", "crossfit1234", "crossfit12345", "competition1",
	"competition123", "fitness12345", "workout12345",
)

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
