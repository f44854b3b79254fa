// The shared words of the contract in the viewer's language. The server still sends its German
// labels (statusLabel, scoreTypeLabel: the API's own text); every screen words the value instead,
// so a German organiser reads "Entwurf" and an English one "Draft" (docs/architecture.md,
// "Languages"). The keys are spelled out so the catalogue test sees each one used.
import type { EventStatus, Role, ScoreType } from '@/lib/api/types';
import { i18n } from './i18n';

const EVENT_STATUS_KEYS: Record<string, string> = {
  DRAFT: 'words.eventStatus.DRAFT',
  PUBLISHED: 'words.eventStatus.PUBLISHED',
  IN_PROGRESS: 'words.eventStatus.IN_PROGRESS',
  ARCHIVED: 'words.eventStatus.ARCHIVED',
  UNLISTED: 'words.eventStatus.UNLISTED',
  COMPLETED: 'words.eventStatus.COMPLETED',
};

const SCORE_TYPE_KEYS: Record<string, string> = {
  TIME: 'words.scoreType.TIME',
  REPS: 'words.scoreType.REPS',
  MAX_WEIGHT: 'words.scoreType.MAX_WEIGHT',
  POINTS: 'words.scoreType.POINTS',
};

export const ROLE_KEYS: Record<Role, string> = {
  admin: 'words.role.admin',
  organiser: 'words.role.organiser',
  scorer: 'words.role.scorer',
};

/** "Draft", "Entwurf", "Brouillon", "Borrador"; the value itself when unknown. */
export const eventStatusWord = (status: EventStatus | string | undefined): string => {
  const key = status ? EVENT_STATUS_KEYS[status] : undefined;
  return key ? i18n.t(key) : (status ?? '');
};

/** "Time", "Zeit", "Temps", "Tiempo"; the value itself when unknown. */
export const scoreTypeWord = (scoreType: ScoreType | string | undefined): string => {
  const key = scoreType ? SCORE_TYPE_KEYS[scoreType] : undefined;
  return key ? i18n.t(key) : (scoreType ?? '');
};

/** A role's name ("organiser", "Organisator"). */
export const roleWord = (role: Role): string => i18n.t(ROLE_KEYS[role]);
