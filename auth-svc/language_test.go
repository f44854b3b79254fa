package authsvc_test

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
)

type meWithLanguage struct{ ID, Username, Role, Language string }

func TestTheAccountKeepsItsLanguage(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)
	athlete := s.SignUpAthlete("Ana", "García")

	for _, who := range []struct {
		name, token string
	}{{"staff", s.Token}, {"athlete", athlete.Token}} {
		t.Run(who.name+": none until chosen, then the choice", func(t *testing.T) {
			var me meWithLanguage
			s.Do(http.MethodGet, "/api/auth/me", nil, who.token).MustStatus(t, http.StatusOK).Decode(t, &me)
			if me.Language != "" {
				t.Fatalf("before a choice: %+v", me)
			}
			s.Do(http.MethodPut, "/api/auth/me/language", map[string]string{"language": "es"}, who.token).MustStatus(t, http.StatusOK)
			s.Do(http.MethodGet, "/api/auth/me", nil, who.token).MustStatus(t, http.StatusOK).Decode(t, &me)
			if me.Language != "es" {
				t.Fatalf("after choosing es: %+v", me)
			}
		})
		t.Run(who.name+": a language Podium does not speak is a 400 naming the field and changes nothing", func(t *testing.T) {
			for _, bad := range []string{"", "pt", "DE", "de-AT"} {
				r := s.Do(http.MethodPut, "/api/auth/me/language", map[string]string{"language": bad}, who.token)
				if r.Status != http.StatusBadRequest || field(t, r) != "language" {
					t.Errorf("%q: %d %s", bad, r.Status, r.Body)
				}
			}
			var me meWithLanguage
			s.Do(http.MethodGet, "/api/auth/me", nil, who.token).MustStatus(t, http.StatusOK).Decode(t, &me)
			if me.Language != "es" {
				t.Fatalf("after refused choices: %+v", me)
			}
		})
	}

	t.Run("without a session there is nothing to keep it with", func(t *testing.T) {
		s.Do(http.MethodPut, "/api/auth/me/language", map[string]string{"language": "de"}, "").MustStatus(t, http.StatusUnauthorized)
	})
}
