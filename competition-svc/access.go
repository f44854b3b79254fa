package competitionsvc

import (
	"context"
	"errors"
	"fmt"

	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/podium-dev/podium/competition-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	regpb "github.com/podium-dev/podium/gen/go/podium/registration/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/ids"
)

// on addresses the id that field returns from requests of type T.
func on[T any](kind access.Kind, notFound string, field func(T) string) func(any) []access.Target {
	return func(req any) []access.Target {
		return []access.Target{{Kind: kind, IDs: []string{field(req.(T))}, NotFound: notFound}}
	}
}

// both addresses everything a and b address.
func both(a, b func(any) []access.Target) func(any) []access.Target {
	return func(req any) []access.Target { return append(a(req), b(req)...) }
}

var (
	eventOf        = on(access.Event, msgEventNotFound, (*pb.EventRequest).GetId)
	divisionOf     = on(access.Division, msgDivisionNotFound, (*pb.DivisionRequest).GetId)
	teamOf         = on(access.Team, msgTeamNotFound, (*pb.TeamRequest).GetId)
	workoutEventOf = on(access.Event, msgEventNotFound, (*pb.WorkoutRequest).GetEventId)
	workoutOf      = on(access.Workout, msgWorkoutNotFound, (*pb.WorkoutRequest).GetId)
	// The workout first: the handlers say "Workout not found" when both are missing.
	updateWorkoutOf = both(on(access.Workout, msgWorkoutNotFound, (*pb.UpdateWorkoutRequest).GetId),
		on(access.Event, msgEventNotFound, (*pb.UpdateWorkoutRequest).GetEventId))
	heatOf         = on(access.Heat, msgHeatNotFound, (*pb.HeatRequest).GetId)
	registrationOf = on(access.Registration, msgRegNotFound, (*regpb.RegistrationRequest).GetId)
	judgeLinkOf    = on(access.JudgeLink, msgJudgeLinkAbsent, (*pb.JudgeLinkRequest).GetId)
)

// workoutHeatsOf addresses the workout of a heats request, then its event, as the handlers
// check them.
func workoutHeatsOf[T interface {
	GetWorkoutId() string
	GetEventId() string
}]() func(any) []access.Target {
	return both(on(access.Workout, msgWorkoutNotFound, func(r T) string { return r.GetWorkoutId() }),
		on(access.Event, msgEventNotFound, func(r T) string { return r.GetEventId() }))
}

