package authn

import (
	"crypto/ed25519"
	"errors"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Claims are what a verified token says about its holder: only the session it belongs to.
// Who holds the session, with which role, and whether it is still valid is looked up per
// request (Sessions), so ending a session needs no token blacklist.
type Claims struct {
	SessionID string
	ExpiresAt time.Time
}

// Issuer signs tokens; only auth-svc has one.
type Issuer struct {
	key      ed25519.PrivateKey
	issuer   string
	audience string
	ttl      time.Duration
}

// NewIssuer returns an Issuer for tokens that live for ttl.
func NewIssuer(key ed25519.PrivateKey, issuer, audience string, ttl time.Duration) *Issuer {
	return &Issuer{key: key, issuer: issuer, audience: audience, ttl: ttl}
}

// TTL is how long the tokens live.
func (i *Issuer) TTL() time.Duration { return i.ttl }

// Issue signs a token for session sessionID that expires at expires.
func (i *Issuer) Issue(sessionID string, now time.Time) (string, time.Time, error) {
	return i.IssueUntil(sessionID, now, now.Add(i.ttl))
}

// IssueUntil signs a token for session sessionID that expires at until (a judge link's
// token lives as long as its link, not as long as a sign-in).
func (i *Issuer) IssueUntil(sessionID string, now, until time.Time) (string, time.Time, error) {
	expires := until.Truncate(time.Second)
	token := jwt.NewWithClaims(jwt.SigningMethodEdDSA, jwt.RegisteredClaims{
		Subject:   sessionID,
		Issuer:    i.issuer,
		Audience:  jwt.ClaimStrings{i.audience},
		IssuedAt:  jwt.NewNumericDate(now),
		NotBefore: jwt.NewNumericDate(now.Add(-time.Minute)),
		ExpiresAt: jwt.NewNumericDate(expires),
	})
	signed, err := token.SignedString(i.key)
	return signed, expires, err
}

// Verifier checks tokens; every service has one.
type Verifier struct {
	key      ed25519.PublicKey
	parser   *jwt.Parser
	sessions Sessions
}

// NewVerifier accepts only EdDSA tokens from issuer for audience, with an expiry.
func NewVerifier(key ed25519.PublicKey, issuer, audience string) *Verifier {
	return &Verifier{
		key: key,
		parser: jwt.NewParser(
			jwt.WithValidMethods([]string{jwt.SigningMethodEdDSA.Alg()}),
			jwt.WithIssuer(issuer),
			jwt.WithAudience(audience),
			jwt.WithExpirationRequired(),
			jwt.WithLeeway(5*time.Second),
		),
	}
}

// ErrInvalidToken covers every reason a token is refused; the reason is not told to clients.
var ErrInvalidToken = errors.New("invalid or expired token")

// Verify parses and checks a token.
func (v *Verifier) Verify(raw string) (Claims, error) {
	var rc jwt.RegisteredClaims
	_, err := v.parser.ParseWithClaims(raw, &rc, func(*jwt.Token) (any, error) { return v.key, nil })
	if err != nil || rc.Subject == "" {
		return Claims{}, ErrInvalidToken
	}
	return Claims{SessionID: rc.Subject, ExpiresAt: rc.ExpiresAt.Time}, nil
}
