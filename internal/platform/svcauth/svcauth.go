// Package svcauth is the service identity of Podium's targets: every internal RPC carries a
// short-lived credential that names the calling target, signed with the deployment's service
// key (HMAC-SHA256). The credential travels in its own metadata header, has its own signing
// method and audience, and is never mixed with a user's session token: a user token is not a
// service credential and a service credential is not a user token. docs/operations.md
// ("Service identity") says how the key is issued.
package svcauth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"google.golang.org/grpc/metadata"
)

// Header is the metadata key that carries the service credential.
const Header = "x-podium-service"

// Gateway is the caller name of the HTTP gateway; only its calls may speak for a client
// (ClientAddress).
const Gateway = "gateway"

// MinKeyBytes is the shortest service key accepted: 256 bits, HMAC-SHA256's own strength.
const MinKeyBytes = 32

const (
	issuer   = "podium"
	audience = "podium-service"
	// lifetime bounds how long a captured credential can be replayed; a caller mints a new
	// one well before its credential runs out.
	lifetime = 5 * time.Minute
	renewal  = time.Minute
)

// Key is the deployment's shared service key.
type Key []byte

// ParseKey checks a configured key: the text itself is the key, at least MinKeyBytes long.
func ParseKey(text string) (Key, error) {
	if len(text) < MinKeyBytes {
		return nil, fmt.Errorf("service key: must be at least %d characters, got %d", MinKeyBytes, len(text))
	}
	return Key(text), nil
}

// GenerateKey returns a new random key in the text form ParseKey reads.
func GenerateKey() (string, error) {
	b := make([]byte, MinKeyBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("generate service key: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// Credentials mint the credential of one calling target and attach it to every outgoing RPC
// (grpc.WithPerRPCCredentials).
type Credentials struct {
	key    Key
	caller string
	now    func() time.Time

	mu      sync.Mutex
	token   string
	expires time.Time
}

// NewCredentials returns the credentials of caller ("gateway", "competition", …).
func NewCredentials(key Key, caller string) *Credentials {
	return &Credentials{key: key, caller: caller, now: time.Now}
}

// GetRequestMetadata implements credentials.PerRPCCredentials.
func (c *Credentials) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	token, err := c.current()
	if err != nil {
		return nil, err
	}
	return map[string]string{Header: token}, nil
}

// RequireTransportSecurity implements credentials.PerRPCCredentials: the services speak
// plain gRPC inside the cluster network, which NetworkPolicies fence off.
func (c *Credentials) RequireTransportSecurity() bool { return false }

func (c *Credentials) current() (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if c.token != "" && now.Add(renewal).Before(c.expires) {
		return c.token, nil
	}
	expires := now.Add(lifetime)
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.RegisteredClaims{
		Subject:   c.caller,
		Issuer:    issuer,
		Audience:  jwt.ClaimStrings{audience},
		IssuedAt:  jwt.NewNumericDate(now),
		ExpiresAt: jwt.NewNumericDate(expires),
	}).SignedString([]byte(c.key))
	if err != nil {
		return "", fmt.Errorf("sign service credential: %w", err)
	}
	c.token, c.expires = token, expires
	return token, nil
}

// Verifier checks service credentials.
type Verifier struct {
	key     Key
	parser  *jwt.Parser
	callers Callers // who may call what (Accepting)
}

// NewVerifier returns a verifier for credentials signed with key.
func NewVerifier(key Key) *Verifier {
	return &Verifier{key: key, parser: jwt.NewParser(
		// Only HMAC: a user's Ed25519 session token can never pass as a service credential.
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(issuer),
		jwt.WithAudience(audience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(5*time.Second),
	)}
}

// ErrInvalid is any refused credential; the reason is not told to the caller.
var ErrInvalid = errors.New("invalid service credential")

// Verify returns the caller named by a valid credential.
func (v *Verifier) Verify(token string) (string, error) {
	var rc jwt.RegisteredClaims
	_, err := v.parser.ParseWithClaims(token, &rc, func(*jwt.Token) (any, error) { return []byte(v.key), nil })
	// A credential must say when it was made and live no longer than callers make them.
	if err != nil || rc.Subject == "" || rc.IssuedAt == nil || rc.ExpiresAt.Sub(rc.IssuedAt.Time) > lifetime {
		return "", ErrInvalid
	}
	return rc.Subject, nil
}

type callerKey struct{}

// CallerFrom is the verified calling target of an incoming RPC.
func CallerFrom(ctx context.Context) (string, bool) {
	c, ok := ctx.Value(callerKey{}).(string)
	return c, ok
}

func withCaller(ctx context.Context, caller string) context.Context {
	return context.WithValue(ctx, callerKey{}, caller)
}

// credentialIn is the one service credential of an incoming call, or "".
func credentialIn(ctx context.Context) string {
	md, _ := metadata.FromIncomingContext(ctx)
	if v := md.Get(Header); len(v) == 1 {
		return v[0]
	}
	return ""
}
