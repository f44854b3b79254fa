// The web app holds no Go code. This file makes web/ a module of its own so that the podium
// module's ./... stops at it: npm packages may ship Go files (flatted does), and `go test ./...`
// and `go vet ./...` would otherwise build and run them.
module github.com/podium-dev/podium/web

go 1.26.7
