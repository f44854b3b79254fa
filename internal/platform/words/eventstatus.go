package words

import typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"

// EventStatusLabel is one event status with the label and badge colour the UI shows. The one
// home of these labels (docs/architecture.md, "Where each rule lives"): competition-svc serves
// them (ListEventStatuses, an event's statusLabel) and public-svc shows an UNLISTED event with
// PUBLISHED's label.
type EventStatusLabel struct {
	Value typesv1.EventStatus
	Label string
	Color string
}

// EventStatusLabels lists every selectable event status, in the order the UI offers them.
var EventStatusLabels = []EventStatusLabel{
	{typesv1.EventStatus_DRAFT, "Entwurf", "gray"},
	{typesv1.EventStatus_PUBLISHED, "Veröffentlicht", "blue"},
	{typesv1.EventStatus_IN_PROGRESS, "Läuft", "green"},
	{typesv1.EventStatus_ARCHIVED, "Archiviert", "yellow"},
	{typesv1.EventStatus_UNLISTED, "Nicht gelistet", "purple"},
}

// EventStatusLabelOf is the German label of an event status ("" when unknown).
func EventStatusLabelOf(status typesv1.EventStatus) string {
	for _, s := range EventStatusLabels {
		if s.Value == status {
			return s.Label
		}
	}
	return ""
}
