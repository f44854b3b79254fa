package authsvc

import (
	authv1 "github.com/podium-dev/podium/gen/go/podium/auth/v1"
	"github.com/podium-dev/podium/internal/platform/authn"
)

// Policy: signing in needs no token; the other services ask who holds a session and look
// users up internally. Everything else needs a valid session (authn's default); the use cases
// decide by role.
var Policy = authn.Policy{
	authv1.AuthService_Login_FullMethodName:          authn.Public,
	authv1.AuthService_ResolveSession_FullMethodName: authn.Internal,
	authv1.AuthService_LookupUsers_FullMethodName:    authn.Internal,
}
