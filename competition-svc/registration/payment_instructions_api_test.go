package registration_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/podium-dev/podium/competition-svc/internal/apitest"
)

// Without online payment "Pay the entry fee" is never a dead end: the organiser's bank details
// and the registration's own reference are on the registration, in the captain's mail and in
// the organiser's export, where the transfer is matched by its reference.
func TestPaymentInstructionsGiveBankDetailsAndReference(t *testing.T) {
	t.Parallel()
	s, mailpit := apitest.StartWithMail(t)
	r := openRegistration(t, s, apitest.Obj{"feeCents": 4000})
	path := "/api/events/" + r.eventID + "/payment-instructions"

	anna := s.SignUpAthlete("Anna", "Transfer")
	s.Do(http.MethodPut, path, apitest.Obj{"bankDetails": "x"}, anna.Token).MustStatus(t, http.StatusForbidden)
	apitest.WantError(t, s.Admin(http.MethodPut, path, apitest.Obj{"bankDetails": strings.Repeat("x", 1001)}), http.StatusBadRequest, "bankDetails",
		"Bank details must be at most 1000 characters")
	const bank = "North Box e.V.\nIBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX"
	got := apitest.Decode(t, s.Admin(http.MethodPut, path, apitest.Obj{"bankDetails": " " + bank + "\r\n"}).MustStatus(t, http.StatusOK))
	if got["bankDetails"] != bank {
		t.Fatalf("saved: %v", got)
	}
	if got := apitest.Decode(t, s.Admin(http.MethodGet, path, nil).MustStatus(t, http.StatusOK)); got["bankDetails"] != bank {
		t.Fatalf("read: %v", got)
	}

	reg := apitest.Decode(t, r.register(anna, "Transfer Pair", "").MustStatus(t, http.StatusOK))
	ref, _ := reg["paymentReference"].(string)
	if !regexp.MustCompile(`^REG-[A-Z2-7]{10}$`).MatchString(ref) || reg["bankDetails"] != bank {
		t.Fatalf("registration: %v", reg)
	}
	how := reg["howToPay"].(string)
	if !strings.Contains(how, "by bank transfer:\n"+bank+"\nReference: "+ref) {
		t.Fatalf("howToPay: %q", how)
	}
	if mail := mailpit.WaitFor(anna.Email, "Registration: team Transfer Pair", 10*time.Second); !strings.Contains(mail.Text, "IBAN DE89") ||
		!strings.Contains(mail.Text, ref) {
		t.Fatalf("mail: %q", mail.Text)
	}
	csv := string(s.Admin(http.MethodGet, "/api/events/"+r.eventID+"/registrations.csv", nil).MustStatus(t, http.StatusOK).Body)
	if !strings.Contains(csv, ",Reference\r\n") || !strings.Contains(csv, ","+ref+"\r\n") {
		t.Fatalf("export: %q", csv)
	}

	// Removed again: the reference stays, with the words for paying at the door.
	s.Admin(http.MethodPut, path, apitest.Obj{"bankDetails": ""}).MustStatus(t, http.StatusOK)
	mine := s.Do(http.MethodGet, "/api/registration/mine", nil, anna.Token).MustStatus(t, http.StatusOK).Objects(t)
	if len(mine) != 1 || mine[0]["bankDetails"] != "" || !strings.Contains(mine[0]["howToPay"].(string), "with the reference "+ref) {
		t.Fatalf("mine: %v", mine)
	}
}
