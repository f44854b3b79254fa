package publicsvc

import (
	"testing"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

func TestPageMetaView(t *testing.T) {
	t.Parallel()
	d := fixtureData()
	page := func(p publicv1.PublicPage, division, workout, team string) string {
		m, ok := pageMetaView(d, &publicv1.PageMetaRequest{Page: p, EventId: evID, DivisionId: division, WorkoutId: workout, TeamId: team})
		if !ok {
			return "not found"
		}
		return m.GetTitle() + " | " + m.GetDescription()
	}
	for _, tc := range []struct{ what, got, want string }{
		{"event", page(publicv1.PublicPage_PUBLIC_PAGE_EVENT, "", "", ""),
			"Spring Throwdown · Podium | Spring Throwdown, 1–2 May 2026, Berlin. Workouts, live leaderboard, teams and schedule."},
		{"leaderboard", page(publicv1.PublicPage_PUBLIC_PAGE_LEADERBOARD, "", "", ""),
			"Leaderboard · Spring Throwdown · Podium | Spring Throwdown, 1–2 May 2026, Berlin. Live standings of every division."},
		{"teams", page(publicv1.PublicPage_PUBLIC_PAGE_TEAMS, "", "", ""), "Teams · Spring Throwdown · Podium | Spring Throwdown, 1–2 May 2026, Berlin. 5 teams."},
		{"schedule", page(publicv1.PublicPage_PUBLIC_PAGE_SCHEDULE, "", "", ""),
			"Schedule · Spring Throwdown · Podium | Spring Throwdown, 1–2 May 2026, Berlin. Heats, lanes and start times."},
		{"adjustments", page(publicv1.PublicPage_PUBLIC_PAGE_ADJUSTMENTS, "", "", ""),
			"Adjustments · Spring Throwdown · Podium | Spring Throwdown, 1–2 May 2026, Berlin. Every change of a published result, with its reason."},
		{"division", page(publicv1.PublicPage_PUBLIC_PAGE_DIVISION, rxID, "", ""),
			"Rx standings · Spring Throwdown · Podium | Live standings of Rx at Spring Throwdown: 4 teams, 3 workouts. Leading: Alpha (290 pts)."},
		{"division without a leader", page(publicv1.PublicPage_PUBLIC_PAGE_DIVISION, scaledID, "", ""),
			"Scaled standings · Spring Throwdown · Podium | Live standings of Scaled at Spring Throwdown: 1 team, 3 workouts."},
		{"another event's division", page(publicv1.PublicPage_PUBLIC_PAGE_DIVISION, "d0000000-0000-0000-0000-000000000009", "", ""), "not found"},
		{"workout", page(publicv1.PublicPage_PUBLIC_PAGE_WORKOUT, rxID, franID, ""),
			"Fran · Rx · Spring Throwdown · Podium | Fran results of Rx at Spring Throwdown: 3 of 4 teams scored."},
		{"another event's workout", page(publicv1.PublicPage_PUBLIC_PAGE_WORKOUT, rxID, "a0000000-0000-0000-0000-000000000009", ""), "not found"},
		{"team", page(publicv1.PublicPage_PUBLIC_PAGE_TEAM, "", "", alphaID),
			"Alpha · Spring Throwdown · Podium | Alpha (Alpha One & Alpha Two) in Rx at Spring Throwdown: #1 of 4, 290 pts."},
		{"withdrawn team", page(publicv1.PublicPage_PUBLIC_PAGE_TEAM, "", "", deltaID),
			"Delta · Spring Throwdown · Podium | Delta (Delta One & Delta Two) in Rx at Spring Throwdown: withdrawn."},
		{"team without results", page(publicv1.PublicPage_PUBLIC_PAGE_TEAM, "", "", echoID),
			"Echo · Spring Throwdown · Podium | Echo (Echo One & Echo Two) in Scaled at Spring Throwdown: no results yet."},
		{"unknown team", page(publicv1.PublicPage_PUBLIC_PAGE_TEAM, "", "", "t0000000-0000-0000-0000-000000000099"), "not found"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.what, tc.got, tc.want)
		}
	}

	// A part's page names it with its workout, as it stands alone.
	st := fixtureStructure()
	st.Event.Workouts[2].PartOf = cindyID
	st.Event.Workouts[1].Parts = "sum"
	d = newEventData(st, fixtureStandings(), false)
	if got, want := page(publicv1.PublicPage_PUBLIC_PAGE_WORKOUT, rxID, liftID, ""),
		"Cindy — Lift · Rx · Spring Throwdown · Podium | Cindy — Lift results of Rx at Spring Throwdown: 1 of 4 teams scored."; got != want {
		t.Errorf("a part's page:\n got %s\nwant %s", got, want)
	}
}
