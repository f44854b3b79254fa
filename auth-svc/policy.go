package authsvc

import (
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
	"github.com/podium-dev/podium/internal/platform/svcauth"
)

// Policy: signing in and up needs no token; the other services ask who holds a session and
// look users and athletes up internally; every account may ask who it is, sign out and
// change its password; the profile is the athlete's. Everything else needs a valid staff
// session (authn's default); the use cases decide by role.
var Policy = authn.Policy{
	authv1.AuthService_Login_FullMethodName:          authn.Public,
	authv1.AuthService_ResolveSession_FullMethodName: authn.Internal,
	authv1.AuthService_LookupUsers_FullMethodName:    authn.Internal,

	authv1.AuthService_GetMe_FullMethodName:          authn.SignedIn,
	authv1.AuthService_Logout_FullMethodName:         authn.SignedIn,
	authv1.AuthService_ChangePassword_FullMethodName: authn.SignedIn,
	authv1.AuthService_SetMyLanguage_FullMethodName:  authn.SignedIn,

	authv1.AuthService_SignUpAthlete_FullMethodName:        authn.Public,
	authv1.AuthService_VerifyAthleteEmail_FullMethodName:   authn.Public,
	authv1.AuthService_SignInAthlete_FullMethodName:        authn.Public,
	authv1.AuthService_ResendVerification_FullMethodName:   authn.Public,
	authv1.AuthService_RequestPasswordReset_FullMethodName: authn.Public,
	authv1.AuthService_ResetPassword_FullMethodName:        authn.Public,
	authv1.AuthService_GetAthleteProfile_FullMethodName:    authn.Athlete,
	authv1.AuthService_UpdateAthleteProfile_FullMethodName: authn.Athlete,
	authv1.AuthService_DeleteAthleteAccount_FullMethodName: authn.Athlete,
	authv1.AuthService_LookupAthletes_FullMethodName:       authn.Internal,
	authv1.AuthService_ListErasures_FullMethodName:         authn.Internal,

	authv1.AuthService_StartJudgeSessions_FullMethodName: authn.Internal,
	authv1.AuthService_SignJudgeTokens_FullMethodName:    authn.Internal,
	authv1.AuthService_EndJudgeSessions_FullMethodName:   authn.Internal,
}

// Callers are the targets each internal RPC accepts (internal/platform/svcauth): every
// service checks sessions with auth-svc, competition-svc names the users and athletes of its
// access lists and entries and keeps the judge links, and the services that keep athletes'
// traces read the erasure feed. The other RPCs are the gateway's alone.
var Callers = svcauth.Callers{
	authv1.AuthService_ResolveSession_FullMethodName: {"auth", "competition", "results", "public"},
	authv1.AuthService_LookupUsers_FullMethodName:    {"competition"},
	authv1.AuthService_LookupAthletes_FullMethodName: {"competition"},
	// The erasure feed's readers (erasures.go): an erasure is done once each has applied it.
	authv1.AuthService_ListErasures_FullMethodName: {"competition", "results"},
	// competition-svc keeps the judge links; auth-svc signs and ends their sessions.
	authv1.AuthService_StartJudgeSessions_FullMethodName: {"competition"},
	authv1.AuthService_SignJudgeTokens_FullMethodName:    {"competition"},
	authv1.AuthService_EndJudgeSessions_FullMethodName:   {"competition"},
}
