import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { useStartCheckout, type Registration } from '../api/registration';

/**
 * Pay the entry fee online: asks for a Stripe Checkout page (made by the server's payment
 * worker, so it may take a moment, or longer while Stripe is down) and goes there once it
 * exists. The registration counts as paid only when Stripe confirms it to the server.
 */
export function PayOnline({ r }: { r: Registration }) {
  const start = useStartCheckout();
  const [going, setGoing] = useState(false);
  useEffect(() => {
    if (going && r.checkoutUrl) window.location.assign(r.checkoutUrl);
  }, [going, r.checkoutUrl]);
  const waiting = going && !r.checkoutUrl && !start.isError;
  const pay = () => {
    setGoing(true);
    start.mutate(r.id, { onError: () => setGoing(false) });
  };
  return (
    <div className="mt-3 space-y-2">
      <Button className="w-full sm:w-auto" loading={start.isPending || waiting} onClick={pay}>
        {/* After a change to a dearer division only the difference is due (docs/registration.md, "Division changes"). */}
        Pay {((r.paid ? r.owedCents : r.feeCents) / 100).toFixed(2)} {r.currency} online
      </Button>
      {waiting && <p className="text-sm text-slate-600">Preparing the secure payment page…</p>}
      {r.paymentError && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {r.paymentError}
        </p>
      )}
      {start.error && (
        <p role="alert" className="text-sm text-red-700">
          The payment could not start: {errorMessage(start.error)}
        </p>
      )}
    </div>
  );
}
