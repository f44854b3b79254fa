package resultssvc

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/results-svc/store"
)

// purge deletes the results of deleted teams, workouts or divisions (or of a deleted event)
// and rescores what remains of the event. Deleted and moved teams alone rescore only their
// cells (purge_teams.go).
func (s *service) purge(ctx context.Context, req *resultsv1.PurgeResultsRequest) (_ int, err error) {
	defer apperr.Wrap(&err, "resultssvc.purge()")
	eventID, err := parseID("eventId", "event", req.GetEventId())
	if err != nil {
		return 0, err
	}
	teams, err := parseIDs("teamIds", "team", req.GetTeamIds())
	if err != nil {
		return 0, err
	}
	workouts, err := parseIDs("workoutIds", "workout", req.GetWorkoutIds())
	if err != nil {
		return 0, err
	}
	divisions, err := parseIDs("divisionIds", "division", req.GetDivisionIds())
	if err != nil {
		return 0, err
	}
	moved, err := parseIDs("movedTeamIds", "team", req.GetMovedTeamIds())
	if err != nil {
		return 0, err
	}
	if !req.GetEventDeleted() && len(workouts)+len(divisions) == 0 && len(teams)+len(moved) > 0 {
		return s.purgeTeams(ctx, eventID, teams, moved)
	}
	var st *structure
	if !req.GetEventDeleted() {
		st, err = s.structure(ctx, &competitionv1.EventStructureRequest{EventId: eventID})
		if isNotFound(err) {
			st, err = nil, nil // the event went too: nothing to rescore
		}
		if err != nil {
			return 0, err
		}
	}
	var n int
	var cells []store.Cell
	if st != nil {
		cells = st.allCells()
	}
	err = s.journaled(ctx, cells, inEvent(eventID), rescoredBySystem, func(tx *store.Store) error {
		n, err = tx.Purge(ctx, eventID, req.GetEventDeleted() || st == nil && len(teams)+len(workouts)+len(divisions) == 0,
			teams, workouts, divisions)
		if err != nil || st == nil {
			return err
		}
		results, err := tx.ListEvent(ctx, eventID)
		if err != nil {
			return err
		}
		scores, err := scoreResults(st, results)
		if err != nil {
			return err
		}
		_, err = tx.SetScores(ctx, scores)
		return err
	})
	if err != nil {
		return 0, err
	}
	s.log.InfoContext(ctx, "results purged and rescored", "event", eventID, "deleted", n, "eventDeleted", req.GetEventDeleted())
	s.changed(ctx, eventID, nil, false)
	return n, nil
}

// isNotFound reports a NotFound answer, typed or as a gRPC status.
func isNotFound(err error) bool {
	return err != nil && (apperr.IsKind(err, apperr.KindNotFound) || status.Code(err) == codes.NotFound)
}

func notFound(err error, msg string) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(msg)
	}
	return err
}
