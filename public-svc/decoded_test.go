package publicsvc

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/internal/platform/pgtest"
)

// A view read under the same versions again is the message already decoded: no Redis read,
// no build. New versions are a new key, read afresh.
func TestCacheKeepsDecodedViewsByVersions(t *testing.T) {
	t.Parallel()
	rdb := pgtest.NewRedis(t)
	v := &testVersions{}
	c := newViewCache(rdb, pgtest.Namespace(t, rdb), testBuildWait, v.read, quiet)
	event := newToken()
	key := func() string { return c.viewKey(event, versions{comp: v.comp.Load()}.tag(), "test:x") }
	// Another replica built the view: this process reads and decodes it once.
	if err := rdb.Set(context.Background(), key(), mustMarshal(t, wrapperspb.String("v0")), viewTTL).Err(); err != nil {
		t.Fatal(err)
	}
	cmds := watch(rdb)
	var calls atomic.Int64
	for range 3 {
		if got := readView(t, c, event, slowBuilder(&calls, "built")); got != "v0" {
			t.Fatalf("got %q, want the stored v0", got)
		}
	}
	if n := cmds.count("get", key()); n != 1 || calls.Load() != 0 {
		t.Errorf("3 reads under one key: %d Redis reads and %d builds, want 1 and 0", n, calls.Load())
	}

	v.comp.Add(1) // a change: the next read names the new versions
	if got := readView(t, c, event, slowBuilder(&calls, "v1")); got != "v1" {
		t.Fatalf("after a change: got %q, want the rebuilt v1", got)
	}
	if got := readView(t, c, event, slowBuilder(&calls, "again")); got != "v1" || calls.Load() != 1 {
		t.Errorf("after a change: got %q with %d builds, want v1 built once", got, calls.Load())
	}
}

func TestDecodedViewsStayWithinBounds(t *testing.T) {
	t.Parallel()
	d := newDecodedViews(800, 3)
	for i := range 5 {
		d.put(fmt.Sprint(i), wrapperspb.Int32(int32(i)), "", 100)
	}
	if _, ok := d.get("0"); ok {
		t.Error("kept 5 views, bound 3")
	}
	if m, ok := d.get("4"); !ok || m.msg.(*wrapperspb.Int32Value).GetValue() != 4 {
		t.Errorf("the newest view is gone: %v %v", m, ok)
	}
	d.get("2") // used: the least recently used is now 3
	d.put("5", wrapperspb.Int32(5), "", 100)
	if _, ok := d.get("3"); ok {
		t.Error("the least recently used view outlived the bound")
	}
	if _, ok := d.get("2"); !ok {
		t.Error("a recently used view went before the least recently used one")
	}

	bytes := newDecodedViews(800, 100)
	for i := range 10 {
		bytes.put(fmt.Sprint(i), wrapperspb.Int32(int32(i)), "", 100)
	}
	if bytes.bytes > 800 || len(bytes.byKey) != 8 {
		t.Errorf("%d bytes in %d views, want 8 views within 800 bytes", bytes.bytes, len(bytes.byKey))
	}
	bytes.put("big", wrapperspb.Int32(7), "", 101) // over an eighth of the bound: not kept
	if _, ok := bytes.get("big"); ok {
		t.Error("kept a view larger than an eighth of the bound")
	}
}
