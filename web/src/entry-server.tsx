// Server entry: the same App the browser hydrates, rendered to an HTML string. The Rust server
// runs the bundle built from this file (web/dist-ssr/render.js) in QuickJS and calls the global
// `render(propsJson)`, where the props are the page data it embeds in the page
// (`{"chrome","outcome"}`) plus `url`, the path being rendered.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server.browser';
import { StaticRouter } from './lib/router';
import { App } from './app/App';
import { loadPage } from './app/usePage';
import { toPayload } from './lib/api';

/** Renders the page for `propsJson`. Screens load through the same table the client uses;
 * in this bundle their imports are inlined, so the promise settles without any I/O. */
export async function render(propsJson: string): Promise<string> {
  const props: unknown = JSON.parse(propsJson);
  const url =
    typeof props === 'object' && props !== null && 'url' in props && typeof props.url === 'string' ? props.url : null;
  if (!url) throw new Error('render props have no url');
  const payload = toPayload(props);
  if (!payload) throw new Error(`render props for ${url} are not a page payload`);
  if (payload.outcome.outcome === 'redirect')
    throw new Error(`${url} is a redirect to ${payload.outcome.to}, not a page`);
  const initialPage = await loadPage(url, payload.outcome);
  // The same tree as main.tsx, with the router reading `url` instead of the address bar.
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App chrome={payload.chrome ?? null} initialPage={initialPage} />
      </StaticRouter>
    </StrictMode>,
  );
}

(globalThis as { render?: typeof render }).render = render;
