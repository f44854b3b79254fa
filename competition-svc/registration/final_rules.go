package registration

import (
	"time"

	"github.com/podium-dev/podium/competition-svc/store"
)

// Invitations to the final (docs/qualifiers.md, "Invitations to the final"): the limits and
// the messages of the refusals.

const (
	defaultAcceptDays = 7
	maxAcceptDays     = 60
	maxInviteTop      = 1000
	// reminderBefore: the "about to expire" mail leaves this long before the deadline (for
	// invitations that live longer than that).
	reminderBefore = 24 * time.Hour
	// invitationSweep is how often the worker looks for missed deadlines and reminders.
	invitationSweep = time.Second
)

const (
	msgFinalSame           = "The final must be another event than the qualifier"
	msgFinalNotOnline      = "%s is not an online event: only an online qualifier invites teams to a final"
	msgFinalNotInPerson    = "%s is an online event: the final must be an in-person event"
	msgFinalAcceptDays     = "Days to accept must be between 1 and 60"
	msgFinalNoDivision     = "No division of %s has the name of a division of the qualifier: pair them by hand"
	msgFinalDivisionTwice  = "This division of the qualifier is paired twice"
	msgFinalQualifierDiv   = "Division not found in this qualifier"
	msgFinalFinalDiv       = "Division not found in the final"
	msgFinalChangeInvited  = "Teams were invited to %s already: the final cannot change"
	msgFinalNotLinked      = "Link this qualifier to its final first"
	msgFinalDivNotLinked   = "Division %s has no division of the final paired with it"
	msgFinalNoRegistration = "Open registration for %s in %s first: its capacity counts the invitations"
	msgFinalNothing        = "Give a number of teams to invite or pick teams by hand"
	msgFinalTop            = "The number of teams must be between 0 and 1000"
	msgFinalFull           = "%s in %s has %d places left: invite fewer teams or raise its capacity"
	msgFinalTeamNotHere    = "Team not found in this division of the qualifier"
	msgFinalTeamInvited    = "Team %s was invited already (%s)"
	msgFinalTeamNoAccounts = "Team %s was added by hand: it has no athletes' accounts to invite"
	msgFinalTeamInFinal    = "An athlete of team %s is in a team of %s already"
	msgFinalNotOrganiser   = "You need the organiser grant on %s to invite teams to it"
	msgInvitationNotFound  = "Invitation not found"
	msgInvitationCaptain   = "Only %s, the team's captain, can decline: declining gives up the team's place"
	msgInvitationEnded     = "This invitation is %s"
	msgInvitationExpired   = "The deadline to accept passed on %s"
	msgInvitationNameTaken = "A team named %s is in %s of %s already: ask the organiser"
	msgInvitationInFinal   = "%s is in team %s of %s already"
	notInvitableAccounts   = "Added by hand: no athletes' accounts"
)

// Invitation states.
const (
	InvitationInvited  = "invited"
	InvitationAccepted = "accepted"
	InvitationDeclined = "declined"
	InvitationExpired  = "expired"
)

// invitationState is the state people see: an open invitation past its deadline is expired
// even before the worker has recorded it (reads never write).
func invitationState(state string, deadline, now time.Time) string {
	if state == InvitationInvited && !now.Before(deadline) {
		return InvitationExpired
	}
	return state
}

// mayDecline says whether an athlete may decline an invitation: only the team's captain, who
// registered the team, gives up its place; either athlete may accept (docs/qualifiers.md).
func mayDecline(inv store.FinalInvitation, athleteID string) bool {
	return athleteID != "" && inv.CaptainID == athleteID
}
