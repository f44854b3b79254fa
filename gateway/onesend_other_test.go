//go:build !linux

package gateway

import (
	"net"
	"testing"
)

// corked: there is no corking outside Linux.
func corked(*testing.T, net.Conn) bool { return false }
