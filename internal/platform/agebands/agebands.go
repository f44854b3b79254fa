// Package agebands is the one home of a board's age bands (docs/boards.md, "Filters"): the
// bands an Open-sized qualifier's boards filter by, and an athlete's band on a day.
package agebands

import (
	"strings"
	"time"
)

// Band is one age band: the ages from Min to Max in whole years (Max 0: and older), named
// by Key in the address and the API ("35-39", "65+").
type Band struct {
	Key      string
	Min, Max int
}

// All are the bands in order: the Open's age groups.
var All = []Band{
	{"14-15", 14, 15}, {"16-17", 16, 17}, {"18-34", 18, 34}, {"35-39", 35, 39}, {"40-44", 40, 44},
	{"45-49", 45, 49}, {"50-54", 50, 54}, {"55-59", 55, 59}, {"60-64", 60, 64}, {"65+", 65, 0},
}

// Valid says whether key names a band.
func Valid(key string) bool {
	for _, b := range All {
		if b.Key == key {
			return true
		}
	}
	return false
}

// Of is the band of an athlete born on birthDate (YYYY-MM-DD) on the day on (YYYY-MM-DD, the
// event's first day): "" when either is missing or malformed, or the age is in no band.
func Of(birthDate, on string) string {
	born, err1 := time.Parse(time.DateOnly, birthDate)
	day, err2 := time.Parse(time.DateOnly, on)
	if err1 != nil || err2 != nil {
		return ""
	}
	age := day.Year() - born.Year()
	if !birthdayCame(day, born) {
		age--
	}
	for _, b := range All {
		if age >= b.Min && (b.Max == 0 || age <= b.Max) {
			return b.Key
		}
	}
	return ""
}

// birthdayCame says whether day's month and day are on or after born's: the birthday has come
// in day's year.
func birthdayCame(day, born time.Time) bool {
	if day.Month() != born.Month() {
		return day.Month() > born.Month()
	}
	return day.Day() >= born.Day()
}

// Message is the error of a band that is not one: it names every band.
func Message() string {
	keys := make([]string, len(All))
	for i, b := range All {
		keys[i] = b.Key
	}
	return "Age band must be one of " + strings.Join(keys, ", ")
}
