// Command run-edge runs the shipped edge (nginx from k8s/components/edge's template, as the edge
// tests run it) in front of a gateway until it is stopped: for benchmarks and the day simulator.
//
//	run-edge -dir /tmp/edge -listen 127.0.0.1:8090 -upstream 127.0.0.1:8080 -workers 1
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/podium-dev/podium/tests/edge"
)

func main() {
	dir := flag.String("dir", "", "nginx's prefix directory (config, logs, cache); must exist")
	listen := flag.String("listen", "127.0.0.1:8090", "address the edge listens on")
	upstream := flag.String("upstream", "127.0.0.1:8080", "the gateway, host:port")
	workers := flag.Int("workers", 1, "nginx worker processes")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "run-edge: -dir is required")
		os.Exit(2)
	}
	e, err := edge.Launch(*dir, *listen, *upstream, *workers)
	if err != nil {
		fmt.Fprintln(os.Stderr, "run-edge:", err)
		os.Exit(1)
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	<-stop
	e.Stop()
}
