//go:build !linux

package gateway

// TCP_CORK is Linux's: elsewhere answers are written as they are.
var corkOn, corkOff func(fd uintptr)
