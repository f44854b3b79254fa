import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/button';
import { cn } from '@/components/cn';
import { saveUrl } from '@/lib/download';
import { ExportImageTemplate } from './image-template';
import {
  availableTemplates,
  COPIED_MS,
  fileName,
  FORMAT_IDS,
  FORMATS,
  hasExportData,
  JPEG_QUALITY,
  rankedEntries,
  SCHEME_IDS,
  SCHEMES,
  suggestedCaption,
  TEMPLATES,
  type ExportImageProps,
  type FormatId,
  type SchemeId,
  type TemplateId,
} from './rules';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** Renders the image node to a JPEG data URL (html-to-image is loaded on first use). */
async function renderJpeg(node: HTMLElement, width: number, height: number): Promise<string> {
  const { toJpeg } = await import('html-to-image');
  return toJpeg(node, {
    quality: JPEG_QUALITY,
    width,
    height,
    canvasWidth: width,
    canvasHeight: height,
    pixelRatio: 1,
    backgroundColor: '#0f172a',
    cacheBust: true,
  });
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // fall back below (no permission, insecure context)
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  label: (v: T) => ReactNode;
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{legend}</legend>
      {options.map((o) => (
        <label
          key={o}
          className={cn(
            'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
            o === value ? 'border-blue-500 bg-blue-50' : 'border-slate-200 hover:bg-slate-50',
          )}
        >
          <input type="radio" name={name} value={o} checked={o === value} onChange={() => onChange(o)} className="accent-blue-600" />
          {label(o)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * 'Export Image' for social media: pick a template, a format and colours, preview the JPEG,
 * edit the suggested caption, copy it and download the image. Self-contained: give it the data.
 */
export function ExportImageButton(props: Omit<ExportImageProps, 'team'>) {
  const templates = availableTemplates(props);
  const [open, setOpen] = useState(false);
  const [template, setTemplate] = useState<TemplateId>(templates[0] ?? 'leaderboard');
  const [format, setFormat] = useState<FormatId>('square');
  const [scheme, setScheme] = useState<SchemeId>('default');
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const [copied, setCopied] = useState(false);
  const [teamName, setTeamName] = useState<string | null>(null);
  const nodeRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const activeTemplate = templates.includes(template) ? template : templates[0];
  const disabled = generating || !hasExportData(props) || templates.length === 0;
  // Team Highlight: the team chosen in the panel, else the best ranked one.
  const ranked = rankedEntries(props.entries);
  const team = ranked.find((e) => e.teamName === teamName) ?? ranked[0] ?? null;
  const data = { ...props, team };

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onDown = (e: MouseEvent) => {
      if (panelRef.current && !panelRef.current.parentElement?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open]);

  const siteUrl = `${window.location.origin}/public/events`;
  const siteHost = window.location.host;

  async function generate() {
    if (!activeTemplate || !nodeRef.current) return;
    setGenerating(true);
    setError(null);
    try {
      await nextFrame();
      const node = nodeRef.current;
      if (!node) throw new Error('Failed to generate image');
      const { width, height } = FORMATS[format];
      const url = await renderJpeg(node, width, height);
      setPreview(url);
      setCaption(suggestedCaption(data, activeTemplate, siteUrl, format));
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Failed to generate image');
    } finally {
      setGenerating(false);
    }
  }

  return (
    <div className="relative inline-block">
      <Button
        variant="secondary"
        onClick={() => setOpen((o) => !o)}
        disabled={disabled}
        loading={generating}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        title={hasExportData(props) ? 'Export a leaderboard image for social media' : 'No results to export yet'}
      >
        <span aria-hidden="true">📸</span> Export Image
      </Button>
      {open && activeTemplate && (
        <div
          ref={panelRef}
          id={`${id}-panel`}
          role="dialog"
          aria-label="Export image"
          className="absolute right-0 top-full z-[1100] mt-2 max-h-[80vh] w-[min(92vw,440px)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 text-left shadow-xl"
        >
          {preview === null ? (
            <div className="space-y-4">
              <h3 className="text-base font-semibold text-slate-900">Export Image</h3>
              <Choice
                legend="Template"
                name={`${id}-template`}
                options={templates}
                value={activeTemplate}
                onChange={setTemplate}
                label={(t) => (
                  <span>
                    <span className="font-medium">{TEMPLATES[t].label}</span>
                    <span className="block text-xs text-slate-500">{TEMPLATES[t].description}</span>
                  </span>
                )}
              />
              {activeTemplate === 'team' && team && (
                <label className="block text-sm">
                  <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-500">Team</span>
                  <select
                    value={team.teamName}
                    onChange={(e) => setTeamName(e.target.value)}
                    className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:outline-none focus:ring-2 focus:ring-blue-500"
                  >
                    {ranked.map((e) => (
                      <option key={e.teamName} value={e.teamName}>
                        {e.rank ? `#${e.rank} ` : ''}
                        {e.teamName}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <Choice
                legend="Format"
                name={`${id}-format`}
                options={FORMAT_IDS}
                value={format}
                onChange={setFormat}
                label={(f) => (
                  <span>
                    <span className="font-medium">{FORMATS[f].label}</span>{' '}
                    <span className="text-xs text-slate-500">
                      {FORMATS[f].width}x{FORMATS[f].height} ({FORMATS[f].ratio})
                    </span>
                  </span>
                )}
              />
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
                      onClick={() => setScheme(sc)}
                      className={cn('h-9 w-9 rounded-full border-2', sc === scheme ? 'border-blue-600 ring-2 ring-blue-200' : 'border-white shadow')}
                      style={{ background: SCHEMES[sc].background }}
                    />
                  ))}
                </div>
              </fieldset>
              {error && (
                <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
                  {error}
                </p>
              )}
              <div className="flex justify-end gap-2">
                <Button variant="ghost" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button onClick={() => void generate()} loading={generating}>
                  {generating ? 'Generating...' : 'Generate Preview'}
                </Button>
              </div>
            </div>
          ) : (
            <div className="space-y-3">
              <h3 className="text-base font-semibold text-slate-900">Preview</h3>
              <img
                src={preview}
                alt={`${TEMPLATES[activeTemplate].label} — ${FORMATS[format].label}`}
                className="mx-auto max-h-80 w-auto rounded border border-slate-200"
                data-testid="export-image-preview"
              />
              <label className="block text-xs font-semibold uppercase tracking-wide text-slate-500" htmlFor={`${id}-caption`}>
                Caption
              </label>
              <textarea
                id={`${id}-caption`}
                value={caption}
                onChange={(e) => setCaption(e.target.value)}
                rows={7}
                className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-none focus:ring-2 focus:ring-blue-500"
              />
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="ghost" onClick={() => setPreview(null)}>
                  Back
                </Button>
                <Button variant="secondary" onClick={() => void copyText(caption).then(() => setCopied(true))}>
                  {copied ? 'Copied!' : 'Copy'}
                </Button>
                <Button onClick={() => saveUrl(preview, fileName(props, activeTemplate, format))}>Download</Button>
              </div>
            </div>
          )}
        </div>
      )}
      {open &&
        activeTemplate &&
        createPortal(
          <div aria-hidden="true" style={{ position: 'fixed', left: -20000, top: 0, pointerEvents: 'none' }}>
            <div ref={nodeRef}>
              <ExportImageTemplate data={data} template={activeTemplate} format={format} scheme={scheme} siteHost={siteHost} />
            </div>
          </div>,
          document.body,
        )}
    </div>
  );
}
