// Package store holds competition-svc's tables (schema "competition") and every query on
// them. Queries are parameterised and always name the schema.
//
// One Store serves every domain of competition-svc, and each domain writes only the tables of
// its own files; it reads others' where it must (an event, a division, a team):
//
//	series/  series.go, series_activity.go, series_grants.go, search.go, athlete_teams.go
//	floor/   heats.go, heat_notices.go, judgelinks.go, venue.go (reads checkins.go, teams.go)
//	crew/    crew.go (reads events.go, heats.go, workouts.go, teams.go)
//	waivers/ waivers.go (reads registrations.go)
//	messages/ messages.go (reads registrations.go, heats.go, crew.go)
//	registration/  registrations.go, payments.go, checkins.go, final_invitations.go,
//	         open_registrations.go, athletedata.go (reads events.go, divisions.go, teams.go)
//	setup/   events.go, divisions.go, teams.go, workouts.go, structure.go, online.go, roster.go,
//	         order.go
//	core/    store.go (InTx), activity.go, outbox.go, grants.go (GrantedEvents), mail.go,
//	         versions.go
//	root     grants.go (the access RPCs)
package store

import (
	"context"
	"embed"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	typesv1 "github.com/podium-dev/podium/gen/go/podium/types/v1"
	"github.com/podium-dev/podium/internal/platform/pg"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrations are the schema changes of competition-svc.
var Migrations = pg.Embedded("competition", migrationFiles)

// ErrNotFound is returned when the row asked for does not exist.
var ErrNotFound = errors.New("not found")

// DB is a pool or a transaction (internal/platform/pg).
type DB = pg.DB

// Store runs the queries on a pool or inside a transaction.
type Store struct {
	db DB
}

// New returns a store on db (a *pgxpool.Pool or a pgx.Tx).
func New(db DB) *Store { return &Store{db: db} }

// InTx runs fn with a store bound to one transaction, committed when fn returns nil. Inside a
// transaction already, it nests as a savepoint.
func (s *Store) InTx(ctx context.Context, fn func(*Store) error) error {
	return pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error { return fn(&Store{db: tx}) })
}

// Event is one competition.
type Event struct {
	ID             string
	Name           string
	DateFrom       time.Time
	DateTo         time.Time
	Location       string
	Description    string
	Status         typesv1.EventStatus
	DetailsVisible bool
	ScoringTable   string
	CustomPoints   []float64
	Scoring        ScoringRules
	CreatedAt      time.Time
	UpdatedAt      time.Time
	// Format is in_person or online; TimeZone an IANA zone (docs/qualifiers.md).
	Format   string
	TimeZone string
	// ShowUnreviewed: the public board shows an online event's submitted scores at once,
	// marked unreviewed (the organiser's publication decision, docs/qualifiers.md).
	ShowUnreviewed bool
	// RosterLockAt: until then a team's captain changes its roster, after it only an organiser
	// (nil: never; docs/rosters.md).
	RosterLockAt *time.Time
	// DefaultLanguage (en, de, fr or es): the public pages' and the mails' language for whom
	// no other choice is known (docs/architecture.md, "Languages").
	DefaultLanguage string
}

// Division groups an event's teams.
type Division struct {
	ID          string
	EventID     string
	EventName   string
	Name        string
	Description string
	TeamCount   int
	CreatedAt   time.Time
	UpdatedAt   time.Time
	// Scoring is the division's own table and workout ties ("" each: the event's).
	Scoring DivisionScoring
	// Roster is how its teams are made (docs/rosters.md).
	Roster RosterRules
}

// DivisionScoring is a division's override of the event's scoring (docs/scoring.md).
type DivisionScoring struct {
	Table, WorkoutTies string
}

// Team is two athletes in one division of an event.
type Team struct {
	ID           string
	EventID      string
	EventName    string
	DivisionID   string
	DivisionName string
	Name         string
	Athlete1Name string
	Athlete2Name string
	CreatedAt    time.Time
	UpdatedAt    time.Time
	// The athlete accounts of the registration the team was made from (read only; empty for
	// names typed in and deleted accounts).
	Athlete1ID string
	Athlete2ID string
	// Club and Country are the captain's, as their profile gave them when they registered
	// (read only; empty for a team typed in).
	Club, Country string
	// Roster is the team's athletes in order (docs/rosters.md): read with the team, written by
	// ReplaceRoster.
	Roster []RosterAthlete
}

// Workout is one scored test of an event.
type Workout struct {
	ID             string
	EventID        string
	Name           string
	Description    string
	ScoreType      typesv1.ScoreType
	TimeCapSeconds *int32
	WorkoutOrder   *int32
	Weight         float64 // points multiplier, 1 by default (docs/scoring.md)
	CreatedAt      time.Time
	UpdatedAt      time.Time
	// An online workout's submission window (both or neither) and video rule
	// (docs/qualifiers.md).
	ReleaseAt          *time.Time
	SubmissionDeadline *time.Time
	VideoRequired      bool
	// A part's workout (PartOf) and a workout with parts' way of counting them (Parts, a
	// podium.types.v1.WorkoutParts word); nil otherwise (docs/scoring.md).
	PartOf *string
	Parts  *string
}

// ScoringRules are an event's tie rules (docs/scoring.md), words of podium.types.v1.
type ScoringRules struct {
	WorkoutTies      string
	OverallTieBreak  string
	OverallWorkoutID *string
}

func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
