package eligibility

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/csvfile"
)

// The event's member list: the organiser imports the federation's list (CSV), which replaces
// the one before whole, and exports it. The list is the event's (docs/eligibility.md, "Why per
// event"): its organiser's grant covers it, and validity is judged on the event's date.

// MemberList is the event's list and its last import.
type MemberList struct {
	Members []store.Member
	Import  *store.MemberImport
}

// MemberImport is an import's outcome: the members now listed, or the refused lines.
type MemberImport struct {
	Imported   int32
	Errors     []lineError
	ImportedAt time.Time
}

// ListMembers is the event's member list.
func (s *service) ListMembers(ctx context.Context, eventID string) (_ MemberList, err error) {
	defer apperr.Wrap(&err, "eligibility.ListMembers(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return MemberList{}, err
	}
	members, err := s.Store.ListMembers(ctx, eventID)
	if err != nil {
		return MemberList{}, err
	}
	out := MemberList{Members: members}
	imp, err := s.Store.LastMemberImport(ctx, eventID)
	if err == nil {
		out.Import = &imp
	} else if !errors.Is(err, store.ErrNotFound) {
		return MemberList{}, err
	}
	return out, nil
}

// ImportMembers replaces the event's list with the file's, in one transaction with its
// activity; a file with any refused line changes nothing.
func (s *service) ImportMembers(ctx context.Context, eventID, csvText string) (_ MemberImport, err error) {
	defer apperr.Wrap(&err, "eligibility.ImportMembers(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return MemberImport{}, err
	}
	members, errs, err := parseMembers(csvText)
	if err != nil || len(errs) > 0 {
		return MemberImport{Errors: errs}, err
	}
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		if err := tx.ReplaceMembers(ctx, eventID, members, authn.Actor(ctx)); err != nil {
			return nil, err
		}
		return []store.Activity{core.Change(ctx, eventID, "updated", "event", eventID,
			fmt.Sprintf("Member list imported: %d members", len(members)))}, nil
	})
	if err != nil {
		return MemberImport{}, err
	}
	imp, err := s.Store.LastMemberImport(ctx, eventID)
	if err != nil {
		return MemberImport{}, err
	}
	return MemberImport{Imported: imp.Members, ImportedAt: imp.ImportedAt}, nil
}

// ExportMembers is the event's list as CSV, in the columns an import reads; every cell is
// neutralised (csvfile): a member's name typed as a formula stays text.
func (s *service) ExportMembers(ctx context.Context, eventID string) (name, content string, err error) {
	defer apperr.Wrap(&err, "eligibility.ExportMembers(%q)", eventID)
	list, err := s.ListMembers(ctx, eventID)
	if err != nil {
		return "", "", err
	}
	ev, err := s.Store.GetEvent(ctx, eventID)
	if err != nil {
		return "", "", err
	}
	rows := [][]string{{"Number", "Name", "Birth date", "Valid until"}}
	for _, m := range list.Members {
		rows = append(rows, []string{m.Number, m.Name, core.Date(m.BirthDate), core.Date(m.ValidUntil)})
	}
	return csvfile.FileName(time.Now(), ev.Name, "members"), csvfile.Render(rows), nil
}
