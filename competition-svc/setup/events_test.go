package setup_test

import (
	"slices"
	"testing"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	"github.com/podium-dev/podium/competition-svc/setup"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/words"
)

func TestDateRange(t *testing.T) {
	t.Parallel()
	d := func(s string) time.Time {
		v, err := time.Parse(core.DateLayout, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, tc := range []struct{ from, to, want string }{
		{"2026-05-12", "2026-05-12", "12 May 2026"},
		{"2026-05-12", "2026-05-14", "12 – 14 May 2026"},
		{"2026-05-30", "2026-06-02", "30 May – 2 Jun 2026"},
		{"2026-12-30", "2027-01-02", "30 Dec 2026 – 2 Jan 2027"},
		{"2026-09-01", "2026-09-30", "1 – 30 Sep 2026"},
	} {
		if got := core.DateRange(d(tc.from), d(tc.to)); got != tc.want {
			t.Errorf("dateRange(%s, %s) = %q, want %q", tc.from, tc.to, got, tc.want)
		}
	}
	if got := core.DateRange(time.Time{}, time.Time{}); got != "" {
		t.Errorf("no dates: %q", got)
	}
}

func TestEventStatuses(t *testing.T) {
	t.Parallel()
	f := &setup.Setup{}
	resp, err := f.ListEventStatuses(t.Context(), &competitionv1.ListEventStatusesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"DRAFT Entwurf gray", "PUBLISHED Veröffentlicht blue", "IN_PROGRESS Läuft green",
		"ARCHIVED Archiviert yellow", "UNLISTED Nicht gelistet purple"}
	var got []string
	for _, s := range resp.GetStatuses() {
		got = append(got, s.GetValue().String()+" "+s.GetLabel()+" "+s.GetColor())
	}
	if !slices.Equal(got, want) {
		t.Errorf("statuses = %q, want %q", got, want)
	}
}

func TestCreateEventDefaults(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "  Spring Throwdown  ", "2026-05-12", "2026-05-14")
	if e.GetName() != "Spring Throwdown" || e.GetStatus() != typesv1.EventStatus_DRAFT || e.GetStatusLabel() != "Entwurf" ||
		!e.GetDetailsVisible() || e.GetScoringTable() != "podium100" || len(e.GetCustomPoints()) != 0 {
		t.Errorf("defaults: %v", e)
	}
	if e.GetDateFrom() != "2026-05-12" || e.GetDateTo() != "2026-05-14" || e.GetDateRange() != "12 – 14 May 2026" {
		t.Errorf("dates: %v", e)
	}
	if e.GetId() == "" || e.GetCreatedAt() == "" || e.GetUpdatedAt() == "" {
		t.Errorf("id/timestamps: %v", e)
	}
	if f.PublicVersion(t, e.GetId()) == 0 {
		t.Error("create did not bump the public version")
	}

	hidden := false
	status := "published"
	table := "custom"
	e2, err := f.Srv.CreateEvent(f.Ctx, &competitionv1.CreateEventRequest{
		Name: "Custom", DateFrom: "2026-06-01", DateTo: "2026-06-01", Location: "Berlin", Description: "**md**",
		DetailsVisible: &hidden, Status: &status, ScoringTable: &table, CustomPoints: []float64{10, 5, 2.5, 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	if e2.GetDetailsVisible() || e2.GetStatus() != typesv1.EventStatus_PUBLISHED || e2.GetScoringTable() != "custom" ||
		!slices.Equal(e2.GetCustomPoints(), []float64{10, 5, 2.5, 0}) || e2.GetLocation() != "Berlin" ||
		e2.GetDescription() != "**md**" || e2.GetDateRange() != "1 Jun 2026" {
		t.Errorf("explicit fields: %v", e2)
	}
}

func TestCreateEventValidation(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	str := func(s string) *string { return &s }
	for _, tc := range []struct {
		name  string
		req   *competitionv1.CreateEventRequest
		field string
		msg   string
	}{
		{"no name", &competitionv1.CreateEventRequest{Name: "  ", DateFrom: "2026-01-01", DateTo: "2026-01-02"}, "name", "Event name is required"},
		{"long name", &competitionv1.CreateEventRequest{Name: repeat("x", 256), DateFrom: "2026-01-01", DateTo: "2026-01-02"}, "name", setup.MsgEventNameTooLong},
		{"no start", &competitionv1.CreateEventRequest{Name: "E", DateTo: "2026-01-02"}, "dateFrom", "Start date is required"},
		{"no end", &competitionv1.CreateEventRequest{Name: "E", DateFrom: "2026-01-01"}, "dateTo", "End date is required"},
		{"bad start", &competitionv1.CreateEventRequest{Name: "E", DateFrom: "01.01.2026", DateTo: "2026-01-02"}, "dateFrom", setup.MsgDateFromInvalid},
		{"bad end", &competitionv1.CreateEventRequest{Name: "E", DateFrom: "2026-01-01", DateTo: "2026-02-30"}, "dateTo", setup.MsgDateToInvalid},
		{"end before start", &competitionv1.CreateEventRequest{Name: "E", DateFrom: "2026-01-03", DateTo: "2026-01-02"}, "dateTo", "End date must be after start date"},
		{"bad status", &competitionv1.CreateEventRequest{Name: "E", DateFrom: "2026-01-01", DateTo: "2026-01-02", Status: str("COMPLETED")}, "status", setup.MsgStatusInvalid},
		{"bad table", &competitionv1.CreateEventRequest{Name: "E", DateFrom: "2026-01-01", DateTo: "2026-01-02", ScoringTable: str("olympic")}, "scoringTable", core.MsgTableInvalid},
		{"custom without points", &competitionv1.CreateEventRequest{Name: "E", DateFrom: "2026-01-01", DateTo: "2026-01-02", ScoringTable: str("custom")}, "customPoints", core.MsgPointsRequired},
		{"negative points", &competitionv1.CreateEventRequest{Name: "E", DateFrom: "2026-01-01", DateTo: "2026-01-02", ScoringTable: str("custom"), CustomPoints: []float64{10, -1}}, "customPoints", core.MsgPointsNegative},
		{"long location", &competitionv1.CreateEventRequest{Name: "E", DateFrom: "2026-01-01", DateTo: "2026-01-02", Location: repeat("ö", 256)}, "location", setup.MsgLocationTooLong},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.Srv.CreateEvent(f.Ctx, tc.req)
			apitest.WantErr(t, err, apperr.KindInvalid, tc.field, tc.msg)
		})
	}
	events := apitest.Must[*competitionv1.ListEventsResponse](t)(f.Srv.ListEvents(f.Ctx, nil))
	if len(events.GetEvents()) != 0 {
		t.Errorf("invalid events were saved: %v", events)
	}
	// Same day is fine; 255 characters (not bytes) is fine.
	f.Event(t, repeat("ü", 255), "2026-01-01", "2026-01-01")
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

func TestListEventsSortedByDateThenName(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	f.Event(t, "Beta", "2026-06-01", "2026-06-02")
	f.Event(t, "alpha", "2026-06-01", "2026-06-03")
	f.Event(t, "Early", "2025-01-01", "2025-01-01")
	resp := apitest.Must[*competitionv1.ListEventsResponse](t)(f.Srv.ListEvents(f.Ctx, &competitionv1.ListEventsRequest{}))
	var names []string
	for _, e := range resp.GetEvents() {
		names = append(names, e.GetName())
	}
	if want := []string{"Early", "alpha", "Beta"}; !slices.Equal(names, want) {
		t.Errorf("order = %q, want %q", names, want)
	}
}

func TestGetEventWithWorkoutsAndDivisions(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "Open", "2026-05-12", "2026-05-14")
	w1 := f.Workout(t, e.GetId(), "Zulu", "TIME")
	w2 := f.Workout(t, e.GetId(), "Alpha", "REPS")
	f.Division(t, e.GetId(), "Scaled")
	d := f.Division(t, e.GetId(), "Elite")
	teamA := f.Team(t, d.GetId(), "Team A", "Ann", "")
	f.SaveResults(t, teamA.GetId(), false, w2)

	got := apitest.Must[*competitionv1.Event](t)(f.Srv.GetEvent(f.Ctx, &competitionv1.EventRequest{Id: e.GetId()}))
	if len(got.GetWorkouts()) != 2 || got.GetWorkouts()[0].GetId() != w1.GetId() || got.GetWorkouts()[1].GetId() != w2.GetId() {
		t.Fatalf("workouts not by workoutOrder: %v", got.GetWorkouts())
	}
	if got.GetWorkouts()[0].GetHasResults() || !got.GetWorkouts()[1].GetHasResults() {
		t.Errorf("hasResults: %v", got.GetWorkouts())
	}
	if got.GetWorkouts()[1].GetScoreTypeLabel() != "Wiederholungen" {
		t.Errorf("label: %v", got.GetWorkouts()[1])
	}
	if len(got.GetDivisions()) != 2 || got.GetDivisions()[0].GetName() != "Elite" || got.GetDivisions()[0].GetTeamCount() != 1 ||
		got.GetDivisions()[0].GetEventName() != "Open" {
		t.Errorf("divisions: %v", got.GetDivisions())
	}

	_, err := f.Srv.GetEvent(f.Ctx, &competitionv1.EventRequest{Id: apitest.Missing})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Event not found")
	_, err = f.Srv.GetEvent(f.Ctx, &competitionv1.EventRequest{Id: "not-a-uuid"})
	apitest.WantErr(t, err, apperr.KindInvalid, "id", "Event id must be a valid id")
}

func TestUpdateEvent(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	table := "custom"
	desc := "keep me"
	e := apitest.Must[*competitionv1.Event](t)(f.Srv.CreateEvent(f.Ctx, &competitionv1.CreateEventRequest{
		Name: "Old", DateFrom: "2026-01-01", DateTo: "2026-01-02", Description: desc,
		ScoringTable: &table, CustomPoints: []float64{3, 2, 1},
	}))
	var got *competitionv1.Event
	f.Bumped(t, e.GetId(), func() {
		// The admin form's payload: no description, no scoring table.
		status := "IN_PROGRESS"
		visible := false
		got = apitest.Must[*competitionv1.Event](t)(f.Srv.UpdateEvent(f.Ctx, &competitionv1.UpdateEventRequest{
			Id: e.GetId(), Name: "New", DateFrom: "2026-02-01", DateTo: "2026-02-03", Location: "Hall 2",
			Status: &status, DetailsVisible: &visible,
		}))
	})
	if got.GetName() != "New" || got.GetDateRange() != "1 – 3 Feb 2026" || got.GetLocation() != "Hall 2" ||
		got.GetStatus() != typesv1.EventStatus_IN_PROGRESS || got.GetStatusLabel() != "Läuft" || got.GetDetailsVisible() ||
		got.GetDescription() != "keep me" || got.GetScoringTable() != "custom" || !slices.Equal(got.GetCustomPoints(), []float64{3, 2, 1}) {
		t.Errorf("update: %v", got)
	}
	// Absent status and detailsVisible keep their values.
	got = apitest.Must[*competitionv1.Event](t)(f.Srv.UpdateEvent(f.Ctx, &competitionv1.UpdateEventRequest{
		Id: e.GetId(), Name: "New", DateFrom: "2026-02-01", DateTo: "2026-02-03",
	}))
	if got.GetStatus() != typesv1.EventStatus_IN_PROGRESS || got.GetDetailsVisible() || got.GetLocation() != "" {
		t.Errorf("absent fields: %v", got)
	}
	// Switching to a preset drops the custom points.
	preset := "games2012"
	got = apitest.Must[*competitionv1.Event](t)(f.Srv.UpdateEvent(f.Ctx, &competitionv1.UpdateEventRequest{
		Id: e.GetId(), Name: "New", DateFrom: "2026-02-01", DateTo: "2026-02-03", ScoringTable: &preset,
	}))
	if got.GetScoringTable() != "games2012" || len(got.GetCustomPoints()) != 0 {
		t.Errorf("preset: %v", got)
	}

	f.NotBumped(t, e.GetId(), func() {
		_, err := f.Srv.UpdateEvent(f.Ctx, &competitionv1.UpdateEventRequest{Id: e.GetId(), Name: "X", DateFrom: "2026-02-05", DateTo: "2026-02-03"})
		apitest.WantErr(t, err, apperr.KindInvalid, "dateTo", "End date must be after start date")
	})
	bad := "done"
	_, err := f.Srv.UpdateEvent(f.Ctx, &competitionv1.UpdateEventRequest{Id: e.GetId(), Name: "X", DateFrom: "2026-02-01", DateTo: "2026-02-03", Status: &bad})
	apitest.WantErr(t, err, apperr.KindInvalid, "status", setup.MsgStatusInvalid)
	_, err = f.Srv.UpdateEvent(f.Ctx, &competitionv1.UpdateEventRequest{Id: apitest.Missing, Name: "X", DateFrom: "2026-02-01", DateTo: "2026-02-03"})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Event not found")
	_, err = f.Srv.UpdateEvent(f.Ctx, &competitionv1.UpdateEventRequest{Id: "123", Name: "X", DateFrom: "2026-02-01", DateTo: "2026-02-03"})
	apitest.WantErr(t, err, apperr.KindInvalid, "id", "Event id must be a valid id")
}

func TestStatusTransitionsAnyToAny(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "E", "2026-01-01", "2026-01-02")
	id := &competitionv1.EventRequest{Id: e.GetId()}
	steps := []struct {
		call func() (*competitionv1.Event, error)
		want string
	}{
		{func() (*competitionv1.Event, error) { return f.Srv.ArchiveEvent(f.Ctx, id) }, "ARCHIVED"},
		{func() (*competitionv1.Event, error) { return f.Srv.StartEvent(f.Ctx, id) }, "IN_PROGRESS"},
		{func() (*competitionv1.Event, error) { return f.Srv.PublishEvent(f.Ctx, id) }, "PUBLISHED"},
		{func() (*competitionv1.Event, error) { return f.Srv.ArchiveEvent(f.Ctx, id) }, "ARCHIVED"},
	}
	for _, st := range steps {
		var got *competitionv1.Event
		f.Bumped(t, e.GetId(), func() { got = apitest.Must[*competitionv1.Event](t)(st.call()) })
		if got.GetStatus().String() != st.want || got.GetStatusLabel() != words.EventStatusLabelOf(got.GetStatus()) {
			t.Errorf("status %s, want %s", got.GetStatus(), st.want)
		}
	}
	// Back to DRAFT and UNLISTED through the edit form.
	for _, s := range []string{"DRAFT", "UNLISTED", "PUBLISHED"} {
		got := apitest.Must[*competitionv1.Event](t)(f.Srv.UpdateEvent(f.Ctx, &competitionv1.UpdateEventRequest{
			Id: e.GetId(), Name: "E", DateFrom: "2026-01-01", DateTo: "2026-01-02", Status: &s}))
		if got.GetStatus().String() != s {
			t.Errorf("status %s, want %s", got.GetStatus(), s)
		}
	}
	_, err := f.Srv.PublishEvent(f.Ctx, &competitionv1.EventRequest{Id: apitest.Missing})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Event not found")
	_, err = f.Srv.StartEvent(f.Ctx, &competitionv1.EventRequest{Id: "x"})
	apitest.WantErr(t, err, apperr.KindInvalid, "id", "Event id must be a valid id")
}

func TestDeleteEvent(t *testing.T) {
	t.Parallel()
	f := apitest.NewServices(t)
	e := f.Event(t, "E", "2026-01-01", "2026-01-02")
	d := f.Division(t, e.GetId(), "Elite")
	team := f.Team(t, d.GetId(), "Team", "", "")
	f.SaveResults(t, team.GetId(), false, f.Workout(t, e.GetId(), "WOD 1", "TIME"))

	apitest.Must[*competitionv1.Event](t)(f.Srv.PublishEvent(f.Ctx, &competitionv1.EventRequest{Id: e.GetId()}))
	_, err := f.Srv.DeleteEvent(f.Ctx, &competitionv1.EventRequest{Id: e.GetId()})
	apitest.WantErr(t, err, apperr.KindConflict, "", "This event cannot be deleted because it is not in Draft status. Only Draft events can be deleted.")

	draft := "DRAFT"
	apitest.Must[*competitionv1.Event](t)(f.Srv.UpdateEvent(f.Ctx, &competitionv1.UpdateEventRequest{Id: e.GetId(), Name: "E", DateFrom: "2026-01-01", DateTo: "2026-01-02", Status: &draft}))
	f.Bumped(t, e.GetId(), func() {
		apitest.Must[any](t)(f.Srv.DeleteEvent(f.Ctx, &competitionv1.EventRequest{Id: e.GetId()}))
	})
	_, err = f.Srv.DeleteEvent(f.Ctx, &competitionv1.EventRequest{Id: e.GetId()})
	apitest.WantErr(t, err, apperr.KindNotFound, "", "Event not found. It may have already been deleted.")

	// Divisions, teams and workouts went with it.
	var n int
	if err := f.Pool.QueryRow(f.Ctx, `SELECT (SELECT count(*) FROM competition.divisions) + (SELECT count(*) FROM competition.teams) + (SELECT count(*) FROM competition.workouts)`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("%d rows left after deleting the event", n)
	}
	// So did its results in results-svc.
	if n := f.StoredResults(t, team.GetId()); n != 0 {
		t.Errorf("%d results left in results-svc after deleting the event", n)
	}
}
