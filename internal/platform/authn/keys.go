// Package authn issues and verifies admin session tokens (JWT, Ed25519) and protects admin RPCs
// with a gRPC interceptor, so the check holds even when a service is reached without the gateway.
package authn

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
)

// Keys is an Ed25519 key pair; Private is nil in every process but auth-svc.
type Keys struct {
	Private ed25519.PrivateKey
	Public  ed25519.PublicKey
}

// GenerateKeys makes a fresh pair, for dev mode and tests only.
func GenerateKeys() (Keys, error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return Keys{}, fmt.Errorf("generate ed25519 key: %w", err)
	}
	return Keys{Private: priv, Public: pub}, nil
}

// ParsePrivateKey reads a PKCS #8 PEM block holding an Ed25519 private key.
func ParsePrivateKey(pemText string) (ed25519.PrivateKey, error) {
	block, _ := pem.Decode([]byte(pemText))
	if block == nil {
		return nil, errors.New("token private key: not PEM")
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("token private key: %w", err)
	}
	priv, ok := key.(ed25519.PrivateKey)
	if !ok {
		return nil, errors.New("token private key: not Ed25519")
	}
	return priv, nil
}

// ParsePublicKey reads a PKIX PEM block holding an Ed25519 public key.
func ParsePublicKey(pemText string) (ed25519.PublicKey, error) {
	block, _ := pem.Decode([]byte(pemText))
	if block == nil {
		return nil, errors.New("token public key: not PEM")
	}
	key, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("token public key: %w", err)
	}
	pub, ok := key.(ed25519.PublicKey)
	if !ok {
		return nil, errors.New("token public key: not Ed25519")
	}
	return pub, nil
}

// EncodePEM returns the pair as PEM text (private PKCS #8, public PKIX), for `podium keys`.
func (k Keys) EncodePEM() (privatePEM, publicPEM string, err error) {
	privDER, err := x509.MarshalPKCS8PrivateKey(k.Private)
	if err != nil {
		return "", "", err
	}
	pubDER, err := x509.MarshalPKIXPublicKey(k.Public)
	if err != nil {
		return "", "", err
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: privDER})),
		string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER})), nil
}
