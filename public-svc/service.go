// Package publicsvc serves the read-only public views (docs/architecture.md, "Reading the
// public site"). It owns no data: every view is built from competition-svc's event structure and
// results-svc's standings, and cached in Redis under the event's public versions
// (versions.go; docs/architecture.md, "Reading the public site").
package publicsvc

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"

	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// Not-found messages.
const (
	msgEventNotFound       = "Event not found"
	msgLeaderboardNotFound = "Event leaderboard not found"
	msgDivisionNotFound    = "Division leaderboard not found"
	msgWorkoutNotFound     = "Workout leaderboard not found"
	msgTeamNotFound        = "Team not found"
	msgBookmarkNotFound    = "Team bookmark summary not found"
)

// Deps are the service's collaborators. Redis may be nil: views are then built on every
// call.
type Deps struct {
	Redis       *redis.Client
	Competition competitionv1.CompetitionServiceClient
	Results     resultsv1.ResultsServiceClient
	// Grants decide who sees the admin preview: callers with a grant on the event.
	Grants access.Grants
	Log    *slog.Logger
	// Namespace separates the cached views of deployments (or test stacks) that share one
	// Redis but not one database (cache.Namespace).
	Namespace string
}

// Server implements publicv1.PublicServiceServer.
type Server struct {
	publicv1.UnimplementedPublicServiceServer
	comp  competitionv1.CompetitionServiceClient
	res   resultsv1.ResultsServiceClient
	cache *viewCache
	log   *slog.Logger
	// grants is nil in tests that build the server alone: then only admins preview.
	grants access.Grants
}

// New returns the public service.
func New(d Deps) *Server {
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	s := &Server{comp: d.Competition, res: d.Results, log: log, grants: d.Grants}
	s.cache = newViewCache(d.Redis, d.Namespace, s.readVersions, log)
	return s
}

// Rebuilds is how many views (and view sources) this server has built.
func (s *Server) Rebuilds() int64 { return s.cache.count.Load() }

// ---- the calls ------------------------------------------------------------------------------

// publicStatuses are the statuses the event list filter accepts, lower case as the public
// site names them.
var publicStatuses = []string{"published", "in_progress", "archived"}

// ParseFilter reads filterStatus: a comma list, case-insensitive; unknown values (and draft or
// unlisted, which are never listed) are ignored; empty means published and in_progress. The
// result is in a fixed order (the gateway keys its cache by it too).
func ParseFilter(filter string) []string {
	if strings.TrimSpace(filter) == "" {
		return []string{"published", "in_progress"}
	}
	want := map[string]bool{}
	for _, part := range strings.Split(filter, ",") {
		want[strings.ToLower(strings.TrimSpace(part))] = true
	}
	var out []string
	for _, st := range publicStatuses {
		if want[st] {
			out = append(out, st)
		}
	}
	return out
}

func (s *Server) ListPublicEvents(ctx context.Context, req *publicv1.ListPublicEventsRequest) (*publicv1.ListPublicEventsResponse, error) {
	statuses := ParseFilter(req.GetFilterStatus())
	if len(statuses) == 0 {
		return &publicv1.ListPublicEventsResponse{Events: []*publicv1.PublicEvent{}}, nil
	}
	view := "events:" + strings.Join(statuses, ",")
	m, err := s.cache.view(ctx, cache.AllEvents, view, typeOf[*publicv1.ListPublicEventsResponse](), func(ctx context.Context, _ versions) (proto.Message, error) {
		upper := make([]string, len(statuses))
		wanted := make(map[string]bool, len(statuses))
		for i, st := range statuses {
			upper[i] = strings.ToUpper(st)
			wanted[st] = true
		}
		resp, err := s.comp.ListVisibleEvents(ctx, &competitionv1.ListVisibleEventsRequest{Statuses: upper})
		if err != nil {
			return nil, err
		}
		return eventListView(resp.GetEvents(), wanted), nil
	})
	return as[*publicv1.ListPublicEventsResponse](m, err)
}

func (s *Server) GetPublicEvent(ctx context.Context, req *publicv1.PublicEventRequest) (*publicv1.PublicEvent, error) {
	m, err := s.eventView(ctx, req.GetId(), "event", false, msgEventNotFound, typeOf[*publicv1.PublicEvent](), func(d *eventData) (proto.Message, bool) {
		// An event whose details the organiser hid is not found here either; the event page
		// then sends the visitor on to the leaderboard.
		if !d.ev.GetDetailsVisible() {
			return nil, false
		}
		return eventDetailsView(d), true
	})
	return as[*publicv1.PublicEvent](m, err)
}

