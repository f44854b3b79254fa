package publicsvc

import (
	"context"
	"slices"
	"strings"

	"google.golang.org/protobuf/proto"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/release"
)

// Online workouts before their release (docs/qualifiers.md, "Before the release"): the public
// sources hold nothing of a workout that is not released yet, so no view, export, page title or
// schedule built from them can show it. Which workouts are held back is a function of the clock,
// not of a write, so it is part of the sources' digest: at the release instant the digest
// changes, the views are built again, and the gateway, which keeps a copy only while the digest
// is unchanged (GetViewSources), drops the copy it holds.

// heldBack is the release state of an event's public sources at the service's clock: the
// workouts held back, and a mark naming that set (empty when every workout is public).
type heldBack struct {
	ids  map[string]bool
	mark string
}

func (s *service) heldBack(st *competitionv1.EventStructure) heldBack {
	ids := release.Held(st.GetEvent().GetWorkouts(), s.now())
	if ids == nil {
		return heldBack{}
	}
	sorted := make([]string, 0, len(ids))
	for id := range ids {
		sorted = append(sorted, id)
	}
	slices.Sort(sorted)
	return heldBack{ids: ids, mark: digestOf([]byte(strings.Join(sorted, ",")))}
}

// releasedStructure is the structure without the workouts h holds back, cached beside the
// whole one under the same version.
func (s *service) releasedStructure(ctx context.Context, eventID string, v versions, st *competitionv1.EventStructure, h heldBack) (_ *competitionv1.EventStructure, digest string, err error) {
	defer apperr.Wrap(&err, "publicsvc.releasedStructure(%q)", eventID)
	m, digest, err := s.cache.load(ctx, eventID, v, v.structureTag(), "src:structure:held:"+h.mark, typeOf[*competitionv1.EventStructure](), func(context.Context, versions) (proto.Message, error) {
		return release.Public(st, h.ids), nil
	})
	if err != nil {
		return nil, "", err
	}
	return m.(*competitionv1.EventStructure), digest, nil
}

// releasedHeats are the heats of the workouts h does not hold back.
func releasedHeats(heats []*competitionv1.Heat, h heldBack) []*competitionv1.Heat {
	if h.ids == nil {
		return heats
	}
	out := make([]*competitionv1.Heat, 0, len(heats))
	for _, ht := range heats {
		if !h.ids[ht.GetWorkoutId()] {
			out = append(out, ht)
		}
	}
	return out
}
