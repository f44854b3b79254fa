package competitionsvc

import (
	"context"
	"errors"
	"fmt"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/floor"
	"github.com/podium-dev/podium/competition-svc/registration"
	"github.com/podium-dev/podium/competition-svc/setup"
	activityv1 "github.com/podium-dev/podium/gen/go/podium/activity/v1"

	"github.com/podium-dev/podium/competition-svc/store"
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	regpb "github.com/podium-dev/podium/gen/go/podium/registration/v1"
	"github.com/podium-dev/podium/internal/platform/access"
	"github.com/podium-dev/podium/internal/platform/apperr"
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
	eventOf        = on(access.Event, core.MsgEventNotFound, (*pb.EventRequest).GetId)
	divisionOf     = on(access.Division, core.MsgDivisionNotFound, (*pb.DivisionRequest).GetId)
	teamOf         = on(access.Team, core.MsgTeamNotFound, (*pb.TeamRequest).GetId)
	workoutEventOf = on(access.Event, core.MsgEventNotFound, (*pb.WorkoutRequest).GetEventId)
	workoutOf      = on(access.Workout, core.MsgWorkoutNotFound, (*pb.WorkoutRequest).GetId)
	// The workout first: the handlers say "Workout not found" when both are missing.
	updateWorkoutOf = both(on(access.Workout, core.MsgWorkoutNotFound, (*pb.UpdateWorkoutRequest).GetId),
		on(access.Event, core.MsgEventNotFound, (*pb.UpdateWorkoutRequest).GetEventId))
	heatOf         = on(access.Heat, floor.MsgHeatNotFound, (*pb.HeatRequest).GetId)
	registrationOf = on(access.Registration, registration.MsgRegNotFound, (*regpb.RegistrationRequest).GetId)
	refundOf       = on(access.Registration, registration.MsgRegNotFound, (*regpb.RefundRequest).GetId)
	judgeLinkOf    = on(access.JudgeLink, floor.MsgJudgeLinkAbsent, (*pb.JudgeLinkRequest).GetId)
)

// workoutHeatsOf addresses the workout of a heats request, then its event, as the handlers
// check them.
func workoutHeatsOf[T interface {
	GetWorkoutId() string
	GetEventId() string
}]() func(any) []access.Target {
	return both(on(access.Workout, core.MsgWorkoutNotFound, func(r T) string { return r.GetWorkoutId() }),
		on(access.Event, core.MsgEventNotFound, func(r T) string { return r.GetEventId() }))
}

