package push

import (
	"context"

	"github.com/podium-dev/podium/competition-svc/store"
	pb "github.com/podium-dev/podium/gen/go/podium/competition/v1"
)

// GetPushKey is the VAPID public key the browser subscribes with; off: enabled false.
func (p *Push) GetPushKey(ctx context.Context, _ *pb.PushKeyRequest) (*pb.PushKey, error) {
	if _, err := athlete(ctx); err != nil {
		return nil, err
	}
	if !p.svc.cfg.On() {
		return &pb.PushKey{}, nil
	}
	return &pb.PushKey{Enabled: true, PublicKey: p.svc.cfg.PublicKey}, nil
}

// SubscribePush records the signed-in athlete's browser.
func (p *Push) SubscribePush(ctx context.Context, req *pb.PushSubscriptionRequest) (*pb.PushSubscriptionState, error) {
	err := p.svc.subscribe(ctx, store.PushSubscription{Endpoint: req.GetEndpoint(), P256dh: req.GetP256Dh(), Auth: req.GetAuth()})
	if err != nil {
		return nil, err
	}
	return &pb.PushSubscriptionState{Subscribed: true}, nil
}

// UnsubscribePush forgets the signed-in athlete's browser.
func (p *Push) UnsubscribePush(ctx context.Context, req *pb.UnsubscribePushRequest) (*pb.PushSubscriptionState, error) {
	if err := p.svc.unsubscribe(ctx, req.GetEndpoint()); err != nil {
		return nil, err
	}
	return &pb.PushSubscriptionState{}, nil
}
