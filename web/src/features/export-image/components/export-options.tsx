import { Button } from '@/components/button';
import { cn } from '@/components/cn';
import { Choice } from './choice';
import { entrantWord, entryName, FORMAT_IDS, FORMATS, SCHEME_IDS, SCHEMES, TEMPLATES, type ExportEntry, type FormatId, type SchemeId, type TemplateId } from '../rules/export-image';

type Props = {
  /** The id prefix of the panel's fields. */
  id: string;
  templates: readonly TemplateId[];
  template: TemplateId;
  onTemplate: (t: TemplateId) => void;
  /** The teams of the Team Highlight, best ranked first, and the one chosen. */
  ranked: readonly ExportEntry[];
  team: ExportEntry | null;
  onTeam: (name: string) => void;
  /** The division's athletes per team: individuals are chosen as athletes. */
  teamSize?: number;
  format: FormatId;
  onFormat: (f: FormatId) => void;
  scheme: SchemeId;
  onScheme: (s: SchemeId) => void;
  generating: boolean;
  error: string | null;
  onCancel: () => void;
  onGenerate: () => void;
};

/** The export panel's first step: what the image shows and how, then Generate Preview. */
export function ExportOptions(p: Props) {
  return (
    <div className="space-y-4">
      <h3 className="text-base font-semibold text-slate-900">Export Image</h3>
      <Choice
        legend="Template"
        name={`${p.id}-template`}
        options={p.templates}
        value={p.template}
        onChange={p.onTemplate}
        label={(t) => (
          <span>
            <span className="font-medium">{TEMPLATES[t].label}</span>
            <span className="block text-xs text-slate-500">{TEMPLATES[t].description}</span>
          </span>
        )}
      />
      {p.template === 'team' && p.team && <TeamSelect ranked={p.ranked} team={p.team} onTeam={p.onTeam} teamSize={p.teamSize} />}
      <Choice
        legend="Format"
        name={`${p.id}-format`}
        options={FORMAT_IDS}
        value={p.format}
        onChange={p.onFormat}
        label={(f) => (
          <span>
            <span className="font-medium">{FORMATS[f].label}</span>{' '}
            <span className="text-xs text-slate-500">
              {FORMATS[f].width}x{FORMATS[f].height} ({FORMATS[f].ratio})
            </span>
          </span>
        )}
      />
      <SchemePicker scheme={p.scheme} onScheme={p.onScheme} />
      {p.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {p.error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={p.onCancel}>
          Cancel
        </Button>
        <Button onClick={p.onGenerate} loading={p.generating}>
          {p.generating ? 'Generating...' : 'Generate Preview'}
        </Button>
      </div>
    </div>
  );
}

function TeamSelect({ ranked, team, onTeam, teamSize }: { ranked: readonly ExportEntry[]; team: ExportEntry; onTeam: (name: string) => void; teamSize?: number }) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-500">{entrantWord(teamSize)}</span>
      <select
        value={team.teamName}
        onChange={(e) => onTeam(e.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:outline-none focus:ring-2 focus:ring-blue-500"
      >
        {ranked.map((e) => (
          <option key={e.teamName} value={e.teamName}>
            {e.rank ? `#${e.rank} ` : ''}
            {entryName(e, teamSize)}
          </option>
        ))}
      </select>
    </label>
  );
}

function SchemePicker({ scheme, onScheme }: { scheme: SchemeId; onScheme: (s: SchemeId) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Colours</legend>
      <div className="flex gap-2">
        {SCHEME_IDS.map((sc) => (
          <button
            key={sc}
            type="button"
            aria-pressed={sc === scheme}
            aria-label={`${SCHEMES[sc].label} colours`}
            title={SCHEMES[sc].label}
            onClick={() => onScheme(sc)}
            className={cn('h-9 w-9 rounded-full border-2', sc === scheme ? 'border-blue-600 ring-2 ring-blue-200' : 'border-white shadow')}
            style={{ background: SCHEMES[sc].background }}
          />
        ))}
      </div>
    </fieldset>
  );
}
