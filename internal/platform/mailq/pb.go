package mailq

import (
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	mailv1 "github.com/podium-dev/podium/gen/go/podium/mail/v1"
)

// ListLimit is how many mails the Outbox page shows per service.
const ListLimit = 200

// Response is the Outbox page's answer for one service's queue; sending tells whether a
// mail server is configured.
func Response(service string, sending bool, mails []Stored) *mailv1.OutboxResponse {
	out := &mailv1.OutboxResponse{Service: service, Sending: sending, Mails: make([]*mailv1.OutboxMail, 0, len(mails))}
	for _, m := range mails {
		pb := &mailv1.OutboxMail{
			Id: m.ID, To: m.To, Subject: m.Subject, Text: m.Text,
			CreatedAt: m.CreatedAt.UTC().Format(time.RFC3339), Attempts: int32(m.Attempts),
			NextAttemptAt: m.NextAttemptAt.UTC().Format(time.RFC3339), LastError: m.LastError,
		}
		if m.SentAt != nil {
			pb.SentAt = wrapperspb.String(m.SentAt.UTC().Format(time.RFC3339))
		}
		pb.Readings = ReadingsPB(m.Readings)
		out.Mails = append(out.Mails, pb)
	}
	return out
}

// ReadingsPB is readings for the API.
func ReadingsPB(readings []Reading) []*mailv1.LinkReading {
	out := make([]*mailv1.LinkReading, 0, len(readings))
	for _, r := range readings {
		out = append(out, &mailv1.LinkReading{Reader: r.Reader, Subject: r.Subject,
			FirstReadAt: r.ReadAt.UTC().Format(time.RFC3339), LastReadAt: r.LastReadAt.UTC().Format(time.RFC3339), Times: int32(r.Times)})
	}
	return out
}
