// Package chaos holds Podium's slow fault and load tests (build tag chaos, `make chaos`).
//
// The suite starts its own PostgreSQL cluster and Redis server on free loopback ports, builds
// the podium binary and runs every target as its own process (distributed mode). Each
// scenario drives a bounded load generator against the gateway while it injects one fault —
// PostgreSQL restarted, Redis stopped, a target killed or sent SIGTERM, concurrent admins,
// login abuse across gateway replicas — and then checks that nothing acknowledged was lost
// and nothing was half-written. Scenarios about PostgreSQL's own machinery run servers of
// their own beside the cluster (replication_test.go): a failover to a synchronous standby,
// a point-in-time restore from a base backup and archived WAL. TestChaosSummary prints the
// table of what the suite held. CI runs the suite after `make test` (.ci/run).
//
// Nothing here touches the machine's shared PostgreSQL (5432) or Redis (6379).
package chaos
