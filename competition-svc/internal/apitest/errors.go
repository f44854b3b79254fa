package apitest

import (
	"errors"
	"testing"

	"github.com/podium-dev/podium/internal/platform/apperr"
)

// WantErr checks a use case's error: its kind, field and exact message.
func WantErr(t *testing.T, err error, kind apperr.Kind, field, message string) {
	t.Helper()
	var ae *apperr.Error
	if !errors.As(err, &ae) {
		t.Fatalf("want %s error %q, got %v", kindName(kind), message, err)
	}
	if ae.Kind != kind || ae.Field != field || ae.Message != message {
		t.Fatalf("want %s {field %q, %q}, got %s {field %q, %q}", kindName(kind), field, message, kindName(ae.Kind), ae.Field, ae.Message)
	}
}

func kindName(k apperr.Kind) string {
	switch k {
	case apperr.KindInvalid:
		return "Invalid"
	case apperr.KindNotFound:
		return "NotFound"
	case apperr.KindConflict:
		return "Conflict"
	case apperr.KindUnavailable:
		return "Unavailable"
	}
	return "other"
}

// Must fails the test on a call's error and returns its value:
// Must[*competitionv1.Team](t)(f.Srv.CreateTeam(...)).
func Must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}
