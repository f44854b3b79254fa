package resultssvc

import (
	"slices"
	"sync"

	"github.com/podium-dev/podium/results-svc/store"
)

// cellGate queues this process's writers of the same cells in memory before they open their
// transaction. The cells' advisory locks (store.LockCells) still order writers across
// replicas; the gate keeps writers that would only wait for a lock from holding a database
// connection meanwhile. It matters since a first result is raised at competition-svc while its
// change holds the cells' locks (count_feed.go): in one process on one pool (`podium all`, the
// tests), a heat's judges saving into one cell at once could otherwise take every connection,
// waiting for the one writer that waits for competition-svc to find a connection.
type cellGate struct {
	stripes [cellGateStripes]sync.Mutex
}

// cellGateStripes bounds the mutexes; two cells on one stripe only take turns.
const cellGateStripes = 1024

// enter takes the stripes of cells in ascending order (so two writers cannot wait for each
// other) and returns the function that releases them.
func (g *cellGate) enter(cells []store.Cell) (leave func()) {
	var stripes []int
	for _, k := range store.CellLockKeys(cells) {
		stripes = append(stripes, int(uint64(k)%cellGateStripes))
	}
	slices.Sort(stripes)
	stripes = slices.Compact(stripes)
	for _, i := range stripes {
		g.stripes[i].Lock()
	}
	return func() {
		for _, i := range slices.Backward(stripes) {
			g.stripes[i].Unlock()
		}
	}
}
