package publicsvc_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	publicv1 "github.com/podium-dev/podium/gen/go/podium/public/v1"
	"github.com/podium-dev/podium/internal/eventtest"
)

// world is an event built through the admin API of a running stack (eventtest), with the
// public reads the tests make of it.
type world struct {
	*eventtest.Event
	t *testing.T
	s *stacktest.Stack
}

// newWorld creates an event from fields (name, status, dateFrom, …).
func newWorld(t *testing.T, s *stacktest.Stack, fields eventtest.Fields) *world {
	t.Helper()
	return &world{Event: s.Events(t).Event(fields), t: t, s: s}
}

// division creates a division described as "<name> division" whose teams' athletes are
// "<team> One" and "<team> Two", and returns its id.
func (w *world) division(name string, teams ...string) string {
	w.t.Helper()
	return w.Division(name, name+" division", eventtest.WithAthletes(teams...)...).GetId()
}

// save enters a result (fields: resultValue, status, cappedReps) and publishes it unless
// told not to.
func (w *world) save(team, workout string, fields eventtest.Fields, publish bool) {
	w.t.Helper()
	r := w.Result(team, workout, fields)
	if publish {
		w.Publish(r)
	}
}

// get is an anonymous GET that must answer 200; the body is decoded into out (stacktest's
// Decode: protojson for the generated contract types).
func (w *world) get(path string, out any) *stacktest.Response {
	w.t.Helper()
	r := w.s.Do(http.MethodGet, path, nil, "").MustStatus(w.t, http.StatusOK)
	if out != nil {
		r.Decode(w.t, out)
	}
	return r
}

// notFound checks an anonymous GET answers 404 with message.
func (w *world) notFound(path, message string) {
	w.t.Helper()
	r := w.s.Do(http.MethodGet, path, nil, "")
	if r.Status != http.StatusNotFound || r.Message() != message {
		w.t.Errorf("GET %s: %d %s, want 404 %q", path, r.Status, r.Body, message)
	}
}

// iv and fv render a number the JSON may leave null.
func iv(p *wrapperspb.Int32Value) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(p.GetValue())
}

func fv(p *wrapperspb.DoubleValue) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(p.GetValue())
}

// standingsText renders a division leaderboard compactly: team rank total [status result
// rank points per workout].
func standingsText(lb *publicv1.DivisionLeaderboard) string {
	var rows []string
	for _, s := range lb.Standings {
		var cells []string
		for _, r := range s.WorkoutResults {
			cells = append(cells, fmt.Sprintf("%s %s %s %s", r.Status, r.Result, iv(r.Rank), fv(r.Points)))
		}
		rows = append(rows, fmt.Sprintf("%s %s %s [%s]", s.TeamName, iv(s.Rank), fv(s.TotalPoints), strings.Join(cells, "; ")))
	}
	return strings.Join(rows, "\n")
}
