package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/podium-dev/podium/cmd/podium/targets"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/config"
	"github.com/podium-dev/podium/internal/platform/gctune"
	"github.com/podium-dev/podium/internal/platform/pg"
	"github.com/podium-dev/podium/internal/platform/pushq"
	"github.com/podium-dev/podium/internal/platform/svcauth"
	"github.com/podium-dev/podium/internal/platform/telemetry"
)

func run(ctx context.Context, command string, args []string) error {
	switch command {
	case "all":
		rt, err := newRuntime(true)
		if err != nil {
			return err
		}
		rt.SharePool(targets.All)
		// `podium all` is the local default: it brings its database up to date first.
		if err := migrate(ctx, rt); err != nil {
			return err
		}
		return targets.Serve(ctx, rt, targets.All, func(name string) string { return serviceAddr(rt.Cfg, name) })
	case targets.Gateway, targets.Auth, targets.Competition, targets.Results, targets.Public:
		rt, err := newRuntime(false)
		if err != nil {
			return err
		}
		return targets.Serve(ctx, rt, []string{command}, func(string) string { return rt.Cfg.GRPCListen })
	case "migrate":
		rt, err := newRuntime(false)
		if err != nil {
			return err
		}
		defer rt.Close()
		return migrate(ctx, rt)
	case "admin":
		if len(args) == 0 || args[0] != "create" {
			return errors.New("usage: podium admin create --username U [--generate-password] [--if-none]")
		}
		return createAdmin(ctx, args[1:])
	case "keys":
		return printKeys(os.Stdout)
	case "service-key":
		key, err := svcauth.GenerateKey()
		if err != nil {
			return err
		}
		fmt.Println(key)
		return nil
	case "vapid-keys":
		public, private, err := pushq.GenerateKeys()
		if err != nil {
			return err
		}
		fmt.Printf("PODIUM_VAPID_PUBLIC_KEY=%s\nPODIUM_VAPID_PRIVATE_KEY=%s\n", public, private)
		return nil
	case "help", "-h", "--help":
		fmt.Print(usage)
		return nil
	}
	return fmt.Errorf("unknown command %q\n\n%s", command, usage)
}

func newRuntime(devDefault bool) (*targets.Runtime, error) {
	cfg, err := config.Load(devDefault)
	if err != nil {
		return nil, err
	}
	log := newLogger(cfg)
	log.Info("configuration", cfg.LogAttrs()...)
	gc := gctune.Apply()
	log.Info("garbage collector", "gcPercentSet", gc.Percent, "memoryLimitSet", gc.MemoryLimit)
	rt := targets.NewRuntime(cfg, log)
	if cfg.OTLPEndpoint != "" {
		exporter, err := telemetry.OTLPExporter(context.Background(), cfg.OTLPEndpoint)
		if err != nil {
			return nil, err
		}
		rt.Telemetry = telemetry.New(exporter)
		log.Info("tracing on", "otlpEndpoint", cfg.OTLPEndpoint)
	}
	return rt, nil
}

func newLogger(cfg config.Config) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, opts))
}

// serviceAddr is where a service listens in `podium all`: the address the others dial.
func serviceAddr(cfg config.Config, name string) string {
	return map[string]string{
		targets.Auth: cfg.AuthAddr, targets.Competition: cfg.CompetitionAddr,
		targets.Results: cfg.ResultsAddr, targets.Public: cfg.PublicAddr,
	}[name]
}

func migrate(ctx context.Context, rt *targets.Runtime) error {
	if err := pg.EnsureDatabase(ctx, rt.Cfg.DatabaseURL); err != nil {
		return err
	}
	pool, err := rt.Pool(ctx)
	if err != nil {
		return err
	}
	if err := pg.Migrate(ctx, pool, targets.Migrations()...); err != nil {
		return err
	}
	rt.Log.Info("database migrated")
	return nil
}

func createAdmin(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	username := fs.String("username", "", "the administrator's username")
	generate := fs.Bool("generate-password", false, "generate a password when PODIUM_ADMIN_PASSWORD is unset, and print it")
	ifNone := fs.Bool("if-none", false, "do nothing when an administrator exists already")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *username == "" {
		return errors.New("admin create: --username is required")
	}
	rt, err := newRuntime(false)
	if err != nil {
		return err
	}
	defer rt.Close()
	svc, err := targets.AuthService(ctx, rt)
	if err != nil {
		return err
	}
	if *ifNone {
		exists, err := svc.HasAdmins(ctx)
		if err != nil {
			return err
		}
		if exists {
			fmt.Println("An administrator exists already; none created.")
			return nil
		}
	}
	password, generated, err := adminPassword(*generate)
	if err != nil {
		return err
	}
	if err := svc.CreateAdmin(ctx, *username, password); err != nil {
		var e *apperr.Error
		if errors.As(err, &e) {
			return errors.New(e.Message)
		}
		return err
	}
	if generated {
		fmt.Printf("Created administrator %q with password: %s\n", *username, password)
	} else {
		fmt.Printf("Created administrator %q.\n", *username)
	}
	return nil
}

func adminPassword(generate bool) (password string, generated bool, err error) {
	if p := os.Getenv("PODIUM_ADMIN_PASSWORD"); p != "" {
		return p, false, nil
	}
	if generate {
		b := make([]byte, 15)
		rand.Read(b) // never fails
		return base64.RawURLEncoding.EncodeToString(b), true, nil
	}
	line, err := bufio.NewReader(os.Stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", false, fmt.Errorf("read password from standard input: %w", err)
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return "", false, errors.New("admin create: no password: set PODIUM_ADMIN_PASSWORD, pipe one on standard input, or pass --generate-password")
	}
	return line, false, nil
}

func printKeys(w io.Writer) error {
	keys, err := authn.GenerateKeys()
	if err != nil {
		return err
	}
	priv, pub, err := keys.EncodePEM()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s%s", priv, pub)
	return err
}
