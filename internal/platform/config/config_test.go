package config

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func env(vars map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	}
}

func TestDefaultsServeLocalDevelopment(t *testing.T) {
	t.Parallel()
	c, err := LoadFrom(env(nil), true)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if c.HTTPAddr != ":8080" || c.CompetitionAddr != "127.0.0.1:9102" || c.BackendTimeout != 10*time.Second {
		t.Fatalf("unexpected defaults: %+v", c)
	}
	if !c.DevMode {
		t.Fatal("dev mode should follow the caller's default")
	}
	if c.GRPCListen != "127.0.0.1:9090" {
		t.Fatalf("a single service must listen on the loopback by default, got %q", c.GRPCListen)
	}
}

func TestServiceKeyAndTrustedProxies(t *testing.T) {
	t.Parallel()
	c, err := LoadFrom(env(map[string]string{"PODIUM_TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.7 ,2001:db8::/32"}), false)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range c.TrustedProxies {
		got = append(got, p.String())
	}
	if strings.Join(got, " ") != "10.0.0.0/8 192.0.2.7/32 2001:db8::/32" {
		t.Fatalf("trusted proxies = %v", got)
	}
	if err := c.RequireServiceKey(); err == nil || !strings.Contains(err.Error(), "PODIUM_SERVICE_KEY") {
		t.Fatalf("outside dev mode a missing service key must be refused, got %v", err)
	}
	dev, _ := LoadFrom(env(nil), true)
	if err := dev.RequireServiceKey(); err != nil {
		t.Fatalf("dev mode generates the key: %v", err)
	}
}

func TestEveryInvalidVariableIsReportedTogether(t *testing.T) {
	t.Parallel()
	_, err := LoadFrom(env(map[string]string{
		"PODIUM_GRPC_PORT_BASE":            "nine",
		"PODIUM_DEV_MODE":                  "maybe",
		"PODIUM_TOKEN_TTL":                 "-1h",
		"PODIUM_LOG_LEVEL":                 "loud",
		"PODIUM_LOG_FORMAT":                "xml",
		"PODIUM_LOGIN_MAX_FAILURES":        "0",
		"PODIUM_MAX_BODY_BYTES":            "12",
		"PODIUM_SERVICE_KEY":               "short",
		"PODIUM_LOGIN_MAX_GLOBAL_FAILURES": "0",
		"PODIUM_TRUSTED_PROXIES":           "10.0.0.0/8, nonsense",
	}), false)
	if err == nil {
		t.Fatal("expected an error")
	}
	for _, name := range []string{"PODIUM_GRPC_PORT_BASE", "PODIUM_DEV_MODE", "PODIUM_TOKEN_TTL", "PODIUM_LOG_LEVEL", "PODIUM_LOG_FORMAT", "PODIUM_LOGIN_MAX_FAILURES", "PODIUM_MAX_BODY_BYTES", "PODIUM_SERVICE_KEY", "PODIUM_TRUSTED_PROXIES", "PODIUM_LOGIN_MAX_GLOBAL_FAILURES"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error does not name %s:\n%v", name, err)
		}
	}
}

func TestPortBaseMovesEveryServiceAddress(t *testing.T) {
	t.Parallel()
	c, err := LoadFrom(env(map[string]string{"PODIUM_GRPC_PORT_BASE": "20000"}), true)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{c.AuthAddr, c.CompetitionAddr, c.ResultsAddr, c.PublicAddr}
	want := []string{"127.0.0.1:20001", "127.0.0.1:20002", "127.0.0.1:20003", "127.0.0.1:20004"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("addresses = %v, want %v", got, want)
		}
	}
}

func TestKeysAreRequiredOutsideDevMode(t *testing.T) {
	t.Parallel()
	c, err := LoadFrom(env(nil), false)
	if err != nil {
		t.Fatal(err)
	}
	if c.RequireSigningKey() == nil || c.RequireVerifyKey() == nil {
		t.Fatal("missing keys must be an error outside dev mode")
	}
	c.DevMode = true
	if c.RequireSigningKey() != nil || c.RequireVerifyKey() != nil {
		t.Fatal("dev mode may generate keys")
	}
}