func (s *Server) GetEventLeaderboard(ctx context.Context, req *publicv1.PublicEventRequest) (*publicv1.EventLeaderboard, error) {
	m, err := s.eventView(ctx, req.GetId(), "leaderboard", false, msgLeaderboardNotFound, typeOf[*publicv1.EventLeaderboard](), func(d *eventData) (proto.Message, bool) {
		return eventLeaderboardView(d), true
	})
	return as[*publicv1.EventLeaderboard](m, err)
}

// GetDivisionLeaderboard honours includeUnpublished only for an admin or a caller with a
// grant on the event; everyone else gets published results.
func (s *Server) GetDivisionLeaderboard(ctx context.Context, req *publicv1.DivisionLeaderboardRequest) (*publicv1.DivisionLeaderboard, error) {
	preview := false
	if req.GetIncludeUnpublished() {
		var err error
		if preview, err = s.mayPreview(ctx, req.GetEventId()); err != nil {
			return nil, err
		}
	}
	return s.divisionLeaderboard(ctx, req, preview)
}

// mayPreview reports whether the caller may see eventID's unpublished results.
func (s *Server) mayPreview(ctx context.Context, eventID string) (bool, error) {
	if authn.IsAdmin(ctx) || s.grants == nil {
		return authn.IsAdmin(ctx), nil
	}
	role, err := access.Role(ctx, s.grants, access.Event, eventID)
	return role != "", err
}

// GetAdminDivisionLeaderboard is the admin preview; its policy requires an admin token.
func (s *Server) GetAdminDivisionLeaderboard(ctx context.Context, req *publicv1.DivisionLeaderboardRequest) (*publicv1.DivisionLeaderboard, error) {
	return s.divisionLeaderboard(ctx, req, req.GetIncludeUnpublished())
}

func (s *Server) divisionLeaderboard(ctx context.Context, req *publicv1.DivisionLeaderboardRequest, unpublished bool) (*publicv1.DivisionLeaderboard, error) {
	divisionID, ok := ids.Canonical(req.GetDivisionId())
	if !ok {
		return nil, apperr.NotFound(msgDivisionNotFound)
	}
	view := "division:" + divisionID
	if unpublished {
		view += ":admin"
	}
	m, err := s.eventView(ctx, req.GetEventId(), view, unpublished, msgDivisionNotFound, typeOf[*publicv1.DivisionLeaderboard](), func(d *eventData) (proto.Message, bool) {
		return divisionLeaderboardView(d, divisionID)
	})
	return as[*publicv1.DivisionLeaderboard](m, err)
}

// GetWorkoutLeaderboard, like the division leaderboard, honours includeUnpublished only for a
// caller with a valid admin token, so an admin's preview carries over to the workout views.
func (s *Server) GetWorkoutLeaderboard(ctx context.Context, req *publicv1.WorkoutLeaderboardRequest) (*publicv1.WorkoutLeaderboard, error) {
	divisionID, ok1 := ids.Canonical(req.GetDivisionId())
	workoutID, ok2 := ids.Canonical(req.GetWorkoutId())
	if !ok1 || !ok2 {
		return nil, apperr.NotFound(msgWorkoutNotFound)
	}
	unpublished := req.GetIncludeUnpublished() && authn.IsAdmin(ctx)
	view := "workout:" + divisionID + ":" + workoutID
	if unpublished {
		view += ":admin"
	}
	m, err := s.eventView(ctx, req.GetEventId(), view, unpublished, msgWorkoutNotFound, typeOf[*publicv1.WorkoutLeaderboard](), func(d *eventData) (proto.Message, bool) {
		return workoutLeaderboardView(d, divisionID, workoutID)
	})
	return as[*publicv1.WorkoutLeaderboard](m, err)
}

func (s *Server) GetTeamDetails(ctx context.Context, req *publicv1.PublicTeamRequest) (*publicv1.TeamDetails, error) {
	m, err := s.teamView(ctx, req.GetId(), "team", msgTeamNotFound, typeOf[*publicv1.TeamDetails](), func(d *eventData, teamID string) (proto.Message, bool) {
		return teamDetailsView(d, teamID)
	})
	return as[*publicv1.TeamDetails](m, err)
}

func (s *Server) GetTeamBookmarkSummary(ctx context.Context, req *publicv1.PublicTeamRequest) (*publicv1.TeamBookmarkSummary, error) {
	m, err := s.teamView(ctx, req.GetId(), "bookmark", msgBookmarkNotFound, typeOf[*publicv1.TeamBookmarkSummary](), func(d *eventData, teamID string) (proto.Message, bool) {
		return bookmarkSummaryView(d, teamID)
	})
	return as[*publicv1.TeamBookmarkSummary](m, err)
}

