package edge

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/internal/platform/porttest"
)

// Edge is a running nginx configured from the shipped edge template.
type Edge struct {
	URL string
	Dir string // its prefix: config, logs (access.log carries the cache status), cache
	cmd *exec.Cmd
}

// Template is the shipped edge configuration, relative to this package.
const Template = "../../k8s/components/edge/podium-edge.conf.template"

var variable = regexp.MustCompile(`\$\{([A-Z_]+)\}`)

// Render fills the template's ${VARIABLES} as the nginx image's envsubst step does, failing on
// a variable it was not given (envsubst would leave it empty, silently).
func Render(template string, vars map[string]string) (string, error) {
	var missing []string
	out := variable.ReplaceAllStringFunc(template, func(m string) string {
		name := variable.FindStringSubmatch(m)[1]
		v, ok := vars[name]
		if !ok {
			missing = append(missing, name)
		}
		return v
	})
	if len(missing) > 0 {
		return "", fmt.Errorf("edge template: no value for %s", strings.Join(missing, ", "))
	}
	return out, nil
}

// Launch starts nginx in dir, listening on listen (host:port) in front of upstream (host:port),
// with workers nginx worker processes. The template's own text decides everything else.
func Launch(dir, listen, upstream string, workers int) (*Edge, error) {
	nginx, err := exec.LookPath("nginx")
	if err != nil {
		if nginx, err = exec.LookPath("/usr/sbin/nginx"); err != nil {
			return nil, errors.New("nginx is not installed (Debian: apt-get install nginx-light)")
		}
	}
	tmpl, err := os.ReadFile(templatePath())
	if err != nil {
		return nil, err
	}
	site, err := Render(string(tmpl), map[string]string{
		"PODIUM_EDGE_LISTEN":    listen,
		"PODIUM_EDGE_UPSTREAM":  upstream,
		"PODIUM_EDGE_CACHE_DIR": filepath.Join(dir, "cache"),
	})
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "podium-edge.conf"), []byte(site), 0o644); err != nil {
		return nil, err
	}
	// The frame the nginx image gives the template: an http block, logs and temp paths here.
	var main bytes.Buffer
	if os.Geteuid() == 0 {
		main.WriteString("user root;\n") // the workers must reach this directory
	}
	fmt.Fprintf(&main, `worker_processes %d;
daemon off;
pid %[2]s/nginx.pid;
error_log %[2]s/error.log warn;
events { worker_connections 4096; }
http {
    log_format edge '$request_uri $status $upstream_cache_status $request_id $upstream_http_x_request_id';
    access_log %[2]s/access.log edge;
    client_body_temp_path %[2]s/tmp-body;
    proxy_temp_path %[2]s/tmp-proxy;
    fastcgi_temp_path %[2]s/tmp-fastcgi;
    uwsgi_temp_path %[2]s/tmp-uwsgi;
    scgi_temp_path %[2]s/tmp-scgi;
    include %[2]s/podium-edge.conf;
}
`, workers, dir)
	conf := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(conf, main.Bytes(), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(nginx, "-p", dir, "-c", conf)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &Edge{URL: "http://" + listen, Dir: dir, cmd: cmd}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", listen); err == nil {
			c.Close()
			return e, nil
		}
		if time.Now().After(deadline) {
			e.Stop()
			log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			return nil, fmt.Errorf("nginx did not listen on %s within 10 s: %s", listen, log)
		}
	}
}

// Stop ends nginx and its workers.
func (e *Edge) Stop() {
	_ = e.cmd.Process.Signal(os.Interrupt) // nginx's fast shutdown (SIGINT) ends the workers too
	done := make(chan struct{})
	go func() { _ = e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = e.cmd.Process.Kill()
	}
}

// StartEdge runs an edge in front of upstream until the test ends.
func StartEdge(t testing.TB, upstream string) *Edge {
	t.Helper()
	listen := porttest.Addr(t)
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	e, err := Launch(dir, listen, upstream, 1)
	if err != nil {
		t.Fatalf("edge: %v", err)
	}
	t.Cleanup(e.Stop)
	return e
}

func templatePath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), Template)
}
