package crew

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// The judge rotation's rules, pure: Plan makes a rotation, Refusal checks one place of it
// against the others (a change by hand). docs/crew.md, "The judge rotation".

// Judge is a volunteer who may judge, as the rotation sees them.
type Judge struct {
	ID, Name string
	// Head: may be a heat's head judge (and judge a lane); Lane: may judge a lane.
	Head, Lane bool
	// Level is the credential's level; 0 without a credential valid on the event's dates.
	Level int32
	// Windows when they can work; none: the whole event.
	Windows []Span
	// TeamID is the team they compete with ("" none): they never judge its heats.
	TeamID string
	Club   string
}

// Span is a time window.
type Span struct{ Start, End time.Time }

func (s Span) overlaps(o Span) bool { return s.Start.Before(o.End) && o.Start.Before(s.End) }

func (s Span) within(o Span) bool { return !s.Start.Before(o.Start) && !s.End.After(o.End) }

// PlanHeat is a heat of the schedule.
type PlanHeat struct {
	ID, WorkoutID string
	// Label names the heat in messages ("Workout 1, heat 3").
	Label string
	Start time.Time
	Lanes []PlanLane
}

// PlanLane is a lane of a heat and the clubs of its team's athletes.
type PlanLane struct {
	Lane   int32
	TeamID string
	Clubs  []string
}

// Rules are the organiser's choices for a rotation.
type Rules struct {
	// HeatLength is how long a heat occupies its judges.
	HeatLength time.Duration
	// RestAfter: a judge rests after this many heats in a row. Heats are in a row when the
	// next starts before a whole heat's length is free after the previous one.
	RestAfter int
	// AvoidOwnClub: a judge never judges a team of their club.
	AvoidOwnClub bool
	// Levels: workout id → the credential level it requires.
	Levels map[string]int32
}

// Place is one lane of one heat (lane 0: the head judge) and its judge; Gap says why no judge
// could take it when JudgeID is "".
type Place struct {
	HeatID  string
	Lane    int32
	JudgeID string
	Gap     string
}

const (
	msgGapHead = "No head judge available"
	msgGapLane = "No judge available"
)

// Plan fills every place of every heat, heat by heat in order of start: the head judge, then
// each lane; of the judges that fit a place, the one with the fewest places so far (lane
// judges before head judges on a lane). A place no judge fits is a gap.
func Plan(heats []PlanHeat, judges []Judge, r Rules) []Place {
	heats = slices.Clone(heats)
	slices.SortStableFunc(heats, func(a, b PlanHeat) int { return a.Start.Compare(b.Start) })
	b := newBook(heats, r)
	var out []Place
	for _, h := range heats {
		for _, lane := range placesOf(h) {
			best := -1
			for i, j := range judges {
				if b.refusal(j, h, lane) != "" {
					continue
				}
				if best < 0 || better(j, judges[best], lane, b.count) {
					best = i
				}
			}
			p := Place{HeatID: h.ID, Lane: lane}
			switch {
			case best >= 0:
				p.JudgeID = judges[best].ID
				b.add(judges[best].ID, h)
			case lane == 0:
				p.Gap = gapText(msgGapHead, r.Levels[h.WorkoutID])
			default:
				p.Gap = gapText(msgGapLane, r.Levels[h.WorkoutID])
			}
			out = append(out, p)
		}
	}
	return out
}

func gapText(msg string, level int32) string {
	if level > 0 {
		return fmt.Sprintf("%s (level %d required)", msg, level)
	}
	return msg
}

// better: fewer places first; on a lane, a lane judge before a head judge (kept for heads).
func better(a, b Judge, lane int32, count map[string]int) bool {
	if count[a.ID] != count[b.ID] {
		return count[a.ID] < count[b.ID]
	}
	if lane > 0 && a.Head != b.Head {
		return !a.Head
	}
	return a.ID < b.ID
}

// placesOf is the head judge's place (0), then the heat's lanes in order.
func placesOf(h PlanHeat) []int32 {
	out := []int32{0}
	for _, l := range h.Lanes {
		out = append(out, l.Lane)
	}
	slices.Sort(out[1:])
	return out
}

