package publicsvc

import (
	"testing"
	"time"

	competitionsvc "github.com/podium-dev/podium/competition-svc"
)

// The service never runs without a grant source or a configured build wait.
func TestNewRequiresGrantsAndBuildWait(t *testing.T) {
	grants := competitionsvc.RemoteGrants(nil)
	if _, err := New(Deps{BuildWait: time.Second}); err == nil {
		t.Error("New without grants succeeded")
	}
	if _, err := New(Deps{Grants: grants}); err == nil {
		t.Error("New without a build wait succeeded")
	}
	s, err := New(Deps{Grants: grants, BuildWait: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if s.svc.cache.waitFor != time.Second {
		t.Errorf("the cache waits %v, want the configured 1s", s.svc.cache.waitFor)
	}
}
