package floor_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
	"github.com/podium-dev/podium/competition-svc/internal/apitest"
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	resultsv1 "github.com/podium-dev/podium/gen/go/podium/results/v1"
)

// A judge card's code (docs/judging.md, "The card's code"): typed when the QR code will not
// scan, it gives the link's own access, and nothing once the link has ended.

func redeem(s *stacktest.Stack, code string) *stacktest.Response {
	return s.Do(http.MethodPost, "/api/judge/code", apitest.Obj{"code": code}, "")
}

func redeemed(t *testing.T, s *stacktest.Stack, code string) *competitionv1.JudgeLink {
	t.Helper()
	var l competitionv1.JudgeLink
	redeem(s, code).MustStatus(t, http.StatusOK).Decode(t, &l)
	return &l
}

// sqlExec runs one statement on the stack's database (what no route may do: age a link).
func sqlExec(t *testing.T, s *stacktest.Stack, sql string, args ...any) {
	t.Helper()
	s.WithDB(t, func(ctx context.Context, conn *pgx.Conn) error {
		_, err := conn.Exec(ctx, sql, args...)
		return err
	})
}

var printedCode = regexp.MustCompile(`^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}$`)

func TestJudgeCodeOpensItsLinkOnly(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w, h := judgeWorld(t, s)
	other, otherHeat := judgeWorld(t, s)

	links := createLinks(t, w, apitest.Obj{"workoutId": w.first, "heatId": h.Id, "stations": []apitest.Obj{{"lanes": []int{1}}, {"lanes": []int{2, 3}}}}, w.organiser)
	code := links[0].Code
	if !printedCode.MatchString(code) || links[1].Code == code {
		t.Fatalf("codes %q and %q, want two different codes like K7QM-3XPD", code, links[1].Code)
	}
	// Nobody but the card's holder sees the code: the list of links in use carries none.
	var listed competitionv1.JudgeLinks
	s.Do(http.MethodGet, "/api/events/"+w.event+"/judge-links", nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &listed)
	for _, l := range listed.Links {
		if l.Code != "" || l.Token != "" {
			t.Errorf("listed link %s shows its code %q or token", l.Label, l.Code)
		}
	}

	// Typed as people type it: lower case, without the dash, with spaces.
	got := redeemed(t, s, " "+strings.ToLower(strings.ReplaceAll(code, "-", ""))+" ")
	if got.Id != links[0].Id || got.Label != "Heat 1 · Lane 1" || got.Token == "" || got.Code != "" {
		t.Fatalf("redeemed: %+v", got)
	}
	judge := got.Token

	// The same access as the card's QR code: its sheet, its lane, nothing else.
	var sheet resultsv1.JudgeSheet
	s.Do(http.MethodGet, "/api/judge/sheet", nil, judge).MustStatus(t, http.StatusOK).Decode(t, &sheet)
	if len(sheet.Heats) != 1 || len(sheet.Heats[0].Lanes) != 1 || sheet.Heats[0].Lanes[0].Lane != 1 || sheet.Label != "Heat 1 · Lane 1" {
		t.Errorf("sheet: %+v", &sheet)
	}
	laneResult(s, h.Id, 1, apitest.Obj{"resultValue": 300}, judge).MustStatus(t, http.StatusOK)
	laneResult(s, h.Id, 2, apitest.Obj{"resultValue": 300}, judge).MustStatus(t, http.StatusForbidden)
	laneResult(s, otherHeat.Id, 1, apitest.Obj{"resultValue": 300}, judge).MustStatus(t, http.StatusUnauthorized)
	s.Do(http.MethodGet, "/api/events/"+other.event, nil, judge).MustStatus(t, http.StatusForbidden)
	s.Do(http.MethodGet, "/api/events/"+w.event+"/judge-links", nil, judge).MustStatus(t, http.StatusForbidden)
	if n := enteredResults(t, w); n != 1 {
		t.Errorf("%d results entered, want the code's lane only", n)
	}

	// Printed again, the card carries a new code; the old one no longer opens the link.
	var again competitionv1.JudgeLink
	s.Do(http.MethodGet, "/api/judge-links/"+links[0].Id+"/card", nil, w.organiser).MustStatus(t, http.StatusOK).Decode(t, &again)
	if !printedCode.MatchString(again.Code) || again.Code == code {
		t.Fatalf("card printed again: code %q (was %q)", again.Code, code)
	}
	apitest.WantError(t, redeem(s, code), http.StatusNotFound, "", "This code is not valid")
	if redeemed(t, s, again.Code).Id != links[0].Id {
		t.Errorf("the new code opens another link")
	}

	// Unknown, revoked and expired codes answer alike.
	apitest.WantError(t, redeem(s, "ABCD-EFGH"), http.StatusNotFound, "", "This code is not valid")
	s.Do(http.MethodPost, "/api/judge-links/"+links[0].Id+"/revoke", nil, w.organiser).MustStatus(t, http.StatusOK)
	apitest.WantError(t, redeem(s, again.Code), http.StatusNotFound, "", "This code is not valid")
	laneResult(s, h.Id, 1, apitest.Obj{"resultValue": 290}, judge).MustStatus(t, http.StatusUnauthorized)
	sqlExec(t, s, `UPDATE competition.judge_links SET expires_at = now() - interval '1 minute' WHERE id = $1`, links[1].Id)
	apitest.WantError(t, redeem(s, links[1].Code), http.StatusNotFound, "", "This code is not valid")

	// Overlong input is refused before any lookup; an empty one names what to type.
	apitest.WantError(t, redeem(s, strings.Repeat("A", 33)), http.StatusBadRequest, "code", "A card code has 8 characters")
	apitest.WantError(t, redeem(s, " - "), http.StatusBadRequest, "code", "Type the code printed on your judge card")
}

// Codes tried are limited per client address as sign-ins are (20 failures an address in the
// stack): past the limit even a good code waits.
func TestJudgeCodesTriedAreLimited(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	w, h := judgeWorld(t, s)
	links := createLinks(t, w, apitest.Obj{"workoutId": w.first, "heatId": h.Id, "stations": []apitest.Obj{{"lanes": []int{1}}}}, w.organiser)
	redeemed(t, s, links[0].Code) // a good code takes its count back
	for i := range 20 {
		code := "WRNG-" + string(rune('A'+i%20)) + "AAA"
		redeem(s, code).MustStatus(t, http.StatusNotFound)
	}
	got := redeem(s, links[0].Code)
	if got.Status != http.StatusTooManyRequests || !strings.HasPrefix(got.Message(), "Too many card codes tried. Please try again in ") {
		t.Fatalf("past the limit: %d %s", got.Status, got.Body)
	}
}
