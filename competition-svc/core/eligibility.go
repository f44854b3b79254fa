package core

// What registration asks of the eligibility domain (competition-svc/eligibility,
// docs/eligibility.md) and gives it: the two sides share these types, so neither imports the
// other.

// EligibilityAsks is what registering in a division asks of each athlete.
type EligibilityAsks struct {
	MemberNumber bool
	BirthDate    bool
	// Categories are the composition's; a category is asked when there are any.
	Categories []string
}

// EligibilityInput is one athlete joining a registration (the captain registering, the
// partner accepting) with what they typed.
type EligibilityInput struct {
	EventID, DivisionID, DivisionName, RegistrationID, TeamName string
	AthleteID, AthleteName, AthleteEmail                        string
	MemberNumber, BirthDate, Category                           string
	// OverrideReason lets the athlete past any rule that refuses them, recorded with
	// OverrideBy: the organiser approving a division change past a refusal
	// (docs/registration.md, "Division changes"). "" checks every rule.
	OverrideReason, OverrideBy string
}
