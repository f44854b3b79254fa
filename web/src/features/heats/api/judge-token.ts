// The judge link's token on the phone (docs/judging.md). The card's QR code holds
// /judge/link#<token>; the screen keeps the token in localStorage and takes it out of the
// address, so a reload (offline too) finds it and the address shows no secret.
const KEY = 'podium.judgeLink';

/** The token of the link the phone opened: a new one from the address, else the kept one. */
export function takeLinkToken(): string | null {
  const fromAddress = window.location.hash.replace(/^#/, '').trim();
  if (fromAddress) {
    localStorage.setItem(KEY, fromAddress);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    return fromAddress;
  }
  return localStorage.getItem(KEY);
}

/** The session a token names (its `sub`): what the phone keys the link's data by. */
export function linkKeyOf(token: string): string {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub ? sub : token.slice(-16);
  } catch {
    return token.slice(-16);
  }
}

/** Keeps the token a card's typed code opened (docs/judging.md, "The card's code"), as the
 * QR code's address would: /judge/link then finds it. */
export function keepLinkToken(token: string): void {
  localStorage.setItem(KEY, token);
}
