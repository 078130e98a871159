// Google reCAPTCHA v2 "I'm not a robot" checkbox, when the server is configured for it. Google's
// script is loaded only here, on first use; the widget's response is the robot token.
import { useEffect, useRef } from 'react';
import type { RobotCheckProps } from './RobotCheck';
import styles from '../ContactForm.module.css';

interface Grecaptcha {
  render(element: HTMLElement, options: Record<string, unknown>): number;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    supplysiteRecaptchaReady?: () => void;
  }
}

const SCRIPT_ID = 'recaptcha-api';

let loading: Promise<Grecaptcha> | null = null;

/** Google's script with explicit rendering, once per page; a failed load may be retried. */
function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.supplysiteRecaptchaReady = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject());
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = 'https://www.google.com/recaptcha/api.js?onload=supplysiteRecaptchaReady&render=explicit';
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('the reCAPTCHA script could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

export function RecaptchaRobot({ siteKey, error, errorId, onToken, inputId }: RobotCheckProps & { siteKey: string }) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha()
      .then((api) => {
        if (cancelled || !box.current || widget.current) return;
        const id = api.render(box.current, {
          sitekey: siteKey,
          callback: (token: string) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(null),
          'error-callback': () => onTokenRef.current(null),
        });
        widget.current = { api, id };
      })
      .catch((cause: unknown) => console.error('the robot check could not be shown', cause));
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  return (
    <div id={inputId} tabIndex={-1} className={styles.robot} aria-describedby={error ? errorId : undefined}>
      <div ref={box} />
    </div>
  );
}
