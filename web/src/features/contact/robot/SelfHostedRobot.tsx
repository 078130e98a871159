// The self-hosted robot check: an "I'm not a robot" checkbox. Ticking it fetches a challenge
// from the server and works out its proof of work in the background; the box shows ticked once
// the token is ready. Unticking drops the token.
import { useEffect, useRef, useState } from 'react';
import { fetchRobotChallenge } from '../../../lib/api';
import { useHydrated } from '../../../lib/hydrated';
import { robotToken, solveChallenge } from './proofOfWork';
import type { RobotCheckProps } from './RobotCheck';
import styles from '../ContactForm.module.css';

type State = 'unticked' | 'solving' | 'solved';

export function SelfHostedRobot({ label, error, errorId, onToken, inputId }: RobotCheckProps) {
  const [state, setState] = useState<State>('unticked');
  const work = useRef<AbortController | null>(null);
  // Ticked before the page is interactive, the box would show ticked with no work done.
  const hydrated = useHydrated();

  useEffect(() => () => work.current?.abort(), []);

  async function tick() {
    work.current?.abort();
    const controller = new AbortController();
    work.current = controller;
    setState('solving');
    const challenge = await fetchRobotChallenge(controller.signal);
    if (!challenge) {
      if (!controller.signal.aborted) setState('unticked');
      return;
    }
    try {
      const number = await solveChallenge(challenge, controller.signal);
      if (controller.signal.aborted) return;
      setState('solved');
      onToken(robotToken(challenge, number));
    } catch (cause) {
      if (!controller.signal.aborted) {
        console.error('the robot check could not be solved', cause);
        setState('unticked');
      }
    }
  }

  function untick() {
    work.current?.abort();
    setState('unticked');
    onToken(null);
  }

  return (
    <div className={styles.robot}>
      <label className={styles.robotLabel}>
        <input
          id={inputId}
          type="checkbox"
          name="robot"
          className={styles.robotBox}
          checked={state === 'solved'}
          disabled={!hydrated}
          aria-busy={state === 'solving'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => (event.target.checked ? void tick() : untick())}
        />
        <span>{label}</span>
        {state === 'solving' && <span className={styles.spinner} aria-hidden="true" />}
      </label>
    </div>
  );
}
