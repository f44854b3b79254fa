package core

import (
	"context"
	"time"

	"github.com/podium-dev/podium/competition-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The language of each mail (docs/architecture.md, "Languages"): the recipient's account's
// choice, else the event's default, else English. auth-svc keeps the accounts' choices and
// gives them with the athlete's profile (AthleteInfo.Language), so the caller's own language
// costs no call; the other team members' come in one lookup for all of them.

// MailLanguages are the languages of one change's mails: by athlete account, and the event's
// default for a recipient without an account (a guardian, a partner invited by email).
type MailLanguages struct {
	ByAthlete map[string]string
	Event     string
}

// Of is the texts for the athlete with account id ("": no account).
func (l MailLanguages) Of(id string) mailtext.Texts {
	return mailtext.For(mailtext.Pick(l.ByAthlete[id], l.Event))
}

// NoAccount is the texts for a recipient without an account: the event's default.
func (l MailLanguages) NoAccount() mailtext.Texts { return mailtext.For(mailtext.Pick(l.Event)) }

// MailLanguages are the languages of the athletes ids for mails about an event whose default
// is eventLanguage. known are athletes already read (the caller's AthleteInfo); the rest are
// asked of auth-svc in one call. When auth-svc cannot answer, they get the event's default: a
// mail in the event's language is better than a change refused for it.
func (s *Service) MailLanguages(ctx context.Context, eventLanguage string, ids []string, known ...AthleteInfo) MailLanguages {
	out := MailLanguages{ByAthlete: map[string]string{}, Event: eventLanguage}
	for _, a := range known {
		out.ByAthlete[a.ID] = a.Language
	}
	var ask []string
	for _, id := range ids {
		if _, ok := out.ByAthlete[id]; !ok && id != "" {
			ask = append(ask, id)
			out.ByAthlete[id] = ""
		}
	}
	if len(ask) == 0 || s.Athletes == nil {
		return out
	}
	for _, p := range s.Athletes.Languages(ctx, ask) {
		out.ByAthlete[p.GetId()] = p.GetLanguage()
	}
	return out
}

// TeamLanguages are the languages of mails to r's athletes (captain, partner, places).
func (s *Service) TeamLanguages(ctx context.Context, r store.Registration, known ...AthleteInfo) MailLanguages {
	ids := []string{r.CaptainID, r.PartnerID}
	for _, p := range r.Places {
		ids = append(ids, p.AthleteID)
	}
	return s.MailLanguages(ctx, r.EventLanguage, ids, known...)
}

// languagesTimeout bounds the lookup of the recipients' languages: it may run inside the
// transaction of the change whose mails they are, which must not wait on auth-svc long.
const languagesTimeout = 500 * time.Millisecond

// Languages asks auth-svc for the athletes' profiles, languages included; nil when it cannot
// answer in languagesTimeout (MailLanguages then uses the event's default).
func (a AuthAthletes) Languages(ctx context.Context, ids []string) []*authv1.AthleteProfile {
	ctx, cancel := context.WithTimeout(ctx, languagesTimeout)
	defer cancel()
	resp, err := a.Auth.LookupAthletes(ctx, &authv1.LookupAthletesRequest{Ids: ids})
	if err != nil {
		return nil
	}
	return resp.GetAthletes()
}
