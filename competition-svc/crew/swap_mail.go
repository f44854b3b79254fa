package crew

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/mailtext"
)

// The crew's mails other than the sign-up's: written in the event's default language, as a
// volunteer has no account whose choice could say otherwise (docs/architecture.md,
// "Languages"). The place of a swap is named as the volunteer page names it.

// roleWords is a shift's role in t's language (roleLabels in English).
func roleWords(t mailtext.Texts, role string) string {
	switch role {
	case "judge":
		return t.T("crew.role.judge")
	case "head_judge":
		return t.T("crew.role.headJudge")
	case "scorer":
		return t.T("crew.role.scorer")
	case "check_in":
		return t.T("crew.role.checkIn")
	case "equipment":
		return t.T("crew.role.equipment")
	case "medical":
		return t.T("crew.role.medical")
	}
	return roleLabels[role]
}

// eventTexts are the texts of the event's default language.
func eventTexts(ctx context.Context, tx *store.Store, eventID string) (_ mailtext.Texts, err error) {
	defer apperr.Wrap(&err, "crew.eventTexts(%q)", eventID)
	ev, err := tx.GetEvent(ctx, eventID)
	if err != nil {
		return mailtext.Texts{}, err
	}
	return mailtext.For(ev.DefaultLanguage), nil
}

// proposedMail asks volunteer to of the swap to take over from's place.
func proposedMail(t mailtext.Texts, from, to store.Volunteer, place string) core.Mail {
	args := mailtext.Args{"Name": to.Name, "From": from.Name, "Place": place}
	return core.Mail{To: to.Email, Subject: t.T("crew.swap.proposed.subject", args), Body: t.T("crew.swap.proposed.body", args)}
}

// answeredMail tells the volunteer who asked that the other accepted or declined.
func answeredMail(t mailtext.Texts, w store.CrewSwap, status, place string) core.Mail {
	args := mailtext.Args{"Name": w.FromName, "To": w.ToName, "Place": place}
	if status == "accepted" {
		return core.Mail{To: w.FromEmail, Subject: t.T("crew.swap.accepted.subject", args), Body: t.T("crew.swap.accepted.body", args)}
	}
	return core.Mail{To: w.FromEmail, Subject: t.T("crew.swap.declined.subject", args), Body: t.T("crew.swap.declined.body", args)}
}

// decisionMails tell both volunteers the organiser's approval or refusal of their swap.
func decisionMails(t mailtext.Texts, w Swap) []core.Mail {
	fromArgs := mailtext.Args{"Name": w.FromName, "Other": w.ToName, "Place": w.Place}
	toArgs := mailtext.Args{"Name": w.ToName, "Other": w.FromName, "Place": w.Place}
	if w.Status == "refused" {
		subject := t.T("crew.swap.refused.subject", fromArgs)
		return []core.Mail{{To: w.FromEmail, Subject: subject, Body: t.T("crew.swap.refused.fromBody", fromArgs)},
			{To: w.ToEmail, Subject: subject, Body: t.T("crew.swap.refused.toBody", toArgs)}}
	}
	subject := t.T("crew.swap.approved.subject", fromArgs)
	return []core.Mail{{To: w.FromEmail, Subject: subject, Body: t.T("crew.swap.approved.fromBody", fromArgs)},
		{To: w.ToEmail, Subject: subject, Body: t.T("crew.swap.approved.toBody", toArgs)}}
}
