// Command podium runs Podium: one binary, one subcommand per target.
//
//	podium all                     every target in one process (local default; dev mode)
//	podium gateway|auth|competition|results|public
//	podium migrate                 create the database if needed and apply every migration
//	podium admin create --username U [--generate-password] [--if-none]
//	podium keys                    print a new Ed25519 token key pair (PEM)
//	podium service-key             print a new service key (PODIUM_SERVICE_KEY)
//	podium vapid-keys              print a new Web Push key pair (PODIUM_VAPID_*)
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

const usage = `usage: podium <command>

commands:
  all                      run every target in one process (dev mode unless PODIUM_DEV_MODE=false)
  gateway | auth | competition | results | public
                           run one target
  migrate                  create the database if missing and apply every schema's migrations
  admin create --username U [--generate-password] [--if-none]
                           create an administrator; the password comes from
                           PODIUM_ADMIN_PASSWORD, else standard input, else is generated
  keys                     print a new Ed25519 key pair for PODIUM_JWT_PRIVATE_KEY / _PUBLIC_KEY
  service-key              print a new key for PODIUM_SERVICE_KEY (the same for every target)
  vapid-keys               print a new Web Push key pair for PODIUM_VAPID_PUBLIC_KEY / _PRIVATE_KEY
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1], os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "podium:", err)
		os.Exit(1)
	}
}
