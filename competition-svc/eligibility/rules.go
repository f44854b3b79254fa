package eligibility

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Eligibility's rules, limits and messages (pure: no store, no clock).

// The rules, as the contract and the overrides spell them.
const (
	RuleAge        = "age"
	RuleCategory   = "category"
	RuleMembership = "membership"
	RuleDropBack   = "drop_back"
)

var ruleLabels = map[string]string{
	RuleAge: "Age", RuleCategory: "Category", RuleMembership: "Membership", RuleDropBack: "No drop-back",
}

// ruleOrder is the order the rules are checked in.
var ruleOrder = []string{RuleAge, RuleCategory, RuleMembership, RuleDropBack}

// RuleLabel is a rule's name for people ("" for an unknown rule).
func RuleLabel(rule string) string { return ruleLabels[rule] }

// Limits.
const (
	levelMax        = 100
	memberNumberMax = 40
	membersMax      = 100_000
	reasonMax       = 1000
)

const (
	msgLevel            = "Level must be a whole number from 0 to 100"
	msgRule             = "Rule must be one of age, category, membership, drop_back"
	msgReasonRequired   = "Reason is required: the activity records why the athlete may enter"
	msgReasonLong       = "Reason must be at most 1000 characters"
	msgEmail            = "Athlete email must be a valid email address"
	msgOverrideExists   = "%s already has an override of the rule %s in %s"
	msgOverrideNotFound = "Override not found"
	msgCSVEmpty         = "The file is empty: give a header row (Number, Name, Birth date, Valid until) and one member a row"
	msgCSVHeader        = "The header row must name the columns Number, Name, Birth date and Valid until (missing: %s)"
	msgCSVRead          = "The file is not CSV that can be read: %s"
	msgCSVTooMany       = "A member list holds at most 100000 members"
	msgLineNumber       = "Line %d: Number is required"
	msgLineNumberLong   = "Line %d: Number must be at most 40 characters"
	msgLineName         = "Line %d: Name is required"
	msgLineBirth        = "Line %d: Birth date must be a date like 2001-05-31"
	msgLineValid        = "Line %d: Valid until must be a date like 2027-12-31"
	msgLineDuplicate    = "Line %d: member number %s is already on line %d"
	msgBirthDate        = "Birth date must be a date like 2001-05-31"
	msgNumberLong       = "Member number must be at most 40 characters"
	msgOverrideHint     = " The organiser can let you in with an override."
	msgAgeNeedsBirth    = "Age: birth date is required, this division is for ages %s on %s."
	msgAgeOutside       = "Age: %s is %d on %s; this division is for ages %s."
	msgCategoryRequired = "Category: choose one of %s."
	msgCategoryUnknown  = "Category: %s is not one of %s."
	msgCategoryFull     = "Category: the team already has its %d %s; %s asks for %s."
	msgMemberRequired   = "Membership: this division requires a member number of the federation."
	msgMemberNeedsBirth = "Membership: birth date is required, the member list is matched on number, name and birth date."
	msgMemberUnknown    = "Membership: member number %s is not in the event's member list."
	msgMemberOther      = "Membership: member number %s belongs to another person (name or birth date do not match)."
	msgMemberExpired    = "Membership: member number %s was valid until %s, before the event on %s."
	msgMemberTaken      = "Membership: member number %s is already given by another athlete of this event."
	msgDropBack         = "No drop-back: %s competed in %s at %s (%s), a higher division of the series; %s is lower."
)

// refusal is a rule's refusal on field, with the hint that the organiser may override it.
func refusal(field, message string) error {
	return apperr.Invalid(field, message+msgOverrideHint)
}

// cleanNumber is a typed member number: spaces taken out, letters upper case.
func cleanNumber(v string) string {
	return strings.ToUpper(strings.Join(strings.Fields(v), ""))
}

// parseDate reads YYYY-MM-DD ("" is no date).
func parseDate(v string) (*time.Time, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, true
	}
	d, err := time.Parse(core.DateLayout, v)
	if err != nil {
		return nil, false
	}
	return &d, true
}

// ageOn is the age in whole years on a day.
func ageOn(birth, on time.Time) int {
	age := on.Year() - birth.Year()
	if on.Month() < birth.Month() || on.Month() == birth.Month() && on.Day() < birth.Day() {
		age--
	}
	return age
}

// ageRangeText is "35 to 39", "18 and over" or "up to 14".
func ageRangeText(r store.RosterRules) string {
	switch {
	case r.AgeMin != nil && r.AgeMax != nil:
		return fmt.Sprintf("%d to %d", *r.AgeMin, *r.AgeMax)
	case r.AgeMin != nil:
		return fmt.Sprintf("%d and over", *r.AgeMin)
	case r.AgeMax != nil:
		return fmt.Sprintf("up to %d", *r.AgeMax)
	}
	return ""
}

// hasAgeRange says whether the roster rule limits ages.
func hasAgeRange(r store.RosterRules) bool { return r.AgeMin != nil || r.AgeMax != nil }

// checkAge refuses a missing birth date or an age outside the division's range.
func checkAge(r store.RosterRules, name string, birth *time.Time) error {
	if !hasAgeRange(r) {
		return nil
	}
	if birth == nil {
		return refusal("birthDate", fmt.Sprintf(msgAgeNeedsBirth, ageRangeText(r), r.AgeOn))
	}
	on, err := time.Parse(core.DateLayout, r.AgeOn)
	if err != nil {
		return nil // the roster rule refuses a range without its date; nothing to judge by
	}
	age := ageOn(*birth, on)
	if (r.AgeMin != nil && age < *r.AgeMin) || (r.AgeMax != nil && age > *r.AgeMax) {
		return refusal("birthDate", fmt.Sprintf(msgAgeOutside, name, age, r.AgeOn, ageRangeText(r)))
	}
	return nil
}

