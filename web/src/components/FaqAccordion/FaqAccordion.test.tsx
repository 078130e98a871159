import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { faq } from '../../testing/fixtures/parts';
import { FaqAccordion } from './FaqAccordion';

describe('FaqAccordion', () => {
  it('starts with every answer collapsed and hidden', () => {
    render(<FaqAccordion faq={faq} />);
    const questions = screen.getAllByRole('button');
    expect(questions).toHaveLength(3);
    for (const q of questions) expect(q).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeInTheDocument();
  });

  it('opens and closes a row on click, and its button controls its answer region', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion faq={faq} />);
    const question = screen.getByRole('button', { name: 'Do suppliers pay to respond?' });
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Do suppliers pay to respond?' });
    expect(region).toHaveTextContent('No. Suppliers respond free of charge.');
    expect(question).toHaveAttribute('aria-controls', region.id);
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('toggles with Enter and with Space from the keyboard', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion faq={faq} />);
    await user.tab();
    const first = screen.getByRole('button', { name: 'How long does it take to get started?' });
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Is my data stored in Australia?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows each paragraph of a plain-text answer as a paragraph', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion faq={faq} />);
    await user.click(screen.getByRole('button', { name: 'Is my data stored in Australia?' }));
    const region = screen.getByRole('region');
    expect(region.querySelectorAll('p')).toHaveLength(2);
  });
});
