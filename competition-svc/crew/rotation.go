package crew

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The judge rotation over the event's heats (docs/crew.md, "The judge rotation"): Plan makes
// it, the organiser changes places by hand, each change checked by the same rules.

// Slot is one place of the rotation as the console and the judge see it.
type Slot struct {
	HeatID, WorkoutID, WorkoutName string
	HeatNumber                     int32
	StartsAt                       time.Time
	Lane                           int32
	TeamName                       string
	VolunteerID, JudgeName, Gap    string
}

// Rotation is every place of an event's heats, and the judges without a place (standby).
type Rotation struct {
	EventID string
	Slots   []Slot
	Gaps    int
	Standby []store.Volunteer
}

// RotationInput is the organiser's choice of rules.
type RotationInput struct {
	HeatMinutes, RestAfter int32
	AvoidOwnClub           bool
	Levels                 map[string]int32
}

// schedule is what the rules need of an event: its heats and judges.
type schedule struct {
	event   store.Event
	heats   []store.Heat
	plan    []PlanHeat
	names   map[string]string // workout id → name
	vols    []store.Volunteer
	judges  []Judge
	byJudge map[string]Judge
}

func (s *service) schedule(ctx context.Context, st *store.Store, eventID string, clubs bool) (_ schedule, err error) {
	defer apperr.Wrap(&err, "crew.schedule(%q)", eventID)
	ev, err := st.GetEvent(ctx, eventID)
	if err != nil {
		return schedule{}, err
	}
	heats, err := st.ListEventHeats(ctx, eventID)
	if err != nil {
		return schedule{}, err
	}
	workouts, err := st.ListWorkoutsByOrder(ctx, eventID)
	if err != nil {
		return schedule{}, err
	}
	vols, err := st.EventVolunteers(ctx, eventID)
	if err != nil {
		return schedule{}, err
	}
	sc := schedule{event: ev, heats: heats, names: map[string]string{}, vols: vols, byJudge: map[string]Judge{}}
	for _, w := range workouts {
		sc.names[w.ID] = w.Name
	}
	teamClubs := map[string][]string{}
	if clubs {
		if teamClubs, err = s.teamClubs(ctx, st, heats); err != nil {
			return schedule{}, err
		}
	}
	for _, h := range heats {
		ph := PlanHeat{ID: h.ID, WorkoutID: h.WorkoutID, Start: h.StartTime,
			Label: fmt.Sprintf("%s, heat %d", sc.names[h.WorkoutID], h.Number)}
		for _, l := range h.Lanes {
			ph.Lanes = append(ph.Lanes, PlanLane{Lane: l.Lane, TeamID: l.TeamID, Clubs: teamClubs[l.TeamID]})
		}
		sc.plan = append(sc.plan, ph)
	}
	for _, v := range vols {
		if !isJudge(v.Roles) {
			continue
		}
		j := Judge{ID: v.ID, Name: v.Name, Head: slices.Contains(v.Roles, "head_judge"), Lane: slices.Contains(v.Roles, "judge"),
			TeamID: v.TeamID, Club: v.Club}
		if credentialProblem(v, ev) == "" {
			j.Level = v.CredentialLevel
		}
		for _, w := range v.Availability {
			j.Windows = append(j.Windows, Span{w.StartsAt, w.EndsAt})
		}
		sc.judges = append(sc.judges, j)
		sc.byJudge[j.ID] = j
	}
	return sc, nil
}

// teamClubs reads the clubs of the athletes on the heats' teams from their profiles.
func (s *service) teamClubs(ctx context.Context, st *store.Store, heats []store.Heat) (_ map[string][]string, err error) {
	defer apperr.Wrap(&err, "crew.teamClubs()")
	var ids []string
	for _, h := range heats {
		for _, l := range h.Lanes {
			if !slices.Contains(ids, l.TeamID) {
				ids = append(ids, l.TeamID)
			}
		}
	}
	teams, err := st.GetTeams(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	seen := map[string]string{}
	for _, t := range teams {
		for _, a := range []string{t.Athlete1ID, t.Athlete2ID} {
			if a == "" {
				continue
			}
			club, ok := seen[a]
			if !ok {
				p, err := s.Athletes.Find(ctx, a)
				if err != nil {
					return nil, err
				}
				club = p.GetClub()
				seen[a] = club
			}
			if club != "" {
				out[t.ID] = append(out[t.ID], club)
			}
		}
	}
	return out, nil
}

func rules(set store.RotationSettings) Rules {
	return Rules{HeatLength: time.Duration(set.HeatMinutes) * time.Minute, RestAfter: int(set.RestAfter),
		AvoidOwnClub: set.AvoidOwnClub, Levels: set.Levels}
}

// Generate makes the event's rotation anew under the rules given and stores it with them.
func (s *service) Generate(ctx context.Context, eventID string, in RotationInput) (_ Rotation, err error) {
	defer apperr.Wrap(&err, "crew.Generate(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return Rotation{}, err
	}
	set, err := settings(in)
	if err != nil {
		return Rotation{}, err
	}
	sc, err := s.schedule(ctx, s.Store, eventID, set.AvoidOwnClub)
	if err != nil {
		return Rotation{}, err
	}
	for id := range set.Levels {
		if _, ok := sc.names[id]; !ok {
			return Rotation{}, apperr.Invalid("levels", core.MsgWorkoutNotFound)
		}
	}
	var places []store.RotationPlace
	for _, p := range Plan(sc.plan, sc.judges, rules(set)) {
		if p.JudgeID != "" {
			places = append(places, store.RotationPlace{HeatID: p.HeatID, Lane: p.Lane, VolunteerID: p.JudgeID})
		}
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		return tx.ReplaceRotation(ctx, eventID, set, places)
	})
	if err != nil {
		return Rotation{}, err
	}
	return s.rotation(ctx, eventID)
}

