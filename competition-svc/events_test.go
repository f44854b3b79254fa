package competitionsvc

import (
	"slices"
	"testing"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
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
	f := &Server{}
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
	f := newFixture(t)
	e := f.event(t, "  Spring Throwdown  ", "2026-05-12", "2026-05-14")
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
	if f.publicVersion(t, e.GetId()) == 0 {
		t.Error("create did not bump the public version")
	}

	hidden := false
	status := "published"
	table := "custom"
	e2, err := f.srv.CreateEvent(f.ctx, &competitionv1.CreateEventRequest{
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
	f := newFixture(t)
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
			_, err := f.srv.CreateEvent(f.ctx, tc.req)
			wantErr(t, err, apperr.KindInvalid, tc.field, tc.msg)
		})
	}
	events := must[*competitionv1.ListEventsResponse](t)(f.srv.ListEvents(f.ctx, nil))
	if len(events.GetEvents()) != 0 {
		t.Errorf("invalid events were saved: %v", events)
	}
	// Same day is fine; 255 characters (not bytes) is fine.
	f.event(t, repeat("ü", 255), "2026-01-01", "2026-01-01")
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
	f := newFixture(t)
	f.event(t, "Beta", "2026-06-01", "2026-06-02")
	f.event(t, "alpha", "2026-06-01", "2026-06-03")
	f.event(t, "Early", "2025-01-01", "2025-01-01")
	resp := must[*competitionv1.ListEventsResponse](t)(f.srv.ListEvents(f.ctx, &competitionv1.ListEventsRequest{}))
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
	f := newFixture(t)
	e := f.event(t, "Open", "2026-05-12", "2026-05-14")
	w1 := f.workout(t, e.GetId(), "Zulu", "TIME")
	w2 := f.workout(t, e.GetId(), "Alpha", "REPS")
	f.division(t, e.GetId(), "Scaled")
	d := f.division(t, e.GetId(), "Elite")
	teamA := f.team(t, d.GetId(), "Team A", "Ann", "")
	f.saveResults(t, teamA.GetId(), false, w2)

	got := must[*competitionv1.Event](t)(f.srv.GetEvent(f.ctx, &competitionv1.EventRequest{Id: e.GetId()}))
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

	_, err := f.srv.GetEvent(f.ctx, &competitionv1.EventRequest{Id: missingID})
	wantErr(t, err, apperr.KindNotFound, "", "Event not found")
	_, err = f.srv.GetEvent(f.ctx, &competitionv1.EventRequest{Id: "not-a-uuid"})
	wantErr(t, err, apperr.KindInvalid, "id", "Event id must be a valid id")
}

