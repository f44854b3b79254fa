package publiccache

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// leaderboardLike is a division leaderboard's shape: 40 teams × 6 workouts of JSON (~50 KB).
func leaderboardLike() []byte {
	var b strings.Builder
	b.WriteString(`{"rows":[`)
	for t := 0; t < 40; t++ {
		if t > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"teamId":"0a1b2c3d-%04d-4e5f-8a9b-%012d","teamName":"Team %d Barbell Club","rank":%d,"points":%d,"scores":[`, t, t*7919, t, t+1, 600-7*t)
		for w := 0; w < 6; w++ {
			if w > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"workoutId":"9f8e7d6c-%04d-4b3a-9c8d-%012d","resultText":"%d reps","rank":%d,"points":%d,"status":"SCORED","published":true}`, w, w*104729, 100+3*t+w, (t+w)%40+1, 100-(t+w)%40)
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// A rebuilt answer is compressed with a reused compressor: a new one allocates ~800 KB, which
// made the garbage collector a fifth of a competition day's CPU time. The bytes must still be
// the answer, gzipped.
// serial: AllocsPerRun and MemStats count the whole process
func TestGzipBytesReusesItsCompressor(t *testing.T) {
	body := leaderboardLike()
	z := gzipBytes(body)
	zr, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(plain, body) {
		t.Fatalf("gzipBytes does not round-trip (err %v)", err)
	}
	if len(z) >= len(body)/4 {
		t.Errorf("%d bytes gzipped to %d: not compressed", len(body), len(z))
	}

	const runs = 200
	allocs := testing.AllocsPerRun(runs, func() { gzipBytes(body) })
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < runs; i++ {
		gzipBytes(body)
	}
	runtime.ReadMemStats(&after)
	perAnswer := (after.TotalAlloc - before.TotalAlloc) / runs
	if allocs > 10 || perAnswer > 64<<10 {
		t.Errorf("gzipBytes of a %d-byte answer: %.0f allocations, %d bytes allocated per answer; want at most 10 and 64 KB (a new compressor is ~800 KB)",
			len(body), allocs, perAnswer)
	}
}

func BenchmarkGzipAnswer(b *testing.B) {
	body := leaderboardLike()
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for i := 0; i < b.N; i++ {
		gzipBytes(body)
	}
}
