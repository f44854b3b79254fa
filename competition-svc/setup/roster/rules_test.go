package roster

import (
	"errors"
	"testing"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

func intp(n int) *int { return &n }

// refusedOn fails unless err is a refusal naming field with message.
func refusedOn(t *testing.T, what string, err error, field, message string) {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Field != field || (message != "" && e.Message != message) {
		t.Errorf("%s: %v, want %s refused: %q", what, err, field, message)
	}
}

func TestDivisionRosterRules(t *testing.T) {
	t.Parallel()
	four := store.RosterRules{TeamSize: 4, Substitutes: 1, Composition: []store.CompositionRule{{Category: " women ", Count: 2}, {Category: "men", Count: 2}}}
	got, err := CheckRules("roster.", four)
	if err != nil || got.Composition[0].Category != "women" {
		t.Fatalf("2 women + 2 men: %+v, %v", got, err)
	}
	if _, err := CheckRules("roster.", Pairs); err != nil {
		t.Errorf("pairs: %v", err)
	}
	for _, c := range []struct {
		what    string
		r       store.RosterRules
		field   string
		message string
	}{
		{"size 0", store.RosterRules{TeamSize: 0}, "roster.teamSize", msgTeamSize},
		{"size 9", store.RosterRules{TeamSize: 9}, "roster.teamSize", msgTeamSize},
		{"5 substitutes", store.RosterRules{TeamSize: 4, Substitutes: 5}, "roster.substitutes", msgSubstitutes},
		{"3 of 4", store.RosterRules{TeamSize: 4, Composition: []store.CompositionRule{{Category: "women", Count: 2}, {Category: "men", Count: 1}}}, "roster.composition", "The composition counts 3 athletes; the team size is 4"},
		{"twice", store.RosterRules{TeamSize: 4, Composition: []store.CompositionRule{{Category: "women", Count: 2}, {Category: "Women", Count: 2}}}, "roster.composition", "Category Women is given twice"},
		{"no name", store.RosterRules{TeamSize: 2, Composition: []store.CompositionRule{{Category: "", Count: 2}}}, "roster.composition", msgCategoryName},
		{"age 121", store.RosterRules{TeamSize: 1, AgeMin: intp(121), AgeOn: "2026-06-01"}, "roster.ageMin", msgAgeBound},
		{"ages reversed", store.RosterRules{TeamSize: 1, AgeMin: intp(40), AgeMax: intp(35), AgeOn: "2026-06-01"}, "roster.ageMax", msgAgeOrder},
		{"range without date", store.RosterRules{TeamSize: 1, AgeMin: intp(35)}, "roster.ageOn", msgAgeOn},
		{"date without range", store.RosterRules{TeamSize: 1, AgeOn: "2026-06-01"}, "roster.ageOn", msgAgeOnAlone},
	} {
		_, err := CheckRules("roster.", c.r)
		refusedOn(t, c.what, err, c.field, c.message)
	}
}

func TestTeamRosterAgainstItsDivision(t *testing.T) {
	t.Parallel()
	mixed := store.RosterRules{TeamSize: 4, Substitutes: 1, Composition: []store.CompositionRule{{Category: "women", Count: 2}, {Category: "men", Count: 2}}}
	a := func(name, category string) store.RosterAthlete {
		return store.RosterAthlete{Name: name, Category: category}
	}
	ok, err := Check("", "Mixed 4", mixed, []store.RosterAthlete{a("Ann", "Women"), a(" Bob  B ", "men"), {Name: "Sue", Category: "women", Substitute: true}, a("Cat", "women")})
	if err != nil {
		t.Fatal(err)
	}
	if ok[0].Category != "women" || ok[1].Name != "Bob B" || ok[3].Name != "Sue" || ok[3].Position != 4 || ok[2].Position != 3 {
		t.Errorf("cleaned roster: %+v", ok)
	}
	if Complete(mixed, ok) {
		t.Error("three starting athletes of four make a complete team")
	}
	full, err := Check("", "Mixed 4", mixed, []store.RosterAthlete{a("Ann", "women"), a("Bob", "men"), a("Cat", "women"), a("Dan", "men")})
	if err != nil || !Complete(mixed, full) {
		t.Errorf("2 women + 2 men: complete %v, %v", Complete(mixed, full), err)
	}

	masters := store.RosterRules{TeamSize: 1, AgeMin: intp(35), AgeMax: intp(39), AgeOn: "2026-06-01"}
	if _, err := Check("", "Masters 35-39", masters, []store.RosterAthlete{{Name: "Jo", BirthDate: "1987-06-01"}}); err != nil {
		t.Errorf("39 on the day: %v", err)
	}
	for _, c := range []struct {
		what    string
		r       store.RosterRules
		places  []store.RosterAthlete
		field   string
		message string
	}{
		{"five of four", mixed, []store.RosterAthlete{a("A", "women"), a("B", "men"), a("C", "women"), a("D", "men"), a("E", "men")}, "athletes", ""},
		{"two substitutes", mixed, []store.RosterAthlete{{Name: "S1", Category: "men", Substitute: true}, {Name: "S2", Category: "men", Substitute: true}}, "athletes", "A team in Mixed 4 has at most 1 substitute"},
		{"three women", mixed, []store.RosterAthlete{a("A", "women"), a("B", "women"), a("C", "women")}, "athletes", "The team has 3 women; Mixed 4 asks for 2 women + 2 men"},
		{"no category", mixed, []store.RosterAthlete{a("A", "")}, "athletes[0].category", "Category must be one of women, men"},
		{"two captains", Pairs, []store.RosterAthlete{{Name: "A", Captain: true}, {Name: "B", Captain: true}}, "athletes", msgOneCaptain},
		{"empty name", Pairs, []store.RosterAthlete{{Name: "A"}, {Name: "  "}}, "athletes[1].name", msgAthleteName},
		{"individual pair", store.RosterRules{TeamSize: 1}, []store.RosterAthlete{{Name: "A"}, {Name: "B"}}, "athletes", "A team in Solo has at most 1 athlete"},
		{"no birth date", masters, []store.RosterAthlete{{Name: "Jo"}}, "athletes[0].birthDate", "Birth date is required: this division is for ages 35 to 39 on 2026-06-01"},
		{"40 on the day", masters, []store.RosterAthlete{{Name: "Jo", BirthDate: "1986-06-01"}}, "athletes[0].birthDate", "Jo is 40 on 2026-06-01; this division is for ages 35 to 39"},
		{"bad date", masters, []store.RosterAthlete{{Name: "Jo", BirthDate: "1.6.1986"}}, "athletes[0].birthDate", msgBirthDate},
	} {
		division := "Mixed 4"
		if c.r.TeamSize == 1 && c.r.AgeOn == "" {
			division = "Solo"
		}
		_, err := Check("", division, c.r, c.places)
		refusedOn(t, c.what, err, c.field, c.message)
	}
}

func TestAnAthleteIsOnOneTeamOfADivision(t *testing.T) {
	t.Parallel()
	others := []store.RosterEntry{
		{TeamID: "t1", TeamName: "Barbell Bandits", RosterAthlete: store.RosterAthlete{Name: "Ann Lee", AthleteID: "acc-1"}},
		{TeamID: "t1", TeamName: "Barbell Bandits", RosterAthlete: store.RosterAthlete{Name: "Bob  Ray", BirthDate: "1990-01-01"}},
		{TeamID: "t2", TeamName: "Mine", RosterAthlete: store.RosterAthlete{Name: "Cy", AthleteID: "acc-3"}},
	}
	refusedOn(t, "account", CheckOnce("", "t2", []store.RosterAthlete{{Name: "A. Lee", AthleteID: "acc-1"}}, others),
		"athletes[0].name", "A. Lee is already on team Barbell Bandits in this division")
	refusedOn(t, "name and birth date", CheckOnce("", "", []store.RosterAthlete{{Name: "x"}, {Name: "bob ray", BirthDate: "1990-01-01"}}, others),
		"athletes[1].name", "bob ray is already on team Barbell Bandits in this division")
	refusedOn(t, "twice on the team", CheckOnce("", "", []store.RosterAthlete{{Name: "Z", BirthDate: "2000-01-01"}, {Name: "z", BirthDate: "2000-01-01"}}, nil),
		"athletes[1].name", "z is on the team twice")
	if err := CheckOnce("", "t2", []store.RosterAthlete{{Name: "Cy", AthleteID: "acc-3"}, {Name: "Bob Ray"}}, others); err != nil {
		t.Errorf("the team's own athlete, a namesake without a birth date: %v", err)
	}
}

func TestPairNamesKeepTheRoster(t *testing.T) {
	t.Parallel()
	current := []store.RosterAthlete{
		{Position: 1, Name: "Ann", AthleteID: "acc-1", Captain: true},
		{Position: 2, Name: "Bob", AthleteID: "acc-2"},
		{Position: 3, Name: "Sub", Substitute: true},
	}
	got := FromNames("Ann", "Bea", current)
	if len(got) != 3 || got[0].AthleteID != "acc-1" || got[1].Name != "Bea" || got[1].AthleteID != "" || got[2].Name != "Sub" {
		t.Errorf("a renamed partner: %+v", got)
	}
	got = FromNames("", "Late", nil)
	if len(got) != 1 || got[0].Position != 2 || !got[0].Captain {
		t.Errorf("only the second name: %+v", got)
	}
}
