import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { faq } from '../../testing/fixtures/parts';
import { FaqAccordion } from './FaqAccordion';

const [first, second, last] = [faq.items[0]!, faq.items[1]!, faq.items[faq.items.length - 1]!];

describe('FaqAccordion', () => {
  it('starts with every answer collapsed and hidden', () => {
    render(<FaqAccordion faq={faq} />);
    const questions = screen.getAllByRole('button');
    expect(questions).toHaveLength(faq.items.length);
    for (const q of questions) expect(q).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: faq.title })).toBeInTheDocument();
  });

  it('opens and closes a row on click, and its button controls its answer region', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion faq={faq} />);
    const question = screen.getByRole('button', { name: last.question });
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: last.question });
    expect(region).toHaveTextContent(last.answer);
    expect(question).toHaveAttribute('aria-controls', region.id);
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('toggles with Enter and with Space from the keyboard', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion faq={faq} />);
    await user.tab();
    const firstButton = screen.getByRole('button', { name: first.question });
    expect(firstButton).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(firstButton).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(firstButton).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: second.question })).toHaveAttribute('aria-expanded', 'true');
    expect(firstButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows each paragraph of a plain-text answer as a paragraph', async () => {
    const user = userEvent.setup();
    // The demo's answers are one paragraph each; give the first a second one.
    const twoParagraphs = { ...first, answer: `${first.answer}\n\nA second paragraph.` };
    render(<FaqAccordion faq={{ ...faq, items: [twoParagraphs, ...faq.items.slice(1)] }} />);
    await user.click(screen.getByRole('button', { name: first.question }));
    const region = screen.getByRole('region');
    expect(region.querySelectorAll('p')).toHaveLength(2);
  });
});
