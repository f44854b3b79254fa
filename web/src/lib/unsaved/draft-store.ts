// Unsaved console edits kept in sessionStorage, one draft per screen, so a reload, a navigation
// the user confirmed by mistake or a 401 (the sign-in page, then back) never loses typed data.
// A draft lives until the screen saves it or the user discards it (docs/console-unsaved-data.md).
const PREFIX = 'podium.draft.';

export function loadDraft<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(PREFIX + key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

/** Stores the draft; an empty one (null) removes it. */
export function saveDraft<T>(key: string, draft: T | null): void {
  try {
    if (draft === null) sessionStorage.removeItem(PREFIX + key);
    else sessionStorage.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // storage full or disabled: the in-memory edits remain, only reload-survival is lost
  }
}

export const clearDraft = (key: string) => saveDraft(key, null);
