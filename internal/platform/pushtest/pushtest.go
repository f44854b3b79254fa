// Package pushtest is a push service for tests: a local HTTP endpoint that speaks the Web Push
// protocol (RFC 8030) as a browser's push service would, and refuses what a real one would.
// Each push must carry a VAPID token (RFC 8292) signed ES256 by the k= public key, for the
// endpoint's origin, not expired; its body is decrypted (RFC 8291, aes128gcm of RFC 8188) with
// the keys of a subscription the test made, and kept for the test to read.
package pushtest

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/hkdf"
)

// Service is a running push service.
type Service struct {
	// Origin is the service's origin (PODIUM_PUSH_ALLOWED_ORIGINS).
	Origin string

	srv  *httptest.Server
	mu   sync.Mutex
	subs map[string]*ecdh.PrivateKey // endpoint path → the browser's private key
	auth map[string][]byte
	got  []Push
	errs []string
}

// Push is one push received and decrypted.
type Push struct {
	Path string
	// Key is the VAPID public key it was signed with (k=).
	Key  string
	Text string
}

// Subscription is what a browser's PushSubscription.toJSON() gives: the endpoint and keys.
type Subscription struct {
	Endpoint, P256dh, Auth string
}

// Start runs a push service until the test ends. A subscription whose path starts with
// /gone answers 410 Gone, as a push service does for a browser that unsubscribed.
func Start(t testing.TB) *Service {
	t.Helper()
	s := &Service{subs: map[string]*ecdh.PrivateKey{}, auth: map[string][]byte{}}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.Origin = s.srv.URL
	t.Cleanup(func() {
		s.srv.Close()
		for _, e := range s.Errors() {
			t.Errorf("pushtest: a push was refused: %s", e)
		}
	})
	return s
}

// Subscribe makes a browser's subscription: its key pair and auth secret, at path (e.g.
// "/push/anna" or "/gone/ben").
func (s *Service) Subscribe(t testing.TB, path string) Subscription {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	secret := make([]byte, 16)
	_, _ = rand.Read(secret)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.subs[path], s.auth[path] = key, secret
	enc := base64.RawURLEncoding.EncodeToString
	return Subscription{Endpoint: s.Origin + path, P256dh: enc(key.PublicKey().Bytes()), Auth: enc(secret)}
}

// Received is every push accepted so far at path, in order.
func (s *Service) Received(path string) []Push {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Push
	for _, p := range s.got {
		if p.Path == path {
			out = append(out, p)
		}
	}
	return out
}

// Errors are the pushes refused, with why.
func (s *Service) Errors() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.errs...)
}

func (s *Service) serve(w http.ResponseWriter, r *http.Request) {
	text, key, err := s.receive(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case err != nil:
		s.errs = append(s.errs, r.URL.Path+": "+err.Error())
		http.Error(w, err.Error(), http.StatusBadRequest)
	case strings.HasPrefix(r.URL.Path, "/gone"):
		http.Error(w, "subscription gone", http.StatusGone)
	default:
		s.got = append(s.got, Push{Path: r.URL.Path, Key: key, Text: text})
		w.WriteHeader(http.StatusCreated)
	}
}

// receive checks a push's VAPID token and decrypts its body.
func (s *Service) receive(r *http.Request) (text, key string, err error) {
	s.mu.Lock()
	priv, secret := s.subs[r.URL.Path], s.auth[r.URL.Path]
	s.mu.Unlock()
	if r.Method != http.MethodPost || priv == nil {
		return "", "", fmt.Errorf("%s to an unknown subscription", r.Method)
	}
	if r.Header.Get("Content-Encoding") != "aes128gcm" || r.Header.Get("TTL") == "" {
		return "", "", fmt.Errorf("Content-Encoding %q, TTL %q", r.Header.Get("Content-Encoding"), r.Header.Get("TTL"))
	}
	if key, err = s.checkVAPID(r.Header.Get("Authorization")); err != nil {
		return "", "", err
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return "", "", err
	}
	plain, err := Decrypt(body, priv, secret)
	return string(plain), key, err
}

