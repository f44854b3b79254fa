// Package roster holds the rules of rosters (docs/rosters.md), without I/O: a division's
// roster rule, a team's roster against it, an athlete on one team of a division only, and a
// pair's two name fields read as a roster. Every refusal names the field it is about. The
// domains that write teams (setup, registration) share it.
package roster

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

const (
	nameMax          = 255
	teamSizeMin      = 1
	teamSizeMax      = 8
	TeamSizeDefault  = 2 // pairs, as the spec describes every team
	substitutesMax   = 4
	ageBoundMax      = 120
	birthDateLayout  = "2006-01-02"
	msgTeamSize      = "Team size must be between 1 and 8"
	msgSubstitutes   = "Substitutes must be between 0 and 4"
	msgAgeBound      = "Age must be a whole number from 0 to 120"
	msgAgeOrder      = "The youngest age must not be above the oldest"
	msgAgeOn         = "Give the date the ages are taken on (YYYY-MM-DD)"
	msgAgeOnAlone    = "Give an age range for this date"
	msgCategoryName  = "Each category of the composition needs a name"
	msgCategoryCount = "Each category of the composition counts at least 1 athlete"
	msgOneCaptain    = "A team has one captain"
	msgAthleteName   = "Athlete name is required"
	msgAthleteLong   = "Athlete name must be at most 255 characters"
	msgBirthDate     = "Birth date must be a date (YYYY-MM-DD)"
)

// Pairs is the rule of a division that never set one.
var Pairs = store.RosterRules{TeamSize: TeamSizeDefault}

// CheckRules checks a division's roster rule (field names under prefix, "roster.") and
// returns it cleaned: categories trimmed.
func CheckRules(prefix string, r store.RosterRules) (store.RosterRules, error) {
	if r.TeamSize < teamSizeMin || r.TeamSize > teamSizeMax {
		return r, apperr.Invalid(prefix+"teamSize", msgTeamSize)
	}
	if r.Substitutes < 0 || r.Substitutes > substitutesMax {
		return r, apperr.Invalid(prefix+"substitutes", msgSubstitutes)
	}
	total := 0
	seen := map[string]bool{}
	clean := make([]store.CompositionRule, 0, len(r.Composition))
	for _, c := range r.Composition {
		c.Category = strings.TrimSpace(c.Category)
		switch key := strings.ToLower(c.Category); {
		case c.Category == "":
			return r, apperr.Invalid(prefix+"composition", msgCategoryName)
		case c.Count < 1:
			return r, apperr.Invalid(prefix+"composition", msgCategoryCount)
		case seen[key]:
			return r, apperr.Invalid(prefix+"composition", fmt.Sprintf("Category %s is given twice", c.Category))
		default:
			seen[key] = true
		}
		total += c.Count
		clean = append(clean, c)
	}
	if len(clean) > 0 && total != r.TeamSize {
		return r, apperr.Invalid(prefix+"composition", fmt.Sprintf("The composition counts %d athletes; the team size is %d", total, r.TeamSize))
	}
	r.Composition = clean
	for _, b := range []struct {
		field string
		v     *int
	}{{"ageMin", r.AgeMin}, {"ageMax", r.AgeMax}} {
		if b.v != nil && (*b.v < 0 || *b.v > ageBoundMax) {
			return r, apperr.Invalid(prefix+b.field, msgAgeBound)
		}
	}
	if r.AgeMin != nil && r.AgeMax != nil && *r.AgeMin > *r.AgeMax {
		return r, apperr.Invalid(prefix+"ageMax", msgAgeOrder)
	}
	r.AgeOn = strings.TrimSpace(r.AgeOn)
	hasRange := r.AgeMin != nil || r.AgeMax != nil
	if _, err := time.Parse(birthDateLayout, r.AgeOn); hasRange && err != nil {
		return r, apperr.Invalid(prefix+"ageOn", msgAgeOn)
	}
	if !hasRange && r.AgeOn != "" {
		return r, apperr.Invalid(prefix+"ageOn", msgAgeOnAlone)
	}
	return r, nil
}

