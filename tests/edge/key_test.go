package edge

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	_ "github.com/podium-dev/podium/gen/go/podium/public/v1" // the public views' requests
	"github.com/podium-dev/podium/tests/security"
)

// The edge keeps a public answer under the parameters public views read and no others (so a
// random `?cb=` shares the copy): every query parameter of every public GET in
// proto/http.yaml, in both spellings the gateway accepts, is part of its key.
func TestEdgeKeyNamesEveryParameterAPublicViewReads(t *testing.T) {
	t.Parallel()
	key := edgeCacheKey(t)
	routes, err := security.Routes()
	if err != nil {
		t.Fatal(err)
	}
	pathVar := regexp.MustCompile(`\{([a-z_]+)`)
	checked := 0
	for _, r := range routes {
		if r.Method != "GET" || !strings.HasPrefix(r.Path, "/api/public/") {
			continue
		}
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(r.Selector))
		if err != nil {
			t.Fatalf("%s: %v", r.Selector, err)
		}
		var inPath []string
		for _, m := range pathVar.FindAllStringSubmatch(r.Path, -1) {
			inPath = append(inPath, m[1])
		}
		fields := d.(protoreflect.MethodDescriptor).Input().Fields()
		for i := range fields.Len() {
			f := fields.Get(i)
			if slices.Contains(inPath, string(f.Name())) {
				continue
			}
			checked++
			for _, name := range []string{f.JSONName(), string(f.Name())} {
				if !strings.Contains(key, "$arg_"+name+"$") && !strings.Contains(key, "$arg_"+name+"&") && !strings.Contains(key, "$arg_"+name+" ") {
					t.Errorf("GET %s reads ?%s; the edge's key (podium-edge.conf.template) lacks $arg_%s", r.Path, name, name)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no query parameter of a public view found: the routes were not read")
	}
}

// edgeCacheKey is the proxy_cache_key of the shipped edge's public JSON.
func edgeCacheKey(t *testing.T) string {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "k8s", "components", "edge", "podium-edge.conf.template"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if strings.Contains(line, "proxy_cache_key") && strings.Contains(line, "$uri?") {
			return line
		}
	}
	t.Fatal("no proxy_cache_key of the public JSON in the edge's template")
	return ""
}
