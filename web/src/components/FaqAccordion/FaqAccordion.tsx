// The FAQ block (docs/behaviour.md §4): rows collapsed by default, each toggled by its button (click,
// Enter or Space), the arrow turning and the answer's height animating. Follows the WAI-ARIA
// accordion pattern: a heading holding a button with aria-expanded/aria-controls, and a region.
import { inspect } from '../../lib/inspector';
import { useId, useState } from 'react';
import type { Faq } from '../../lib/view';
import { ScriptButton } from '../Button/Button';
import styles from './FaqAccordion.module.css';
import { StrokeGlyph } from '../icons/StrokeGlyph';

export interface FaqAccordionProps {
  faq: Faq;
  /** Level of the block's title; questions are one level below. */
  headingLevel?: 2 | 3;
}

export function FaqAccordion({ faq, headingLevel = 2 }: FaqAccordionProps) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const Title = `h${headingLevel}` as const;
  const Question = `h${headingLevel + 1}` as 'h3' | 'h4';

  function toggle(index: number) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }

  return (
    <div className={styles.faq}>
      {faq.title && (
        <Title className={styles.title} {...inspect(faq, 'title')}>
          {faq.title}
        </Title>
      )}
      <div className={styles.rows}>
        {faq.items.map((item, index) => {
          const expanded = open.has(index);
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={`${index}-${item.question}`} className={styles.row}>
              <Question className={styles.heading}>
                <ScriptButton
                  id={buttonId}
                  className={styles.question}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => toggle(index)}
                >
                  <span {...inspect(item, 'question')}>{item.question}</span>
                  <StrokeGlyph className={styles.arrow} d="M5 7.5l5 5 5-5" />
                </ScriptButton>
              </Question>
              {/* `hidden` keeps a closed answer out of the accessibility tree and tab order;
                  the stylesheet keeps it laid out so its height can animate. */}
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                className={styles.panel}
                hidden={!expanded}
                data-open={expanded}
              >
                <div className={styles.panelInner}>
                  <div className={styles.answer} {...inspect(item, 'answer')}>
                    {item.answer.split(/\n{2,}/).map((paragraph, i) => (
                      <p key={i}>{paragraph}</p>
                    ))}
                  </div>
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
