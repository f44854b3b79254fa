package registration

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
)

// Transfers of a place (docs/registration.md, "Transfers"): the rules without I/O. A place is
// numbered as the roster numbers it: 1 the captain's, 2 a pair's partner's, else the place's
// position after the captain's.

const (
	// transferLifetime is how long a transfer link is valid, as an invitation.
	transferLifetime = invitationLifetime
	// transferKeyMax bounds the key read from a request (the links carry 32 characters).
	transferKeyMax = 64
)

const (
	msgTransferEmail        = "Email must be a valid email address"
	msgTransferNoPlace      = "Team %s has no place %d"
	msgTransferOpenPlace    = "Place %d is open: nobody holds it to hand it over"
	msgTransferNoAccount    = "Place %d is held by a name the captain typed: the captain swaps it on the roster instead"
	msgTransferNotYours     = "Only the captain offers another athlete's place; you can offer your own"
	msgTransferTaken        = "%s is already in a team of %s: offer the place to someone else"
	msgTransferNoneOpen     = "Place %d has no open transfer"
	msgTransferKeyRequired  = "Key is required"
	msgTransferUnknown      = "No transfer has this link: check the link in the mail"
	msgTransferUsed         = "This transfer link was already used"
	msgTransferEnded        = "This transfer was cancelled or replaced by another: ask for a new link"
	msgTransferExpired      = "This transfer link expired on %s: ask %s to offer the place again"
	msgTransferOtherAddress = "This transfer was offered to another email address: sign in with the address it was sent to"
	msgTransferHolderGone   = "%s no longer holds this place: the transfer is no longer valid"
	msgTransferOwn          = "You already hold this place"
)

// placeHolder is who holds a registration's place: account, name and address.
type placeHolder struct {
	AthleteID, Name, Email string
}

// holderOf returns who holds place position of r, or the refusal (on the field position) when
// the place does not exist, is open, or is held by a typed name without account.
func holderOf(r store.Registration, position int) (placeHolder, error) {
	switch {
	case position == 1:
		return placeHolder{r.CaptainID, r.CaptainName, r.CaptainEmail}, nil
	case !byPlaces(r) && position == pairSize:
		if r.PartnerID == "" {
			return placeHolder{}, apperr.ConflictField("position", fmt.Sprintf(msgTransferOpenPlace, position))
		}
		return placeHolder{r.PartnerID, r.PartnerName, r.PartnerEmail}, nil
	}
	for _, p := range r.Places {
		if p.Position != position || !byPlaces(r) {
			continue
		}
		switch {
		case p.Open():
			return placeHolder{}, apperr.ConflictField("position", fmt.Sprintf(msgTransferOpenPlace, position))
		case p.AthleteID == "":
			return placeHolder{}, apperr.ConflictField("position", fmt.Sprintf(msgTransferNoAccount, position))
		}
		return placeHolder{p.AthleteID, p.Name, p.Email}, nil
	}
	return placeHolder{}, apperr.Invalid("position", fmt.Sprintf(msgTransferNoPlace, r.TeamName, position))
}

// placeOf is the place userID holds on r, 0 for none.
func placeOf(r store.Registration, userID string) int {
	switch {
	case r.CaptainID == userID:
		return 1
	case !byPlaces(r) && r.PartnerID == userID:
		return pairSize
	}
	if i := memberPlace(r, userID); i >= 0 {
		return r.Places[i].Position
	}
	return 0
}

// transferUsable refuses a link that was used, cancelled, replaced or has expired at now.
func transferUsable(t store.Transfer, from string, now time.Time) error {
	switch {
	case t.Outcome == "accepted":
		return apperr.ConflictField("key", msgTransferUsed)
	case t.EndedAt != nil:
		return apperr.ConflictField("key", msgTransferEnded)
	case !now.Before(t.ExpiresAt):
		return apperr.ConflictField("key", fmt.Sprintf(msgTransferExpired, t.ExpiresAt.UTC().Format(regTimeLayout), from))
	}
	return nil
}

// newTransferKey is a link's secret: 24 random bytes, URL-safe.
func newTransferKey() string {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// transferKeyHash is what is kept of a key: its SHA-256.
func transferKeyHash(key string) []byte {
	h := sha256.Sum256([]byte(strings.TrimSpace(key)))
	return h[:]
}

// cleanTransferKey refuses a missing or oversized key.
func cleanTransferKey(key string) (string, error) {
	key = strings.TrimSpace(key)
	switch {
	case key == "":
		return "", apperr.Invalid("key", msgTransferKeyRequired)
	case len(key) > transferKeyMax:
		return "", apperr.NotFound(msgTransferUnknown)
	}
	return key, nil
}
