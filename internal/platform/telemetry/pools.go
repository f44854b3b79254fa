package telemetry

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
)

// RegisterDatabasePool exposes the PostgreSQL pool's figures (pgxpool.Stat), read at scrape.
func (t *Telemetry) RegisterDatabasePool(pool *pgxpool.Pool) {
	gauge := func(name, help string, f func(*pgxpool.Stat) float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help},
			func() float64 { return f(pool.Stat()) })
	}
	counter := func(name, help string, f func(*pgxpool.Stat) float64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help},
			func() float64 { return f(pool.Stat()) })
	}
	t.Registry.MustRegister(
		gauge("podium_db_pool_connections_max", "Largest size of the PostgreSQL pool.",
			func(s *pgxpool.Stat) float64 { return float64(s.MaxConns()) }),
		gauge("podium_db_pool_connections_total", "Open PostgreSQL connections.",
			func(s *pgxpool.Stat) float64 { return float64(s.TotalConns()) }),
		gauge("podium_db_pool_connections_acquired", "PostgreSQL connections in use.",
			func(s *pgxpool.Stat) float64 { return float64(s.AcquiredConns()) }),
		gauge("podium_db_pool_connections_idle", "Idle PostgreSQL connections.",
			func(s *pgxpool.Stat) float64 { return float64(s.IdleConns()) }),
		counter("podium_db_pool_acquires_total", "Connections taken from the pool.",
			func(s *pgxpool.Stat) float64 { return float64(s.AcquireCount()) }),
		counter("podium_db_pool_acquire_waits_total", "Acquires that had to wait for a free connection.",
			func(s *pgxpool.Stat) float64 { return float64(s.EmptyAcquireCount()) }),
		counter("podium_db_pool_acquire_seconds_total", "Time spent acquiring connections.",
			func(s *pgxpool.Stat) float64 { return s.AcquireDuration().Seconds() }),
		counter("podium_db_pool_acquires_canceled_total", "Acquires canceled before a connection was free.",
			func(s *pgxpool.Stat) float64 { return float64(s.CanceledAcquireCount()) }),
	)
}

// RegisterRedisPool exposes the Redis client's pool figures, read at scrape.
func (t *Telemetry) RegisterRedisPool(rdb *redis.Client) {
	gauge := func(name, help string, f func(*redis.PoolStats) float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help},
			func() float64 { return f(rdb.PoolStats()) })
	}
	counter := func(name, help string, f func(*redis.PoolStats) float64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help},
			func() float64 { return f(rdb.PoolStats()) })
	}
	t.Registry.MustRegister(
		gauge("podium_redis_pool_connections_total", "Open Redis connections.",
			func(s *redis.PoolStats) float64 { return float64(s.TotalConns) }),
		gauge("podium_redis_pool_connections_idle", "Idle Redis connections.",
			func(s *redis.PoolStats) float64 { return float64(s.IdleConns) }),
		counter("podium_redis_pool_hits_total", "Redis commands that found a free pooled connection.",
			func(s *redis.PoolStats) float64 { return float64(s.Hits) }),
		counter("podium_redis_pool_misses_total", "Redis commands that had to open a connection.",
			func(s *redis.PoolStats) float64 { return float64(s.Misses) }),
		counter("podium_redis_pool_timeouts_total", "Redis commands that waited for a connection in vain.",
			func(s *redis.PoolStats) float64 { return float64(s.Timeouts) }),
	)
}
