package gateway

import "syscall"

// corkOn and corkOff set TCP_CORK on a socket; made once, as a closure made per call would
// cost an allocation per answer.
var corkOn, corkOff = setCork(1), setCork(0)

func setCork(v int) func(fd uintptr) {
	return func(fd uintptr) {
		syscall.SetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_CORK, v) //nolint:errcheck // best effort: without it, two sends
	}
}
