package publicsvc

import (
	"time"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/zonetime"
)

// The public event list and an event's details (views.go has eventData).

// publicEvent is an event as the public sees it. workouts may be nil (the event list);
// hasResults says which workouts have a result shown.
func publicEvent(ev *competitionv1.Event, workouts []*competitionv1.Workout, hasResults map[string]bool) *publicv1.PublicEvent {
	out := &publicv1.PublicEvent{
		Id:              ev.GetId(),
		Name:            ev.GetName(),
		Status:          publicStatus(ev.GetStatus()),
		StatusLabel:     publicStatusLabel(ev.GetStatus(), ev.GetStatusLabel()),
		DateFrom:        ev.GetDateFrom(),
		DateTo:          ev.GetDateTo(),
		DateRange:       ev.GetDateRange(),
		Location:        ev.GetLocation(),
		DetailsVisible:  ev.GetDetailsVisible(),
		Workouts:        make([]*publicv1.PublicWorkout, 0, len(workouts)),
		Online:          ev.GetFormat() == "online",
		TimeZone:        ev.GetTimeZone(),
		DefaultLanguage: ev.GetDefaultLanguage(),
	}
	for _, w := range workouts {
		rel, dl := windowTexts(w.GetReleaseAt(), w.GetSubmissionDeadline(), ev.GetTimeZone())
		out.Workouts = append(out.Workouts, &publicv1.PublicWorkout{
			ReleaseAt:          w.GetReleaseAt(),
			SubmissionDeadline: w.GetSubmissionDeadline(),
			ReleaseText:        rel,
			DeadlineText:       dl,
			Id:                 w.GetId(),
			Name:               w.GetName(),
			Description:        w.GetDescription(),
			ScoreType:          w.GetScoreType(),
			TimeCapSeconds:     cloneInt32(w.GetTimeCapSeconds()),
			TimeCapText:        cloneString(w.GetTimeCapText()),
			WorkoutOrder:       cloneInt32(w.GetWorkoutOrder()),
			OrderIndex:         cloneInt32(w.GetWorkoutOrder()),
			HasResults:         hasResults[w.GetId()],
			ScoreTypeLabel:     w.GetScoreTypeLabel(),
			Type:               workoutType(w.GetScoreType()),
		})
	}
	// Hidden details stay hidden everywhere, the event list included.
	if out.DetailsVisible {
		out.Description = ev.GetDescription()
	}
	return out
}

// listed reports an event the public event list can show: never DRAFT or UNLISTED.
func listed(ev *competitionv1.Event) bool {
	st := ev.GetStatus()
	return st != typesv1.EventStatus_DRAFT && st != typesv1.EventStatus_UNLISTED
}

// eventListView is the public event list: the events whose (public) status is wanted, never
// DRAFT or UNLISTED, in the order competition-svc lists them.
func eventListView(events []*competitionv1.Event, wanted map[typesv1.PublicEventStatus_Value]bool) *publicv1.ListPublicEventsResponse {
	list := make([]*competitionv1.Event, 0, len(events))
	for _, ev := range events {
		if !listed(ev) || !wanted[publicStatus(ev.GetStatus())] {
			continue
		}
		list = append(list, ev)
	}
	out := &publicv1.ListPublicEventsResponse{Events: make([]*publicv1.PublicEvent, len(list))}
	for i, ev := range list {
		out.Events[i] = publicEvent(ev, nil, nil)
	}
	return out
}

// eventDetailsView is the event page: the event with its workouts sorted by order.
func eventDetailsView(d *eventData) *publicv1.PublicEvent {
	has := make(map[string]bool, len(d.workouts))
	for k := range d.placing {
		has[k.workout] = true
	}
	out := publicEvent(d.ev, d.workouts, has)
	out.Draft, out.IncludeUnpublished = !d.visible(), d.unpublished
	for _, h := range d.held {
		rel, dl := windowTexts(h.GetReleaseAt(), h.GetSubmissionDeadline(), d.ev.GetTimeZone())
		out.UpcomingWorkouts = append(out.UpcomingWorkouts, &publicv1.UpcomingWorkout{Number: h.GetNumber(),
			ReleaseAt: h.GetReleaseAt(), SubmissionDeadline: h.GetSubmissionDeadline(), ReleaseText: rel, DeadlineText: dl})
	}
	return out
}

// windowTexts are an online workout's release and deadline as the pages show them, in the
// event's zone, named (zonetime); empty for a time not set or not readable.
func windowTexts(releaseAt, deadline, zone string) (release, due string) {
	return zoneText(releaseAt, zone), zoneText(deadline, zone)
}

func zoneText(instant, zone string) string {
	t, err := time.Parse(time.RFC3339, instant)
	if err != nil {
		return ""
	}
	return zonetime.Format(t, zone)
}
