import { useEffect, useState } from 'react';

/** The QR code the door scans to check the team in (what it holds: checkin.go, checkInPrefix).
 * The generator loads only with a confirmed registration's card. */
export function CheckInQr({ registrationId, teamName }: { registrationId: string; teamName: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(`podium-check-in:${registrationId}`, { margin: 1, width: 220 }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [registrationId]);
  return (
    <figure className="mt-3 flex flex-col items-center gap-1">
      {src ? (
        <img src={src} alt={`Check-in QR code of team ${teamName}`} width={220} height={220} className="rounded border border-slate-200" />
      ) : (
        <div className="h-[220px] w-[220px] animate-pulse rounded bg-slate-100" aria-hidden="true" />
      )}
      <figcaption className="text-xs text-slate-500">Show this at the door to check in</figcaption>
    </figure>
  );
}
