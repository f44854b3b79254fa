package authsvc

import (
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/telemetry"
	"google.golang.org/grpc/codes"
)

// countLogin records a sign-in attempt's outcome for the operators' dashboard.
func countLogin(err error) {
	outcome := "success"
	if err != nil {
		st, _ := apperr.ToStatus(err)
		switch st.Code() {
		case codes.Unauthenticated:
			outcome = "failure"
		case codes.ResourceExhausted:
			outcome = "locked"
		default:
			return // invalid input or an outage: not a sign-in attempt that was judged
		}
	}
	telemetry.Logins.WithLabelValues(outcome).Inc()
}