// crewEventOf addresses the event of a crew request; the use cases check that the shift,
// volunteer or heat it names is that event's.
func crewEventOf[T interface{ GetEventId() string }]() func(any) []access.Target {
	return on(access.Event, core.MsgEventNotFound, func(r T) string { return r.GetEventId() })
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
	pb.CompetitionService_UpdateEvent_FullMethodName:  {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*pb.UpdateEventRequest).GetId)},
	pb.CompetitionService_DeleteEvent_FullMethodName:  {Level: access.Manage, Targets: on(access.Event, setup.MsgEventAlreadyGone, (*pb.EventRequest).GetId)},
	pb.CompetitionService_PublishEvent_FullMethodName: {Level: access.Manage, Targets: eventOf},
	pb.CompetitionService_StartEvent_FullMethodName:   {Level: access.Manage, Targets: eventOf},
	pb.CompetitionService_ArchiveEvent_FullMethodName: {Level: access.Manage, Targets: eventOf},
	pb.CompetitionService_ExportEvent_FullMethodName:  {Level: access.Manage, Targets: eventOf},
	pb.CompetitionService_SetEventScoring_FullMethodName: {Level: access.Manage,
		Targets: on(access.Event, core.MsgEventNotFound, (*pb.SetEventScoringRequest).GetEventId)},
	pb.CompetitionService_SetEventOnline_FullMethodName: {Level: access.Manage,
		Targets: on(access.Event, core.MsgEventNotFound, (*pb.SetEventOnlineRequest).GetEventId)},
	pb.CompetitionService_ListEventActivity_FullMethodName: {Level: access.Read,
		Targets: on(access.Event, core.MsgEventNotFound, (*activityv1.ActivityRequest).GetEventId)},

	pb.CompetitionService_ListEventDivisions_FullMethodName: {Level: access.Read, Targets: on(access.Event, core.MsgEventNotFound, (*pb.ListEventDivisionsRequest).GetEventId)},
	pb.CompetitionService_GetDivision_FullMethodName:        {Level: access.Read, Targets: divisionOf},
	pb.CompetitionService_CreateDivision_FullMethodName:     {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*pb.CreateDivisionRequest).GetEventId)},
	pb.CompetitionService_UpdateDivision_FullMethodName:     {Level: access.Manage, Targets: on(access.Division, core.MsgDivisionNotFound, (*pb.UpdateDivisionRequest).GetId)},
	pb.CompetitionService_DeleteDivision_FullMethodName:     {Level: access.Manage, Targets: divisionOf},

	pb.CompetitionService_ListEventTeams_FullMethodName:    {Level: access.Read, Targets: on(access.Event, core.MsgEventNotFound, (*pb.ListEventTeamsRequest).GetEventId)},
	pb.CompetitionService_ListDivisionTeams_FullMethodName: {Level: access.Read, Targets: on(access.Division, core.MsgDivisionNotFound, (*pb.ListDivisionTeamsRequest).GetDivisionId)},
	pb.CompetitionService_GetTeam_FullMethodName:           {Level: access.Read, Targets: teamOf},
	pb.CompetitionService_CreateTeam_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Event, core.MsgEventNotFound, (*pb.CreateTeamRequest).GetEventId),
		on(access.Division, core.MsgDivisionNotFound, (*pb.CreateTeamRequest).GetDivisionId))},
	pb.CompetitionService_BulkCreateTeams_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Event, core.MsgEventNotFound, (*pb.BulkCreateTeamsRequest).GetEventId),
		on(access.Division, core.MsgDivisionNotFound, (*pb.BulkCreateTeamsRequest).GetDivisionId))},
	pb.CompetitionService_ExportDivisionTeamsCsv_FullMethodName: {Level: access.Manage, Targets: on(access.Division, core.MsgDivisionNotFound, (*pb.ListDivisionTeamsRequest).GetDivisionId)},
	pb.CompetitionService_ImportTeams_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Event, core.MsgEventNotFound, (*pb.ImportTeamsRequest).GetEventId),
		on(access.Division, core.MsgDivisionNotFound, (*pb.ImportTeamsRequest).GetDivisionId))},
	pb.CompetitionService_UpdateTeam_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Team, core.MsgTeamNotFound, (*pb.UpdateTeamRequest).GetId),
		on(access.Division, core.MsgDivisionNotFound, (*pb.UpdateTeamRequest).GetDivisionId))},
	pb.CompetitionService_DeleteTeam_FullMethodName: {Level: access.Manage, Targets: teamOf},

	pb.CompetitionService_ListWorkouts_FullMethodName:    {Level: access.Read, Targets: on(access.Event, core.MsgEventNotFound, (*pb.ListWorkoutsRequest).GetEventId)},
	pb.CompetitionService_GetWorkout_FullMethodName:      {Level: access.Read, Targets: both(workoutOf, workoutEventOf)},
	pb.CompetitionService_CreateWorkout_FullMethodName:   {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*pb.CreateWorkoutRequest).GetEventId)},
	pb.CompetitionService_UpdateWorkout_FullMethodName:   {Level: access.Manage, Targets: updateWorkoutOf},
	pb.CompetitionService_DeleteWorkout_FullMethodName:   {Level: access.Manage, Targets: both(workoutOf, workoutEventOf)},
	pb.CompetitionService_ReorderWorkouts_FullMethodName: {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*pb.ReorderWorkoutsRequest).GetEventId)},

	// Heats: scorers read them (the judge's screen); organisers change them.
	pb.CompetitionService_ListHeats_FullMethodName:     {Level: access.Read, Targets: workoutHeatsOf[*pb.ListHeatsRequest]()},
	pb.CompetitionService_CreateHeat_FullMethodName:    {Level: access.Manage, Targets: workoutHeatsOf[*pb.CreateHeatRequest]()},
	pb.CompetitionService_GenerateHeats_FullMethodName: {Level: access.Manage, Targets: workoutHeatsOf[*pb.GenerateHeatsRequest]()},
	pb.CompetitionService_UpdateHeat_FullMethodName:    {Level: access.Manage, Targets: on(access.Heat, floor.MsgHeatNotFound, (*pb.UpdateHeatRequest).GetId)},
	pb.CompetitionService_DeleteHeat_FullMethodName:    {Level: access.Manage, Targets: heatOf},
	// A shift names its first heat; the use case refuses a heat of another event on its field.
	pb.CompetitionService_ShiftSchedule_FullMethodName: {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*pb.ShiftScheduleRequest).GetEventId)},

	// Judge links (docs/judging.md): the organiser's.
	pb.CompetitionService_CreateJudgeLinks_FullMethodName: {Level: access.Manage, Targets: workoutHeatsOf[*pb.CreateJudgeLinksRequest]()},
	pb.CompetitionService_ListJudgeLinks_FullMethodName:   {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*pb.ListJudgeLinksRequest).GetEventId)},
	pb.CompetitionService_RevokeJudgeLinks_FullMethodName: {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*pb.ListJudgeLinksRequest).GetEventId)},
	pb.CompetitionService_GetJudgeLinkCard_FullMethodName: {Level: access.Manage, Targets: judgeLinkOf},
	pb.CompetitionService_RevokeJudgeLink_FullMethodName:  {Level: access.Manage, Targets: judgeLinkOf},

	// The venue's settings (docs/venue.md): the organiser's.
	pb.CompetitionService_GetEventVenue_FullMethodName: {Level: access.Manage, Targets: eventOf},
	pb.CompetitionService_SetEventVenue_FullMethodName: {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*pb.SetEventVenueRequest).GetEventId)},

	// The crew (docs/crew.md): the organiser's.
	pb.CompetitionService_ListVolunteers_FullMethodName:   {Level: access.Manage, Targets: crewEventOf[*pb.CrewEventRequest]()},
	pb.CompetitionService_ListShifts_FullMethodName:       {Level: access.Manage, Targets: crewEventOf[*pb.CrewEventRequest]()},
	pb.CompetitionService_GetRotation_FullMethodName:      {Level: access.Manage, Targets: crewEventOf[*pb.CrewEventRequest]()},
	pb.CompetitionService_CreateShift_FullMethodName:      {Level: access.Manage, Targets: crewEventOf[*pb.CreateShiftRequest]()},
	pb.CompetitionService_DeleteShift_FullMethodName:      {Level: access.Manage, Targets: crewEventOf[*pb.ShiftRequest]()},
	pb.CompetitionService_AssignShift_FullMethodName:      {Level: access.Manage, Targets: crewEventOf[*pb.ShiftAssignmentRequest]()},
	pb.CompetitionService_UnassignShift_FullMethodName:    {Level: access.Manage, Targets: crewEventOf[*pb.ShiftAssignmentRequest]()},
	pb.CompetitionService_GenerateRotation_FullMethodName: {Level: access.Manage, Targets: crewEventOf[*pb.GenerateRotationRequest]()},
	pb.CompetitionService_SetRotationLane_FullMethodName:  {Level: access.Manage, Targets: crewEventOf[*pb.SetRotationLaneRequest]()},
	pb.CompetitionService_ListCrewSwaps_FullMethodName:    {Level: access.Manage, Targets: crewEventOf[*pb.CrewEventRequest]()},
	pb.CompetitionService_ApproveCrewSwap_FullMethodName:  {Level: access.Manage, Targets: crewEventOf[*pb.CrewSwapRequest]()},
	pb.CompetitionService_RefuseCrewSwap_FullMethodName:   {Level: access.Manage, Targets: crewEventOf[*pb.CrewSwapRequest]()},
	pb.CompetitionService_GetCrewBoard_FullMethodName:     {Level: access.Manage, Targets: crewEventOf[*pb.CrewBoardRequest]()},
	pb.CompetitionService_CheckInCrew_FullMethodName:      {Level: access.Manage, Targets: crewEventOf[*pb.CrewCheckInRequest]()},
	pb.CompetitionService_MoveStandbyJudge_FullMethodName: {Level: access.Manage, Targets: crewEventOf[*pb.MoveStandbyJudgeRequest]()},

	// Waivers (docs/waivers.md): the text is the organiser's; the door (organisers and
	// scorers, as check-in) reads the states and signs on the kiosk.
	pb.CompetitionService_GetEventWaiver_FullMethodName:    {Level: access.Read, Targets: crewEventOf[*pb.WaiverEventRequest]()},
	pb.CompetitionService_PutEventWaiver_FullMethodName:    {Level: access.Manage, Targets: crewEventOf[*pb.PutWaiverRequest]()},
	pb.CompetitionService_ListWaiverStates_FullMethodName:  {Level: access.Read, Targets: crewEventOf[*pb.WaiverEventRequest]()},
	pb.CompetitionService_KioskAcceptWaiver_FullMethodName: {Level: access.Score, Targets: crewEventOf[*pb.KioskAcceptWaiverRequest]()},

	// The money view (docs/finding-events.md, "Money"): the organiser's.
	pb.CompetitionService_GetEventMoney_FullMethodName:    {Level: access.Manage, Targets: crewEventOf[*pb.EventMoneyRequest]()},
	pb.CompetitionService_GetEventMoneyCsv_FullMethodName: {Level: access.Manage, Targets: crewEventOf[*pb.EventMoneyRequest]()},

	// Eligibility (docs/eligibility.md): the organiser's (member lists hold birth dates).
	pb.CompetitionService_GetDivisionEligibility_FullMethodName:    {Level: access.Manage, Targets: on(access.Division, core.MsgDivisionNotFound, (*pb.DivisionEligibilityRequest).GetDivisionId)},
	pb.CompetitionService_PutDivisionEligibility_FullMethodName:    {Level: access.Manage, Targets: on(access.Division, core.MsgDivisionNotFound, (*pb.PutDivisionEligibilityRequest).GetDivisionId)},
	pb.CompetitionService_ListMembers_FullMethodName:               {Level: access.Manage, Targets: crewEventOf[*pb.MembersRequest]()},
	pb.CompetitionService_ImportMembers_FullMethodName:             {Level: access.Manage, Targets: crewEventOf[*pb.ImportMembersRequest]()},
	pb.CompetitionService_ExportMembersCsv_FullMethodName:          {Level: access.Manage, Targets: crewEventOf[*pb.MembersRequest]()},
	pb.CompetitionService_ListEligibilityOverrides_FullMethodName:  {Level: access.Manage, Targets: crewEventOf[*pb.MembersRequest]()},
	pb.CompetitionService_DeleteEligibilityOverride_FullMethodName: {Level: access.Manage, Targets: crewEventOf[*pb.DeleteEligibilityOverrideRequest]()},
	pb.CompetitionService_CreateEligibilityOverride_FullMethodName: {Level: access.Manage, Targets: both(
		crewEventOf[*pb.CreateEligibilityOverrideRequest](),
		on(access.Division, core.MsgDivisionNotFound, (*pb.CreateEligibilityOverrideRequest).GetDivisionId))},
	// Messages (docs/competition-day.md, "Messages"): the organiser's.
	pb.CompetitionService_SendMessage_FullMethodName:  {Level: access.Manage, Targets: crewEventOf[*pb.SendMessageRequest]()},
	pb.CompetitionService_ListMessages_FullMethodName: {Level: access.Manage, Targets: crewEventOf[*pb.MessagesRequest]()},

	// Registration (docs/registration.md): the organiser's RPCs.
	regpb.RegistrationService_GetRegistrationSettings_FullMethodName:    {Level: access.Manage, Targets: on(access.Division, core.MsgDivisionNotFound, (*regpb.DivisionSettingsRequest).GetDivisionId)},
	regpb.RegistrationService_PutRegistrationSettings_FullMethodName:    {Level: access.Manage, Targets: on(access.Division, core.MsgDivisionNotFound, (*regpb.PutRegistrationSettingsRequest).GetDivisionId)},
	regpb.RegistrationService_ListEventRegistrations_FullMethodName:     {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.ListEventRegistrationsRequest).GetEventId)},
	regpb.RegistrationService_ExportRegistrationsCsv_FullMethodName:     {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.ListEventRegistrationsRequest).GetEventId)},
	regpb.RegistrationService_ApproveRegistration_FullMethodName:        {Level: access.Manage, Targets: registrationOf},
	regpb.RegistrationService_RefuseRegistration_FullMethodName:         {Level: access.Manage, Targets: on(access.Registration, registration.MsgRegNotFound, (*regpb.RefuseRegistrationRequest).GetId)},
	regpb.RegistrationService_MarkRegistrationPaid_FullMethodName:       {Level: access.Manage, Targets: on(access.Registration, registration.MsgRegNotFound, (*regpb.MarkPaidRequest).GetId)},
	regpb.RegistrationService_RefundRegistration_FullMethodName:         {Level: access.Manage, Targets: refundOf},
	regpb.RegistrationService_MarkRegistrationRefunded_FullMethodName:   {Level: access.Manage, Targets: refundOf},
	regpb.RegistrationService_GetRefundPolicy_FullMethodName:            {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.RefundPolicyRequest).GetEventId)},
	regpb.RegistrationService_PutRefundPolicy_FullMethodName:            {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.RefundPolicy).GetEventId)},
	regpb.RegistrationService_GetPaymentInstructions_FullMethodName:     {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.PaymentInstructionsRequest).GetEventId)},
	regpb.RegistrationService_PutPaymentInstructions_FullMethodName:     {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.PaymentInstructions).GetEventId)},
	regpb.RegistrationService_ConfirmRoster_FullMethodName:              {Level: access.Manage, Targets: registrationOf},
	regpb.RegistrationService_ChangeRegistrationRoster_FullMethodName:   {Level: access.Manage, Targets: on(access.Registration, registration.MsgRegNotFound, (*regpb.ChangeRosterRequest).GetId)},
	regpb.RegistrationService_OfferRegistrationTransfer_FullMethodName:  {Level: access.Manage, Targets: on(access.Registration, registration.MsgRegNotFound, (*regpb.OfferTransferRequest).GetId)},
	regpb.RegistrationService_CancelRegistrationTransfer_FullMethodName: {Level: access.Manage, Targets: on(access.Registration, registration.MsgRegNotFound, (*regpb.CancelTransferRequest).GetId)},
	regpb.RegistrationService_ApproveDivisionChange_FullMethodName:      {Level: access.Manage, Targets: on(access.Registration, registration.MsgRegNotFound, (*regpb.ApproveDivisionChangeRequest).GetId)},
	regpb.RegistrationService_RefuseDivisionChange_FullMethodName:       {Level: access.Manage, Targets: on(access.Registration, registration.MsgRegNotFound, (*regpb.RefuseRegistrationRequest).GetId)},
	regpb.RegistrationService_ListDiscountCodes_FullMethodName:          {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.DiscountCodesRequest).GetEventId)},
	regpb.RegistrationService_CreateDiscountCode_FullMethodName:         {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.CreateDiscountCodeRequest).GetEventId)},
	regpb.RegistrationService_DeleteDiscountCode_FullMethodName:         {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.DeleteDiscountCodeRequest).GetEventId)},
	regpb.RegistrationService_MoveRegistration_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Registration, registration.MsgRegNotFound, (*regpb.MoveRegistrationRequest).GetId),
		on(access.Division, core.MsgDivisionNotFound, (*regpb.MoveRegistrationRequest).GetDivisionId))},
	// Check-in: organisers and scorers at the door.
	regpb.RegistrationService_ListCheckIn_FullMethodName: {Level: access.Read, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.CheckInRequest).GetEventId)},
	regpb.RegistrationService_SetCheckIn_FullMethodName: {Level: access.Score, Targets: both(
		on(access.Event, core.MsgEventNotFound, (*regpb.SetCheckInRequest).GetEventId),
		on(access.Team, core.MsgTeamNotFound, (*regpb.SetCheckInRequest).GetTeamId))},
	regpb.RegistrationService_SetAthleteCheckIn_FullMethodName: {Level: access.Score, Targets: both(
		on(access.Event, core.MsgEventNotFound, (*regpb.SetAthleteCheckInRequest).GetEventId),
		on(access.Team, core.MsgTeamNotFound, (*regpb.SetAthleteCheckInRequest).GetTeamId))},
	regpb.RegistrationService_ScanCheckIn_FullMethodName: {Level: access.Score, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.ScanCheckInRequest).GetEventId)},
	// Invitations to the final (docs/qualifiers.md): the qualifier's organiser; linking needs
	// the grant on the final too, and InviteToFinal checks it on the linked final itself.
	regpb.RegistrationService_GetFinalInvitations_FullMethodName: {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.FinalInvitationsRequest).GetEventId)},
	regpb.RegistrationService_SetFinalLink_FullMethodName: {Level: access.Manage, Targets: both(
		on(access.Event, core.MsgEventNotFound, (*regpb.SetFinalLinkRequest).GetEventId),
		on(access.Event, core.MsgEventNotFound, (*regpb.SetFinalLinkRequest).GetFinalEventId))},
	regpb.RegistrationService_InviteToFinal_FullMethodName: {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*regpb.InviteToFinalRequest).GetEventId)},

	pb.CompetitionService_ListEventAccess_FullMethodName:   {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*pb.ListEventAccessRequest).GetEventId)},
	pb.CompetitionService_GrantEventAccess_FullMethodName:  {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*pb.GrantEventAccessRequest).GetEventId)},
	pb.CompetitionService_RevokeEventAccess_FullMethodName: {Level: access.Manage, Targets: on(access.Event, core.MsgEventNotFound, (*pb.RevokeEventAccessRequest).GetEventId)},
}