func TestUpdateEvent(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	table := "custom"
	desc := "keep me"
	e := must[*competitionv1.Event](t)(f.srv.CreateEvent(f.ctx, &competitionv1.CreateEventRequest{
		Name: "Old", DateFrom: "2026-01-01", DateTo: "2026-01-02", Description: desc,
		ScoringTable: &table, CustomPoints: []float64{3, 2, 1},
	}))
	var got *competitionv1.Event
	f.bumped(t, e.GetId(), func() {
		// The admin form's payload: no description, no scoring table.
		status := "IN_PROGRESS"
		visible := false
		got = must[*competitionv1.Event](t)(f.srv.UpdateEvent(f.ctx, &competitionv1.UpdateEventRequest{
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
	got = must[*competitionv1.Event](t)(f.srv.UpdateEvent(f.ctx, &competitionv1.UpdateEventRequest{
		Id: e.GetId(), Name: "New", DateFrom: "2026-02-01", DateTo: "2026-02-03",
	}))
	if got.GetStatus() != typesv1.EventStatus_IN_PROGRESS || got.GetDetailsVisible() || got.GetLocation() != "" {
		t.Errorf("absent fields: %v", got)
	}
	// Switching to a preset drops the custom points.
	preset := "games2012"
	got = must[*competitionv1.Event](t)(f.srv.UpdateEvent(f.ctx, &competitionv1.UpdateEventRequest{
		Id: e.GetId(), Name: "New", DateFrom: "2026-02-01", DateTo: "2026-02-03", ScoringTable: &preset,
	}))
	if got.GetScoringTable() != "games2012" || len(got.GetCustomPoints()) != 0 {
		t.Errorf("preset: %v", got)
	}

	f.notBumped(t, e.GetId(), func() {
		_, err := f.srv.UpdateEvent(f.ctx, &competitionv1.UpdateEventRequest{Id: e.GetId(), Name: "X", DateFrom: "2026-02-05", DateTo: "2026-02-03"})
		wantErr(t, err, apperr.KindInvalid, "dateTo", "End date must be after start date")
	})
	bad := "done"
	_, err := f.srv.UpdateEvent(f.ctx, &competitionv1.UpdateEventRequest{Id: e.GetId(), Name: "X", DateFrom: "2026-02-01", DateTo: "2026-02-03", Status: &bad})
	wantErr(t, err, apperr.KindInvalid, "status", setup.MsgStatusInvalid)
	_, err = f.srv.UpdateEvent(f.ctx, &competitionv1.UpdateEventRequest{Id: missingID, Name: "X", DateFrom: "2026-02-01", DateTo: "2026-02-03"})
	wantErr(t, err, apperr.KindNotFound, "", "Event not found")
	_, err = f.srv.UpdateEvent(f.ctx, &competitionv1.UpdateEventRequest{Id: "123", Name: "X", DateFrom: "2026-02-01", DateTo: "2026-02-03"})
	wantErr(t, err, apperr.KindInvalid, "id", "Event id must be a valid id")
}

func TestStatusTransitionsAnyToAny(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "E", "2026-01-01", "2026-01-02")
	id := &competitionv1.EventRequest{Id: e.GetId()}
	steps := []struct {
		call func() (*competitionv1.Event, error)
		want string
	}{
		{func() (*competitionv1.Event, error) { return f.srv.ArchiveEvent(f.ctx, id) }, "ARCHIVED"},
		{func() (*competitionv1.Event, error) { return f.srv.StartEvent(f.ctx, id) }, "IN_PROGRESS"},
		{func() (*competitionv1.Event, error) { return f.srv.PublishEvent(f.ctx, id) }, "PUBLISHED"},
		{func() (*competitionv1.Event, error) { return f.srv.ArchiveEvent(f.ctx, id) }, "ARCHIVED"},
	}
	for _, st := range steps {
		var got *competitionv1.Event
		f.bumped(t, e.GetId(), func() { got = must[*competitionv1.Event](t)(st.call()) })
		if got.GetStatus().String() != st.want || got.GetStatusLabel() != words.EventStatusLabelOf(got.GetStatus()) {
			t.Errorf("status %s, want %s", got.GetStatus(), st.want)
		}
	}
	// Back to DRAFT and UNLISTED through the edit form.
	for _, s := range []string{"DRAFT", "UNLISTED", "PUBLISHED"} {
		got := must[*competitionv1.Event](t)(f.srv.UpdateEvent(f.ctx, &competitionv1.UpdateEventRequest{
			Id: e.GetId(), Name: "E", DateFrom: "2026-01-01", DateTo: "2026-01-02", Status: &s}))
		if got.GetStatus().String() != s {
			t.Errorf("status %s, want %s", got.GetStatus(), s)
		}
	}
	_, err := f.srv.PublishEvent(f.ctx, &competitionv1.EventRequest{Id: missingID})
	wantErr(t, err, apperr.KindNotFound, "", "Event not found")
	_, err = f.srv.StartEvent(f.ctx, &competitionv1.EventRequest{Id: "x"})
	wantErr(t, err, apperr.KindInvalid, "id", "Event id must be a valid id")
}

func TestDeleteEvent(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := f.event(t, "E", "2026-01-01", "2026-01-02")
	d := f.division(t, e.GetId(), "Elite")
	team := f.team(t, d.GetId(), "Team", "", "")
	f.saveResults(t, team.GetId(), false, f.workout(t, e.GetId(), "WOD 1", "TIME"))

	must[*competitionv1.Event](t)(f.srv.PublishEvent(f.ctx, &competitionv1.EventRequest{Id: e.GetId()}))
	_, err := f.srv.DeleteEvent(f.ctx, &competitionv1.EventRequest{Id: e.GetId()})
	wantErr(t, err, apperr.KindConflict, "", "This event cannot be deleted because it is not in Draft status. Only Draft events can be deleted.")

	draft := "DRAFT"
	must[*competitionv1.Event](t)(f.srv.UpdateEvent(f.ctx, &competitionv1.UpdateEventRequest{Id: e.GetId(), Name: "E", DateFrom: "2026-01-01", DateTo: "2026-01-02", Status: &draft}))
	f.bumped(t, e.GetId(), func() {
		must[any](t)(f.srv.DeleteEvent(f.ctx, &competitionv1.EventRequest{Id: e.GetId()}))
	})
	_, err = f.srv.DeleteEvent(f.ctx, &competitionv1.EventRequest{Id: e.GetId()})
	wantErr(t, err, apperr.KindNotFound, "", "Event not found. It may have already been deleted.")

	// Divisions, teams and workouts went with it.
	var n int
	if err := f.pool.QueryRow(f.ctx, `SELECT (SELECT count(*) FROM competition.divisions) + (SELECT count(*) FROM competition.teams) + (SELECT count(*) FROM competition.workouts)`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("%d rows left after deleting the event", n)
	}
	// So did its results in results-svc.
	if n := f.storedResults(t, team.GetId()); n != 0 {
		t.Errorf("%d results left in results-svc after deleting the event", n)
	}
}
