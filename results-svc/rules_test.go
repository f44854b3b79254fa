package resultssvc

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

func TestValidateResult(t *testing.T) {
	t.Parallel()
	f := standard()
	noCap := f.workout("Grace", "TIME", 0, 5)
	alpha := f.t["Alpha"]
	type want struct {
		status string
		value  *float64
		reps   *int32
		tb     *float64
		field  string // error field; "" = valid
		msg    string
	}
	tests := []struct {
		name    string
		workout string
		in      resultFields
		want    want
	}{
		{"time in seconds", "Fran", resultFields{Value: f64(330)}, want{status: "completed", value: f64(330)}},
		{"time with fraction", "Fran", resultFields{Status: "completed", Value: f64(330.5)}, want{status: "completed", value: f64(330.5)}},
		{"time required", "Fran", resultFields{}, want{field: "resultValue", msg: `Result is required for team "Alpha"`}},
		{"time zero", "Fran", resultFields{Value: f64(0)}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Time must be greater than 0 seconds`}},
		{"time negative", "Fran", resultFields{Value: f64(-5)}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Time values cannot be negative`}},
		{"time NaN", "Fran", resultFields{Value: f64(math.NaN())}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Use MM:SS format (e.g., 5:30) or seconds (e.g., 330)`}},
		{"time over the cap", "Fran", resultFields{Value: f64(601)}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Time must not exceed the time cap of 10:00; enter a capped result (CAP +reps) instead`}},
		{"time at the cap", "Fran", resultFields{Value: f64(600)}, want{status: "completed", value: f64(600)}},
		{"time at the cap with reps is capped", "Fran", resultFields{Value: f64(600), CappedReps: i32(15)}, want{status: "capped", reps: i32(15)}},
		{"reps ignored when finished under the cap", "Fran", resultFields{Value: f64(500), CappedReps: i32(15)}, want{status: "completed", value: f64(500)}},
		{"capped", "Fran", resultFields{Status: "capped", CappedReps: i32(12)}, want{status: "capped", reps: i32(12)}},
		{"capped with zero reps", "Fran", resultFields{Status: "CAPPED", CappedReps: i32(0)}, want{status: "capped", reps: i32(0)}},
		{"capped value is dropped", "Fran", resultFields{Status: "capped", Value: f64(600), CappedReps: i32(3)}, want{status: "capped", reps: i32(3)}},
		{"capped needs reps", "Fran", resultFields{Status: "capped"}, want{field: "cappedReps", msg: `Invalid result for team "Alpha": Enter the reps completed before the time cap`}},
		{"capped negative reps", "Fran", resultFields{Status: "capped", CappedReps: i32(-1)}, want{field: "cappedReps", msg: `Invalid result for team "Alpha": Reps cannot be negative`}},
		{"capped needs a cap", noCap.Name, resultFields{Status: "capped", CappedReps: i32(4)}, want{field: "status", msg: `Invalid result for team "Alpha": This workout has no time cap; set one on the workout before entering capped results`}},
		{"capped only for TIME", "Cindy", resultFields{Status: "capped", CappedReps: i32(4)}, want{field: "status", msg: `Invalid result for team "Alpha": Only TIME workouts can have a capped result`}},
		{"reps zero is valid", "Cindy", resultFields{Value: f64(0)}, want{status: "completed", value: f64(0)}},
		{"reps whole", "Cindy", resultFields{Value: f64(12.5)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Enter a whole number`}},
		{"reps negative", "Cindy", resultFields{Value: f64(-1)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Value must be at least 0`}},
		{"reps infinite", "Cindy", resultFields{Value: f64(math.Inf(1))}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Enter a valid number`}},
		{"weight decimals", "Clean", resultFields{Value: f64(102.5)}, want{status: "completed", value: f64(102.5)}},
		{"weight zero", "Clean", resultFields{Value: f64(0)}, want{status: "completed", value: f64(0)}},
		{"weight negative", "Clean", resultFields{Value: f64(-0.5)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Value must be at least 0`}},
		{"points decimals", "Judged", resultFields{Value: f64(7.25)}, want{status: "completed", value: f64(7.25)}},
		{"dnf carries nothing", "Fran", resultFields{Status: "DNF", Value: f64(300), Tiebreak: f64(3)}, want{status: "dnf"}},
		{"dns", "Cindy", resultFields{Status: " dns "}, want{status: "dns"}},
		{"WD is dns", "Cindy", resultFields{Status: "WD"}, want{status: "dns"}},
		{"not_started is no status to save", "Cindy", resultFields{Status: "not_started"}, want{field: "status", msg: `Invalid result for team "Alpha": status must be completed, capped, dnf, dns or dq`}},
		{"tiebreak", "Fran", resultFields{Value: f64(300), Tiebreak: f64(120)}, want{status: "completed", value: f64(300), tb: f64(120)}},
		{"tiebreak negative", "Fran", resultFields{Value: f64(300), Tiebreak: f64(-1)}, want{field: "tiebreakValue", msg: `Invalid result for team "Alpha": Tiebreak cannot be negative`}},
		// Ranges at their edges.
		{"time at 24 hours", noCap.Name, resultFields{Value: f64(86400)}, want{status: "completed", value: f64(86400)}},
		{"time over 24 hours", noCap.Name, resultFields{Value: f64(86400.5)}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Time must be at most 24 hours (86400 seconds)`}},
		{"time 1e308", noCap.Name, resultFields{Value: f64(1e308)}, want{field: "resultValue", msg: `Invalid time for team "Alpha": Time must be at most 24 hours (86400 seconds)`}},
		{"reps at the limit", "Cindy", resultFields{Value: f64(1_000_000)}, want{status: "completed", value: f64(1_000_000)}},
		{"reps 2^53+1", "Cindy", resultFields{Value: f64(9007199254740993)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Value must be at most 1,000,000`}},
		{"weight at the limit", "Clean", resultFields{Value: f64(10_000)}, want{status: "completed", value: f64(10_000)}},
		{"weight over the limit", "Clean", resultFields{Value: f64(10_000.5)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Value must be at most 10,000`}},
		{"weight minus zero", "Clean", resultFields{Value: f64(math.Copysign(0, -1))}, want{status: "completed", value: f64(0)}},
		{"points over the limit", "Judged", resultFields{Value: f64(1_000_000.25)}, want{field: "resultValue", msg: `Invalid result for team "Alpha": Value must be at most 1,000,000`}},
		{"capped reps over the limit", "Fran", resultFields{Status: "capped", CappedReps: i32(1_000_001)}, want{field: "cappedReps", msg: `Invalid result for team "Alpha": Reps must be at most 1,000,000`}},
		{"tiebreak over the limit", "Fran", resultFields{Value: f64(300), Tiebreak: f64(1e7)}, want{field: "tiebreakValue", msg: `Invalid result for team "Alpha": Tiebreak must be at most 1,000,000`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := f.w[tt.workout]
			if w == nil {
				w = noCap
			}
			in, err := validateResult(alpha, w, tt.in, "results[2].")
			if tt.want.field != "" {
				var e *apperr.Error
				if err == nil || !errors.As(err, &e) || e.Kind != apperr.KindInvalid {
					t.Fatalf("got %v, want invalid %s", err, tt.want.msg)
				}
				if e.Field != "results[2]."+tt.want.field || e.Message != tt.want.msg {
					t.Fatalf("got %s: %q\nwant %s: %q", e.Field, e.Message, "results[2]."+tt.want.field, tt.want.msg)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if in.Status.String() != tt.want.status || !eqF(in.Value, tt.want.value) || !eqI(in.CappedReps, tt.want.reps) || !eqF(in.Tiebreak, tt.want.tb) {
				t.Fatalf("got %s value %v reps %v tiebreak %v", in.Status, fv(in.Value), iv(in.CappedReps), fv(in.Tiebreak))
			}
			if in.Value != nil && math.Signbit(*in.Value) {
				t.Fatalf("value %v keeps its minus sign", *in.Value)
			}
			if in.TeamID != alpha.Id || in.WorkoutID != w.Id || in.DivisionID != alpha.DivisionId {
				t.Fatalf("ids not carried: %+v", in)
			}
		})
	}
}

func eqF(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
func eqI(a, b *int32) bool   { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
func fv(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}
func iv(p *int32) any {
	if p == nil {
		return nil
	}
	return *p
}

// The console and the judge screen parse typed results by the same rule (web/src/lib/
// result-input.ts, tested against the same cases): each case's value is accepted here exactly
// when the web parser accepts its text, with the same message when refused.
func TestValidateResultAgreesWithTheConsolesParser(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../web/src/lib/result-input.cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var shared struct {
		Cases []struct {
			ScoreType, Text, Error string
			Value                  float64
		}
	}
	if err := json.Unmarshal(raw, &shared); err != nil {
		t.Fatal(err)
	}
	f := standard()
	alpha := f.t["Alpha"]
	for _, c := range shared.Cases {
		w := f.workout(c.ScoreType+" "+c.Text, c.ScoreType, 0, int32(len(f.w)+1))
		in, err := validateResult(alpha, w, resultFields{Value: f64(c.Value)}, "")
		switch {
		case c.Error == "" && (err != nil || !eqF(in.Value, f64(c.Value))):
			t.Errorf("%s %s: %v, value %v; want accepted", c.ScoreType, c.Text, err, fv(in.Value))
		case c.Error != "" && (err == nil || !strings.HasSuffix(err.Error(), ": "+c.Error)):
			t.Errorf("%s %s: %v; want %q", c.ScoreType, c.Text, err, c.Error)
		}
	}
}

// A cap is named in an error as the workout shows it (timeCapText "9:00"), never "09:00".
func TestOverCapNamesTheCapAsShown(t *testing.T) {
	t.Parallel()
	f := standard()
	w := f.workout("Cindy", "TIME", 540, 9)
	_, err := validateResult(f.t["Alpha"], w, resultFields{Value: f64(541)}, "")
	var e *apperr.Error
	want := `Invalid time for team "Alpha": Time must not exceed the time cap of 9:00; enter a capped result (CAP +reps) instead`
	if !errors.As(err, &e) || e.Message != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}