// Rules say what each admin RPC needs on the event it addresses (docs/access.md). ListEvents,
// ListDivisions and ListTeams filter instead; CreateEvent and ImportEvent check the role;
// ListEventStatuses and ListScoreTypes are for every signed-in user (UseCase).
var Rules = access.Rules{
	pb.CompetitionService_ListEvents_FullMethodName:        {Level: access.UseCase},
	pb.CompetitionService_ListEventStatuses_FullMethodName: {Level: access.UseCase},
	pb.CompetitionService_CreateEvent_FullMethodName:       {Level: access.UseCase},
	pb.CompetitionService_ImportEvent_FullMethodName:       {Level: access.UseCase},
	pb.CompetitionService_ListDivisions_FullMethodName:     {Level: access.UseCase},
	pb.CompetitionService_ListTeams_FullMethodName:         {Level: access.UseCase},
	pb.CompetitionService_ListScoreTypes_FullMethodName:    {Level: access.UseCase},
	pb.CompetitionService_ListMailOutbox_FullMethodName:    {Level: access.UseCase}, // admins only

	// Series span events, so no event grant covers them: admins, and organisers on the series
	// granted them (series.go, series_access.go).
	pb.CompetitionService_ListSeries_FullMethodName:           {Level: access.UseCase},
	pb.CompetitionService_GetSeries_FullMethodName:            {Level: access.UseCase},
	pb.CompetitionService_CreateSeries_FullMethodName:         {Level: access.UseCase},
	pb.CompetitionService_UpdateSeries_FullMethodName:         {Level: access.UseCase},
	pb.CompetitionService_DeleteSeries_FullMethodName:         {Level: access.UseCase},
	pb.CompetitionService_AddSeriesEvent_FullMethodName:       {Level: access.UseCase},
	pb.CompetitionService_RemoveSeriesEvent_FullMethodName:    {Level: access.UseCase},
	pb.CompetitionService_MapSeriesDivisions_FullMethodName:   {Level: access.UseCase},
	pb.CompetitionService_CreateSeriesDivision_FullMethodName: {Level: access.UseCase},
	pb.CompetitionService_ListSeriesActivity_FullMethodName:   {Level: access.UseCase},
	pb.CompetitionService_ListSeriesAccess_FullMethodName:     {Level: access.UseCase},
	pb.CompetitionService_GrantSeriesAccess_FullMethodName:    {Level: access.UseCase},
	pb.CompetitionService_RevokeSeriesAccess_FullMethodName:   {Level: access.UseCase},

	pb.CompetitionService_GetEvent_FullMethodName:     {Level: access.Read, Targets: eventOf},
	pb.CompetitionService_UpdateEvent_FullMethodName:  {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*pb.UpdateEventRequest).GetId)},
	pb.CompetitionService_DeleteEvent_FullMethodName:  {Level: access.Manage, Targets: on(access.Event, msgEventAlreadyGone, (*pb.EventRequest).GetId)},
	pb.CompetitionService_PublishEvent_FullMethodName: {Level: access.Manage, Targets: eventOf},
	pb.CompetitionService_StartEvent_FullMethodName:   {Level: access.Manage, Targets: eventOf},
	pb.CompetitionService_ArchiveEvent_FullMethodName: {Level: access.Manage, Targets: eventOf},
	pb.CompetitionService_ExportEvent_FullMethodName:  {Level: access.Manage, Targets: eventOf},
	pb.CompetitionService_SetEventScoring_FullMethodName: {Level: access.Manage,
		Targets: on(access.Event, msgEventNotFound, (*pb.SetEventScoringRequest).GetEventId)},
	pb.CompetitionService_SetEventOnline_FullMethodName: {Level: access.Manage,
		Targets: on(access.Event, msgEventNotFound, (*pb.SetEventOnlineRequest).GetEventId)},
	pb.CompetitionService_ListEventActivity_FullMethodName: {Level: access.Read,
		Targets: on(access.Event, msgEventNotFound, (*activityv1.ActivityRequest).GetEventId)},

	pb.CompetitionService_ListEventDivisions_FullMethodName: {Level: access.Read, Targets: on(access.Event, msgEventNotFound, (*pb.ListEventDivisionsRequest).GetEventId)},
	pb.CompetitionService_GetDivision_FullMethodName:        {Level: access.Read, Targets: divisionOf},
	pb.CompetitionService_CreateDivision_FullMethodName:     {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*pb.CreateDivisionRequest).GetEventId)},
	pb.CompetitionService_UpdateDivision_FullMethodName:     {Level: access.Manage, Targets: on(access.Division, msgDivisionNotFound, (*pb.UpdateDivisionRequest).GetId)},
	pb.CompetitionService_DeleteDivision_FullMethodName:     {Level: access.Manage, Targets: divisionOf},

	pb.CompetitionService_ListEventTeams_FullMethodName:    {Level: access.Read, Targets: on(access.Event, msgEventNotFound, (*pb.ListEventTeamsRequest).GetEventId)},
	pb.CompetitionService_ListDivisionTeams_FullMethodName: {Level: access.Read, Targets: on(access.Division, msgDivisionNotFound, (*pb.ListDivisionTeamsRequest).GetDivisionId)},
	pb.CompetitionService_GetTeam_FullMethodName:           {Level: access.Read, Targets: teamOf},
	pb.CompetitionService_CreateTeam_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Event, msgEventNotFound, (*pb.CreateTeamRequest).GetEventId),
		on(access.Division, msgDivisionNotFound, (*pb.CreateTeamRequest).GetDivisionId))},
	pb.CompetitionService_BulkCreateTeams_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Event, msgEventNotFound, (*pb.BulkCreateTeamsRequest).GetEventId),
		on(access.Division, msgDivisionNotFound, (*pb.BulkCreateTeamsRequest).GetDivisionId))},
	pb.CompetitionService_ImportTeams_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Event, msgEventNotFound, (*pb.ImportTeamsRequest).GetEventId),
		on(access.Division, msgDivisionNotFound, (*pb.ImportTeamsRequest).GetDivisionId))},
	pb.CompetitionService_UpdateTeam_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Team, msgTeamNotFound, (*pb.UpdateTeamRequest).GetId),
		on(access.Division, msgDivisionNotFound, (*pb.UpdateTeamRequest).GetDivisionId))},
	pb.CompetitionService_DeleteTeam_FullMethodName: {Level: access.Manage, Targets: teamOf},

	pb.CompetitionService_ListWorkouts_FullMethodName:    {Level: access.Read, Targets: on(access.Event, msgEventNotFound, (*pb.ListWorkoutsRequest).GetEventId)},
	pb.CompetitionService_GetWorkout_FullMethodName:      {Level: access.Read, Targets: both(workoutOf, workoutEventOf)},
	pb.CompetitionService_CreateWorkout_FullMethodName:   {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*pb.CreateWorkoutRequest).GetEventId)},
	pb.CompetitionService_UpdateWorkout_FullMethodName:   {Level: access.Manage, Targets: updateWorkoutOf},
	pb.CompetitionService_DeleteWorkout_FullMethodName:   {Level: access.Manage, Targets: both(workoutOf, workoutEventOf)},
	pb.CompetitionService_ReorderWorkouts_FullMethodName: {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*pb.ReorderWorkoutsRequest).GetEventId)},

	// Heats: scorers read them (the judge's screen); organisers change them.
	pb.CompetitionService_ListHeats_FullMethodName:     {Level: access.Read, Targets: workoutHeatsOf[*pb.ListHeatsRequest]()},
	pb.CompetitionService_CreateHeat_FullMethodName:    {Level: access.Manage, Targets: workoutHeatsOf[*pb.CreateHeatRequest]()},
	pb.CompetitionService_GenerateHeats_FullMethodName: {Level: access.Manage, Targets: workoutHeatsOf[*pb.GenerateHeatsRequest]()},
	pb.CompetitionService_UpdateHeat_FullMethodName:    {Level: access.Manage, Targets: on(access.Heat, msgHeatNotFound, (*pb.UpdateHeatRequest).GetId)},
	pb.CompetitionService_DeleteHeat_FullMethodName:    {Level: access.Manage, Targets: heatOf},

	// Judge links (docs/judging.md): the organiser's.
	pb.CompetitionService_CreateJudgeLinks_FullMethodName: {Level: access.Manage, Targets: workoutHeatsOf[*pb.CreateJudgeLinksRequest]()},
	pb.CompetitionService_ListJudgeLinks_FullMethodName:   {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*pb.ListJudgeLinksRequest).GetEventId)},
	pb.CompetitionService_RevokeJudgeLinks_FullMethodName: {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*pb.ListJudgeLinksRequest).GetEventId)},
	pb.CompetitionService_GetJudgeLinkCard_FullMethodName: {Level: access.Manage, Targets: judgeLinkOf},
	pb.CompetitionService_RevokeJudgeLink_FullMethodName:  {Level: access.Manage, Targets: judgeLinkOf},

	// The venue's settings (docs/venue.md): the organiser's.
	pb.CompetitionService_GetEventVenue_FullMethodName: {Level: access.Manage, Targets: eventOf},
	pb.CompetitionService_SetEventVenue_FullMethodName: {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*pb.SetEventVenueRequest).GetEventId)},

	// Registration (docs/registration.md): the organiser's RPCs.
	regpb.RegistrationService_GetRegistrationSettings_FullMethodName: {Level: access.Manage, Targets: on(access.Division, msgDivisionNotFound, (*regpb.DivisionSettingsRequest).GetDivisionId)},
	regpb.RegistrationService_PutRegistrationSettings_FullMethodName: {Level: access.Manage, Targets: on(access.Division, msgDivisionNotFound, (*regpb.PutRegistrationSettingsRequest).GetDivisionId)},
	regpb.RegistrationService_ListEventRegistrations_FullMethodName:  {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*regpb.ListEventRegistrationsRequest).GetEventId)},
	regpb.RegistrationService_ExportRegistrationsCsv_FullMethodName:  {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*regpb.ListEventRegistrationsRequest).GetEventId)},
	regpb.RegistrationService_ApproveRegistration_FullMethodName:     {Level: access.Manage, Targets: registrationOf},
	regpb.RegistrationService_RefuseRegistration_FullMethodName:      {Level: access.Manage, Targets: on(access.Registration, msgRegNotFound, (*regpb.RefuseRegistrationRequest).GetId)},
	regpb.RegistrationService_MarkRegistrationPaid_FullMethodName:    {Level: access.Manage, Targets: on(access.Registration, msgRegNotFound, (*regpb.MarkPaidRequest).GetId)},
	regpb.RegistrationService_RefundRegistration_FullMethodName:      {Level: access.Manage, Targets: registrationOf},
	regpb.RegistrationService_MoveRegistration_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Registration, msgRegNotFound, (*regpb.MoveRegistrationRequest).GetId),
		on(access.Division, msgDivisionNotFound, (*regpb.MoveRegistrationRequest).GetDivisionId))},
	// Check-in: organisers and scorers at the door.
	regpb.RegistrationService_ListCheckIn_FullMethodName: {Level: access.Read, Targets: on(access.Event, msgEventNotFound, (*regpb.CheckInRequest).GetEventId)},
	regpb.RegistrationService_SetCheckIn_FullMethodName: {Level: access.Score, Targets: both(
		on(access.Event, msgEventNotFound, (*regpb.SetCheckInRequest).GetEventId),
		on(access.Team, msgTeamNotFound, (*regpb.SetCheckInRequest).GetTeamId))},
	regpb.RegistrationService_ScanCheckIn_FullMethodName: {Level: access.Score, Targets: on(access.Event, msgEventNotFound, (*regpb.ScanCheckInRequest).GetEventId)},
	// Invitations to the final (docs/qualifiers.md): the qualifier's organiser; linking needs
	// the grant on the final too, and InviteToFinal checks it on the linked final itself.
	regpb.RegistrationService_GetFinalInvitations_FullMethodName: {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*regpb.FinalInvitationsRequest).GetEventId)},
	regpb.RegistrationService_SetFinalLink_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Event, msgEventNotFound, (*regpb.SetFinalLinkRequest).GetEventId),
		on(access.Event, msgEventNotFound, (*regpb.SetFinalLinkRequest).GetFinalEventId))},
	regpb.RegistrationService_InviteToFinal_FullMethodName: {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*regpb.InviteToFinalRequest).GetEventId)},

	pb.CompetitionService_ListEventAccess_FullMethodName:   {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*pb.ListEventAccessRequest).GetEventId)},
	pb.CompetitionService_GrantEventAccess_FullMethodName:  {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*pb.GrantEventAccessRequest).GetEventId)},
	pb.CompetitionService_RevokeEventAccess_FullMethodName: {Level: access.Manage, Targets: on(access.Event, msgEventNotFound, (*pb.RevokeEventAccessRequest).GetEventId)},
}

