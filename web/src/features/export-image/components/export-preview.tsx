import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { saveUrl } from '@/lib/download';
import { copyText } from '@/lib/clipboard';
import { COPIED_MS, FORMATS, TEMPLATES, type FormatId, type TemplateId } from '../rules/export-image';

type Props = {
  id: string;
  /** The JPEG as a data URL. */
  image: string;
  fileName: string;
  template: TemplateId;
  format: FormatId;
  caption: string;
  onCaption: (text: string) => void;
  onBack: () => void;
};

/** The export panel's second step: the image, its caption to edit and copy, and Download. */
export function ExportPreview({ id, image, fileName, template, format, caption, onCaption, onBack }: Props) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold text-slate-900">Preview</h3>
      <img
        src={image}
        alt={`${TEMPLATES[template].label} — ${FORMATS[format].label}`}
        className="mx-auto max-h-80 w-auto rounded border border-slate-200"
        data-testid="export-image-preview"
      />
      <label className="block text-xs font-semibold uppercase tracking-wide text-slate-500" htmlFor={`${id}-caption`}>
        Caption
      </label>
      <textarea
        id={`${id}-caption`}
        value={caption}
        onChange={(e) => onCaption(e.target.value)}
        rows={7}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-none focus:ring-2 focus:ring-blue-500"
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
        <Button variant="secondary" onClick={() => void copyText(caption).then(() => setCopied(true))}>
          {copied ? 'Copied!' : 'Copy'}
        </Button>
        <Button onClick={() => saveUrl(image, fileName)}>Download</Button>
      </div>
    </div>
  );
}