const (
	msgGrantRoleInvalid = "Role must be organiser or scorer"
	msgGrantNotFound    = "This user has no access to this event"
)

// EventAccess is one grant with its user's name.
type EventAccess struct {
	UserID, Username, Role string
}

// ListEventAccess returns an event's grants, by username.
func (s *service) ListEventAccess(ctx context.Context, eventID string) (_ []EventAccess, err error) {
	defer apperr.Wrap(&err, "competitionsvc.ListEventAccess(%q)", eventID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return nil, err
	}
	grants, err := s.Store.ListGrants(ctx, eventID)
	if err != nil || len(grants) == 0 {
		return []EventAccess{}, err
	}
	ids := make([]string, len(grants))
	for i, g := range grants {
		ids[i] = g.UserID
	}
	found, err := s.Users.LookupUsers(ctx, &authv1.LookupUsersRequest{Ids: ids})
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
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return EventAccess{}, err
	}
	if role != access.GrantOrganiser && role != access.GrantScorer {
		return EventAccess{}, apperr.Invalid("role", msgGrantRoleInvalid)
	}
	userID, err = core.ParseID("userId", userID, "User")
	if err != nil {
		return EventAccess{}, err
	}
	found, err := s.Users.LookupUsers(ctx, &authv1.LookupUsersRequest{Ids: []string{userID}})
	if err != nil {
		return EventAccess{}, err
	}
	if len(found.GetUsers()) == 0 {
		return EventAccess{}, apperr.NotFound(core.MsgUserNotFound)
	}
	username := found.GetUsers()[0].GetUsername()
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		previous, err := tx.PutGrantReturningPrevious(ctx, eventID, userID, role)
		if err != nil || previous == role {
			return nil, err
		}
		summary := fmt.Sprintf("Access granted to %s as %s", username, role)
		if previous != "" {
			summary = fmt.Sprintf("Access of %s changed from %s to %s", username, previous, role)
		}
		return []store.Activity{core.Change(ctx, eventID, "granted", "grant", userID, summary)}, nil
	})
	if err != nil {
		return EventAccess{}, err
	}
	return EventAccess{UserID: userID, Username: username, Role: role}, nil
}

