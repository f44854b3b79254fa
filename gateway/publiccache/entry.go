package publiccache

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"crypto/sha256"
	"encoding/base64"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// A kept answer of the public cache (cache.go): its encodings, ETags and the
// request headers that choose between them.

// Entry is one encoded answer. Its header values are built once and shared by every
// response that serves it (net/http only reads them).
type Entry struct {
	key         string
	body, gz    []byte
	etag, etagZ string // quoted; etagZ is the gzipped representation's
	hETag       []string
	hETagZ      []string
	hLen, hLenZ []string
	contentType []string
	disposition []string // Content-Disposition of a download, else nil
	route       string   // the route template, for metrics of answers served from memory
	event       string   // the event whose changes drop it (cache.AllEvents: any event's)
	// seq is the latest change of the event the answer is known to hold, when seqKnown, and
	// hSeq its ChangeHeader value (change.go).
	seq      int64
	seqKnown bool
	hSeq     []string
	expires  int64 // unix nanoseconds
	// sources is the digest of the sources it was built from, when public-svc named one:
	// the entry may then be renewed (renew.go) until publicMaxRenewed after fetched.
	sources string
	fetched int64 // unix nanoseconds
	elem    *list.Element
}

func (e *Entry) size() int64 { return int64(len(e.body) + len(e.gz) + len(e.key) + 256) }

// newPublicEntry keeps rec's body as it is (no copy: a recorder is done with once its answer
// is kept).
func newPublicEntry(key string, rec *recorder, expires int64, event string) *Entry {
	body := rec.body.Bytes()
	sum := sha256.Sum256(body)
	tag := base64.RawURLEncoding.EncodeToString(sum[:18])
	e := &Entry{
		key: key, body: body, expires: expires, fetched: time.Now().UnixNano(),
		etag: `"` + tag + `"`, etagZ: `"` + tag + `-gz"`,
		contentType: rec.contentType(),
		disposition: rec.header.Values("Content-Disposition"),
		route:       rec.route,
		event:       strings.ToLower(event),
	}
	e.hETag, e.hETagZ = []string{e.etag}, []string{e.etagZ}
	e.hLen = []string{strconv.Itoa(len(body))}
	if len(body) >= gzipMinBytes {
		if z := gzipBytes(body); len(z) < len(body) {
			e.gz = z
			e.hLenZ = []string{strconv.Itoa(len(z))}
		}
	}
	return e
}

// answerGzipLevel is the compression of the public answers. They are rebuilt after every
// public change of their event (a heat published every few seconds on a competition day), so
// many copies are compressed more often than they are read twice: level 2 takes about half the CPU time of the default level for 3–5 % more bytes
// on a division leaderboard (docs/operations.md, "The hot path").
const answerGzipLevel = 2

// gzipWriters are reused: a new flate compressor allocates about 800 KB, which on a day of
// changing boards made the garbage collector a fifth of the process's CPU time. One per CPU
// (as many as can compress at once) is kept for good, not in a sync.Pool: a garbage
// collection empties a pool, and on a day of misses (a few hundred KB of garbage each) that
// came often enough to make a new compressor for every other answer.
var gzipWriters = make(chan *gzip.Writer, runtime.GOMAXPROCS(0))

func gzipBytes(b []byte) []byte {
	buf := bytes.NewBuffer(make([]byte, 0, len(b)/4+64))
	var zw *gzip.Writer
	select {
	case zw = <-gzipWriters:
		zw.Reset(buf)
	default:
		zw, _ = gzip.NewWriterLevel(buf, answerGzipLevel) // a valid level: no error
	}
	zw.Write(b) //nolint:errcheck // writes to memory
	zw.Close()  // writes to memory
	zw.Reset(nil)
	select {
	case gzipWriters <- zw:
	default: // enough are kept
	}
	return buf.Bytes()
}

// etagMatches applies If-None-Match (weak comparison, RFC 9110 §13.1.2) against both
// representations of the entry.
func etagMatches(header string, e *Entry) bool {
	for header != "" {
		var tag string
		tag, header, _ = strings.Cut(header, ",")
		tag = strings.TrimSpace(tag)
		if tag == "*" {
			return true
		}
		tag = strings.TrimPrefix(tag, "W/")
		if tag == e.etag || tag == e.etagZ {
			return true
		}
	}
	return false
}

// acceptsGzip reads Accept-Encoding (every line of it): gzip (or *) with a non-zero quality.
// It runs on every hot request, so it reads in place rather than splitting.
func acceptsGzip(lines []string) bool {
	for _, header := range lines {
		for header != "" {
			var part string
			part, header, _ = strings.Cut(header, ",")
			name, params, _ := strings.Cut(part, ";")
			name = strings.TrimSpace(name)
			isAny := name == "*"
			if !isAny && !strings.EqualFold(name, "gzip") && !strings.EqualFold(name, "x-gzip") {
				continue
			}
			if q, ok := qValue(params); ok && q == 0 {
				if isAny {
					continue
				}
				return false
			}
			return true
		}
	}
	return false
}

func qValue(params string) (float64, bool) {
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return q, err == nil
		}
	}
	return 0, false
}
