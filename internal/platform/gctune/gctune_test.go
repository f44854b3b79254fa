package gctune

import "testing"

func TestMemoryLimitIsAShareOfTheContainers(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]int64{
		"536870912\n": 483183820, // 512 MiB
		"max\n":       0,
		"":            0,
		"0\n":         0,
		"-1":          0,
	} {
		if got := memoryLimit(in); got != want {
			t.Errorf("memoryLimit(%q) = %d, want %d", in, got, want)
		}
	}
}
