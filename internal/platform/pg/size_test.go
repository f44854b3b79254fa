package pg

import (
	"runtime"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Services sharing a pool get pgx's default size each; a size in the URL stays as it is.
func TestSizeForSharedPools(t *testing.T) {
	t.Parallel()
	one := int32(max(4, runtime.NumCPU())) // pgx's default
	for _, c := range []struct {
		url      string
		services int
		want     int32
	}{
		{"postgres://podium@db/podium", 1, one},
		{"postgres://podium@db/podium", 3, 3 * one},
		{"postgres://podium@db/podium?sslmode=disable&pool_max_conns=7", 3, 7},
		{"host=db user=podium pool_max_conns=9", 3, 9},
	} {
		cfg, err := pgxpool.ParseConfig(c.url)
		if err != nil {
			t.Fatal(err)
		}
		SizeFor(c.url, c.services)(cfg)
		if cfg.MaxConns != c.want {
			t.Errorf("%s shared by %d: %d connections, want %d", c.url, c.services, cfg.MaxConns, c.want)
		}
	}
}
