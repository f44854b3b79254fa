package floor

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/podium-dev/podium/competition-svc/core"

	"github.com/podium-dev/podium/competition-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// A judge card's code (docs/judging.md, "The card's code"): when the card's QR code will not
// scan, the judge types its short code on the judge entry page and gets the link's token, so
// the phone opens exactly the screen the QR code opens. Only the code's hash is stored.

const (
	// judgeCodeLength characters of shareCodeAlphabet: about 40 bits, guessed only at the
	// attempt limits' pace.
	judgeCodeLength = 8
	// judgeCodeInputMax bounds what is read at all, before any lookup.
	judgeCodeInputMax   = 32
	msgJudgeCodeInvalid = "This code is not valid"
	msgJudgeCodeLong    = "A card code has 8 characters"
)

// newJudgeCode is a fresh code, as printed ("K7QM-3XPD"), and the hash that is stored.
func newJudgeCode() (string, []byte) {
	code := core.NewCode(judgeCodeLength)
	return code[:4] + "-" + code[4:], judgeCodeHash(code)
}

// judgeCodeHash is the stored form of a code read by normaliseCode.
func judgeCodeHash(code string) []byte {
	h := sha256.Sum256([]byte(code))
	return h[:]
}

// RedeemJudgeCode answers the token of the link in use whose card carries code. Unknown,
// revoked and expired codes get the same answer; codes tried are limited per client address
// as sign-ins are (docs/access.md), and a code that opens a link takes its count back.
func (s *service) RedeemJudgeCode(ctx context.Context, code string) (_ JudgeLinkCard, err error) {
	defer apperr.Wrap(&err, "floor.RedeemJudgeCode()")
	if utf8.RuneCountInString(code) > judgeCodeInputMax {
		return JudgeLinkCard{}, apperr.Invalid("code", msgJudgeCodeLong)
	}
	code = core.NormaliseCode(code)
	if code == "" {
		return JudgeLinkCard{}, apperr.Invalid("code", "Type the code printed on your judge card")
	}
	attempt, wait := s.judgeCodeAttempts.Admit(ctx, code, svcauth.ClientAddress(ctx))
	if wait > 0 {
		return JudgeLinkCard{}, s.judgeCodeAttempts.Refusal(wait)
	}
	l, err := s.Store.JudgeLinkByCode(ctx, judgeCodeHash(code))
	if errors.Is(err, store.ErrNotFound) {
		return JudgeLinkCard{}, apperr.NotFound(msgJudgeCodeInvalid)
	} else if err != nil {
		return JudgeLinkCard{}, err
	}
	signed, err := s.Users.SignJudgeTokens(ctx, &authv1.JudgeSessionsRequest{SessionIds: []string{l.ID}})
	if err != nil {
		return JudgeLinkCard{}, authErr(err)
	}
	if len(signed.GetSessions()) == 0 {
		// The session ended before its link was marked (revokeJudgeLinks): revoked too.
		return JudgeLinkCard{}, apperr.NotFound(msgJudgeCodeInvalid)
	}
	s.judgeCodeAttempts.Succeeded(ctx, attempt)
	return JudgeLinkCard{JudgeLink: l, Token: signed.GetSessions()[0].GetToken()}, nil
}

// renewJudgeCode gives a link in use a new code for its card printed again: the stored hash
// cannot give the old one back.
func (s *service) renewJudgeCode(ctx context.Context, id string) (_ string, err error) {
	defer apperr.Wrap(&err, "floor.renewJudgeCode()")
	code, hash := newJudgeCode()
	ok, err := s.Store.SetJudgeLinkCode(ctx, id, hash)
	if err != nil {
		return "", fmt.Errorf("store judge code: %w", err)
	}
	if !ok {
		return "", apperr.Conflict(msgJudgeLinkEnded)
	}
	return code, nil
}