// categories are the composition's categories, in order.
func categories(r store.RosterRules) []string {
	out := make([]string, 0, len(r.Composition))
	for _, c := range r.Composition {
		out = append(out, c.Category)
	}
	return out
}

// checkCategory refuses a missing or unknown category, or one the team already has enough of
// (others: the categories the registration's other athletes gave). It returns the category
// as the division spells it.
func checkCategory(r store.RosterRules, division, category string, others []string) (string, error) {
	if len(r.Composition) == 0 {
		return "", nil
	}
	list := strings.Join(categories(r), ", ")
	category = strings.TrimSpace(category)
	if category == "" {
		return "", refusal("category", fmt.Sprintf(msgCategoryRequired, list))
	}
	for _, c := range r.Composition {
		if !strings.EqualFold(c.Category, category) {
			continue
		}
		n := 0
		for _, o := range others {
			if strings.EqualFold(o, c.Category) {
				n++
			}
		}
		if n >= c.Count {
			return "", refusal("category", fmt.Sprintf(msgCategoryFull, n, c.Category, division, compositionText(r.Composition)))
		}
		return c.Category, nil
	}
	return "", refusal("category", fmt.Sprintf(msgCategoryUnknown, category, list))
}

// compositionText is "1 women + 1 men".
func compositionText(c []store.CompositionRule) string {
	parts := make([]string, len(c))
	for i, r := range c {
		parts[i] = fmt.Sprintf("%d %s", r.Count, r.Category)
	}
	return strings.Join(parts, " + ")
}

// memberProblem is what is wrong with a member for an athlete on the event's first day
// ("" when nothing): the list matches number, name (sameName) and birth date.
func memberProblem(m store.Member, sameName bool, birth time.Time, eventDay time.Time) string {
	if !sameName || !m.BirthDate.Equal(birth) {
		return fmt.Sprintf(msgMemberOther, m.Number)
	}
	if m.ValidUntil.Before(eventDay) {
		return fmt.Sprintf(msgMemberExpired, m.Number, core.Date(m.ValidUntil), core.Date(eventDay))
	}
	return ""
}

// lineError is one refused line of a member list.
type lineError struct {
	Line    int32
	Message string
}

// memberColumns are the header's names, in any case and order.
var memberColumns = []string{"number", "name", "birth date", "valid until"}

// parseMembers reads a member list. A file that cannot be read is refused on csv; refused
// lines come back one each, and then no member.
func parseMembers(text string) ([]store.Member, []lineError, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	if strings.TrimSpace(text) == "" {
		return nil, nil, apperr.Invalid("csv", msgCSVEmpty)
	}
	r := csv.NewReader(bytes.NewReader([]byte(text)))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	// Spreadsheets set to a European locale save with semicolons.
	if first, _, _ := strings.Cut(text, "\n"); strings.Count(first, ";") > strings.Count(first, ",") {
		r.Comma = ';'
	}
	header, err := r.Read()
	if err != nil {
		return nil, nil, apperr.Invalid("csv", fmt.Sprintf(msgCSVRead, err))
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	var missing []string
	for _, c := range memberColumns {
		if _, ok := col[c]; !ok {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return nil, nil, apperr.Invalid("csv", fmt.Sprintf(msgCSVHeader, strings.Join(missing, ", ")))
	}
	var members []store.Member
	var errs []lineError
	seen := map[string]int{}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, apperr.Invalid("csv", fmt.Sprintf(msgCSVRead, err))
		}
		line, _ := r.FieldPos(0)
		cell := func(name string) string {
			if i := col[name]; i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		if strings.TrimSpace(strings.Join(rec, "")) == "" {
			continue
		}
		if len(members)+len(errs) >= membersMax {
			return nil, nil, apperr.Invalid("csv", msgCSVTooMany)
		}
		m, problem := memberOf(line, cell("number"), cell("name"), cell("birth date"), cell("valid until"))
		if problem == "" {
			if at, dup := seen[m.Number]; dup {
				problem = fmt.Sprintf(msgLineDuplicate, line, m.Number, at)
			}
		}
		if problem != "" {
			errs = append(errs, lineError{Line: int32(line), Message: problem})
			continue
		}
		seen[m.Number] = line
		members = append(members, m)
	}
	if len(errs) > 0 {
		return nil, errs, nil
	}
	return members, nil, nil
}

// memberOf is one line's member, or what is wrong with it.
func memberOf(line int, number, name, birth, valid string) (store.Member, string) {
	number = cleanNumber(number)
	switch {
	case number == "":
		return store.Member{}, fmt.Sprintf(msgLineNumber, line)
	case core.Runes(number) > memberNumberMax:
		return store.Member{}, fmt.Sprintf(msgLineNumberLong, line)
	}
	clean, err := core.CleanName("name", "Name", name)
	if err != nil || clean == "" || core.Runes(clean) > core.NameMax {
		return store.Member{}, fmt.Sprintf(msgLineName, line)
	}
	b, ok := parseDate(birth)
	if !ok || b == nil {
		return store.Member{}, fmt.Sprintf(msgLineBirth, line)
	}
	v, ok := parseDate(valid)
	if !ok || v == nil {
		return store.Member{}, fmt.Sprintf(msgLineValid, line)
	}
	return store.Member{Number: number, Name: clean, BirthDate: *b, ValidUntil: *v}, ""
}
