// Judge cards (docs/judging.md): one per lane or judge station, with the QR code that opens
// the judge screen for its lanes. Shown on the page and printed alone (index.css, .judge-cards).
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Heat, JudgeLink } from "@/lib/api/types";
import { heatClock } from "@/lib/heat-time";
import { judgeCodePage } from "../api/judge-code";
import { laneNames } from "../rules/lane-names";
import { judgeLinkUrl } from "../api/judge-links";

function Qr({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then((qr) =>
        qr.toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel: "M" })
      )
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img
      src={src}
      alt={`QR code of judge card ${label}`}
      width={200}
      height={200}
    />
  ) : (
    <div
      className="h-[200px] w-[200px] animate-pulse rounded bg-slate-100"
      aria-hidden="true"
    />
  );
}

const until = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  });

/** What a card's judge needs to find their place without the QR code: the heat's time and the
 * teams of its lanes (a card for every heat names the heats' times only). */
export function cardLines(
  link: JudgeLink,
  heats: readonly Heat[]
): { when: string; teams: string[] } {
  const mine = heats.filter((h) => h.workoutId === link.workoutId);
  const heat = mine.find((h) => h.id === link.heatId);
  if (!heat) {
    const times = mine.map((h) => `Heat ${h.number} ${heatClock(h.startTime)}`);
    return { when: times.length > 0 ? times.join(" · ") : "", teams: [] };
  }
  const lanes = heat.lanes.filter(
    (l) => link.lanes.length === 0 || link.lanes.includes(l.lane)
  );
  return {
    when: `Heat ${heat.number} · ${heatClock(heat.startTime)}`,
    // An individual by name, a team of 3 or more with its starting athletes, a pair as before.
    teams: lanes.map((l) => {
      const names = laneNames(l);
      return `Lane ${l.lane}: ${names.title}${names.athletes ? ` (${names.athletes})` : ""}`;
    }),
  };
}

/** A judge's packet to print, for the organiser: its page and the judge's name. */
export type CardPacket = { to: string; judgeName: string };

export function JudgeCards({
  eventName,
  links,
  heats,
  packetOf,
}: {
  eventName: string;
  links: JudgeLink[];
  heats: readonly Heat[];
  /** The packet of the judge a card is for, when the page knows them (the crew's rotation). */
  packetOf?: (link: JudgeLink) => CardPacket | undefined;
}) {
  const withToken = links.filter((l) => l.token);
  if (withToken.length === 0) return null;
  return (
    <div className="judge-cards grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {withToken.map((l) => {
        const { when, teams } = cardLines(l, heats);
        const packet = packetOf?.(l);
        return (
          <article
            key={l.id}
            aria-label={`Judge card ${l.label}`}
            className="judge-card flex flex-col items-center gap-2 rounded-xl border-2 border-slate-900 bg-white p-4 text-center"
          >
            <p className="text-sm uppercase tracking-wide text-slate-600">
              {eventName}
            </p>
            <h3 className="text-2xl font-bold">{l.label}</h3>
            <p className="text-base">{l.workoutName}</p>
            {when && <p className="text-base font-semibold">{when}</p>}
            {teams.length > 0 && (
              <ul className="text-base" aria-label="Teams">
                {teams.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            )}
            <Qr text={judgeLinkUrl(l.token)} label={l.label} />
            {l.code && (
              <>
                <p className="font-mono text-4xl font-bold tracking-widest">
                  {l.code}
                </p>
                <p className="text-sm">
                  Can&apos;t scan? Open {judgeCodePage()} and type this code
                </p>
              </>
            )}
            <p className="text-sm font-medium">
              Scan with your phone to judge these lanes. No account needed.
            </p>
            <p className="text-xs text-slate-600">
              Works until {until(l.expiresAt)}. Keep this card to yourself.
            </p>
            {packet && (
              // The organiser's page: on screen only, to print beside the card (a printed
              // address would open nothing for the judge; docs/crew.md, "Judge cards").
              <Link
                to={packet.to}
                className="text-sm font-medium text-blue-700 underline print:hidden"
              >
                Packet of {packet.judgeName} to print
              </Link>
            )}
          </article>
        );
      })}
    </div>
  );
}
