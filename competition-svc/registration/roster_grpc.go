package registration

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/registration/v1"
)

// The roster RPCs of registrations of other sizes than pairs (docs/rosters.md).

func (s *Server) ChangeMyRoster(ctx context.Context, req *pb.ChangeRosterRequest) (*pb.Registration, error) {
	return s.pb(s.svc.ChangeMyRoster(ctx, req.GetId(), rosterInput(req)))
}

func (s *Server) ChangeRegistrationRoster(ctx context.Context, req *pb.ChangeRosterRequest) (*pb.Registration, error) {
	return s.pb(s.svc.ChangeRegistrationRoster(ctx, req.GetId(), rosterInput(req)))
}

func (s *Server) LeaveTeam(ctx context.Context, req *pb.RegistrationRequest) (*pb.Registration, error) {
	return s.pb(s.svc.LeaveTeam(ctx, req.GetId()))
}

func (s *Server) ConfirmRoster(ctx context.Context, req *pb.RegistrationRequest) (*pb.Registration, error) {
	return s.pb(s.svc.ConfirmRoster(ctx, req.GetId()))
}

func rosterInput(req *pb.ChangeRosterRequest) RosterInput {
	in := RosterInput{TeamName: req.TeamName}
	for _, a := range req.GetAthletes() {
		in.Athletes = append(in.Athletes, store.RegPlace{Position: int(a.GetPosition()), Name: a.GetName(),
			Category: a.GetCategory(), BirthDate: a.GetBirthDate(), Substitute: a.GetSubstitute()})
	}
	return in
}

// rosterPB adds a registration's roster and what its division allows to its message.
func rosterPB(out *pb.Registration, r store.Registration) {
	out.TeamSize, out.SubstitutesAllowed = int32(r.TeamSize), int32(r.SubstitutesAllowed)
	out.Categories, out.BirthDateRequired, out.RosterConfirmedBy = r.Categories, r.BirthDateRequired, r.RosterConfirmedBy
	out.RosterLockAt = core.InstantOf(r.RosterLockAt)
	if !byPlaces(r) {
		return
	}
	out.Places = append(out.Places, &pb.RegistrationPlace{Position: 1, Name: r.CaptainName, AthleteId: r.CaptainID,
		Category: r.CaptainCategory, Captain: true})
	for _, p := range r.Places {
		out.Places = append(out.Places, &pb.RegistrationPlace{Position: int32(p.Position), Name: p.Name, AthleteId: p.AthleteID,
			Email: p.Email, Category: p.Category, Substitute: p.Substitute, Open: p.Open()})
	}
}

// hasOpenPlace reports whether a starting place waits for an athlete (the share code is shown).
func hasOpenPlace(r store.Registration) bool {
	for _, p := range r.Places {
		if p.Open() && !p.Substitute {
			return true
		}
	}
	return false
}