func TestLogAttrsRedactSecrets(t *testing.T) {
	t.Parallel()
	c, err := LoadFrom(env(map[string]string{
		"PODIUM_DATABASE_URL":    "postgres://podium:hunter2@db:5432/podium",
		"PODIUM_JWT_PRIVATE_KEY": "-----BEGIN PRIVATE KEY-----secret",
	}), false)
	if err != nil {
		t.Fatal(err)
	}
	var line strings.Builder
	attrs := c.LogAttrs()
	for i := 0; i < len(attrs); i += 2 {
		line.WriteString(attrs[i].(string))
		line.WriteString("=")
		line.WriteString(strings.TrimSpace(toString(attrs[i+1])))
		line.WriteString(" ")
	}
	if strings.Contains(line.String(), "hunter2") || strings.Contains(line.String(), "secret") {
		t.Fatalf("secret leaked: %s", line.String())
	}
}

func toString(v any) string {
	if s, ok := v.(interface{ String() string }); ok {
		return s.String()
	}
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}

func TestHSTSIsOffUntilConfigured(t *testing.T) {
	t.Parallel()
	c, err := LoadFrom(env(nil), false)
	if err != nil {
		t.Fatal(err)
	}
	if c.HSTSMaxAge != 0 {
		t.Fatalf("HSTS on by default: %v", c.HSTSMaxAge)
	}
	c, err = LoadFrom(env(map[string]string{"PODIUM_HSTS_MAX_AGE": "8760h"}), false)
	if err != nil || c.HSTSMaxAge != 8760*time.Hour {
		t.Fatalf("PODIUM_HSTS_MAX_AGE=8760h: %v %v", c.HSTSMaxAge, err)
	}
	if _, err := LoadFrom(env(map[string]string{"PODIUM_HSTS_MAX_AGE": "a year"}), false); err == nil || !strings.Contains(err.Error(), "PODIUM_HSTS_MAX_AGE") {
		t.Fatalf("invalid PODIUM_HSTS_MAX_AGE not reported: %v", err)
	}
}

func TestMailSettings(t *testing.T) {
	t.Parallel()
	c, err := LoadFrom(env(nil), true)
	if err != nil || c.SMTPURL != "" || c.PublicURL != "http://localhost:8080" {
		t.Fatalf("defaults: %+v %v", c.PublicURL, err)
	}
	c, err = LoadFrom(env(map[string]string{"PODIUM_SMTP_URL": "smtp://mailer:s3cret@mail.example.org:587",
		"PODIUM_MAIL_FROM": "Podium <no-reply@example.org>", "PODIUM_PUBLIC_URL": "https://podium.example.org/"}), false)
	if err != nil || c.PublicURL != "https://podium.example.org" {
		t.Fatalf("set: %q %v", c.PublicURL, err)
	}
	if line := fmt.Sprint(c.LogAttrs()...); strings.Contains(line, "s3cret") {
		t.Fatalf("SMTP password logged: %s", line)
	}
	_, err = LoadFrom(env(map[string]string{"PODIUM_SMTP_URL": "http://mail.example.org", "PODIUM_MAIL_FROM": "nobody",
		"PODIUM_PUBLIC_URL": "podium.example.org"}), true)
	for _, name := range []string{"PODIUM_SMTP_URL", "PODIUM_MAIL_FROM", "PODIUM_PUBLIC_URL"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("bad %s not reported: %v", name, err)
		}
	}
	_, err = LoadFrom(env(map[string]string{"PODIUM_SMTP_URL": "smtp://mail.example.org"}), false)
	if err == nil || !strings.Contains(err.Error(), "PODIUM_PUBLIC_URL is required") || !strings.Contains(err.Error(), "PODIUM_MAIL_FROM is required") {
		t.Fatalf("production without From and public URL: %v", err)
	}
}
