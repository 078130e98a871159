import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { videoButton } from '../../testing/fixtures/parts';
import { VideoButton } from './VideoButton';
import { UI } from '../../lib/contract.gen';

// A product page's composed demo button whose player is on YouTube (core builds the address).
const demo = videoButton('youtube');
const label = demo.label;

describe('VideoButton and VideoModal', () => {
  it('opens an accessible modal dialog with the no-cookie YouTube player and focus on close', async () => {
    const user = userEvent.setup();
    render(<VideoButton button={demo} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'VIEW DEMO' }));
    // The modal's code loads on demand, so the dialog appears once it has arrived.
    const dialog = await screen.findByRole('dialog', { name: 'VIEW DEMO' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // Focus moves in the dialog's effect, which may run just after it first appears.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close video' })).toHaveFocus());
    expect(demo.video.embedUrl).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    expect(await screen.findByTitle(label)).toHaveAttribute('src', demo.video.embedUrl);
  });

  it('embeds the Vimeo player for a Vimeo video', async () => {
    const user = userEvent.setup();
    const vimeo = videoButton('vimeo');
    expect(vimeo.video.embedUrl).toMatch(/^https:\/\/player\.vimeo\.com\/video\//);
    render(<VideoButton button={vimeo} />);
    await user.click(screen.getByRole('button', { name: vimeo.label }));
    expect(await screen.findByTitle(vimeo.label)).toHaveAttribute('src', vimeo.video.embedUrl);
  });

  it('wraps Shift+Tab from the first control to the player instead of leaving the dialog', async () => {
    const user = userEvent.setup();
    render(
      <>
        <VideoButton button={demo} />
        <a href="/after">after</a>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'VIEW DEMO' }));
    const close = screen.getByRole('button', { name: 'Close video' });
    const player = await screen.findByTitle('VIEW DEMO');
    // Tab out of the (cross-origin) player never reaches the parent page's handlers; there the
    // inert page behind the dialog keeps focus inside (tested below).
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(player).toHaveFocus();
    expect(screen.getByRole('link', { name: 'after', hidden: true })).not.toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<VideoButton button={demo} />);
    const opener = screen.getByRole('button', { name: 'VIEW DEMO' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from the close button, also returning focus', async () => {
    const user = userEvent.setup();
    render(<VideoButton button={demo} />);
    const opener = screen.getByRole('button', { name: 'VIEW DEMO' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close video' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('makes the page behind inert while open', async () => {
    const user = userEvent.setup();
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    render(<VideoButton button={demo} />, { container: root });
    await user.click(screen.getByRole('button', { name: 'VIEW DEMO' }));
    await screen.findByRole('dialog', { name: 'VIEW DEMO' });
    expect(root.inert).toBe(true);
    await user.keyboard('{Escape}');
    expect(root.inert).toBe(false);
    root.remove();
  });

  it('opens by itself once interactive when asked to', async () => {
    render(<VideoButton button={demo} initiallyOpen />);
    expect(await screen.findByRole('dialog', { name: label })).toBeInTheDocument();
    expect(await screen.findByTitle(label)).toHaveAttribute('src', demo.video.embedUrl);
  });

  it('loads the player address the view model carries, a TikTok video included', async () => {
    const user = userEvent.setup();
    const embedUrl = 'https://www.tiktok.com/embed/v2/7106594312292453675';
    render(
      <VideoButton button={{ label: 'WATCH', video: { service: 'tiktok', id: '7106594312292453675', embedUrl } }} />,
    );
    await user.click(screen.getByRole('button', { name: 'WATCH' }));
    expect(await screen.findByTitle('WATCH')).toHaveAttribute('src', embedUrl);
  });

  it('says so in the dialog, with no player frame, when the player address is not https', async () => {
    const user = userEvent.setup();
    const button = {
      label: 'VIEW DEMO',
      video: { service: 'youtube' as const, id: 'x', embedUrl: 'javascript:alert(1)' },
    };
    render(<VideoButton button={button} />);
    await user.click(screen.getByRole('button', { name: 'VIEW DEMO' }));
    expect(await screen.findByText(UI.unrecognisedVideo)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'VIEW DEMO' })).toBeInTheDocument();
    expect(screen.queryByTitle('VIEW DEMO')).not.toBeInTheDocument();
  });
});
