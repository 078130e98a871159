// The contact form's robot check: reCAPTCHA when the server is configured for it, otherwise the
// self-hosted proof-of-work checkbox. Either way the form only ever sees a token or null. A
// token is good for one enquiry: the form remounts the check (a new `key`) to ask for a new one.
import type { RobotWidget } from '../../../lib/settings';
import { RecaptchaRobot } from './RecaptchaRobot';
import { SelfHostedRobot } from './SelfHostedRobot';

export interface RobotCheckProps {
  label: string;
  error: string | undefined;
  errorId: string;
  /** The token once the check is passed; null when it is not (or no longer). */
  onToken: (token: string | null) => void;
  /** The id of the element to focus when the check is the first invalid field. */
  inputId: string;
}

export function RobotCheck({ widget, ...props }: RobotCheckProps & { widget: RobotWidget }) {
  return widget.kind === 'recaptcha' ? (
    <RecaptchaRobot siteKey={widget.siteKey} {...props} />
  ) : (
    <SelfHostedRobot {...props} />
  );
}