// Grants reads grants from competition-svc's own table: always current, no cache.
type Grants struct{ st *store.Store }

// Roles implements access.Grants.
func (g Grants) Roles(ctx context.Context, userID string, kind access.Kind, ids []string) (_ map[string]string, err error) {
	defer apperr.Wrap(&err, "competitionsvc.Grants.Roles(%q, %v)", userID, kind)
	return g.st.GrantRoles(ctx, userID, string(kind), ids)
}

// visible reports which events the caller may see; all is true for admins.
func (s *service) visible(ctx context.Context) (events map[string]bool, all bool, err error) {
	defer apperr.Wrap(&err, "competitionsvc.visible()")
	c, ok := authn.CallerFrom(ctx)
	if !ok {
		return map[string]bool{}, false, nil
	}
	if c.IsAdmin() {
		return nil, true, nil
	}
	events, err = s.store.GrantedEvents(ctx, c.UserID)
	return events, false, err
}

// filterVisible keeps the items whose event the caller may see.
func filterVisible[T any](s *service, ctx context.Context, items []T, eventOf func(T) string) ([]T, error) {
	events, all, err := s.visible(ctx)
	if err != nil || all {
		return items, err
	}
	out := make([]T, 0, len(items))
	for _, it := range items {
		if events[eventOf(it)] {
			out = append(out, it)
		}
	}
	return out, nil
}

