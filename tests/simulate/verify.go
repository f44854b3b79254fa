package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// verify reads every result of the day's events from PostgreSQL and checks each acknowledged
// write: the value a judge's save was acknowledged with is the value stored, and a result
// whose heat's publish was acknowledged is published.
func verify(dbURL string, events []*simEvent, l *ledger) (checked int, lost []string) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		fatalf("verify: %v", err)
	}
	defer conn.Close(ctx)
	ids := make([]string, len(events))
	for i, e := range events {
		ids[i] = e.id
	}
	rows, err := conn.Query(ctx, `SELECT team_id::text, workout_id::text, value, is_published
		FROM results.results WHERE event_id::text = ANY($1)`, ids)
	if err != nil {
		fatalf("verify: %v", err)
	}
	type stored struct {
		value     *float64
		published bool
	}
	found := map[string]stored{}
	for rows.Next() {
		var team, workout string
		var s stored
		if err := rows.Scan(&team, &workout, &s.value, &s.published); err != nil {
			fatalf("verify: %v", err)
		}
		found[team+"|"+workout] = s
	}
	if err := rows.Err(); err != nil {
		fatalf("verify: %v", err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for key, v := range l.saved {
		checked++
		s, ok := found[key]
		switch {
		case !ok:
			lost = append(lost, fmt.Sprintf("%s: acknowledged %v, not stored", key, v))
		case s.value == nil || *s.value != v:
			lost = append(lost, fmt.Sprintf("%s: acknowledged %v, stored %v", key, v, s.value))
		case l.published[key] && !s.published:
			lost = append(lost, fmt.Sprintf("%s: publish acknowledged, not published", key))
		}
	}
	return checked, lost
}
