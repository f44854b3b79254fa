package gateway

import (
	"net"
	"syscall"
	"testing"
)

// corked reads TCP_CORK of the server's side of a connection.
func corked(t *testing.T, c net.Conn) bool {
	t.Helper()
	raw, err := c.(*net.TCPConn).SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var v int
	var getErr error
	if err := raw.Control(func(fd uintptr) {
		v, getErr = syscall.GetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_CORK)
	}); err != nil || getErr != nil {
		t.Fatal(err, getErr)
	}
	return v != 0
}
