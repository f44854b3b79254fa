package resultssvc

import (
	"context"
	"errors"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/results-svc/store"
)

// The result counts competition-svc keeps (docs/architecture.md, "Calls between services"):
// every change settles the counts of the workouts and teams it touched in its transaction
// (store.SettleCounts, the one home of the rule, called by journaledChanges, which every write
// of results goes through). A key that rises from none (a first result, a first result the
// public sees) must be raised at competition-svc before the change commits, which refuses it
// when the workout or team is gone or moved; every other count goes out through the feed,
// which the worker delivers (and the change itself, once committed, before it answers).
//
// The raise is never made while the change holds its locks: the change finds the keys it
// raises, rolls back, raises them with a new seq (raiseFirst), and runs again. Run again, it
// commits only if no other change of those keys was settled since the raise (a row's seq
// above the raise's: that change's count, delivered later, could have lowered the raise),
// else it raises again. A raise whose change then rolls back or fails left competition-svc a
// count too high: the key is settled again and sent.

// countsPoll is how often the worker looks for counts to deliver besides being kicked after
// a change; countsBatch bounds one delivery.
const (
	countsPoll          = time.Second
	countsBatch         = 500
	deliverAfterTimeout = time.Second
)

// errRaiseFirst rolls back a change that raised keys from none not raised yet.
var errRaiseFirst = errors.New("raise the counts first")

// raisedCounts are the keys a change raised before it ran, each with its raise's seq.
type raisedCounts map[store.CountKey]int64

// missing are the keys of rose that have no raise standing: none made, or another change of
// the key settled after it.
func (r raisedCounts) missing(rose []store.FeedCount) []store.FeedCount {
	var out []store.FeedCount
	for _, c := range rose {
		if seq, ok := r[c.Key]; !ok || seq <= c.WasSeq {
			out = append(out, c)
		}
	}
	return out
}

func (r raisedCounts) keys() []store.CountKey {
	out := make([]store.CountKey, 0, len(r))
	for k := range r {
		out = append(out, k)
	}
	return out
}

// raiseFirst raises at competition-svc the counts a change would reach, under a seq newer
// than any settled so far, holding no transaction. The keys count as raised whether the call
// answered or not (it may have been recorded), so a failed change settles them again.
func (s *service) raiseFirst(ctx context.Context, raised raisedCounts, rose []store.FeedCount) (err error) {
	defer apperr.Wrap(&err, "resultssvc.raiseFirst()")
	seq, err := s.store.NextCountSeq(ctx)
	if err != nil {
		return err
	}
	counts := make([]store.FeedCount, len(rose))
	for i, c := range rose {
		c.Seq = seq
		counts[i] = c
		raised[c.Key] = seq
	}
	callCtx, cancel := context.WithTimeout(ctx, structureTimeout)
	defer cancel()
	if _, err := s.comp.RecordResultCounts(callCtx, &competitionv1.RecordResultCountsRequest{Counts: countsPB(counts), Raise: true}); err != nil {
		return raiseErr(err)
	}
	return nil
}

// raiseErr is a refused raise as the save's answer: the workout or team is gone or moved
// (competition-svc's message), or competition-svc cannot answer.
func raiseErr(err error) error {
	if st, ok := status.FromError(err); ok {
		switch st.Code() {
		case codes.NotFound:
			return apperr.NotFound(st.Message())
		case codes.FailedPrecondition:
			return apperr.Conflict(st.Message())
		}
	}
	return competitionErr(err)
}

// resendCounts settles raised keys again after their change rolled back, so the feed sends
// competition-svc the counts that stand. Until it does, the keys read too high there: a
// delete is refused a little longer, never allowed too early.
func (s *service) resendCounts(ctx context.Context, raised []store.CountKey) {
	ctx = context.WithoutCancel(ctx)
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		_, err := tx.SettleCounts(ctx, raised, true)
		return err
	})
	if err != nil {
		s.log.WarnContext(ctx, "counts of a rolled-back save not settled; competition-svc keeps them too high until their next change", "err", err)
		return
	}
	s.kickCounts()
}

// deliverAfter delivers the counts a committed change wrote before the change answers, so
// the console reads its own change (a second bounds it: the worker takes over when
// competition-svc is slow or down).
func (s *service) deliverAfter(ctx context.Context) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), deliverAfterTimeout)
	defer cancel()
	if err := s.deliverCounts(ctx); err != nil {
		s.log.WarnContext(ctx, "result counts not delivered yet; the worker retries", "err", err)
		s.kickCounts()
	}
}

// kickCounts wakes the worker after a change wrote counts to deliver.
func (s *service) kickCounts() {
	select {
	case s.countsKick <- struct{}{}:
	default:
	}
}

// RunCounts delivers the feed of counts until ctx ends; the process runs it beside the server.
func (s *Server) RunCounts(ctx context.Context) {
	ticker := time.NewTicker(countsPoll)
	defer ticker.Stop()
	for {
		if err := s.svc.deliverCounts(ctx); err != nil && ctx.Err() == nil {
			s.svc.log.Warn("result counts not delivered to competition-svc yet; retrying", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		case <-s.svc.countsKick:
		}
	}
}

// deliverCounts sends the feed's undelivered counts, oldest first, until none is left.
// Replicas may deliver the same rows at once: competition-svc keeps only a newer seq.
func (s *service) deliverCounts(ctx context.Context) (err error) {
	defer apperr.Wrap(&err, "resultssvc.deliverCounts()")
	for {
		unsent, err := s.store.UnsentCounts(ctx, countsBatch)
		if err != nil || len(unsent) == 0 {
			return err
		}
		callCtx, cancel := context.WithTimeout(ctx, structureTimeout)
		_, err = s.comp.RecordResultCounts(callCtx, &competitionv1.RecordResultCountsRequest{Counts: countsPB(unsent)})
		cancel()
		if err != nil {
			return competitionErr(err)
		}
		if err := s.store.MarkCountsSent(ctx, unsent); err != nil {
			return err
		}
		if len(unsent) < countsBatch {
			return nil
		}
	}
}

func countsPB(counts []store.FeedCount) []*competitionv1.ResultCount {
	out := make([]*competitionv1.ResultCount, len(counts))
	for i, c := range counts {
		pc := &competitionv1.ResultCount{Results: c.Results, Published: c.Published, Seq: c.Seq}
		if c.Key.Team {
			pc.TeamId, pc.DivisionId = c.Key.ID, c.DivisionID
		} else {
			pc.WorkoutId = c.Key.ID
		}
		out[i] = pc
	}
	return out
}
