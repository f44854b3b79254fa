// Package compose checks docker-compose.yml offline: it loads the file with the Compose
// specification's own loader (schema, interpolation, references), since no Docker engine runs
// where the tests do.
package compose

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"
)

const file = "../../docker-compose.yml"

func load(t *testing.T, env map[string]string) (*types.Project, error) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(filepath.Dir(file))
	if err != nil {
		t.Fatal(err)
	}
	return loader.LoadWithContext(context.Background(), types.ConfigDetails{
		WorkingDir:  abs,
		ConfigFiles: []types.ConfigFile{{Filename: file, Content: raw}},
		Environment: maps.Clone(env), // the loader adds its own variables
	}, func(o *loader.Options) { o.SetProjectName("podium", true) })
}

var secrets = map[string]string{
	"POSTGRES_PASSWORD": "p", "PODIUM_JWT_PRIVATE_KEY": "k", "PODIUM_JWT_PUBLIC_KEY": "k", "PODIUM_SERVICE_KEY": "k",
}

func TestComposeFileIsValid(t *testing.T) {
	t.Parallel()
	p, err := load(t, secrets)
	if err != nil {
		t.Fatalf("docker-compose.yml: %v", err)
	}
	var published []string
	for name, s := range p.Services {
		if len(s.Ports) > 0 {
			published = append(published, name)
		}
		if name != "postgres" && name != "redis" && name != "migrate" && (!s.ReadOnly || !slices.Contains(s.CapDrop, "ALL")) {
			t.Errorf("%s: not read-only with every capability dropped", name)
		}
	}
	if !slices.Equal(published, []string{"edge"}) {
		t.Errorf("services publishing a port: %v; want only the edge", published)
	}
	edge := p.Services["edge"]
	if len(edge.Volumes) != 1 {
		t.Fatalf("edge volumes: %+v", edge.Volumes)
	}
	if _, err := os.Stat(edge.Volumes[0].Source); err != nil {
		t.Errorf("the edge mounts a template that does not exist: %v", err)
	}
	for _, name := range []string{"PODIUM_EDGE_LISTEN", "PODIUM_EDGE_UPSTREAM", "PODIUM_EDGE_CACHE_DIR"} {
		if v := edge.Environment[name]; v == nil || *v == "" {
			t.Errorf("edge: %s not set", name)
		}
	}
}

// No secret has a default: without one, the file refuses to load.
func TestComposeRequiresEverySecret(t *testing.T) {
	t.Parallel()
	for name := range secrets {
		env := map[string]string{}
		for k, v := range secrets {
			if k != name {
				env[k] = v
			}
		}
		if _, err := load(t, env); err == nil {
			t.Errorf("loaded without %s", name)
		}
	}
}
