// Package calendar is the signed-in athlete's "Add to calendar": their teams' heats as an
// iCalendar file (docs/finding-events.md). It only reads.
package calendar

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/ical"
)

const contentType = "text/calendar; charset=utf-8"

// defaultHeatLength is a heat's length in the calendar when its workout has no time cap.
const defaultHeatLength = 15 * time.Minute

type service struct {
	*core.Service
}

// Calendar implements the calendar RPCs of competitionv1.CompetitionServiceServer.
type Calendar struct{ svc *service }

// New returns the calendar RPCs over the shared service core.
func New(c *core.Service) *Calendar { return &Calendar{svc: &service{Service: c}} }

// GetMyHeatsCalendar is the caller's heats (only their own: the session names them).
func (c *Calendar) GetMyHeatsCalendar(ctx context.Context, _ *pb.MyHeatsCalendarRequest) (*filesv1.CsvFile, error) {
	return c.svc.myHeats(ctx)
}

// ListMyHeats is the caller's heats (only their own: the session names them).
func (c *Calendar) ListMyHeats(ctx context.Context, _ *pb.MyHeatsRequest) (*pb.MyHeatsResponse, error) {
	athleteID, heats, err := c.svc.athleteHeats(ctx)
	if err != nil {
		return nil, err
	}
	on, err := c.svc.Store.HeatRemindersOn(ctx, athleteID)
	if err != nil {
		return nil, err
	}
	out := &pb.MyHeatsResponse{Heats: make([]*pb.MyHeat, len(heats)), Reminders: on}
	for i, h := range heats {
		out.Heats[i] = &pb.MyHeat{HeatId: h.HeatID, EventId: h.EventID, EventName: h.EventName, TeamId: h.TeamID, TeamName: h.TeamName,
			DivisionName: h.DivisionName, WorkoutName: h.WorkoutName, HeatNumber: h.HeatNumber, Lane: h.Lane,
			StartTime: core.Instant(h.StartTime), PlannedStartTime: core.Instant(h.PlannedStart), TimeZone: h.TimeZone}
	}
	return out, nil
}

// athleteHeats is the signed-in athlete's id and heats.
func (s *service) athleteHeats(ctx context.Context) (_ string, _ []store.MyHeat, err error) {
	defer apperr.Wrap(&err, "calendar.athleteHeats()")
	athleteID, err := athlete(ctx)
	if err != nil {
		return "", nil, err
	}
	heats, err := s.Store.AthleteHeats(ctx, athleteID)
	return athleteID, heats, err
}

// athlete is the signed-in athlete's id: every call of this package names only the caller.
func athlete(ctx context.Context) (string, error) {
	caller, ok := authn.CallerFrom(ctx)
	if !ok || !caller.IsAthlete() {
		return "", apperr.Unauthenticated("Sign in as an athlete")
	}
	return caller.UserID, nil
}

func (s *service) myHeats(ctx context.Context) (_ *filesv1.CsvFile, err error) {
	defer apperr.Wrap(&err, "calendar.myHeats()")
	athleteID, heats, err := s.athleteHeats(ctx)
	if err != nil {
		return nil, err
	}
	page := strings.TrimRight(s.PublicURL, "/") + "/public/me/registrations"
	events := make([]ical.Event, len(heats))
	for i, h := range heats {
		length := time.Duration(h.TimeCapSeconds) * time.Second
		if length <= 0 {
			length = defaultHeatLength
		}
		events[i] = ical.Event{
			// One heat of one team: the same entry however often the file is fetched again.
			UID:         fmt.Sprintf("heat-%s-team-%s@podium", h.HeatID, strings.ToLower(athleteID)),
			Stamp:       h.UpdatedAt,
			Summary:     fmt.Sprintf("%s: %s, heat %d, lane %d", h.EventName, h.WorkoutName, h.HeatNumber, h.Lane),
			Location:    h.Location,
			Description: fmt.Sprintf("%s\n%s", h.TeamName, page),
			URL:         page,
			Start:       h.StartTime,
			End:         h.StartTime.Add(length),
			Zone:        h.TimeZone,
		}
	}
	return &filesv1.CsvFile{FileName: "my-heats.ics", Content: ical.Calendar("My heats", events), ContentType: contentType}, nil
}
