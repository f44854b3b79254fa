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

	// Registration (docs/registration.md): the public offer, and the athlete's own RPCs.
	registrationv1.RegistrationService_GetEventRegistration_FullMethodName: authn.Public,
	registrationv1.RegistrationService_Register_FullMethodName:             authn.Athlete,
	registrationv1.RegistrationService_AcceptInvitation_FullMethodName:     authn.Athlete,
	// The code is the secret: its holder reads the team and event it is for.
	registrationv1.RegistrationService_GetInvitation_FullMethodName:        authn.Public,
	registrationv1.RegistrationService_ListMyRegistrations_FullMethodName:  authn.Athlete,
	registrationv1.RegistrationService_WithdrawRegistration_FullMethodName: authn.Athlete,
	registrationv1.RegistrationService_StartCheckout_FullMethodName:        authn.Athlete,
	registrationv1.RegistrationService_ExportMyData_FullMethodName:         authn.Athlete,
	// Invitations to the final: the invited team's athletes (docs/qualifiers.md).
	registrationv1.RegistrationService_ListMyFinalInvitations_FullMethodName: authn.Athlete,
	registrationv1.RegistrationService_AcceptFinalInvitation_FullMethodName:  authn.Athlete,
	registrationv1.RegistrationService_DeclineFinalInvitation_FullMethodName: authn.Athlete,
	// auth-svc erases a deleted athlete's name (docs/access.md, "Athletes").
	registrationv1.RegistrationService_ForgetAthlete_FullMethodName: authn.Internal,
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
	competitionv1.CompetitionService_ListVisibleEvents_FullMethodName:       {"public"},
	competitionv1.CompetitionService_GetCallerGrant_FullMethodName:          {"results", "public"},
	competitionv1.CompetitionService_GetPublicVersion_FullMethodName:        {"public"},
	competitionv1.CompetitionService_GetHeat_FullMethodName:                 {"results"},
	competitionv1.CompetitionService_ListEventHeats_FullMethodName:          {"public", "results"},
	competitionv1.CompetitionService_GetSeriesStructure_FullMethodName:      {"public"},
	competitionv1.CompetitionService_ListVisibleSeries_FullMethodName:       {"public"},
	competitionv1.CompetitionService_Search_FullMethodName:                  {"public"},
	competitionv1.CompetitionService_ListOpenRegistrations_FullMethodName:   {"public"},
	registrationv1.RegistrationService_ForgetAthlete_FullMethodName:         {"auth"},
	competitionv1.CompetitionService_GetAthleteTeam_FullMethodName:          {"results"},
	competitionv1.CompetitionService_GetPublicAthleteProfile_FullMethodName: {"public"},
}