// ---- building -------------------------------------------------------------------------------

// eventView returns a view of one event (of type typ), from the cache or built by build. A malformed
// or unknown id, a DRAFT event and a view that does not exist (build returns false) are all
// not found, with the view's message: the public pages treat a typo in a URL like any
// missing page.
func (s *Server) eventView(ctx context.Context, rawEventID, view string, unpublished bool, notFound string, typ protoreflect.MessageType, build func(*eventData) (proto.Message, bool)) (proto.Message, error) {
	eventID, ok := ids.Canonical(rawEventID)
	if !ok {
		return nil, apperr.NotFound(notFound)
	}
	return s.cache.view(ctx, eventID, view, typ, func(ctx context.Context, v versions) (proto.Message, error) {
		d, err := s.eventData(ctx, eventID, v, unpublished)
		if err != nil {
			return nil, notFoundAs(err, notFound)
		}
		if !d.visible() {
			return nil, apperr.NotFound(notFound)
		}
		m, ok := build(d)
		if !ok {
			return nil, apperr.NotFound(notFound)
		}
		return m, nil
	})
}

// teamView is eventView for a view of one team, found through its event.
func (s *Server) teamView(ctx context.Context, rawTeamID, view, notFound string, typ protoreflect.MessageType, build func(*eventData, string) (proto.Message, bool)) (proto.Message, error) {
	teamID, ok := ids.Canonical(rawTeamID)
	if !ok {
		return nil, apperr.NotFound(notFound)
	}
	eventID, remembered, err := s.eventOfTeam(ctx, teamID, false)
	if err != nil {
		return nil, notFoundAs(err, notFound)
	}
	bound := func(d *eventData) (proto.Message, bool) { return build(d, teamID) }
	m, err := s.eventView(ctx, eventID, view+":"+teamID, false, notFound, typ, bound)
	if err != nil && remembered && apperr.IsKind(err, apperr.KindNotFound) {
		// The remembered event may be stale (the team moved or was deleted): look again.
		fresh, _, lerr := s.eventOfTeam(ctx, teamID, true)
		if lerr != nil {
			return nil, notFoundAs(lerr, notFound)
		}
		if fresh != eventID {
			return s.eventView(ctx, fresh, view+":"+teamID, false, notFound, typ, bound)
		}
	}
	return m, err
}

func (s *Server) teamEventKey(teamID string) string {
	return "podium:" + s.cache.ns + ":team-event:" + teamID
}

// eventOfTeam finds a team's event, remembered in Redis; remembered says the answer came
// from there.
func (s *Server) eventOfTeam(ctx context.Context, teamID string, refresh bool) (eventID string, remembered bool, err error) {
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

// eventData fetches an event's structure and standings (each cached under its service's
// version when there is one) and indexes them.
func (s *Server) eventData(ctx context.Context, eventID string, v versions, unpublished bool) (*eventData, error) {
	var (
		wg               sync.WaitGroup
		structMsg, stMsg proto.Message
		structErr, stErr error
		standingsType    = typeOf[*resultsv1.EventStandings]()
		standingsView    = "src:standings"
	)
	if unpublished {
		standingsView += ":admin"
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		stMsg, stErr = s.cache.viewAt(ctx, eventID, v, v.standingsTag(), standingsView, standingsType, func(ctx context.Context, _ versions) (proto.Message, error) {
			return s.res.GetEventStandings(ctx, &resultsv1.EventStandingsRequest{EventId: eventID, IncludeUnpublished: unpublished})
		})
	}()
	structMsg, structErr = s.structureSource(ctx, eventID, v)
	wg.Wait()
	if structErr != nil {
		return nil, structErr
	}
	if stErr != nil {
		return nil, stErr
	}
	structure := structMsg.(*competitionv1.EventStructure)
	if structure.GetEvent().GetId() != eventID {
		return nil, apperr.NotFound(msgEventNotFound)
	}
	return newEventData(structure, stMsg.(*resultsv1.EventStandings), unpublished), nil
}

// structureSource is an event's structure from competition-svc, cached under its version.
func (s *Server) structureSource(ctx context.Context, eventID string, v versions) (proto.Message, error) {
	return s.cache.viewAt(ctx, eventID, v, v.structureTag(), "src:structure", typeOf[*competitionv1.EventStructure](), func(ctx context.Context, _ versions) (proto.Message, error) {
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
