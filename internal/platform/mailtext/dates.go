package mailtext

import (
	"fmt"
	"time"
)

// Month names as each language abbreviates them in a date ("1 May 2026"): English's are Go's
// own, kept as every English mail has always written them.
var months = map[string][12]string{
	"de": {"Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."},
	"fr": {"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."},
	"es": {"ene.", "feb.", "mar.", "abr.", "may.", "jun.", "jul.", "ago.", "sept.", "oct.", "nov.", "dic."},
}

// zone is the location of an IANA name and the name to show; an empty or unknown one is UTC.
func zone(name string) (*time.Location, string) {
	loc, err := time.LoadLocation(name)
	if err != nil || name == "" || name == "Local" {
		return time.UTC, "UTC"
	}
	return loc, name
}

// Date is t's day in zone, written for the language ("1 May 2026", "1. Mai 2026").
func (t Texts) Date(at time.Time, zoneName string) string {
	loc, _ := zone(zoneName)
	at = at.In(loc)
	switch t.Language {
	case "de":
		return fmt.Sprintf("%d. %s %d", at.Day(), months["de"][at.Month()-1], at.Year())
	case "fr", "es":
		return fmt.Sprintf("%d %s %d", at.Day(), months[t.Language][at.Month()-1], at.Year())
	}
	return at.Format("2 Jan 2006")
}

// Time is t in zone with its day, the zone named, for the language: "1 May 2026, 09:00
// (Europe/Paris)" in English, as zonetime.Format writes it (24-hour clocks in every language).
func (t Texts) Time(at time.Time, zoneName string) string {
	loc, name := zone(zoneName)
	return t.Date(at, zoneName) + ", " + at.In(loc).Format("15:04") + " (" + name + ")"
}

// Clock is t's time of day in zone ("09:00").
func (t Texts) Clock(at time.Time, zoneName string) string {
	loc, _ := zone(zoneName)
	return at.In(loc).Format("15:04")
}
