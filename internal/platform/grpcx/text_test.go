package grpcx

import (
	"testing"

	"google.golang.org/protobuf/types/known/wrapperspb"

	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

func TestFieldWithNUL(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		in   *competitionv1.BulkCreateTeamsRequest
		want string
	}{
		"clean":          {&competitionv1.BulkCreateTeamsRequest{EventId: "e", Teams: []*competitionv1.NewTeam{{Name: "Alpha"}}}, ""},
		"top level":      {&competitionv1.BulkCreateTeamsRequest{EventId: "e\x00"}, "eventId"},
		"nested in list": {&competitionv1.BulkCreateTeamsRequest{Teams: []*competitionv1.NewTeam{{Name: "ok"}, {Athlete2Name: "b\x00d"}}}, "teams.athlete2Name"},
	}
	for name, c := range cases {
		if got := fieldWithNUL(c.in.ProtoReflect()); got != c.want {
			t.Errorf("%s: got %q, want %q", name, got, c.want)
		}
	}
	if got := fieldWithNUL(wrapperspb.String("x\x00").ProtoReflect()); got != "value" {
		t.Errorf("wrapper: got %q", got)
	}
}
