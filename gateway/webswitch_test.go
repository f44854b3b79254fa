package gateway

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// writeBuild writes a finished web build under web/.builds/name: an index.html that names its
// script, and the script.
func writeBuild(t *testing.T, web, name string) string {
	t.Helper()
	dir := filepath.Join(web, ".builds", name)
	if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	index := fmt.Sprintf("<!doctype html><html><head><script src=\"/assets/%s.js\"></script></head><body>%s</body></html>", name, strings.Repeat("x", 4096))
	if err := os.WriteFile(filepath.Join(dir, "assets", name+".js"), []byte("console.log('"+name+"')"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	return ".builds/" + name
}

func switchWeb(web, build string) ([]byte, error) {
	return exec.Command("../scripts/switch-web.sh", web, build).CombinedOutput()
}

// make build switches web/dist to a finished build in one rename: a gateway serving web/dist
// all the while answers every page load with a whole index.html and its script, never "not
// built" or a half-written app.
func TestWebBuildSwitchesAtomicallyUnderLoad(t *testing.T) {
	t.Parallel()
	web := t.TempDir()
	// A dist written in place, as before builds were switched, is taken over.
	if err := os.MkdirAll(filepath.Join(web, "dist"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(web, "dist", "index.html"), []byte("<html>in place</html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := switchWeb(web, writeBuild(t, web, "b000")); err != nil {
		t.Fatalf("switch: %v %s", err, out)
	}
	srv := httptest.NewServer(newWebApp(filepath.Join(web, "dist"), nil, nil))
	defer srv.Close()

	var loads, bad atomic.Int64
	var firstBad atomic.Value
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if problem := loadPage(srv.URL); problem != "" {
					bad.Add(1)
					firstBad.CompareAndSwap(nil, problem)
				}
				loads.Add(1)
			}
		}()
	}
	for i := 1; i <= 30; i++ {
		if out, err := switchWeb(web, writeBuild(t, web, fmt.Sprintf("b%03d", i))); err != nil {
			t.Fatalf("switch %d: %v %s", i, err, out)
		}
		time.Sleep(5 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	if bad.Load() > 0 {
		t.Fatalf("%d of %d page loads failed during the switches; the first: %s", bad.Load(), loads.Load(), firstBad.Load())
	}
	if loads.Load() < 100 {
		t.Fatalf("only %d page loads during the switches", loads.Load())
	}
	// The current and the previous build stay; older ones are gone.
	left, _ := filepath.Glob(filepath.Join(web, ".builds", "*"))
	if len(left) != 2 || filepath.Base(left[0]) != "b029" || filepath.Base(left[1]) != "b030" {
		t.Errorf("builds left: %v", left)
	}
	// A build without index.html is refused and changes nothing.
	if err := os.MkdirAll(filepath.Join(web, ".builds", "half"), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := switchWeb(web, ".builds/half"); err == nil || !strings.Contains(string(out), "has no index.html") {
		t.Errorf("a half build: %v %s", err, out)
	}
	if target, _ := os.Readlink(filepath.Join(web, "dist")); target != ".builds/b030" {
		t.Errorf("dist → %q after a refused switch", target)
	}
}

// loadPage loads / and the script it names, as a browser would; "" when both are whole.
func loadPage(base string) string {
	page, status := fetchText(base + "/")
	if status != http.StatusOK || !strings.HasSuffix(page, "</body></html>") {
		return fmt.Sprintf("GET / → %d %.60q", status, page)
	}
	_, src, ok := strings.Cut(page, `src="`)
	src, _, _ = strings.Cut(src, `"`)
	if !ok {
		return "index without a script"
	}
	if script, status := fetchText(base + src); status != http.StatusOK || !strings.HasPrefix(script, "console.log") {
		return fmt.Sprintf("GET %s → %d", src, status)
	}
	return ""
}

func fetchText(url string) (string, int) {
	resp, err := http.Get(url)
	if err != nil {
		return err.Error(), 0
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body), resp.StatusCode
}