// ageOn is a person's age in whole years on a day.
func ageOn(birth, on time.Time) int {
	age := on.Year() - birth.Year()
	if on.Month() < birth.Month() || (on.Month() == birth.Month() && on.Day() < birth.Day()) {
		age--
	}
	return age
}

// ageRangeText is "35 to 39", "35 and over", "up to 17".
func ageRangeText(r store.RosterRules) string {
	switch {
	case r.AgeMin != nil && r.AgeMax != nil:
		return fmt.Sprintf("%d to %d", *r.AgeMin, *r.AgeMax)
	case r.AgeMin != nil:
		return fmt.Sprintf("%d and over", *r.AgeMin)
	default:
		return fmt.Sprintf("up to %d", *r.AgeMax)
	}
}

// CompositionText is "2 women + 2 men".
func CompositionText(c []store.CompositionRule) string {
	parts := make([]string, len(c))
	for i, r := range c {
		parts[i] = fmt.Sprintf("%d %s", r.Count, r.Category)
	}
	return strings.Join(parts, " + ")
}

// Check checks a team's roster against its division's rule (field names under prefix,
// "" or "teams[2]."): at most the size of starting athletes and the substitutes allowed, a
// name each, one captain at most, the composition's categories never exceeded, and, with an
// age range, every birth date given and within it. It returns the roster cleaned (names and
// categories trimmed, each category spelt as the division spells it, starting athletes first,
// then substitutes; positions kept when every place has one, else 1, 2, … in that order).
func Check(prefix, division string, r store.RosterRules, places []store.RosterAthlete) ([]store.RosterAthlete, error) {
	field := prefix + "athletes"
	var starting, subs []store.RosterAthlete
	captains := 0
	for i, a := range places {
		at := fmt.Sprintf("%s[%d].", field, i)
		a.Name = strings.Join(strings.Fields(a.Name), " ")
		a.Category = strings.TrimSpace(a.Category)
		a.BirthDate = strings.TrimSpace(a.BirthDate)
		switch {
		case a.Name == "":
			return nil, apperr.Invalid(at+"name", msgAthleteName)
		case utf8.RuneCountInString(a.Name) > nameMax:
			return nil, apperr.Invalid(at+"name", msgAthleteLong)
		}
		if a.Captain {
			captains++
		}
		if len(r.Composition) > 0 {
			category, ok := "", false
			for _, c := range r.Composition {
				if strings.EqualFold(c.Category, a.Category) {
					category, ok = c.Category, true
				}
			}
			if !ok {
				return nil, apperr.Invalid(at+"category", "Category must be one of "+categoryList(r.Composition))
			}
			a.Category = category
		}
		if a.BirthDate != "" {
			if _, err := time.Parse(birthDateLayout, a.BirthDate); err != nil {
				return nil, apperr.Invalid(at+"birthDate", msgBirthDate)
			}
		}
		if r.AgeOn != "" {
			if err := checkAge(at+"birthDate", a, r); err != nil {
				return nil, err
			}
		}
		if a.Substitute {
			subs = append(subs, a)
		} else {
			starting = append(starting, a)
		}
	}
	if len(starting) > r.TeamSize {
		return nil, apperr.Invalid(field, fmt.Sprintf("A team in %s has at most %s", division, countOf(r.TeamSize, "athlete", "athletes")))
	}
	if len(subs) > r.Substitutes {
		if r.Substitutes == 0 {
			return nil, apperr.Invalid(field, fmt.Sprintf("A team in %s has no substitutes", division))
		}
		return nil, apperr.Invalid(field, fmt.Sprintf("A team in %s has at most %s", division, countOf(r.Substitutes, "substitute", "substitutes")))
	}
	if captains > 1 {
		return nil, apperr.Invalid(field, msgOneCaptain)
	}
	for _, c := range r.Composition {
		n := 0
		for _, a := range starting {
			if a.Category == c.Category {
				n++
			}
		}
		if n > c.Count {
			return nil, apperr.Invalid(field, fmt.Sprintf("The team has %d %s; %s asks for %s", n, c.Category, division, CompositionText(r.Composition)))
		}
	}
	out := append(starting, subs...)
	renumber := false
	for _, a := range out {
		renumber = renumber || a.Position == 0
	}
	for i := range out {
		if renumber {
			out[i].Position = i + 1
		}
	}
	return out, nil
}

