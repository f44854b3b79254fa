package eligibility

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	filesv1 "github.com/podium-dev/podium/gen/go/podium/files/v1"
)

func (e *Eligibility) GetDivisionEligibility(ctx context.Context, req *pb.DivisionEligibilityRequest) (*pb.DivisionEligibility, error) {
	return divisionPB(e.svc.GetDivision(ctx, req.GetDivisionId()))
}

func (e *Eligibility) PutDivisionEligibility(ctx context.Context, req *pb.PutDivisionEligibilityRequest) (*pb.DivisionEligibility, error) {
	return divisionPB(e.svc.PutDivision(ctx, req.GetDivisionId(), req.GetRequiresMembership(), req.GetLevel()))
}

func (e *Eligibility) ListMembers(ctx context.Context, req *pb.MembersRequest) (*pb.MemberList, error) {
	list, err := e.svc.ListMembers(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	out := &pb.MemberList{Members: make([]*pb.Member, len(list.Members)), Count: int32(len(list.Members))}
	for i, m := range list.Members {
		out.Members[i] = &pb.Member{Number: m.Number, Name: m.Name, BirthDate: core.Date(m.BirthDate), ValidUntil: core.Date(m.ValidUntil)}
	}
	if list.Import != nil {
		out.ImportedAt, out.ImportedBy = core.Instant(list.Import.ImportedAt), list.Import.ImportedBy
	}
	return out, nil
}

func (e *Eligibility) ImportMembers(ctx context.Context, req *pb.ImportMembersRequest) (*pb.ImportMembersResponse, error) {
	imp, err := e.svc.ImportMembers(ctx, req.GetEventId(), req.GetCsv())
	if err != nil {
		return nil, err
	}
	out := &pb.ImportMembersResponse{Imported: imp.Imported, ImportedAt: core.Instant(imp.ImportedAt), Errors: []*pb.MemberLineError{}}
	for _, le := range imp.Errors {
		out.Errors = append(out.Errors, &pb.MemberLineError{Line: le.Line, Message: le.Message})
	}
	return out, nil
}

func (e *Eligibility) ExportMembersCsv(ctx context.Context, req *pb.MembersRequest) (*filesv1.CsvFile, error) {
	name, content, err := e.svc.ExportMembers(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	return &filesv1.CsvFile{FileName: name, Content: content}, nil
}

func (e *Eligibility) ListEligibilityOverrides(ctx context.Context, req *pb.MembersRequest) (*pb.EligibilityOverrides, error) {
	list, err := e.svc.ListOverrides(ctx, req.GetEventId())
	if err != nil {
		return nil, err
	}
	out := &pb.EligibilityOverrides{Overrides: make([]*pb.EligibilityOverride, len(list))}
	for i, o := range list {
		out.Overrides[i] = overridePB(o)
	}
	return out, nil
}

func (e *Eligibility) DeleteEligibilityOverride(ctx context.Context, req *pb.DeleteEligibilityOverrideRequest) (*pb.EligibilityOverrides, error) {
	if err := e.svc.DeleteOverride(ctx, req.GetEventId(), req.GetId()); err != nil {
		return nil, err
	}
	return e.ListEligibilityOverrides(ctx, &pb.MembersRequest{EventId: req.GetEventId()})
}

func (e *Eligibility) CreateEligibilityOverride(ctx context.Context, req *pb.CreateEligibilityOverrideRequest) (*pb.EligibilityOverride, error) {
	o, err := e.svc.CreateOverride(ctx, OverrideInput{EventID: req.GetEventId(), DivisionID: req.GetDivisionId(),
		AthleteEmail: req.GetAthleteEmail(), Rule: req.GetRule(), Reason: req.GetReason()})
	if err != nil {
		return nil, err
	}
	return overridePB(o), nil
}

func (e *Eligibility) GetMyEligibility(ctx context.Context, req *pb.MyEligibilityRequest) (*pb.MyEligibility, error) {
	m, err := e.svc.GetMine(ctx, req.GetDivisionId())
	if err != nil {
		return nil, err
	}
	out := &pb.MyEligibility{DivisionId: m.DivisionID, RequiresMembership: m.Asks.MemberNumber, AsksBirthDate: m.Asks.BirthDate,
		Categories: m.Asks.Categories, Overridden: m.Overridden}
	if g := m.Given; g != nil {
		out.MemberNumber, out.Category = g.MemberNumber, g.Category
		if g.BirthDate != nil {
			out.BirthDate = core.Date(*g.BirthDate)
		}
	}
	return out, nil
}

func divisionPB(v DivisionView, err error) (*pb.DivisionEligibility, error) {
	if err != nil {
		return nil, err
	}
	out := &pb.DivisionEligibility{DivisionId: v.Division.ID, DivisionName: v.Division.Name,
		RequiresMembership: v.Settings.RequiresMembership, Level: v.Settings.Level, AgeOn: v.Rules.AgeOn,
		Categories: categories(v.Rules), Series: v.Series}
	if v.Rules.AgeMin != nil {
		out.AgeMin, out.HasAgeMin = int32(*v.Rules.AgeMin), true
	}
	if v.Rules.AgeMax != nil {
		out.AgeMax, out.HasAgeMax = int32(*v.Rules.AgeMax), true
	}
	return out, nil
}

func overridePB(o store.EligibilityOverride) *pb.EligibilityOverride {
	return &pb.EligibilityOverride{Id: o.ID, DivisionId: o.DivisionID, DivisionName: o.DivisionName, AthleteEmail: o.AthleteEmail,
		Rule: o.Rule, RuleLabel: RuleLabel(o.Rule), Reason: o.Reason, CreatedBy: o.CreatedBy, CreatedAt: core.Instant(o.CreatedAt)}
}
