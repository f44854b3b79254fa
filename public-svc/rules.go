package publicsvc

import (
	"math"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/words"
)

// workoutType is a score type as the public views spell it (publicv1.WorkoutType).
func workoutType(scoreType typesv1.ScoreType) publicv1.WorkoutType {
	switch scoreType {
	case typesv1.ScoreType_TIME:
		return publicv1.WorkoutType_time
	case typesv1.ScoreType_REPS:
		return publicv1.WorkoutType_reps
	case typesv1.ScoreType_MAX_WEIGHT:
		return publicv1.WorkoutType_maxweight
	case typesv1.ScoreType_POINTS:
		return publicv1.WorkoutType_points
	}
	return publicv1.WorkoutType_WORKOUT_TYPE_UNSPECIFIED
}

// percent is part/whole as a percentage rounded to two decimals; 0 when whole is 0.
func percent(part, whole int) float64 {
	if whole <= 0 {
		return 0
	}
	return math.Round(float64(part)*10000/float64(whole)) / 100
}

// listedStatuses pairs the statuses the public event list offers, in its order, with the event
// status each stands for: the one place where the public spelling meets the console's.
var listedStatuses = []struct {
	public typesv1.PublicEventStatus_Value
	event  typesv1.EventStatus
}{
	{typesv1.PublicEventStatus_published, typesv1.EventStatus_PUBLISHED},
	{typesv1.PublicEventStatus_in_progress, typesv1.EventStatus_IN_PROGRESS},
	{typesv1.PublicEventStatus_archived, typesv1.EventStatus_ARCHIVED},
}

// publicStatus is an event status as the public views show it: an UNLISTED event (reachable by
// id only) shows as published; a DRAFT never reaches a public view.
func publicStatus(status typesv1.EventStatus) typesv1.PublicEventStatus_Value {
	if status == typesv1.EventStatus_UNLISTED {
		return typesv1.PublicEventStatus_published
	}
	for _, l := range listedStatuses {
		if l.event == status {
			return l.public
		}
	}
	return typesv1.PublicEventStatus_VALUE_UNSPECIFIED
}

// publicStatusLabel: an UNLISTED event shows PUBLISHED's label, as it shows its status; the
// public never sees "Nicht gelistet".
func publicStatusLabel(status typesv1.EventStatus, label string) string {
	if status == typesv1.EventStatus_UNLISTED {
		return words.EventStatusLabelOf(typesv1.EventStatus_PUBLISHED)
	}
	return label
}
