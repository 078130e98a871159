import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VideoButton } from './VideoButton';

const demo = { label: 'VIEW DEMO', video: { service: 'youtube', id: 'dQw4w9WgXcQ' } };

describe('VideoButton and VideoModal', () => {
  it('opens an accessible modal dialog with the no-cookie YouTube player and focus on close', async () => {
    const user = userEvent.setup();
    render(<VideoButton button={demo} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'VIEW DEMO' }));
    const dialog = screen.getByRole('dialog', { name: 'VIEW DEMO' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByTitle('VIEW DEMO')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
    expect(screen.getByRole('button', { name: 'Close video' })).toHaveFocus();
  });

  it('embeds the Vimeo player for a Vimeo video', async () => {
    const user = userEvent.setup();
    render(<VideoButton button={{ label: 'VIEW DEMO', video: { service: 'vimeo', id: '531481754' } }} />);
    await user.click(screen.getByRole('button', { name: 'VIEW DEMO' }));
    expect(screen.getByTitle('VIEW DEMO')).toHaveAttribute(
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
    const player = screen.getByTitle('VIEW DEMO');
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
    expect(root.inert).toBe(true);
    await user.keyboard('{Escape}');
    expect(root.inert).toBe(false);
    root.remove();
  });

  it('opens by itself once interactive when asked to', () => {
    render(<VideoButton button={demo} initiallyOpen />);
    expect(screen.getByRole('dialog', { name: 'VIEW DEMO' })).toBeInTheDocument();
  });
});
