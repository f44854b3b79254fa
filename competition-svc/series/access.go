package series

import (
	"context"
	"errors"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Series grants (docs/series.md, "Who manages a series"): admins let an organiser manage one
// series; the grant names the series, never its events.

const (
	msgSeriesGrantNotOrganiser = "Only organisers can be granted a series"
	msgSeriesGrantNotFound     = "This user does not manage this series"
)

// SeriesAccess is an organiser who manages a series.
type SeriesAccess struct{ UserID, Username string }

// existingSeries is a request's series id, of a series that exists.
func (s *service) existingSeries(ctx context.Context, rawID string) (_ string, err error) {
	defer apperr.Wrap(&err, "series.existingSeries()")
	id, err := core.ParseID("seriesId", rawID, "Series")
	if err != nil {
		return "", err
	}
	if _, err := s.Store.GetSeries(ctx, id, false); errors.Is(err, store.ErrNotFound) {
		return "", apperr.NotFound(msgSeriesNotFound)
	} else if err != nil {
		return "", err
	}
	return id, nil
}

// ListSeriesAccess returns the organisers granted a series, by username.
func (s *service) ListSeriesAccess(ctx context.Context, rawSeriesID string) (_ []SeriesAccess, err error) {
	defer apperr.Wrap(&err, "series.ListSeriesAccess()")
	if err := mayManageSeries(ctx); err != nil {
		return nil, err
	}
	id, err := s.existingSeries(ctx, rawSeriesID)
	if err != nil {
		return nil, err
	}
	ids, err := s.Store.SeriesGrantees(ctx, id)
	if err != nil || len(ids) == 0 {
		return []SeriesAccess{}, err
	}
	found, err := s.Users.LookupUsers(ctx, &authv1.LookupUsersRequest{Ids: ids})
	if err != nil {
		return nil, fmt.Errorf("look up users: %w", err)
	}
	out := make([]SeriesAccess, 0, len(ids))
	for _, u := range found.GetUsers() { // by username; grants of deleted users drop out
		out = append(out, SeriesAccess{UserID: u.GetId(), Username: u.GetUsername()})
	}
	return out, nil
}

// GrantSeriesAccess lets an organiser manage a series.
func (s *service) GrantSeriesAccess(ctx context.Context, rawSeriesID, rawUserID string) (_ SeriesAccess, err error) {
	defer apperr.Wrap(&err, "series.GrantSeriesAccess()")
	if err := mayManageSeries(ctx); err != nil {
		return SeriesAccess{}, err
	}
	id, err := s.existingSeries(ctx, rawSeriesID)
	if err != nil {
		return SeriesAccess{}, err
	}
	userID, err := core.ParseID("userId", rawUserID, "User")
	if err != nil {
		return SeriesAccess{}, err
	}
	found, err := s.Users.LookupUsers(ctx, &authv1.LookupUsersRequest{Ids: []string{userID}})
	if err != nil {
		return SeriesAccess{}, fmt.Errorf("look up user: %w", err)
	}
	if len(found.GetUsers()) == 0 {
		return SeriesAccess{}, apperr.NotFound(core.MsgUserNotFound)
	}
	u := found.GetUsers()[0]
	if u.GetRole() != authn.RoleOrganiser {
		return SeriesAccess{}, apperr.Invalid("userId", msgSeriesGrantNotOrganiser)
	}
	if err := s.Store.PutSeriesGrant(ctx, id, userID); err != nil {
		return SeriesAccess{}, err
	}
	return SeriesAccess{UserID: userID, Username: u.GetUsername()}, nil
}

// RevokeSeriesAccess ends an organiser's grant on a series.
func (s *service) RevokeSeriesAccess(ctx context.Context, rawSeriesID, rawUserID string) (err error) {
	defer apperr.Wrap(&err, "series.RevokeSeriesAccess()")
	if err := mayManageSeries(ctx); err != nil {
		return err
	}
	id, err := s.existingSeries(ctx, rawSeriesID)
	if err != nil {
		return err
	}
	userID, err := core.ParseID("userId", rawUserID, "User")
	if err != nil {
		return err
	}
	if err := s.Store.DeleteSeriesGrant(ctx, id, userID); errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(msgSeriesGrantNotFound)
	} else if err != nil {
		return err
	}
	return nil
}