// mayCreateEvents: admins and organisers create events; scorers only score.
func mayCreateEvents(ctx context.Context) (authn.Caller, error) {
	c, ok := authn.CallerFrom(ctx)
	switch {
	case !ok:
		return c, apperr.Unauthenticated("Authentication required: sign in to continue.")
	case c.Role == authn.RoleScorer:
		return c, apperr.Forbidden("Scorers cannot create events.")
	}
	return c, nil
}

// users is the part of auth-svc this service uses: usernames for access lists, and the
// sessions of judge links (judgelinks.go).
type users interface {
	LookupUsers(ctx context.Context, in *authv1.LookupUsersRequest, opts ...grpc.CallOption) (*authv1.LookupUsersResponse, error)
	StartJudgeSessions(ctx context.Context, in *authv1.StartJudgeSessionsRequest, opts ...grpc.CallOption) (*authv1.JudgeSessions, error)
	SignJudgeTokens(ctx context.Context, in *authv1.JudgeSessionsRequest, opts ...grpc.CallOption) (*authv1.JudgeSessions, error)
	EndJudgeSessions(ctx context.Context, in *authv1.JudgeSessionsRequest, opts ...grpc.CallOption) (*emptypb.Empty, error)
}

const (
	msgGrantRoleInvalid = "Role must be organiser or scorer"
	msgUserNotFound     = "User not found"
	msgGrantNotFound    = "This user has no access to this event"
)

