package publicsvc

import (
	"context"
	"strings"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// How the gateway may keep each answer (cache.Advice; docs/architecture.md, "Reading the
// public site"). Only this service knows which parameters a view reads, what they mean and
// when an answer is the caller's own; the gateway keeps what it is told to, as it is told.

// The query parameters views read, in the spellings grpc-gateway accepts.
var (
	filterParam          = queryParam(&publicv1.ListPublicEventsRequest{}, "filter_status")
	openParam            = queryParam(&publicv1.ListPublicEventsRequest{}, "registration_open")
	findParam            = queryParam(&publicv1.ListPublicEventsRequest{}, "q")
	divisionPreviewParam = queryParam(&publicv1.DivisionLeaderboardRequest{}, "include_unpublished")
	workoutPreviewParam  = queryParam(&publicv1.WorkoutLeaderboardRequest{}, "include_unpublished")
	eventPreviewParam    = queryParam(&publicv1.PublicEventRequest{}, "include_unpublished")
	teamPreviewParam     = queryParam(&publicv1.PublicTeamRequest{}, "include_unpublished")
	schedulePreviewParam = queryParam(&publicv1.ScheduleRequest{}, "include_unpublished")
	csvPreviewParam      = queryParam(&publicv1.DivisionLeaderboardCsvRequest{}, "include_unpublished")
)

// queryParam is a request field's spellings in a URL query: its JSON name, then its proto name.
func queryParam(m proto.Message, name protoreflect.Name) []string {
	fd := m.ProtoReflect().Descriptor().Fields().ByName(name)
	return []string{fd.JSONName(), string(fd.Name())}
}

// adviseEventList: the event list is shared, filed under the statuses it lists (parseFilter;
// "none" when it lists nothing) and the finding filters it applied (finding.go; absent when
// none, so the whole list keeps its one key), and altered by a change of any event.
func adviseEventList(ctx context.Context, statuses []string, find finding) {
	listed := "none"
	if len(statuses) > 0 {
		listed = strings.Join(statuses, ",")
	}
	kv := []string{filterParam[0], listed}
	if find.open {
		kv = append(kv, openParam[0], "true")
	}
	if find.q != "" {
		kv = append(kv, findParam[0], find.q)
	}
	cache.Advice{Public: true, Params: [][]string{filterParam, openParam, findParam}, Query: cache.Query(kv...),
		Event: cache.AllEvents}.Send(ctx)
}

// adviseEventView: a view of one event that reads no parameter is shared.
func adviseEventView(ctx context.Context, rawEventID string) {
	eventID, _ := ids.Canonical(rawEventID)
	cache.Advice{Public: true, Event: eventID}.Send(ctx)
}

// advisePreviewable: a leaderboard that reads includeUnpublished, a parameter for signed-in
// callers only (cache.Advice.Signed). The answer is private only when it is a preview (the
// caller holds a grant on the event, or is an admin); asked without a valid token or without
// a grant, it is the public answer, filed under the plain request.
func advisePreviewable(ctx context.Context, rawEventID string, param []string, preview bool) {
	eventID, _ := ids.Canonical(rawEventID)
	cache.Advice{Public: !preview, Params: [][]string{param}, Signed: [][]string{param}, Event: eventID}.Send(ctx)
}
