package resultssvc

import (
	"context"
	"time"

	"google.golang.org/protobuf/proto"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/release"
	"github.com/podium-dev/podium/results-svc/store"
)

// The leaderboard freeze of an online event (docs/qualifiers.md, "The leaderboard freeze"): the
// organiser stops the public board while judges finish. The freeze keeps the public standings
// as they were, in one transaction with its activity entry; public-svc's board reads them
// instead of the live ones (eventStandings, publicBoard) while scores go on being submitted,
// reviewed and published underneath. The unfreeze drops them. Both raise the public version and
// signal a public change, so cached boards go and live boards refetch.

const (
	msgFreezeInPerson = "Only an online event's leaderboard can be frozen"
	msgFrozenAlready  = "The leaderboard is frozen already"
	msgNotFrozen      = "The leaderboard is not frozen"
)

// eventOf reads the event's structure: a missing event is not found, as a hidden one (the
// access interceptor's answer) is.
func (s *service) eventOf(ctx context.Context, eventID string) (_ *structure, err error) {
	defer apperr.Wrap(&err, "resultssvc.eventOf(%q)", eventID)
	eventID, err = parseID("eventId", "event", eventID)
	if err != nil {
		return nil, err
	}
	return s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
}

// publicEventOf is eventOf as the public board shows the event now: without its online
// workouts not released yet (internal/release), so a freeze keeps nothing the board did not show.
func (s *service) publicEventOf(ctx context.Context, eventID string) (_ *structure, err error) {
	defer apperr.Wrap(&err, "resultssvc.publicEventOf(%q)", eventID)
	eventID, err = parseID("eventId", "event", eventID)
	if err != nil {
		return nil, err
	}
	es, err := s.structureMessage(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
	if err != nil {
		return nil, err
	}
	return newStructure(release.Public(es, release.Held(es.GetEvent().GetWorkouts(), s.now())))
}

// leaderboardFreeze is whether the event's board is frozen.
func (s *service) leaderboardFreeze(ctx context.Context, eventID string) (_ *resultsv1.LeaderboardFreeze, err error) {
	defer apperr.Wrap(&err, "resultssvc.leaderboardFreeze(%q)", eventID)
	st, err := s.eventOf(ctx, eventID)
	if err != nil {
		return nil, err
	}
	eventID = st.eventID
	f, ok, err := s.store.GetFreeze(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return freezePB(eventID, f, ok), nil
}

// freezeLeaderboard keeps the event's public standings as the board shows them now.
func (s *service) freezeLeaderboard(ctx context.Context, eventID string) (_ *resultsv1.LeaderboardFreeze, err error) {
	defer apperr.Wrap(&err, "resultssvc.freezeLeaderboard(%q)", eventID)
	st, err := s.publicEventOf(ctx, eventID)
	if err != nil {
		return nil, err
	}
	eventID = st.eventID
	if st.format != "online" {
		return nil, apperr.ConflictField("eventId", msgFreezeInPerson)
	}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		// Held first, so the standings read below hold every publication committed before the
		// freeze and none after it (store.RaisePublicVersion).
		if err := tx.RaisePublicVersion(ctx, eventID); err != nil {
			return err
		}
		standings, err := publicStandings(ctx, tx, st)
		if err != nil {
			return err
		}
		kept, err := proto.Marshal(standings)
		if err != nil {
			return err
		}
		inserted, err := tx.InsertFreeze(ctx, eventID, kept, authn.Actor(ctx))
		if err != nil {
			return err
		}
		if !inserted {
			return apperr.ConflictField("frozen", msgFrozenAlready)
		}
		return tx.LogFreeze(ctx, eventID, authn.Actor(ctx), "frozen")
	})
	if err != nil {
		return nil, err
	}
	// The board looks the same, but now says it is frozen.
	s.changed(ctx, eventID, nil, true)
	f, _, err := s.store.GetFreeze(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return freezePB(eventID, f, true), nil
}

// unfreezeLeaderboard gives the public board the live standings again.
func (s *service) unfreezeLeaderboard(ctx context.Context, eventID string) (_ *resultsv1.LeaderboardFreeze, err error) {
	defer apperr.Wrap(&err, "resultssvc.unfreezeLeaderboard(%q)", eventID)
	st, err := s.eventOf(ctx, eventID)
	if err != nil {
		return nil, err
	}
	eventID = st.eventID
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		deleted, err := tx.DeleteFreeze(ctx, eventID)
		if err != nil {
			return err
		}
		if !deleted {
			return apperr.ConflictField("frozen", msgNotFrozen)
		}
		// Every public view cached while frozen holds the kept standings: a new version drops them.
		if err := tx.RaisePublicVersion(ctx, eventID); err != nil {
			return err
		}
		return tx.LogFreeze(ctx, eventID, authn.Actor(ctx), "unfrozen")
	})
	if err != nil {
		return nil, err
	}
	s.changed(ctx, eventID, nil, true)
	return &resultsv1.LeaderboardFreeze{EventId: eventID}, nil
}

// publicStandings are the standings the public board shows of the event: its published results,
// or, on a board that shows submissions at once, those too (docs/qualifiers.md).
func publicStandings(ctx context.Context, db *store.Store, st *structure) (_ *resultsv1.EventStandings, err error) {
	defer apperr.Wrap(&err, "resultssvc.publicStandings(%q)", st.eventID)
	list := db.ListEventPublic
	if st.showsUnreviewed() {
		list = db.ListEventPublicLive
	}
	results, err := list(ctx, st.eventID)
	if err != nil {
		return nil, err
	}
	return eventStandings(st, results)
}

// frozenStandings are the standings kept at the event's freeze; ok false when it is not frozen.
func (s *service) frozenStandings(ctx context.Context, eventID string) (_ *resultsv1.EventStandings, ok bool, err error) {
	defer apperr.Wrap(&err, "resultssvc.frozenStandings(%q)", eventID)
	f, ok, err := s.store.GetFreeze(ctx, eventID)
	if err != nil || !ok {
		return nil, false, err
	}
	kept := &resultsv1.EventStandings{}
	if err := proto.Unmarshal(f.Standings, kept); err != nil {
		return nil, false, err
	}
	kept.Frozen = true
	return kept, true, nil
}

func freezePB(eventID string, f store.Freeze, frozen bool) *resultsv1.LeaderboardFreeze {
	if !frozen {
		return &resultsv1.LeaderboardFreeze{EventId: eventID}
	}
	return &resultsv1.LeaderboardFreeze{EventId: eventID, Frozen: true, FrozenAt: f.At.UTC().Format(time.RFC3339), FrozenBy: f.By}
}
