// The signed-in athlete's heats as an iCalendar file (docs/finding-events.md): fetched with the
// athlete's token (a plain link would carry none), then saved.
import { apiDownload, type DownloadedFile } from '@/lib/api/client';

export const MY_HEATS_CALENDAR_PATH = '/calendar/mine/heats.ics';

export const downloadMyHeatsCalendar = (): Promise<DownloadedFile> => apiDownload(MY_HEATS_CALENDAR_PATH, undefined, 'athlete');