// RevokeEventAccess removes a user's grant on an event.
func (s *service) RevokeEventAccess(ctx context.Context, eventID, userID string) (err error) {
	defer apperr.Wrap(&err, "competitionsvc.RevokeEventAccess(%q, %q)", eventID, userID)
	eventID, err = s.ExistingEvent(ctx, "eventId", eventID)
	if err != nil {
		return err
	}
	userID, err = core.ParseID("userId", userID, "User")
	if err != nil {
		return err
	}
	username := s.Username(ctx, userID)
	err = s.WithActivity(ctx, func(tx *store.Store) ([]store.Activity, error) {
		role, err := tx.DeleteGrant(ctx, eventID, userID)
		if err != nil {
			return nil, err
		}
		summary := fmt.Sprintf("Access of %s removed (was %s)", username, role)
		return []store.Activity{core.Change(ctx, eventID, "revoked", "grant", userID, summary)}, nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.NotFound(msgGrantNotFound)
	}
	return err
}

// CallerGrant returns the event that ref points at and the grant userID holds there.
func (s *service) CallerGrant(ctx context.Context, userID string, ref setup.StructureRef) (eventID, role string, err error) {
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
	roles, err := s.Store.GrantRoles(ctx, userID, string(kind), []string{id})
	for event, r := range roles {
		return event, r, err
	}
	return "", "", err
}
