import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '../../lib/router';
import { renderWithRouter } from '../../testing/render';
import { RichText } from './RichText';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const html =
  '<p>See <a href="/etender">eRFx</a>, <a href="https://example.com/x">elsewhere</a> and <a href="/assets/a.pdf" download>the PDF</a>.</p>';

describe('RichText', () => {
  it('follows links to site pages in-app', async () => {
    const user = userEvent.setup();
    renderWithRouter(
      <>
        <RichText html={html} />
        <Where />
      </>,
      { path: '/insights/a' },
    );
    await user.click(screen.getByRole('link', { name: 'eRFx' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/etender');
  });

  it('leaves links to other sites and downloads to the browser', async () => {
    renderWithRouter(<RichText html={html} />);
    const external = screen.getByRole('link', { name: 'elsewhere' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    external.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    const pdf = screen.getByRole('link', { name: 'the PDF' });
    const pdfClick = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    pdf.dispatchEvent(pdfClick);
    expect(pdfClick.defaultPrevented).toBe(false);
  });
});
