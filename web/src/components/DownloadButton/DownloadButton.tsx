// 'DOWNLOAD FACTSHEET' and the customer-story PDF button: fetches the file and saves it
// (docs/behaviour.md §2, §7). It is a real link to the file, so it also works before scripts run, with a
// modifier key, or when the fetch fails (the browser then opens the file itself).
import type { InspectorAttributes } from '../../lib/inspector';
import { useState, type MouseEvent } from 'react';
import { saveFile } from '../../lib/download';
import type { ButtonStyle, Download } from '../../lib/view';
import { buttonClass } from '../Button/Button';
import { StrokeGlyph } from '../icons/StrokeGlyph';

export interface DownloadButtonProps {
  download: Download;
  fill?: ButtonStyle;
  inverse?: boolean;
  /** Live Preview's inspector attributes of the label, on preview pages. */
  inspector?: InspectorAttributes;
}

export function DownloadButton({ download, fill = 'filled', inverse = false, inspector }: DownloadButtonProps) {
  const [saving, setSaving] = useState(false);

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await saveFile(download.href, download.fileName);
    } catch (error) {
      console.error(error);
      window.open(download.href, '_blank', 'noopener');
    } finally {
      setSaving(false);
    }
  }

  return (
    <a
      {...inspector}
      className={buttonClass({ fill, inverse })}
      href={download.href}
      download={download.fileName}
      data-cta=""
      onClick={onClick}
      aria-busy={saving || undefined}
    >
      <StrokeGlyph d="M10 3v10M5.5 8.5L10 13l4.5-4.5M4 16.5h12" size={18} />
      {download.label}
    </a>
  );
}
