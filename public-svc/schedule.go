package publicsvc

import (
	"context"

	"google.golang.org/protobuf/proto"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/cache"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// msgScheduleNotFound answers a missing, draft or unlisted event's schedule.
const msgScheduleNotFound = "Schedule not found"

// schedule is the public schedule of a listed event (docs/heats.md): its heats by
// workout with times, lanes and team names, no results. It is built from the event's sources
// like every event view (build.go), so the gateway renews its copy while they are unchanged. A
// preview (asked by a caller who may see it) shows a Draft or unlisted event's schedule too,
// marked as a preview.
func (s *service) schedule(ctx context.Context, rawEventID string, asked bool) (_ *publicv1.Schedule, err error) {
	defer apperr.Wrap(&err, "publicsvc.schedule(%q)", rawEventID)
	eventID, ok := ids.Canonical(rawEventID)
	if !ok {
		return nil, apperr.NotFound(msgScheduleNotFound)
	}
	preview, err := s.preview(ctx, eventID, asked, schedulePreviewParam)
	if err != nil {
		return nil, err
	}
	// The standings a preview would read are no part of a schedule: both read the public ones.
	src, err := s.sources(ctx, eventID, s.cache.versions(ctx, eventID), false)
	if err != nil {
		return nil, notFoundAs(err, msgScheduleNotFound)
	}
	m, err := s.cache.viewAt(ctx, eventID, src.v, "s"+src.digest, previewView("schedule", preview), typeOf[*publicv1.Schedule](), func(context.Context, versions) (proto.Message, error) {
		if !listed(src.structure.GetEvent()) && !preview {
			return nil, apperr.NotFound(msgScheduleNotFound)
		}
		out := scheduleView(src.structure, src.heats)
		out.Draft, out.IncludeUnpublished = src.structure.GetEvent().GetStatus() == typesv1.EventStatus_DRAFT, preview
		return out, nil
	})
	if err == nil && !preview {
		cache.SendSources(ctx, src.digest)
	}
	return as[*publicv1.Schedule](m, err)
}

// scheduleView groups heats (by workout order, then number) by workout.
func scheduleView(st *competitionv1.EventStructure, heats []*competitionv1.Heat) *publicv1.Schedule {
	out := &publicv1.Schedule{EventId: st.GetEvent().GetId(), EventName: st.GetEvent().GetName(),
		DetailsVisible: st.GetEvent().GetDetailsVisible(), TimeZone: st.GetEvent().GetTimeZone(),
		Workouts: []*publicv1.ScheduleWorkout{}}
	workouts := map[string]*competitionv1.Workout{}
	for _, w := range st.GetEvent().GetWorkouts() {
		workouts[w.GetId()] = w
	}
	divisions := map[string]string{}
	for _, d := range st.GetEvent().GetDivisions() {
		divisions[d.GetId()] = d.GetName()
	}
	var current *publicv1.ScheduleWorkout
	for _, h := range heats {
		if current == nil || current.GetWorkoutId() != h.GetWorkoutId() {
			w := workouts[h.GetWorkoutId()] // a part's heats stand under its full name
			current = &publicv1.ScheduleWorkout{WorkoutId: h.GetWorkoutId(), Name: partName(workouts[w.GetPartOf()].GetName(), w.GetName())}
			out.Workouts = append(out.Workouts, current)
		}
		sh := &publicv1.ScheduleHeat{Id: h.GetId(), Number: h.GetNumber(), StartTime: h.GetStartTime(), PlannedStartTime: h.GetPlannedStartTime(),
			Lanes: make([]*publicv1.ScheduleLane, len(h.GetLanes()))}
		for i, l := range h.GetLanes() {
			sh.Lanes[i] = &publicv1.ScheduleLane{Lane: l.GetLane(), TeamId: l.GetTeamId(), TeamName: l.GetTeamName(),
				DivisionId: l.GetDivisionId(), DivisionName: divisions[l.GetDivisionId()],
				AthleteNames: l.GetAthleteNames(), TeamSize: l.GetTeamSize()}
		}
		current.Heats = append(current.Heats, sh)
	}
	return out
}
