package competitionsvc

import (
	competitionv1 "github.com/podium-dev/podium/gen/go/podium/competition/v1"
	registrationv1 "github.com/podium-dev/podium/gen/go/podium/registration/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// Policy classifies the RPCs of CompetitionService: the internal ones are called by
// results-svc and public-svc; every other RPC needs an admin token (the zero value).
var Policy = authn.Policy{
	competitionv1.CompetitionService_GetEventStructure_FullMethodName:       authn.Internal,
	competitionv1.CompetitionService_RecordResultCounts_FullMethodName:      authn.Internal,
	competitionv1.CompetitionService_ListVisibleEvents_FullMethodName:       authn.Internal,
	competitionv1.CompetitionService_GetCallerGrant_FullMethodName:          authn.Internal,
	competitionv1.CompetitionService_GetPublicVersion_FullMethodName:        authn.Internal,
	competitionv1.CompetitionService_GetHeat_FullMethodName:                 authn.Internal,
	competitionv1.CompetitionService_ListEventHeats_FullMethodName:          authn.Internal,
	competitionv1.CompetitionService_GetSeriesStructure_FullMethodName:      authn.Internal,
	competitionv1.CompetitionService_ListVisibleSeries_FullMethodName:       authn.Internal,
	competitionv1.CompetitionService_Search_FullMethodName:                  authn.Internal,
	competitionv1.CompetitionService_ListOpenRegistrations_FullMethodName:   authn.Internal,
	competitionv1.CompetitionService_GetAthleteTeam_FullMethodName:          authn.Internal,
	competitionv1.CompetitionService_GetPublicAthleteProfile_FullMethodName: authn.Internal,

	// The venue (docs/venue.md): what the TV page, the overlays and the gateway read of a
	// visible event.
	competitionv1.CompetitionService_GetPublicVenue_FullMethodName:   authn.Public,
	competitionv1.CompetitionService_GetPublicHeatRef_FullMethodName: authn.Public,

	// A judge card's code (docs/judging.md): typed by a judge without an account; what it
	// opens is the link's, and codes tried are limited per client address.
	competitionv1.CompetitionService_RedeemJudgeCode_FullMethodName: authn.Public,

	// The crew (docs/crew.md): a volunteer signs up with an athlete account or without; the
	// secret of their mailed link opens their own data, nothing else.
	competitionv1.CompetitionService_SignUpVolunteer_FullMethodName:   authn.Public,
	competitionv1.CompetitionService_GetMyVolunteer_FullMethodName:    authn.Public,
	competitionv1.CompetitionService_ConfirmVolunteer_FullMethodName:  authn.Public,
	competitionv1.CompetitionService_ConfirmMyShift_FullMethodName:    authn.Public,
	competitionv1.CompetitionService_DeleteMyVolunteer_FullMethodName: authn.Public,
	competitionv1.CompetitionService_ProposeCrewSwap_FullMethodName:   authn.Public,
	competitionv1.CompetitionService_AcceptCrewSwap_FullMethodName:    authn.Public,
	competitionv1.CompetitionService_DeclineCrewSwap_FullMethodName:   authn.Public,

	// Waivers (docs/waivers.md): the athlete's own, and the guardian's by the secret of the
	// mailed link (it opens that minor's waiver, nothing else).
	competitionv1.CompetitionService_GetMyWaiver_FullMethodName:        authn.Athlete,
	competitionv1.CompetitionService_GetMyHeatsCalendar_FullMethodName: authn.Athlete,
	competitionv1.CompetitionService_ListMyHeats_FullMethodName:        authn.Athlete,
	competitionv1.CompetitionService_SetMyHeatReminders_FullMethodName: authn.Athlete,
	// Web Push (docs/competition-day.md, "Web Push"): the athlete's own browsers only.
	competitionv1.CompetitionService_GetPushKey_FullMethodName:           authn.Athlete,
	competitionv1.CompetitionService_SubscribePush_FullMethodName:        authn.Athlete,
	competitionv1.CompetitionService_UnsubscribePush_FullMethodName:      authn.Athlete,
	competitionv1.CompetitionService_AcceptMyWaiver_FullMethodName:       authn.Athlete,
	competitionv1.CompetitionService_GetGuardianWaiver_FullMethodName:    authn.Public,
	competitionv1.CompetitionService_AcceptGuardianWaiver_FullMethodName: authn.Public,

	// Eligibility (docs/eligibility.md): what a division asks of the athlete, their own only.
	competitionv1.CompetitionService_GetMyEligibility_FullMethodName: authn.Athlete,
	// Messages (docs/competition-day.md, "Messages"): the athlete's banner, their own messages.
	competitionv1.CompetitionService_ListMyMessages_FullMethodName: authn.Athlete,

	// Registration (docs/registration.md): the public offer, and the athlete's own RPCs.
	registrationv1.RegistrationService_GetEventRegistration_FullMethodName: authn.Public,
	registrationv1.RegistrationService_Register_FullMethodName:             authn.Athlete,
	registrationv1.RegistrationService_AcceptInvitation_FullMethodName:     authn.Athlete,
	// The code is the secret: its holder reads the team and event it is for.
	registrationv1.RegistrationService_GetInvitation_FullMethodName:        authn.Public,
	registrationv1.RegistrationService_ListMyRegistrations_FullMethodName:  authn.Athlete,
	registrationv1.RegistrationService_WithdrawRegistration_FullMethodName: authn.Athlete,
	registrationv1.RegistrationService_StartCheckout_FullMethodName:        authn.Athlete,
	// A discount code entered at payment: the use case checks the registration is the caller's.
	registrationv1.RegistrationService_ApplyDiscountCode_FullMethodName: authn.Athlete,
	// The captain's roster changes and a member's leaving (docs/rosters.md): the use case
	// checks captain or member.
	registrationv1.RegistrationService_ChangeMyRoster_FullMethodName: authn.Athlete,
	registrationv1.RegistrationService_LeaveTeam_FullMethodName:      authn.Athlete,
	registrationv1.RegistrationService_ExportMyData_FullMethodName:   authn.Athlete,
	// Transfers of a place (docs/registration.md, "Transfers"): the use case checks the place
	// is the caller's or the caller is the captain; the link's holder reads what it is for
	// (the key is the secret) and accepts it signed in with the address it names.
	registrationv1.RegistrationService_OfferTransfer_FullMethodName:  authn.Athlete,
	registrationv1.RegistrationService_CancelTransfer_FullMethodName: authn.Athlete,
	registrationv1.RegistrationService_GetTransfer_FullMethodName:    authn.Public,
	registrationv1.RegistrationService_AcceptTransfer_FullMethodName: authn.Athlete,
	// Division changes on request: the use case checks the caller is the team's captain.
	registrationv1.RegistrationService_RequestDivisionChange_FullMethodName: authn.Athlete,
	registrationv1.RegistrationService_CancelDivisionChange_FullMethodName:  authn.Athlete,
	// Invitations to the final: the invited team's athletes (docs/qualifiers.md).
	registrationv1.RegistrationService_ListMyFinalInvitations_FullMethodName: authn.Athlete,
	registrationv1.RegistrationService_AcceptFinalInvitation_FullMethodName:  authn.Athlete,
	registrationv1.RegistrationService_DeclineFinalInvitation_FullMethodName: authn.Athlete,
	// Stripe's webhook, passed on by the gateway (its route: gateway/stripewebhook.go); the
	// signature is checked by the use case (docs/registration.md, "Payment").
	registrationv1.RegistrationService_ReceiveStripeEvent_FullMethodName: authn.Internal,
}

// Callers are the targets each internal RPC accepts (internal/platform/svcauth): results-svc
// reads the structure, grants and heats it scores against (a judge link's sheet: every heat of
// a workout); public-svc reads what it shows.
// The other RPCs are the gateway's alone.
var Callers = svcauth.Callers{
	competitionv1.CompetitionService_GetEventStructure_FullMethodName:       {"results", "public"},
	competitionv1.CompetitionService_RecordResultCounts_FullMethodName:      {"results"},
	competitionv1.CompetitionService_ListVisibleEvents_FullMethodName:       {"public"},
	competitionv1.CompetitionService_GetCallerGrant_FullMethodName:          {"results", "public"},
	competitionv1.CompetitionService_GetPublicVersion_FullMethodName:        {"public", "results"},
	competitionv1.CompetitionService_GetHeat_FullMethodName:                 {"results"},
	competitionv1.CompetitionService_ListEventHeats_FullMethodName:          {"public", "results"},
	competitionv1.CompetitionService_GetSeriesStructure_FullMethodName:      {"public"},
	competitionv1.CompetitionService_ListVisibleSeries_FullMethodName:       {"public"},
	competitionv1.CompetitionService_Search_FullMethodName:                  {"public"},
	competitionv1.CompetitionService_ListOpenRegistrations_FullMethodName:   {"public"},
	competitionv1.CompetitionService_GetAthleteTeam_FullMethodName:          {"results"},
	competitionv1.CompetitionService_GetPublicAthleteProfile_FullMethodName: {"public"},
}
