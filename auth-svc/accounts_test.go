package authsvc_test

import (
	"net/http"
	"testing"

	"github.com/podium-dev/podium/cmd/podium/targets/stacktest"
)

func field(t *testing.T, r *stacktest.Response) string {
	t.Helper()
	var e struct{ Field string }
	r.Decode(t, &e)
	return e.Field
}

func TestUsersAndSessions(t *testing.T) {
	t.Parallel()
	s := stacktest.Start(t)

	t.Run("me names the caller and its role", func(t *testing.T) {
		var me struct{ ID, Username, Role string }
		s.Admin(http.MethodGet, "/api/auth/me", nil).MustStatus(t, http.StatusOK).Decode(t, &me)
		if me.Username != s.AdminUsername || me.Role != "admin" || me.ID == "" {
			t.Fatalf("me = %+v", me)
		}
	})

	var scorer struct {
		ID, Username, Role string
		Disabled           bool
		LastSignInAt       *string
	}
	t.Run("an admin creates a user; the name is taken once", func(t *testing.T) {
		s.Admin(http.MethodPost, "/api/users", map[string]string{"username": "judge_1", "password": "a-judge-passphrase", "role": "scorer"}).
			MustStatus(t, http.StatusOK).Decode(t, &scorer)
		if scorer.Role != "scorer" || scorer.Disabled || scorer.LastSignInAt != nil {
			t.Fatalf("created %+v", scorer)
		}
		s.Admin(http.MethodPost, "/api/users", map[string]string{"username": "JUDGE_1", "password": "a-judge-passphrase", "role": "scorer"}).
			MustStatus(t, http.StatusConflict)
	})

	t.Run("bad input is a 400 naming the field and creates nothing", func(t *testing.T) {
		for _, tc := range []struct{ username, password, role, field string }{
			{"ab", "a-judge-passphrase", "scorer", "username"},
			{"judge 2", "a-judge-passphrase", "scorer", "username"},
			{"judge2", "short-pass", "scorer", "password"},
			{"judge2", "password1234", "scorer", "password"}, // common
			{"judge2", "a-judge-passphrase", "referee", "role"},
		} {
			r := s.Admin(http.MethodPost, "/api/users", map[string]string{"username": tc.username, "password": tc.password, "role": tc.role})
			if r.Status != http.StatusBadRequest || field(t, r) != tc.field {
				t.Errorf("%+v: %d %s", tc, r.Status, r.Body)
			}
		}
		var list []struct{ Username string }
		s.Admin(http.MethodGet, "/api/users", nil).MustStatus(t, http.StatusOK).Decode(t, &list)
		if len(list) != 2 {
			t.Fatalf("users = %+v", list)
		}
	})

	t.Run("only admins manage users", func(t *testing.T) {
		token := s.Login("judge_1", "a-judge-passphrase")
		s.Do(http.MethodGet, "/api/users", nil, token).MustStatus(t, http.StatusForbidden)
		var list []struct {
			Username     string
			LastSignInAt *string
		}
		s.Admin(http.MethodGet, "/api/users", nil).MustStatus(t, http.StatusOK).Decode(t, &list)
		for _, u := range list {
			if u.Username == "judge_1" && u.LastSignInAt == nil {
				t.Fatal("lastSignInAt not set by a sign-in")
			}
		}
	})

	t.Run("the last active admin cannot be demoted or disabled", func(t *testing.T) {
		var me struct{ ID string }
		s.Admin(http.MethodGet, "/api/auth/me", nil).Decode(t, &me)
		s.Admin(http.MethodPut, "/api/users/"+me.ID, map[string]any{"role": "organiser", "disabled": false}).MustStatus(t, http.StatusConflict)
		s.Admin(http.MethodPut, "/api/users/"+me.ID, map[string]any{"role": "admin", "disabled": true}).MustStatus(t, http.StatusConflict)
		s.Admin(http.MethodGet, "/api/auth/me", nil).MustStatus(t, http.StatusOK)
	})

	t.Run("change password: wrong current is a 400, the new session works", func(t *testing.T) {
		token := s.Login("judge_1", "a-judge-passphrase")
		r := s.Do(http.MethodPost, "/api/auth/password", map[string]string{"currentPassword": "nope", "newPassword": "another-judge-passphrase"}, token)
		if r.Status != http.StatusBadRequest || field(t, r) != "currentPassword" {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		r = s.Do(http.MethodPost, "/api/auth/password", map[string]string{"currentPassword": "a-judge-passphrase", "newPassword": "short"}, token)
		if r.Status != http.StatusBadRequest || field(t, r) != "newPassword" {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		var fresh struct{ Token, Username, ExpiresAt string }
		s.Do(http.MethodPost, "/api/auth/password", map[string]string{"currentPassword": "a-judge-passphrase", "newPassword": "another-judge-passphrase"}, token).
			MustStatus(t, http.StatusOK).Decode(t, &fresh)
		if fresh.Username != "judge_1" || fresh.ExpiresAt == "" {
			t.Fatalf("new session %+v", fresh)
		}
		s.Do(http.MethodGet, "/api/auth/me", nil, fresh.Token).MustStatus(t, http.StatusOK)
		s.Login("judge_1", "another-judge-passphrase")
	})

	t.Run("an admin sets a password", func(t *testing.T) {
		s.Admin(http.MethodPost, "/api/users/"+scorer.ID+"/password", map[string]string{"password": "set-by-the-admin"}).MustStatus(t, http.StatusOK)
		s.Login("judge_1", "set-by-the-admin")
		s.Admin(http.MethodPost, "/api/users/"+scorer.ID+"/password", map[string]string{"password": "tiny"}).MustStatus(t, http.StatusBadRequest)
	})
}
