package publicsvc

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// Building views: the event's sources (structure, heats and standings), each cached under its
// service's version (versions.go, cache.go), indexed (views.go) and shaped for a call.

// eventView returns a view of one event (of type typ), from the cache or built by build. A malformed
// or unknown id, a DRAFT event and a view that does not exist (build returns false) are all
// not found, with the view's message: the public pages treat a typo in a URL like any
// missing page. A preview (unpublished: the caller holds a grant on the event or is an admin,
// checked before) shows a DRAFT event too, so organisers check its standings before going
// public; the view says so (LeaderboardEvent.draft).
//
// A view is a function of its sources alone, so it is kept under their digest rather than the
// versions: a change the public does not see (a judge's draft raises the results version)
// leaves the public sources as they were, and their views with them. The gateway is told the
// digest, and keeps its copy for as long as the event's sources still have it
// (viewSources; docs/operations.md, "Caching").
func (s *service) eventView(ctx context.Context, rawEventID, view string, unpublished bool, notFound string, typ protoreflect.MessageType, build func(*eventData) (proto.Message, bool)) (_ proto.Message, err error) {
	defer apperr.Wrap(&err, "publicsvc.eventView(%q)", rawEventID)
	eventID, ok := ids.Canonical(rawEventID)
	if !ok {
		return nil, apperr.NotFound(notFound)
	}
	src, err := s.sources(ctx, eventID, s.cache.versions(ctx, eventID), unpublished)
	if err != nil {
		return nil, notFoundAs(err, notFound)
	}
	m, err := s.cache.viewAt(ctx, eventID, src.v, "s"+src.digest, view, typ, func(context.Context, versions) (proto.Message, error) {
		d := src.data()
		if !d.visible() && !unpublished {
			return nil, apperr.NotFound(notFound)
		}
		m, ok := build(d)
		if !ok {
			return nil, apperr.NotFound(notFound)
		}
		return m, nil
	})
	if err == nil && !unpublished {
		cache.SendSources(ctx, src.digest)
	}
	return m, err
}

// teamView is eventView for a view of one team, found through its event; previewParam names
// the request's include_unpublished when the view may be previewed (asked says it was).
func (s *service) teamView(ctx context.Context, rawTeamID, view, notFound string, typ protoreflect.MessageType, previewParam []string, asked bool, build func(*eventData, string) (proto.Message, bool)) (_ proto.Message, err error) {
	defer apperr.Wrap(&err, "publicsvc.teamView(%q)", rawTeamID)
	teamID, ok := ids.Canonical(rawTeamID)
	if !ok {
		return nil, apperr.NotFound(notFound)
	}
	eventID, remembered, err := s.eventOfTeam(ctx, teamID, false)
	if err != nil {
		return nil, notFoundAs(err, notFound)
	}
	bound := func(d *eventData) (proto.Message, bool) { return build(d, teamID) }
	preview := false
	if asked {
		if preview, err = s.mayPreview(ctx, eventID); err != nil {
			return nil, err
		}
	}
	m, err := s.eventView(ctx, eventID, previewView(view+":"+teamID, preview), preview, notFound, typ, bound)
	if err != nil && remembered && apperr.IsKind(err, apperr.KindNotFound) {
		// The remembered event may be stale (the team moved or was deleted): look again.
		fresh, _, lerr := s.eventOfTeam(ctx, teamID, true)
		if lerr != nil {
			return nil, notFoundAs(lerr, notFound)
		}
		if fresh != eventID {
			eventID = fresh
			if preview && asked {
				if preview, err = s.mayPreview(ctx, eventID); err != nil {
					return nil, err
				}
			}
			m, err = s.eventView(ctx, eventID, previewView(view+":"+teamID, preview), preview, notFound, typ, bound)
		}
	}
	if err == nil {
		// The page's path names the team only: its event's changes are the ones that alter it.
		if previewParam != nil {
			advisePreviewable(ctx, eventID, previewParam, preview)
		} else {
			adviseEventView(ctx, eventID)
		}
	}
	return m, err
}

func (s *service) teamEventKey(teamID string) string {
	return "podium:" + s.cache.ns + ":team-event:" + teamID
}

// eventOfTeam finds a team's event, remembered in Redis; remembered says the answer came
// from there.
func (s *service) eventOfTeam(ctx context.Context, teamID string, refresh bool) (eventID string, remembered bool, err error) {
	defer apperr.Wrap(&err, "publicsvc.eventOfTeam(%q)", teamID)
	key := s.teamEventKey(teamID)
	if !refresh {
		if id, ok := s.cache.lookup(ctx, key); ok {
			return id, true, nil
		}
	} else {
		s.cache.forget(ctx, key)
	}
	v, err, _ := s.cache.sf.Do(key, func() (any, error) {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), buildTimeout)
		defer cancel()
		st, err := s.comp.GetEventStructure(ctx, &competitionv1.EventStructureRequest{TeamId: teamID})
		if err != nil {
			return "", err
		}
		id := st.GetEvent().GetId()
		s.cache.remember(ctx, key, id, teamEventTTL)
		return id, nil
	})
	if err != nil {
		return "", false, err
	}
	return v.(string), false, nil
}

// eventSources are what an event's views are built from: its structure, its heats (the
// schedule) and its standings scored against that structure, and the digest that names all three.
type eventSources struct {
	v           versions
	structure   *competitionv1.EventStructure
	heats       []*competitionv1.Heat
	standings   *resultsv1.EventStandings
	unpublished bool
	digest      string
}

