import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { video } from '../../testing/fixtures/parts';
import { videoCoreFromDisk } from '../../testing/wasm';
import { VideoButton } from './VideoButton';
import { FAILED, UNRECOGNISED } from './VideoModal';

// The real WebAssembly core reads the links. `loads` counts the loads; `offline` makes them
// fail, as a dropped connection would; `gate`, while set, holds them back.
const wasm = vi.hoisted(() => ({ loads: 0, offline: false, gate: null as Promise<void> | null }));
vi.mock('../../lib/wasm', () => ({
  loadVideoCore: async () => {
    wasm.loads += 1;
    await wasm.gate;
    if (wasm.offline) throw new Error('network error');
    return videoCoreFromDisk();
  },
}));

beforeEach(() => {
  wasm.loads = 0;
  wasm.offline = false;
  wasm.gate = null;
});

const demo = { label: 'VIEW DEMO', video: video('youtube', 'dQw4w9WgXcQ') };

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
    expect(await screen.findByTitle('VIEW DEMO')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
  });

  it('embeds the Vimeo player for a Vimeo video', async () => {
    const user = userEvent.setup();
    render(<VideoButton button={{ label: 'VIEW DEMO', video: video('vimeo', '531481754') }} />);
    await user.click(screen.getByRole('button', { name: 'VIEW DEMO' }));
    expect(await screen.findByTitle('VIEW DEMO')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/531481754?autoplay=1&dnt=1',
    );
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
    expect(await screen.findByRole('dialog', { name: 'VIEW DEMO' })).toBeInTheDocument();
    expect(await screen.findByTitle('VIEW DEMO')).toHaveAttribute('src', expect.stringContaining('/dQw4w9WgXcQ?'));
  });

  it('takes the host and id from the core, not from the fields the server filled in beside the link', async () => {
    const user = userEvent.setup();
    // A view whose service and id disagree with its link: the link is what counts.
    const button = { label: 'VIEW DEMO', video: { ...video('vimeo', '76979871'), service: 'youtube', id: 'other' } };
    render(<VideoButton button={button} />);
    await user.click(screen.getByRole('button', { name: 'VIEW DEMO' }));
    expect(await screen.findByTitle('VIEW DEMO')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    );
  });

  it('loads nothing until the visitor points at, focuses or clicks the button', async () => {
    const user = userEvent.setup();
    render(<VideoButton button={demo} />);
    expect(wasm.loads).toBe(0);
    await user.hover(screen.getByRole('button', { name: 'VIEW DEMO' }));
    expect(wasm.loads).toBe(1);
  });

  it('shows a loading message until the core has read the link', async () => {
    const user = userEvent.setup();
    let open!: () => void;
    wasm.gate = new Promise((resolve) => (open = resolve));
    render(<VideoButton button={demo} />);
    await user.click(screen.getByRole('button', { name: 'VIEW DEMO' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading video…');
    open();
    await screen.findByTitle('VIEW DEMO');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so in the dialog, with no player frame, when no service recognises the link', async () => {
    const user = userEvent.setup();
    const button = { label: 'VIEW DEMO', video: { service: 'youtube', id: 'x', embedUrl: 'https://example.com/v/x' } };
    render(<VideoButton button={button} />);
    await user.click(screen.getByRole('button', { name: 'VIEW DEMO' }));
    expect(await screen.findByText(UNRECOGNISED)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'VIEW DEMO' })).toBeInTheDocument();
    expect(screen.queryByTitle('VIEW DEMO')).not.toBeInTheDocument();
  });

  it('offers to try again when the core cannot be loaded, and then plays the video', async () => {
    const user = userEvent.setup();
    wasm.offline = true;
    render(<VideoButton button={demo} />);
    await user.click(screen.getByRole('button', { name: 'VIEW DEMO' }));
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(screen.queryByTitle('VIEW DEMO')).not.toBeInTheDocument();
    wasm.offline = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('VIEW DEMO')).toHaveAttribute('src', expect.stringContaining('/dQw4w9WgXcQ?'));
    expect(screen.getByRole('button', { name: 'Close video' })).toHaveFocus();
  });
});
