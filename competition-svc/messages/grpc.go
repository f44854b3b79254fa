package messages

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/core"
	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

func (m *Messages) SendMessage(ctx context.Context, req *pb.SendMessageRequest) (*pb.Message, error) {
	msg, err := m.svc.Send(ctx, SendInput{GroupInput: GroupInput{EventID: req.GetEventId(), Audience: req.GetAudience(),
		DivisionID: req.GetDivisionId(), HeatID: req.GetHeatId()}, Subject: req.GetSubject(), Body: req.GetBody()})
	if err != nil {
		return nil, err
	}
	return messagePB(msg, true), nil
}

func (m *Messages) ListMessages(ctx context.Context, req *pb.MessagesRequest) (*pb.Messages, error) {
	list, err := m.svc.List(ctx, req.GetEventId())
	return messagesPB(list, true, err)
}

func (m *Messages) ListMyMessages(ctx context.Context, req *pb.MessagesRequest) (*pb.Messages, error) {
	list, err := m.svc.Mine(ctx, req.GetEventId())
	return messagesPB(list, false, err)
}

func messagesPB(list []store.Message, organiser bool, err error) (*pb.Messages, error) {
	if err != nil {
		return nil, err
	}
	out := &pb.Messages{Messages: make([]*pb.Message, len(list))}
	for i, msg := range list {
		out.Messages[i] = messagePB(msg, organiser)
	}
	return out, nil
}

// messagePB is a message; who sent it and to whom are the organiser's to read, not the
// athletes'.
func messagePB(m store.Message, organiser bool) *pb.Message {
	out := &pb.Message{Id: m.ID, EventId: m.EventID, Audience: m.Audience, AudienceLabel: m.AudienceLabel, Subject: m.Subject,
		Body: m.Body, SentAt: core.Instant(m.SentAt)}
	if organiser {
		out.SentBy, out.RecipientCount = m.SentBy, int32(len(m.Recipients))
		for _, r := range m.Recipients {
			out.Recipients = append(out.Recipients, &pb.MessageRecipient{Name: r.Name, Email: r.Email, RegistrationId: r.RegistrationID})
		}
	}
	return out
}
