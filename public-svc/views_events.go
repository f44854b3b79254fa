package publicsvc

import (
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
)

// The public event list and an event's details (views.go has eventData).

// publicEvent is an event as the public sees it. workouts may be nil (the event list);
// hasResults says which workouts have a result shown.
func publicEvent(ev *competitionv1.Event, workouts []*competitionv1.Workout, hasResults map[string]bool) *publicv1.PublicEvent {
	out := &publicv1.PublicEvent{
		Id:             ev.GetId(),
		Name:           ev.GetName(),
		Status:         publicStatus(ev.GetStatus()),
		StatusLabel:    publicStatusLabel(ev.GetStatus(), ev.GetStatusLabel()),
		DateFrom:       ev.GetDateFrom(),
		DateTo:         ev.GetDateTo(),
		DateRange:      ev.GetDateRange(),
		Location:       ev.GetLocation(),
		DetailsVisible: ev.GetDetailsVisible(),
		Workouts:       make([]*publicv1.PublicWorkout, 0, len(workouts)),
	}
	for _, w := range workouts {
		out.Workouts = append(out.Workouts, &publicv1.PublicWorkout{
			Id:             w.GetId(),
			Name:           w.GetName(),
			Description:    w.GetDescription(),
			ScoreType:      w.GetScoreType(),
			TimeCapSeconds: cloneInt32(w.GetTimeCapSeconds()),
			TimeCapText:    cloneString(w.GetTimeCapText()),
			WorkoutOrder:   cloneInt32(w.GetWorkoutOrder()),
			OrderIndex:     cloneInt32(w.GetWorkoutOrder()),
			HasResults:     hasResults[w.GetId()],
			ScoreTypeLabel: w.GetScoreTypeLabel(),
			Type:           workoutType(w.GetScoreType()),
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
	return out
}
