// 'DOWNLOAD FACTSHEET' and the customer-story PDF button: fetches the file and saves it
// (SPEC §2, §7). It is a real link to the file, so it also works before scripts run, with a
// modifier key, or when the fetch fails (the browser then opens the file itself).
import { useState, type MouseEvent } from 'react';
import { fileNameFor, saveFile } from '../../lib/download';
import { buttonClass, type ButtonFill } from '../Button/Button';

export interface DownloadButtonProps {
  href: string;
  label: string;
  fileName?: string | null;
  fill?: ButtonFill;
  inverse?: boolean;
}

export function DownloadButton({ href, label, fileName, fill = 'filled', inverse = false }: DownloadButtonProps) {
  const [saving, setSaving] = useState(false);
  const name = fileNameFor(href, fileName);

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await saveFile(href, name);
    } catch (error) {
      console.error(error);
      window.open(href, '_blank', 'noopener');
    } finally {
      setSaving(false);
    }
  }

  return (
    <a
      className={buttonClass({ fill, inverse })}
      href={href}
      download={name}
      onClick={onClick}
      aria-busy={saving || undefined}
    >
      {label}
    </a>
  );
}