// EventAccess is one grant with its user's name.
type EventAccess struct {
	UserID, Username, Role string
}

// ListEventAccess returns an event's grants, by username.
func (s *service) ListEventAccess(ctx context.Context, eventID string) (_ []EventAccess, err error) {
	defer apperr.Wrap(&err, "competitionsvc.ListEventAccess(%q)", eventID)
	eventID, err = s.existingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	grants, err := s.store.ListGrants(ctx, eventID)
	if err != nil || len(grants) == 0 {
		return []EventAccess{}, err
	}
	ids := make([]string, len(grants))
	for i, g := range grants {
		ids[i] = g.UserID
	}
	found, err := s.users.LookupUsers(ctx, &authv1.LookupUsersRequest{Ids: ids})
	if err != nil {
		return nil, err
	}
	roles := make(map[string]string, len(grants))
	for _, g := range grants {
		roles[g.UserID] = g.Role
	}
	out := make([]EventAccess, 0, len(grants))
	for _, u := range found.GetUsers() { // by username; grants of deleted users drop out
		out = append(out, EventAccess{UserID: u.GetId(), Username: u.GetUsername(), Role: roles[u.GetId()]})
	}
	return out, nil
}

// GrantEventAccess gives a user organiser or scorer access to an event.
func (s *service) GrantEventAccess(ctx context.Context, eventID, userID, role string) (_ EventAccess, err error) {
	defer apperr.Wrap(&err, "competitionsvc.GrantEventAccess(%q, %q)", eventID, userID)
	eventID, err = s.existingEvent(ctx, "eventId", eventID)
	if err != nil {
		return EventAccess{}, err
	}
	if role != access.GrantOrganiser && role != access.GrantScorer {
		return EventAccess{}, apperr.Invalid("role", msgGrantRoleInvalid)
	}
	userID, err = parseID("userId", userID, "User")
	if err != nil {
		return EventAccess{}, err
	}
	found, err := s.users.LookupUsers(ctx, &authv1.LookupUsersRequest{Ids: []string{userID}})
	if err != nil {
		return EventAccess{}, err
	}
	if len(found.GetUsers()) == 0 {
		return EventAccess{}, apperr.NotFound(msgUserNotFound)
	}
	username := found.GetUsers()[0].GetUsername()
	err = s.withActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		previous, err := tx.PutGrantReturningPrevious(ctx, eventID, userID, role)
		if err != nil || previous == role {
			return nil, err
		}
		summary := fmt.Sprintf("Access granted to %s as %s", username, role)
		if previous != "" {
			summary = fmt.Sprintf("Access of %s changed from %s to %s", username, previous, role)
		}
		return []store.Activity{change(ctx, eventID, "granted", "grant", userID, summary)}, nil
	})
	if err != nil {
		return EventAccess{}, err
	}
	return EventAccess{UserID: userID, Username: username, Role: role}, nil
}

