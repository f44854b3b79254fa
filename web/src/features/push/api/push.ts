// Web Push (docs/competition-day.md, "Web Push"): the athletes' service worker
// (public/athlete-sw.js), this browser's permission and subscription, and the server's
// record of the subscription (POST /api/push/subscriptions, …/remove).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { athleteApi } from '@/lib/api/client';
import { queryKeys } from '@/lib/queryKeys';

const WORKER = '/athlete-sw.js';
const SCOPE = '/public/me/';

/** What this browser can do: show nothing, refused by the athlete, or subscribed or not. */
export type PushState = 'unsupported' | 'blocked' | 'on' | 'off';

type PushKey = { enabled?: boolean; publicKey?: string };

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const pushKeyQuery = () =>
  queryOptions({ queryKey: queryKeys.push.key(), queryFn: () => athleteApi.get<PushKey>('/push/key'), staleTime: Infinity });

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration(SCOPE);
  return reg ? reg.pushManager.getSubscription() : null;
}

/** This browser's state: read from the browser, not stored by the server. */
export function usePushState() {
  const key = useQuery({ ...pushKeyQuery(), enabled: supported() });
  const browser = useQuery({
    queryKey: queryKeys.push.browser(),
    enabled: supported() && key.data?.enabled === true,
    queryFn: async (): Promise<PushState> => {
      if (Notification.permission === 'denied') return 'blocked';
      if (Notification.permission !== 'granted') return 'off';
      return (await currentSubscription()) ? 'on' : 'off';
    },
  });
  if (!supported() || key.data?.enabled === false) return { state: 'unsupported' as const, pending: false, error: false };
  return { state: browser.data, pending: key.isPending || browser.isPending, error: key.isError || browser.isError, key: key.data };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Asks for the permission, subscribes this browser with the VAPID key and tells the server. */
export function useAllowPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return;
      const reg = await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
      await navigator.serviceWorker.ready;
      const sub =
        (await reg.pushManager.getSubscription()) ??
        (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      const json = sub.toJSON();
      try {
        await athleteApi.post('/push/subscriptions', { endpoint: json.endpoint, p256dh: json.keys?.p256dh, auth: json.keys?.auth });
      } catch (error) {
        // The server does not know this device: left subscribed, the card would read the browser's
        // subscription and say "on" beside the failure, and no push would ever come. Undone, the
        // card stays "off" and Allow can be tried again (docs/competition-day.md, "Web Push").
        await sub.unsubscribe().catch(() => false);
        throw error;
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.push.browser() }),
  });
}

/** Forgets this browser on the server, then unsubscribes it. */
export function useTurnOffPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const sub = await currentSubscription();
      if (!sub) return;
      await athleteApi.post('/push/subscriptions/remove', { endpoint: sub.endpoint });
      await sub.unsubscribe();
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.push.browser() }),
  });
}
