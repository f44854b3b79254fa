package publicsvc

import (
	"container/list"
	"sync"

	"google.golang.org/protobuf/proto"
)

// decodedViews keeps the views this process last read from Redis or built, decoded, under
// their Redis keys, with the digest of their encoding (docs/operations.md, "Caching"). A key
// names the event's versions (or, for a view, the digest of its sources), and a value under it
// was built after they were read, so what one key holds never needs replacing: a request that
// read the same versions may be answered with the same message, as from Redis, without
// fetching and decoding its bytes again. On a competition day every fetch and every check of
// the gateway reaches public-svc, and decoding the views was a sixth of the day's protobuf
// and Redis work. The messages are shared: never changed (viewCache.view).
type decodedViews struct {
	mu       sync.Mutex
	byKey    map[string]*list.Element
	order    *list.List // of *decodedView, least recently used first
	bytes    int        // their encoded sizes
	maxBytes int
	maxViews int
}

type decodedView struct {
	key    string
	msg    proto.Message
	digest string // of its encoding (digestOf)
	size   int
}

// Bounds of decodedViews: about 3 decoded bytes per encoded one, so ~100 MB at most.
const (
	decodedMaxBytes = 32 << 20
	decodedMaxViews = 4096
)

func newDecodedViews(maxBytes, maxViews int) *decodedViews {
	return &decodedViews{byKey: map[string]*list.Element{}, order: list.New(), maxBytes: maxBytes, maxViews: maxViews}
}

func (d *decodedViews) get(key string) (*decodedView, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	el, ok := d.byKey[key]
	if !ok {
		return nil, false
	}
	d.order.MoveToBack(el)
	return el.Value.(*decodedView), true
}

// put keeps msg, whose encoding is size bytes with digest, under key; a view larger than an
// eighth of the bound is not kept.
func (d *decodedViews) put(key string, msg proto.Message, digest string, size int) {
	if size > d.maxBytes/8 {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.byKey[key]; ok {
		return
	}
	d.byKey[key] = d.order.PushBack(&decodedView{key: key, msg: msg, digest: digest, size: size})
	d.bytes += size
	for d.bytes > d.maxBytes || len(d.byKey) > d.maxViews {
		oldest := d.order.Remove(d.order.Front()).(*decodedView)
		delete(d.byKey, oldest.key)
		d.bytes -= oldest.size
	}
}