func settings(in RotationInput) (store.RotationSettings, error) {
	if in.HeatMinutes < 1 || in.HeatMinutes > maxHeatMinutes {
		return store.RotationSettings{}, apperr.Invalid("heatMinutes", msgHeatMinutes)
	}
	if in.RestAfter < 0 || in.RestAfter > 50 {
		return store.RotationSettings{}, apperr.Invalid("restAfter", msgRestAfter)
	}
	rest := in.RestAfter
	if rest == 0 {
		rest = defaultRestRuns
	}
	levels := map[string]int32{}
	for id, l := range in.Levels {
		if l < 0 || l > maxCredLevel {
			return store.RotationSettings{}, apperr.Invalid("levels", msgLevel)
		}
		cid, err := core.ParseID("levels", id, "Workout")
		if err != nil {
			return store.RotationSettings{}, err
		}
		if l > 0 {
			levels[cid] = l
		}
	}
	return store.RotationSettings{HeatMinutes: in.HeatMinutes, RestAfter: rest, AvoidOwnClub: in.AvoidOwnClub, Levels: levels}, nil
}

// GetRotation returns an event's rotation: every place, the gaps and the standby judges.
func (s *service) GetRotation(ctx context.Context, eventID string) (_ Rotation, err error) {
	defer apperr.Wrap(&err, "crew.GetRotation(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return Rotation{}, err
	}
	return s.rotation(ctx, eventID)
}

// rotation reads the stored rotation over the heats as they are now: a place whose judge was
// taken off, or a lane added since, is a gap.
func (s *service) rotation(ctx context.Context, eventID string) (_ Rotation, err error) {
	defer apperr.Wrap(&err, "crew.rotation(%q)", eventID)
	set, err := s.Store.GetRotationSettings(ctx, eventID)
	if errors.Is(err, store.ErrNotFound) {
		return Rotation{EventID: eventID, Slots: []Slot{}, Standby: []store.Volunteer{}}, nil
	} else if err != nil {
		return Rotation{}, err
	}
	sc, err := s.schedule(ctx, s.Store, eventID, false)
	if err != nil {
		return Rotation{}, err
	}
	stored, err := s.Store.EventRotation(ctx, eventID)
	if err != nil {
		return Rotation{}, err
	}
	who := map[string]string{}
	placed := map[string]bool{}
	for _, p := range stored {
		who[fmt.Sprint(p.HeatID, "/", p.Lane)] = p.VolunteerID
		placed[p.VolunteerID] = true
	}
	names := map[string]string{}
	for _, v := range sc.vols {
		names[v.ID] = v.Name
	}
	out := Rotation{EventID: eventID, Slots: []Slot{}, Standby: []store.Volunteer{}}
	heats := slices.Clone(sc.heats)
	slices.SortStableFunc(heats, func(a, b store.Heat) int { return a.StartTime.Compare(b.StartTime) })
	for _, h := range heats {
		teams := map[int32]string{}
		var lanes []int32
		for _, l := range h.Lanes {
			teams[l.Lane] = l.TeamName
			lanes = append(lanes, l.Lane)
		}
		slices.Sort(lanes)
		for _, lane := range append([]int32{0}, lanes...) {
			sl := Slot{HeatID: h.ID, WorkoutID: h.WorkoutID, WorkoutName: sc.names[h.WorkoutID], HeatNumber: h.Number,
				StartsAt: h.StartTime, Lane: lane, TeamName: teams[lane]}
			if id := who[fmt.Sprint(h.ID, "/", lane)]; id != "" {
				sl.VolunteerID, sl.JudgeName = id, names[id]
			} else {
				msg := msgGapLane
				if lane == 0 {
					msg = msgGapHead
				}
				sl.Gap = gapText(msg, set.Levels[h.WorkoutID])
				out.Gaps++
			}
			out.Slots = append(out.Slots, sl)
		}
	}
	for _, v := range sc.vols {
		if isJudge(v.Roles) && !placed[v.ID] {
			out.Standby = append(out.Standby, v)
		}
	}
	return out, nil
}