// Refusal says why judge j may not take place lane of heatID, given the other places;
// "" when they may.
func Refusal(heats []PlanHeat, judges []Judge, r Rules, places []Place, heatID string, lane int32, j Judge) string {
	b := newBook(heats, r)
	for _, p := range places {
		if p.JudgeID == "" || p.HeatID == heatID && p.Lane == lane {
			continue
		}
		if h, ok := b.heats[p.HeatID]; ok {
			b.add(p.JudgeID, h)
		}
	}
	h, ok := b.heats[heatID]
	if !ok {
		return "Heat not found"
	}
	if lane != 0 && !slices.ContainsFunc(h.Lanes, func(l PlanLane) bool { return l.Lane == lane }) {
		return fmt.Sprintf("%s has no lane %d", h.Label, lane)
	}
	return b.refusal(j, h, lane)
}

// book is who judges which heats so far.
type book struct {
	r     Rules
	heats map[string]PlanHeat
	busy  map[string][]PlanHeat // judge → heats by start
	count map[string]int
}

func newBook(heats []PlanHeat, r Rules) *book {
	b := &book{r: r, heats: map[string]PlanHeat{}, busy: map[string][]PlanHeat{}, count: map[string]int{}}
	for _, h := range heats {
		b.heats[h.ID] = h
	}
	return b
}

func (b *book) add(judgeID string, h PlanHeat) {
	hs := append(b.busy[judgeID], h)
	slices.SortStableFunc(hs, func(x, y PlanHeat) int { return x.Start.Compare(y.Start) })
	b.busy[judgeID] = hs
	b.count[judgeID]++
}

func (b *book) span(h PlanHeat) Span { return Span{h.Start, h.Start.Add(b.r.HeatLength)} }

// refusal is why j may not take lane of h; "".
func (b *book) refusal(j Judge, h PlanHeat, lane int32) string {
	switch {
	case lane == 0 && !j.Head:
		return fmt.Sprintf("%s is not a head judge", j.Name)
	case lane > 0 && !j.Head && !j.Lane:
		return fmt.Sprintf("%s did not sign up to judge", j.Name)
	case j.Level < b.r.Levels[h.WorkoutID]:
		return fmt.Sprintf("%s's credential level (%d) is below the level %d this workout requires", j.Name, j.Level, b.r.Levels[h.WorkoutID])
	}
	span := b.span(h)
	if len(j.Windows) > 0 && !slices.ContainsFunc(j.Windows, func(w Span) bool { return span.within(w) }) {
		return fmt.Sprintf("%s is not available at %s", j.Name, h.Start.UTC().Format("15:04"))
	}
	for _, l := range h.Lanes {
		if j.TeamID != "" && l.TeamID == j.TeamID {
			return fmt.Sprintf("%s competes in %s", j.Name, h.Label)
		}
		if b.r.AvoidOwnClub && j.Club != "" && (lane == 0 || l.Lane == lane) &&
			slices.ContainsFunc(l.Clubs, func(c string) bool { return strings.EqualFold(c, j.Club) }) {
			return fmt.Sprintf("%s would judge a team of their club (%s)", j.Name, j.Club)
		}
	}
	for _, o := range b.busy[j.ID] {
		if o.ID == h.ID || b.span(o).overlaps(span) {
			return fmt.Sprintf("%s judges %s at that time", j.Name, o.Label)
		}
	}
	if b.r.RestAfter > 0 && b.runWith(j.ID, h) > b.r.RestAfter {
		return fmt.Sprintf("%s needs a rest after %s in a row", j.Name, heatsText(b.r.RestAfter))
	}
	return ""
}

// runWith is the length of the run of heats in a row h would be part of for the judge.
func (b *book) runWith(judgeID string, h PlanHeat) int {
	hs := append(slices.Clone(b.busy[judgeID]), h)
	slices.SortStableFunc(hs, func(x, y PlanHeat) int { return x.Start.Compare(y.Start) })
	return longestRunAround(hs, h.ID, b.r.HeatLength)
}

// InARow says whether next follows prev without a rest: less than a heat's length free
// between prev's end and next's start.
func InARow(prev, next time.Time, length time.Duration) bool {
	return next.Before(prev.Add(2 * length))
}

func longestRunAround(hs []PlanHeat, id string, length time.Duration) int {
	i := slices.IndexFunc(hs, func(x PlanHeat) bool { return x.ID == id })
	lo, hi := i, i
	for lo > 0 && InARow(hs[lo-1].Start, hs[lo].Start, length) {
		lo--
	}
	for hi < len(hs)-1 && InARow(hs[hi].Start, hs[hi+1].Start, length) {
		hi++
	}
	return hi - lo + 1
}

func heatsText(n int) string {
	if n == 1 {
		return "1 heat"
	}
	return fmt.Sprintf("%d heats", n)
}
