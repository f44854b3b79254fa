package waivers

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// AthleteState is one athlete of a live registration and their waiver.
type AthleteState struct {
	RegistrationID, TeamID, TeamName, DivisionName string
	AthleteID, AthleteName                         string
	State                                          string
	Current                                        int32
	Acceptance                                     *store.WaiverAcceptance
	GuardianEmail                                  string
}

// Label is what the screens say of the state.
func (a AthleteState) Label() string {
	var accepted int32
	if a.Acceptance != nil {
		accepted = a.Acceptance.Version
	}
	return stateLabel(a.State, accepted, a.Current)
}

// States are the event's waiver and the state of every athlete of its live registrations.
type States struct {
	Current  int32
	Athletes []AthleteState
}

// states reads the event's waiver states; registrations without an athlete account (none
// today: the captain and the partner sign in) are left out.
func (s *service) states(ctx context.Context, eventID string) (_ States, err error) {
	defer apperr.Wrap(&err, "waivers.states(%q)", eventID)
	var out States
	w, err := s.Store.CurrentWaiver(ctx, eventID)
	if err == nil {
		out.Current = w.Version
	} else if !errors.Is(err, store.ErrNotFound) {
		return States{}, err
	}
	regs, err := s.Store.ListRegistrations(ctx, store.RegFilter{EventID: eventID})
	if err != nil {
		return States{}, err
	}
	accepted, err := s.Store.LatestAcceptances(ctx, eventID)
	if err != nil {
		return States{}, err
	}
	pending, err := s.Store.PendingGuardians(ctx, eventID)
	if err != nil {
		return States{}, err
	}
	for _, r := range regs {
		if r.State == "withdrawn" || r.State == "refused" {
			continue
		}
		people := [][2]string{{r.CaptainID, r.CaptainName}}
		if r.PartnerID != "" {
			people = append(people, [2]string{r.PartnerID, r.PartnerName})
		}
		for _, p := range people {
			a := AthleteState{RegistrationID: r.ID, TeamID: r.TeamID, TeamName: r.TeamName, DivisionName: r.DivisionName,
				AthleteID: p[0], AthleteName: p[1], Current: out.Current}
			if acc, ok := accepted[p[0]]; ok {
				a.Acceptance = &acc
			}
			a.GuardianEmail = pending[p[0]]
			a.State = state(out.Current, a.Acceptance, a.GuardianEmail)
			out.Athletes = append(out.Athletes, a)
		}
	}
	return out, nil
}

func state(current int32, acc *store.WaiverAcceptance, guardianEmail string) string {
	switch {
	case current == 0:
		return StateNotRequired
	case acc != nil && acc.Version == current:
		return StateAccepted
	case guardianEmail != "":
		return StateGuardianPending
	case acc != nil:
		return StateOutdated
	}
	return StateMissing
}

// Gate is what check-in and the registrations list ask of the waivers.
type Gate struct{ svc *service }

// MissingRegistrations are the event's live registrations with an athlete whose waiver is
// missing (the registrations list's filter "waiver missing" and its export).
func (g *Gate) MissingRegistrations(ctx context.Context, eventID string) (_ map[string]bool, err error) {
	defer apperr.Wrap(&err, "waivers.Gate.MissingRegistrations(%q)", eventID)
	st, err := g.svc.states(ctx, eventID)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, a := range st.Athletes {
		if missing(a.State) {
			out[a.RegistrationID] = true
		}
	}
	return out, nil
}

func missing(state string) bool { return state != StateAccepted && state != StateNotRequired }

// CheckPresent refuses to mark a team present while a starting athlete of its roster has not
// accepted the current waiver; a team an organiser added by hand has no accounts to ask. It
// reads the event's current waiver, the team's roster and those athletes' acceptances, never
// the event's registrations: the door's cost follows the team.
func (g *Gate) CheckPresent(ctx context.Context, eventID, teamID string) (err error) {
	defer apperr.Wrap(&err, "waivers.Gate.CheckPresent(%q, %q)", eventID, teamID)
	current, err := g.current(ctx, eventID)
	if err != nil || current == 0 {
		return err
	}
	rosters, err := g.svc.Store.Rosters(ctx, []string{teamID})
	if err != nil {
		return err
	}
	var people [][2]string
	for _, a := range rosters[teamID] {
		if !a.Substitute && a.AthleteID != "" {
			people = append(people, [2]string{a.AthleteID, a.Name})
		}
	}
	return g.refuseMissing(ctx, eventID, current, people)
}

// CheckAthletePresent refuses to mark one athlete (their account and name) present while they
// have not accepted the current waiver.
func (g *Gate) CheckAthletePresent(ctx context.Context, eventID, athleteID, name string) (err error) {
	defer apperr.Wrap(&err, "waivers.Gate.CheckAthletePresent(%q, %q)", eventID, athleteID)
	current, err := g.current(ctx, eventID)
	if err != nil || current == 0 {
		return err
	}
	return g.refuseMissing(ctx, eventID, current, [][2]string{{athleteID, name}})
}

// current is the version of the event's waiver, 0 without one. Most events ask for none:
// their door costs this one read.
func (g *Gate) current(ctx context.Context, eventID string) (_ int32, err error) {
	defer apperr.Wrap(&err, "waivers.Gate.current(%q)", eventID)
	w, err := g.svc.Store.CurrentWaiver(ctx, eventID)
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	} else if err != nil {
		return 0, err
	}
	return w.Version, nil
}

// refuseMissing says which of people (account, name) have not accepted version current.
func (g *Gate) refuseMissing(ctx context.Context, eventID string, current int32, people [][2]string) (err error) {
	defer apperr.Wrap(&err, "waivers.Gate.refuseMissing(%q)", eventID)
	if len(people) == 0 {
		return nil
	}
	ids := make([]string, len(people))
	for i, p := range people {
		ids[i] = p[0]
	}
	accepted, err := g.svc.Store.AcceptedVersions(ctx, eventID, ids)
	if err != nil {
		return err
	}
	var names []string
	for _, p := range people {
		if accepted[p[0]] != current {
			names = append(names, p[1])
		}
	}
	if len(names) == 0 {
		return nil
	}
	return apperr.Conflict(fmt.Sprintf("Not marked present: %s %s not accepted the waiver yet. Sign it on the kiosk first.",
		strings.Join(names, " and "), map[bool]string{true: "has", false: "have"}[len(names) == 1]))
}
