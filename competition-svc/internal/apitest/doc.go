// Package apitest is the one fixture of competition-svc's tests, used by every domain's
// _test files (and by nothing else: tests/boundaries fails on a non-test import of it).
//
// Two ways in, by what a test talks to:
//   - the whole stack in-process behind the real gateway (cmd/podium/targets/stacktest's
//     Start; stack.go's StartWithMail and MailStack add a Mailpit), spoken to over HTTP
//     (Decode, WantError; people.go: Staff, Athlete, Pair), for the API tests;
//   - competition-svc's Server beside the real results-svc on loopback gRPC (services.go:
//     NewServices), for the use-case tests that call the RPCs directly and count the calls
//     between the two services.
//
// It sits in competition-svc's internal/ so only competition-svc's tests reach it, and it
// may import the binary's wiring and results-svc because it is test-only
// (docs/architecture.md, "Tests").
package apitest
