// Package setup tests what `make run` does on a machine before Podium runs.
package setup

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// On a machine without PostgreSQL and Redis, where the script cannot install them (no
// apt-get here), scripts/services.sh says in one line what to install and fails, instead of
// failing on a command it does not find.
func TestServicesScriptSaysWhatToInstall(t *testing.T) {
	t.Parallel()
	bin := t.TempDir() // a PATH with the shell's basic tools only: no database, no apt-get
	for _, tool := range []string{"bash", "ls", "head", "id", "seq", "sleep"} {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("%s: %v", tool, err)
		}
		if err := os.Symlink(p, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	script, err := filepath.Abs("../../scripts/services.sh")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(bin, "bash"), script)
	cmd.Env = []string{"PATH=" + bin, "PODIUM_SERVICES_PG_PORT=1", "PODIUM_SERVICES_REDIS_PORT=2"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("exit %v, want 1; stderr:\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	want := "install postgresql redis-server (Debian: sudo apt-get install postgresql redis-server)"
	if len(lines) != 1 || !strings.Contains(lines[0], want) {
		t.Fatalf("stderr %q, want one line saying %q", stderr.String(), want)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout %q", stdout.String())
	}
}