// data indexes the sources for building views.
func (src eventSources) data() *eventData {
	return newEventData(src.structure, src.standings, src.unpublished)
}

// eventData fetches an event's sources and indexes them.
func (s *service) eventData(ctx context.Context, eventID string, v versions, unpublished bool) (_ *eventData, err error) {
	defer apperr.Wrap(&err, "publicsvc.eventData(%q)", eventID)
	src, err := s.sources(ctx, eventID, v, unpublished)
	if err != nil {
		return nil, err
	}
	return src.data(), nil
}

// sources fetches an event's structure and heats, then its standings scored against that
// structure (each cached under its service's version when there is one). The structure goes to
// results-svc with the standings request, so a rebuild reads it once.
func (s *service) sources(ctx context.Context, eventID string, v versions, unpublished bool) (_ eventSources, err error) {
	defer apperr.Wrap(&err, "publicsvc.sources(%q)", eventID)
	structMsg, structDigest, err := s.structureSource(ctx, eventID, v)
	if err != nil {
		return eventSources{}, err
	}
	structure := structMsg.(*competitionv1.EventStructure)
	if structure.GetEvent().GetId() != eventID {
		return eventSources{}, apperr.NotFound(msgEventNotFound)
	}
	// The public sources hold nothing of an online workout before its release (release.go); a
	// preview, for a caller with a grant on the event, shows the event as it is.
	var held heldBack
	if !unpublished {
		if held = s.heldBack(structure); held.ids != nil {
			if structure, structDigest, err = s.releasedStructure(ctx, eventID, v, structure, held); err != nil {
				return eventSources{}, err
			}
		}
	}
	heatsMsg, heatsDigest, err := s.cache.load(ctx, eventID, v, v.structureTag(), "src:heats", typeOf[*competitionv1.ListHeatsResponse](), func(ctx context.Context, _ versions) (proto.Message, error) {
		return s.comp.ListEventHeats(ctx, &competitionv1.ListEventHeatsRequest{EventId: eventID})
	})
	if err != nil {
		return eventSources{}, err
	}
	standingsView := "src:standings"
	if unpublished {
		standingsView += ":admin"
	}
	// The organiser's leaderboard option changes what the standings hold, so each setting keeps
	// its own copy (docs/qualifiers.md, "The online leaderboard").
	if structure.GetEvent().GetShowUnreviewed() {
		standingsView += ":live"
	}
	if held.ids != nil {
		standingsView += ":held:" + held.mark
	}
	stMsg, stDigest, err := s.cache.load(ctx, eventID, v, v.standingsTag(), standingsView, typeOf[*resultsv1.EventStandings](), func(ctx context.Context, _ versions) (proto.Message, error) {
		// The public board of a frozen event shows the standings of the freeze (docs/qualifiers.md,
		// "The leaderboard freeze"); a preview shows the results as they are.
		return s.res.GetEventStandings(ctx, &resultsv1.EventStandingsRequest{EventId: eventID, IncludeUnpublished: unpublished,
			PublicBoard: !unpublished, Structure: structure})
	})
	if err != nil {
		return eventSources{}, err
	}
	return eventSources{v: v, structure: structure, heats: releasedHeats(heatsMsg.(*competitionv1.ListHeatsResponse).GetHeats(), held),
		standings: stMsg.(*resultsv1.EventStandings), unpublished: unpublished,
		digest: structDigest + "." + heatsDigest + "." + stDigest}, nil
}

// viewSources is the digest of an event's public sources as they are now (GetViewSources): the
// versions are read by a read that starts after the call, so a copy built from sources with
// this digest shows every change committed before it.
func (s *service) viewSources(ctx context.Context, rawEventID string) (_ string, err error) {
	defer apperr.Wrap(&err, "publicsvc.viewSources(%q)", rawEventID)
	eventID, ok := ids.Canonical(rawEventID)
	if !ok {
		return "", apperr.NotFound(msgEventNotFound)
	}
	src, err := s.sources(ctx, eventID, s.cache.versions(ctx, eventID), false)
	if err != nil {
		return "", notFoundAs(err, msgEventNotFound)
	}
	return src.digest, nil
}

// structureSource is an event's structure from competition-svc, cached under its version, with
// its digest.
func (s *service) structureSource(ctx context.Context, eventID string, v versions) (_ proto.Message, digest string, err error) {
	defer apperr.Wrap(&err, "publicsvc.structureSource(%q)", eventID)
	return s.cache.load(ctx, eventID, v, v.structureTag(), "src:structure", typeOf[*competitionv1.EventStructure](), func(ctx context.Context, _ versions) (proto.Message, error) {
		return s.comp.GetEventStructure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	})
}

// notFoundAs gives a not-found (or malformed-id) answer of another service the view's own
// message; other errors pass unchanged.
func notFoundAs(err error, message string) error {
	if apperr.IsKind(err, apperr.KindNotFound) || apperr.IsKind(err, apperr.KindInvalid) {
		return apperr.NotFound(message)
	}
	var e *apperr.Error
	if errors.As(err, &e) {
		return err
	}
	switch status.Code(err) {
	case codes.NotFound, codes.InvalidArgument:
		return apperr.NotFound(message)
	}
	return err
}

// typeOf is the message type of T, a generated message pointer type.
func typeOf[T proto.Message]() protoreflect.MessageType {
	var zero T
	return zero.ProtoReflect().Type()
}

// as returns a view as its message type.
func as[T proto.Message](m proto.Message, err error) (T, error) {
	if err != nil {
		var zero T
		return zero, err
	}
	return m.(T), nil
}
