package series

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// The public site's search (docs/series.md, "Search"): events the public list shows, their
// teams and their athletes, found by any part of the name without case or accents.

// searchStatuses are the events search looks in: those the public list shows (an unlisted
// event is reached by its address only).
var searchStatuses = []typesv1.EventStatus{
	typesv1.EventStatus_PUBLISHED, typesv1.EventStatus_IN_PROGRESS, typesv1.EventStatus_ARCHIVED,
}

// SearchResult is what a search found.
type SearchResult struct {
	Events   []store.EventHit
	Teams    []store.TeamHit
	Athletes []AthleteHit
}

// AthleteHit is an athlete and the teams that carry them, newest event first: one account
// (AthleteID, its public profile), or a name typed in by hand with no account (AthleteID empty).
type AthleteHit struct {
	Name      string
	AthleteID string
	Teams     []store.TeamHit
}

// checkSearch refuses a query that is too long, or has fewer than two letters or digits
// (punctuation alone finds nothing worth showing).
func checkSearch(q string) (string, error) {
	q = strings.TrimSpace(q)
	if core.Runes(q) > searchMax {
		return "", apperr.Invalid("q", msgSearchTooLong)
	}
	n := 0
	for _, r := range q {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	if n < searchMin {
		return "", apperr.Invalid("q", msgSearchTooShort)
	}
	return q, nil
}

func (s *service) Search(ctx context.Context, rawQuery string, limit int) (_ SearchResult, err error) {
	defer apperr.Wrap(&err, "series.Search()")
	q, err := checkSearch(rawQuery)
	if err != nil {
		return SearchResult{}, err
	}
	if limit <= 0 || limit > searchLimitMax {
		limit = searchLimitBase
	}
	sq, err := s.Store.SearchKey(ctx, q)
	if err != nil {
		return SearchResult{}, fmt.Errorf("search key: %w", err)
	}
	var out SearchResult
	if out.Events, err = s.Store.SearchEvents(ctx, sq, searchStatuses, limit); err != nil {
		return out, fmt.Errorf("search events: %w", err)
	}
	if out.Teams, err = s.Store.SearchTeams(ctx, sq, searchStatuses, limit); err != nil {
		return out, fmt.Errorf("search teams: %w", err)
	}
	// An athlete is in up to one team per event: a few times limit teams give limit athletes.
	teams, err := s.Store.SearchAthletes(ctx, sq, searchStatuses, limit*5)
	if err != nil {
		return out, fmt.Errorf("search athletes: %w", err)
	}
	out.Athletes = groupAthletes(teams, sq, limit)
	return out, nil
}

// groupAthletes makes one hit per athlete the query matches, in the order the teams come, with
// at most limit athletes. An athlete is an account: two people of the same name are two hits,
// each linking its own profile. The names typed in by hand (no account) are one hit per name
// (compared by key): nothing tells their people apart.
func groupAthletes(teams []store.AthleteTeam, q store.SearchQuery, limit int) []AthleteHit {
	index := map[[2]string]int{}
	out := []AthleteHit{}
	for _, t := range teams {
		for _, a := range []struct{ name, key, id string }{
			{t.Team.Athlete1Name, t.Athlete1Key, t.Athlete1ID}, {t.Team.Athlete2Name, t.Athlete2Key, t.Athlete2ID},
		} {
			if a.name == "" || !q.Matches(a.key) {
				continue
			}
			who := [2]string{a.key, a.id}
			i, ok := index[who]
			if !ok {
				if len(out) == limit {
					continue
				}
				i = len(out)
				index[who] = i
				out = append(out, AthleteHit{Name: a.name, AthleteID: a.id})
			}
			out[i].Teams = append(out[i].Teams, t.Team)
		}
	}
	return out
}
