// Package chaos holds Podium's slow fault and load tests (build tag chaos, `make chaos`).
//
// The suite starts its own PostgreSQL cluster and Redis server on free loopback ports, builds
// the podium binary and runs every target as its own process (distributed mode). Each
// scenario drives a bounded load generator against the gateway while it injects one fault —
// PostgreSQL restarted, Redis stopped, a target killed or sent SIGTERM, concurrent admins,
// login abuse across gateway replicas — and then checks that nothing acknowledged was lost
// and nothing was half-written. TestChaosSummary prints the table of what the suite held.
//
// Nothing here touches the machine's shared PostgreSQL (5432) or Redis (6379).
package chaos