// checkAge refuses an athlete without a birth date, or whose age on the division's date is
// outside its range.
func checkAge(field string, a store.RosterAthlete, r store.RosterRules) error {
	on, _ := time.Parse(birthDateLayout, r.AgeOn)
	if a.BirthDate == "" {
		return apperr.Invalid(field, fmt.Sprintf("Birth date is required: this division is for ages %s on %s", ageRangeText(r), r.AgeOn))
	}
	birth, _ := time.Parse(birthDateLayout, a.BirthDate)
	age := ageOn(birth, on)
	if (r.AgeMin != nil && age < *r.AgeMin) || (r.AgeMax != nil && age > *r.AgeMax) {
		return apperr.Invalid(field, fmt.Sprintf("%s is %d on %s; this division is for ages %s", a.Name, age, r.AgeOn, ageRangeText(r)))
	}
	return nil
}

func categoryList(c []store.CompositionRule) string {
	names := make([]string, len(c))
	for i, r := range c {
		names[i] = r.Category
	}
	return strings.Join(names, ", ")
}

// countOf is "1 athlete", "4 athletes".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Complete reports whether a roster is whole: the division's size of starting athletes,
// meeting its composition (checkRoster already refused more than a category's count, so equal
// totals mean every count is met).
func Complete(r store.RosterRules, places []store.RosterAthlete) bool {
	n := 0
	for _, a := range places {
		if !a.Substitute {
			n++
		}
	}
	return n == r.TeamSize
}

// athleteKey is how an athlete is recognised on two teams of a division: their account, or
// their name (compared as team names are, without case or repeated spaces) with their birth
// date. A name without an account or a birth date is not compared: two people may share it.
func athleteKey(a store.RosterAthlete) string {
	if a.AthleteID != "" {
		return "account:" + a.AthleteID
	}
	if a.BirthDate == "" {
		return ""
	}
	return "name:" + strings.ToLower(strings.Join(strings.Fields(a.Name), " ")) + "|" + a.BirthDate
}

// CheckOnce refuses a roster with an athlete twice, or an athlete already on another team of
// the division (others: every roster place of the division; teamID: the team itself, "" for
// a new one).
func CheckOnce(prefix, teamID string, places []store.RosterAthlete, others []store.RosterEntry) error {
	return NewPlaced(others).Check(prefix, teamID, places)
}

// FromNames is the roster of a pair given by its two name fields (the spec's calls):
// the names in places 1 and 2, each keeping what the current roster had in that place when
// the name is unchanged (account, category, birth date, captain), and the current roster's
// other places after them.
func FromNames(first, second string, current []store.RosterAthlete) []store.RosterAthlete {
	byPosition := map[int]store.RosterAthlete{}
	for _, a := range current {
		byPosition[a.Position] = a
	}
	var out []store.RosterAthlete
	for i, name := range []string{first, second} {
		if name == "" {
			continue
		}
		a := store.RosterAthlete{Name: name, Position: i + 1}
		if had, ok := byPosition[i+1]; ok {
			if had.Name == name {
				a = had
			} else {
				a.Category, a.Captain = had.Category, had.Captain
			}
		}
		out = append(out, a)
	}
	hasCaptain := false
	for _, a := range out {
		hasCaptain = hasCaptain || a.Captain
	}
	for _, a := range current {
		if a.Position > 2 {
			hasCaptain = hasCaptain || a.Captain
			out = append(out, a)
		}
	}
	if !hasCaptain && len(out) > 0 {
		out[0].Captain = true
	}
	return out
}
