import { useCallback, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/button';
import { ExportOptions } from './export-options';
import { ExportPreview } from './export-preview';
import { ExportImageTemplate } from './image-template';
import {
  availableTemplates,
  eventPageUrl,
  fileName,
  hasExportData,
  rankedEntries,
  suggestedCaption,
  type ExportImageProps,
  type FormatId,
  type SchemeId,
  type TemplateId,
} from '../rules/export-image';
import { useDismiss } from '../hooks/use-dismiss';
import { useImageRender } from '../hooks/use-image-render';

/**
 * 'Export Image' for social media: pick a template, a format and colours, preview the JPEG,
 * edit the suggested caption, copy it and download the image. Self-contained: give it the data.
 * The panel's two steps are ExportOptions and ExportPreview; the image is drawn from
 * ExportImageTemplate, rendered off screen while the panel is open.
 */
export function ExportImageButton(props: Omit<ExportImageProps, 'team'>) {
  const templates = availableTemplates(props);
  const [open, setOpen] = useState(false);
  const [template, setTemplate] = useState<TemplateId>(templates[0] ?? 'leaderboard');
  const [format, setFormat] = useState<FormatId>('square');
  const [scheme, setScheme] = useState<SchemeId>('default');
  const [teamName, setTeamName] = useState<string | null>(null);
  const nodeRef = useRef<HTMLDivElement>(null);
  const { generating, error, preview, caption, setCaption, generate, back } = useImageRender(nodeRef);
  const panelRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const activeTemplate = templates.includes(template) ? template : templates[0];
  const disabled = generating || !hasExportData(props) || templates.length === 0;
  // Team Highlight: the team chosen in the panel, else the best ranked one.
  const ranked = rankedEntries(props.entries);
  const team = ranked.find((e) => e.teamName === teamName) ?? ranked[0] ?? null;
  const data = { ...props, team };
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, panelRef, close);

  const siteUrl = eventPageUrl(window.location.origin, props.eventId);
  const siteHost = window.location.host;

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
            <ExportOptions
              id={id}
              templates={templates}
              template={activeTemplate}
              onTemplate={setTemplate}
              ranked={ranked}
              team={team}
              onTeam={setTeamName}
              teamSize={props.teamSize}
              format={format}
              onFormat={setFormat}
              scheme={scheme}
              onScheme={setScheme}
              generating={generating}
              error={error}
              onCancel={close}
              onGenerate={() => void generate(format, () => suggestedCaption(data, activeTemplate, siteUrl, format))}
            />
          ) : (
            <ExportPreview
              id={id}
              image={preview}
              fileName={fileName(props, activeTemplate, format)}
              template={activeTemplate}
              format={format}
              caption={caption}
              onCaption={setCaption}
              onBack={back}
            />
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