// SetLane puts a judge on one place by hand (a standby judge moved in), checked by the
// rotation's rules against every other place; an empty volunteerID leaves the place empty.
func (s *service) SetLane(ctx context.Context, eventID, heatID string, lane int32, volunteerID string) (_ Rotation, err error) {
	defer apperr.Wrap(&err, "crew.SetLane(%q, %d)", heatID, lane)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return Rotation{}, err
	}
	heatID, err = core.ParseID("heatId", heatID, "Heat")
	if err != nil {
		return Rotation{}, err
	}
	if volunteerID != "" {
		if volunteerID, err = core.ParseID("volunteerId", volunteerID, "Volunteer"); err != nil {
			return Rotation{}, err
		}
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		// Locked: two changes by hand are checked one after the other.
		set, err := tx.LockRotationSettings(ctx, eventID)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.Invalid("eventId", msgNoRotation)
		} else if err != nil {
			return err
		}
		if volunteerID == "" {
			if _, err := s.heatOf(ctx, tx, eventID, heatID); err != nil {
				return err
			}
		} else if msg, err := s.laneRefusal(ctx, tx, eventID, set, heatID, lane, volunteerID); err != nil {
			return err
		} else if msg != "" {
			return apperr.Invalid("volunteerId", msg)
		}
		if err := tx.SetRotationPlace(ctx, eventID, store.RotationPlace{HeatID: heatID, Lane: lane, VolunteerID: volunteerID}); err != nil {
			return err
		}
		if volunteerID == "" {
			return s.recordPlace(ctx, tx, eventID, heatID, lane, store.Volunteer{}, "")
		}
		v, err := tx.LockVolunteer(ctx, eventID, volunteerID)
		if err != nil {
			return volunteerGone(err)
		}
		return s.recordPlace(ctx, tx, eventID, heatID, lane, v, "put on")
	})
	if err != nil {
		return Rotation{}, err
	}
	return s.rotation(ctx, eventID)
}

// heatOf is the event's heat heatID, or a 404.
func (s *service) heatOf(ctx context.Context, tx *store.Store, eventID, heatID string) (_ store.Heat, err error) {
	defer apperr.Wrap(&err, "crew.heatOf(%q)", heatID)
	heats, err := tx.ListEventHeats(ctx, eventID)
	if err != nil {
		return store.Heat{}, err
	}
	i := slices.IndexFunc(heats, func(h store.Heat) bool { return h.ID == heatID })
	if i < 0 {
		return store.Heat{}, apperr.NotFound(msgHeatMissing)
	}
	return heats[i], nil
}

// laneRefusal says why volunteerID may not take lane of heatID, checked by the rotation's
// rules against every other place ("" when they may); a heat not the event's is a 404. The
// caller holds the rotation's lock (LockRotationSettings), so changes are checked one after
// the other: by hand, by a swap, from the day-of board.
func (s *service) laneRefusal(ctx context.Context, tx *store.Store, eventID string, set store.RotationSettings,
	heatID string, lane int32, volunteerID string) (_ string, err error) {
	defer apperr.Wrap(&err, "crew.laneRefusal(%q, %d)", heatID, lane)
	sc, err := s.schedule(ctx, tx, eventID, set.AvoidOwnClub)
	if err != nil {
		return "", err
	}
	if !slices.ContainsFunc(sc.heats, func(h store.Heat) bool { return h.ID == heatID }) {
		return "", apperr.NotFound(msgHeatMissing)
	}
	j, ok := sc.byJudge[volunteerID]
	if !ok {
		i := slices.IndexFunc(sc.vols, func(v store.Volunteer) bool { return v.ID == volunteerID })
		if i < 0 {
			return "", apperr.Invalid("volunteerId", msgVolunteerMissing)
		}
		return sc.vols[i].Name + " did not sign up to judge", nil
	}
	stored, err := tx.EventRotation(ctx, eventID)
	if err != nil {
		return "", err
	}
	places := make([]Place, len(stored))
	for i, p := range stored {
		places[i] = Place{HeatID: p.HeatID, Lane: p.Lane, JudgeID: p.VolunteerID}
	}
	return Refusal(sc.plan, sc.judges, rules(set), places, heatID, lane, j), nil
}
