package crew

import (
	"context"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Crew changes in the event's activity feed (docs/crew.md, "Activity"), recorded in the
// transaction of the change like every other setup change. What happens to a volunteer is a
// "volunteer" entry with their id, each step of a swap a "swap" entry with the swap's id: a
// volunteer's erasure finds by them every entry that names them (store.DeleteVolunteer).

// formerVolunteer is what an erased volunteer is called in the entries that named them.
const formerVolunteer = "Former volunteer"

// byVolunteer is a change made through a volunteer's own link: its actor is that volunteer,
// the one person the link opens for (the call carries no account of theirs). The console's
// changes are core.Change: their actor is the signed-in user.
func byVolunteer(v store.Volunteer, action, entity, entityID, summary string) store.Activity {
	return store.Activity{EventID: v.EventID, Actor: v.Name, Action: action, Entity: entity, EntityID: entityID, Summary: summary}
}

// rolesWords names roles for people: "Judge, Check-in".
func rolesWords(roles []string) string {
	words := make([]string, len(roles))
	for i, r := range roles {
		words[i] = roleLabels[r]
	}
	return strings.Join(words, ", ")
}

// shiftWords names a shift as the swaps do: "Check-in 09:00–11:00".
func shiftWords(sh store.Shift) string {
	return roleLabels[sh.Role] + " " + clock(sh.StartsAt) + "–" + clock(sh.EndsAt)
}

// recordPlace records a change by hand of one place of the rotation: v put on it ("Ivo moved
// in from the standby to Fran, heat 1, lane 2 (09:00)"), or, without v, the place freed (a
// "heat" entry: it names no one).
func (s *service) recordPlace(ctx context.Context, tx *store.Store, eventID, heatID string, lane int32, v store.Volunteer, verb string) (err error) {
	defer apperr.Wrap(&err, "crew.recordPlace(%q, %d)", heatID, lane)
	texts, err := s.placeTexts(ctx, tx, eventID)
	if err != nil {
		return err
	}
	place, ok := texts[fmt.Sprint(heatID, "/", lane)]
	if !ok {
		place = fmt.Sprintf("lane %d", lane)
	}
	if v.ID == "" {
		return tx.RecordActivity(ctx, core.Change(ctx, eventID, "place_freed", "heat", heatID, place+": no judge now"))
	}
	return tx.RecordActivity(ctx, core.Change(ctx, eventID, "place_set", "volunteer", v.ID, fmt.Sprintf("%s %s %s", v.Name, verb, place)))
}
