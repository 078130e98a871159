// docs/behaviour.md §2/§8: a render error shows React Router's default 'Unexpected Application Error!'
// screen. The app routes with its own small router (lib/router.tsx), so this boundary draws
// that screen's markup and, like React Router's, clears on the next navigation.
import { Component, type ReactNode } from 'react';
import { UI } from '../lib/contract.gen';

interface Props {
  /** A new value (the location) clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: undefined, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error('render error', error);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <DefaultErrorScreen error={this.state.error} />;
  }
}

const lightgrey = 'rgba(200,200,200, 0.5)';

/** The markup of React Router's default error element. */
function DefaultErrorScreen({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : JSON.stringify(error);
  const stack = error instanceof Error ? error.stack : null;
  return (
    <>
      <h2>{UI.unexpectedError}</h2>
      <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
      {stack ? <pre style={{ padding: '0.5rem', backgroundColor: lightgrey }}>{stack}</pre> : null}
    </>
  );
}