// checkVAPID verifies "vapid t=<JWT>, k=<key>": an ES256 signature by k, aud the origin of
// this service, exp in the future (at most 24 hours ahead), a sub; it returns k.
func (s *Service) checkVAPID(header string) (string, error) {
	rest, ok := strings.CutPrefix(header, "vapid ")
	if !ok {
		return "", fmt.Errorf("authorization %q is not vapid", header)
	}
	var token, key string
	for _, part := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			token = v
		case "k":
			key = v
		}
	}
	raw, err := base64.RawURLEncoding.DecodeString(key)
	if err != nil {
		return "", fmt.Errorf("k: %w", err)
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return "", fmt.Errorf("k: %w", err)
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "", errors.New("t is not a JWT")
	}
	var head struct{ Alg string }
	var claims struct {
		Aud string
		Exp int64
		Sub string
	}
	for i, v := range []any{&head, &claims} {
		b, err := base64.RawURLEncoding.DecodeString(parts[i])
		if err != nil || json.Unmarshal(b, v) != nil {
			return "", fmt.Errorf("JWT part %d unreadable", i)
		}
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 || head.Alg != "ES256" {
		return "", fmt.Errorf("JWT alg %q or signature unreadable", head.Alg)
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return "", errors.New("JWT signature does not match k")
	}
	now := time.Now().Unix()
	switch {
	case claims.Aud != s.Origin:
		return "", fmt.Errorf("aud %q, want %q", claims.Aud, s.Origin)
	case claims.Exp <= now || claims.Exp > now+24*60*60:
		return "", fmt.Errorf("exp %d not within 24 hours of now %d", claims.Exp, now)
	case claims.Sub == "":
		return "", errors.New("no sub")
	}
	return key, nil
}

// Decrypt reads an aes128gcm body (RFC 8188) encrypted for a browser (RFC 8291): the header
// (salt, record size, the sender's public key), then one record.
func Decrypt(body []byte, browser *ecdh.PrivateKey, authSecret []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("body shorter than its header")
	}
	salt, idLen := body[:16], int(body[20])
	rs := binary.BigEndian.Uint32(body[16:20])
	if len(body) < 21+idLen || idLen != 65 {
		return nil, fmt.Errorf("key id of %d bytes, want the sender's 65-byte key", idLen)
	}
	senderPub, err := ecdh.P256().NewPublicKey(body[21 : 21+idLen])
	if err != nil {
		return nil, fmt.Errorf("sender key: %w", err)
	}
	record := body[21+idLen:]
	if uint32(len(record)) > rs {
		return nil, fmt.Errorf("record of %d bytes beyond the record size %d", len(record), rs)
	}
	shared, err := browser.ECDH(senderPub)
	if err != nil {
		return nil, err
	}
	info := append([]byte("WebPush: info\x00"), browser.PublicKey().Bytes()...)
	info = append(info, senderPub.Bytes()...)
	ikm, err := derive(shared, authSecret, info, 32)
	if err != nil {
		return nil, err
	}
	cek, err := derive(ikm, salt, []byte("Content-Encoding: aes128gcm\x00"), 16)
	if err != nil {
		return nil, err
	}
	nonce, err := derive(ikm, salt, []byte("Content-Encoding: nonce\x00"), 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, record, nil)
	if err != nil {
		return nil, fmt.Errorf("decrypt: %w", err)
	}
	// The last record: the text, the delimiter 2, then zero padding.
	end := len(plain) - 1
	for end >= 0 && plain[end] == 0 {
		end--
	}
	if end < 0 || plain[end] != 2 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:end], nil
}

func derive(secret, salt, info []byte, n int) ([]byte, error) {
	out := make([]byte, n)
	_, err := io.ReadFull(hkdf.New(sha256.New, secret, salt, info), out)
	return out, err
}
