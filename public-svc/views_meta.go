package publicsvc

import (
	"fmt"
	"strings"

	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
)

// The title and description of each public page, for link previews (views.go has eventData).
// Plain text: the gateway escapes it into the HTML.

// siteName ends every title, so a browser tab or a preview says where the link goes.
const siteName = "Podium"

// eventListMeta is the event list's: it names no event.
func eventListMeta() *publicv1.PageMeta {
	return &publicv1.PageMeta{
		Title:       "Events · " + siteName,
		Description: "Live leaderboards, results, schedules and teams of team fitness competitions.",
	}
}

// pageMetaView is the page's title and description; false when the page names a division,
// workout or team the event does not have.
func pageMetaView(d *eventData, r *publicv1.PageMetaRequest) (*publicv1.PageMeta, bool) {
	event := d.ev.GetName()
	about := eventAbout(d)
	switch r.GetPage() {
	case publicv1.PublicPage_PUBLIC_PAGE_EVENT:
		return meta(event, about+" Workouts, live leaderboard, teams and schedule."), true
	case publicv1.PublicPage_PUBLIC_PAGE_LEADERBOARD:
		return meta("Leaderboard · "+event, about+" Live standings of every division."), true
	case publicv1.PublicPage_PUBLIC_PAGE_TEAMS:
		return meta("Teams · "+event, fmt.Sprintf("%s %s.", about, count(d.totalTeams(), "team", "teams"))), true
	case publicv1.PublicPage_PUBLIC_PAGE_SCHEDULE:
		return meta("Schedule · "+event, about+" Heats, lanes and start times."), true
	case publicv1.PublicPage_PUBLIC_PAGE_ADJUSTMENTS:
		return meta("Adjustments · "+event, about+" Every change of a published result, with its reason."), true
	case publicv1.PublicPage_PUBLIC_PAGE_DIVISION:
		div := d.division[r.GetDivisionId()]
		if div == nil {
			return nil, false
		}
		return meta(div.GetName()+" standings · "+event, divisionAbout(d, div.GetId(), div.GetName(), event)), true
	case publicv1.PublicPage_PUBLIC_PAGE_WORKOUT:
		div := d.division[r.GetDivisionId()]
		for _, w := range d.workouts {
			if div != nil && w.GetId() == r.GetWorkoutId() {
				scored := d.enteredByCell[divisionWorkout{div.GetId(), w.GetId()}]
				name := d.fullName(w)
				return meta(name+" · "+div.GetName()+" · "+event, fmt.Sprintf("%s results of %s at %s: %d of %s scored.",
					name, div.GetName(), event, scored, count(d.teamCount(div.GetId()), "team", "teams"))), true
			}
		}
		return nil, false
	case publicv1.PublicPage_PUBLIC_PAGE_TEAM:
		return teamMeta(d, r.GetTeamId())
	}
	return nil, false
}

func meta(title, description string) *publicv1.PageMeta {
	return &publicv1.PageMeta{Title: title + " · " + siteName, Description: strings.TrimSpace(description)}
}

// eventAbout is "Summer Throwdown 2026, 13–14 Jun 2026, Leeds Arena." with what the event has.
func eventAbout(d *eventData) string {
	parts := []string{d.ev.GetName()}
	for _, p := range []string{d.ev.GetDateRange(), d.ev.GetLocation()} {
		if strings.TrimSpace(p) != "" {
			parts = append(parts, strings.TrimSpace(p))
		}
	}
	return strings.Join(parts, ", ") + "."
}

// divisionAbout names the division's size, how far it is and its leader.
func divisionAbout(d *eventData, divisionID, division, event string) string {
	s := fmt.Sprintf("Live standings of %s at %s: %s, %s.", division, event,
		count(d.teamCount(divisionID), "team", "teams"), count(len(d.workouts), "workout", "workouts"))
	if teams := d.ordered[divisionID]; len(teams) > 0 {
		if rank, total := d.overall(teams[0].GetId()); rank != nil && rank.GetValue() == 1 {
			s += fmt.Sprintf(" Leading: %s (%s pts).", teams[0].GetName(), points(total.GetValue()))
		}
	}
	return s
}

// teamMeta is a team page's: its division, rank and points.
func teamMeta(d *eventData, teamID string) (*publicv1.PageMeta, bool) {
	t := d.team[teamID]
	if t == nil {
		return nil, false
	}
	div := d.division[t.GetDivisionId()]
	event := d.ev.GetName()
	s := fmt.Sprintf("%s in %s at %s", t.GetName(), div.GetName(), event)
	if names := athleteNames(startingNames(t)); names != "" && names != t.GetName() {
		s = fmt.Sprintf("%s (%s) in %s at %s", t.GetName(), names, div.GetName(), event)
	}
	rank, total := d.overall(teamID)
	switch {
	case d.standing[teamID].GetWithdrawn():
		s += ": withdrawn."
	case rank != nil:
		s += fmt.Sprintf(": #%d of %d, %s pts.", rank.GetValue(), d.teamCount(div.GetId()), points(total.GetValue()))
	default:
		s += ": no results yet."
	}
	return meta(t.GetName()+" · "+event, s), true
}

func athleteNames(roster []string) string {
	var names []string
	for _, n := range roster {
		if strings.TrimSpace(n) != "" {
			names = append(names, strings.TrimSpace(n))
		}
	}
	return strings.Join(names, " & ")
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// points is a total as the boards show it: whole numbers without decimals, others with two at
// most.
func points(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}