// RevokeEventAccess removes a user's grant on an event.
func (s *service) RevokeEventAccess(ctx context.Context, eventID, userID string) (err error) {
	defer apperr.Wrap(&err, "competitionsvc.RevokeEventAccess(%q, %q)", eventID, userID)
	eventID, err = s.existingEvent(ctx, "eventId", eventID)
	if err != nil {
		return err
	}
	userID, err = parseID("userId", userID, "User")
	if err != nil {
		return err
	}
	username := s.username(ctx, userID)
	err = s.withActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		role, err := tx.DeleteGrant(ctx, eventID, userID)
		if err != nil {
			return nil, err
		}
		summary := fmt.Sprintf("Access of %s removed (was %s)", username, role)
		return []store.Activity{change(ctx, eventID, "revoked", "grant", userID, summary)}, nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(msgGrantNotFound)
	}
	return err
}

// username is a user's name for the activity feed; a user auth-svc cannot name (deleted, or
// auth-svc unavailable) shows as their id, so removing access never depends on it.
func (s *service) username(ctx context.Context, userID string) string {
	found, err := s.users.LookupUsers(ctx, &authv1.LookupUsersRequest{Ids: []string{userID}})
	if err != nil || len(found.GetUsers()) == 0 {
		return "user " + userID
	}
	return found.GetUsers()[0].GetUsername()
}

// CallerGrant returns the event that ref points at and the grant userID holds there.
func (s *service) CallerGrant(ctx context.Context, userID string, ref StructureRef) (eventID, role string, err error) {
	defer apperr.Wrap(&err, "competitionsvc.CallerGrant(%q)", userID)
	kind, id := access.Event, ref.EventID
	switch {
	case ref.DivisionID != "":
		kind, id = access.Division, ref.DivisionID
	case ref.TeamID != "":
		kind, id = access.Team, ref.TeamID
	case ref.WorkoutID != "":
		kind, id = access.Workout, ref.WorkoutID
	case ref.HeatID != "":
		kind, id = access.Heat, ref.HeatID
	}
	if !ids.IsUUID(id) || !ids.IsUUID(userID) {
		return "", "", nil
	}
	roles, err := s.store.GrantRoles(ctx, userID, string(kind), []string{id})
	for event, r := range roles {
		return event, r, err
	}
	return "", "", err
}
