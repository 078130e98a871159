import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DownloadButton } from './DownloadButton';

const factsheet = {
  label: 'DOWNLOAD FACTSHEET',
  href: '/assets/etender-factsheet.pdf',
  fileName: 'etender-factsheet.pdf',
};

describe('DownloadButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the file and saves it through a Blob link under its file name', async () => {
    const fetchMock = vi.fn(async () => new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' })));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:factsheet');
    URL.revokeObjectURL = vi.fn();
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href')!, download: this.download });
    });
    render(<DownloadButton download={factsheet} />);
    fireEvent.click(screen.getByRole('link', { name: 'DOWNLOAD FACTSHEET' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:factsheet', download: 'etender-factsheet.pdf' }]));
    expect(fetchMock).toHaveBeenCalledWith('/assets/etender-factsheet.pdf');
    click.mockRestore();
  });

  it('falls back to opening the file when it cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('missing', { status: 404 })),
    );
    const open = vi.fn();
    vi.stubGlobal('open', open);
    render(<DownloadButton download={factsheet} />);
    fireEvent.click(screen.getByRole('link', { name: 'DOWNLOAD FACTSHEET' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/assets/etender-factsheet.pdf', '_blank', 'noopener'));
  });
});
